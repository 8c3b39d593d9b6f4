/// The namespaces of one i18next language folder, as i18next's backends
/// read `{{lng}}/{{ns}}.json`: every `.json` in the folder or in a folder
/// under it, named by its path from the language folder without `.json`
/// (`en/components/dialog.json` is the namespace `components/dialog`).
/// Hidden files and folders are skipped, and so are names that are no table
/// name (`TableName.isValid`). The runtime's loads and the tools' layout
/// both list namespaces here.
package enum I18nextFolder {
    /// Folders deeper than this are not searched (a link to a folder above
    /// would otherwise be walked without end).
    static let maximumDepth = 8

    /// `(namespace, path)` of every namespace under `folder`, by name.
    package static func namespaces(in folder: String) throws(ParlanceError) -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        try walk(folder, prefix: "", depth: 0, into: &found)
        return found.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Whether a folder's name is a language, as i18next's folders are
    /// named (not hidden). Which folders other formats' layouts claim is the
    /// registry's to say: `TableFormat.isI18nextLanguageFolder`.
    package static func isLanguage(_ name: String) -> Bool {
        !name.hasPrefix(".") && ((try? LocaleName.canonical(name)) ?? nil) != nil
    }

    /// Whether `folder` holds a namespace at any depth (what makes a folder
    /// with a language's name one of the catalog's languages).
    package static func holdsNamespaces(_ folder: String) -> Bool {
        ((try? namespaces(in: folder)) ?? []).isEmpty == false
    }

    private static func walk(_ folder: String, prefix: String, depth: Int,
                             into found: inout [(name: String, path: String)]) throws(ParlanceError) {
        for name in try FileSystem.list(folder) where !name.hasPrefix(".") {
            let path = FileSystem.join(folder, name)
            if name.hasSuffix(".json") {
                let namespace = prefix + String(name.dropLast(5))
                if FileSystem.isFile(path), TableName.isValid(namespace) { found.append((namespace, path)) }
            } else if depth < maximumDepth, FileSystem.isDirectory(path) {
                try walk(path, prefix: prefix + name + "/", depth: depth + 1, into: &found)
            }
        }
    }
}
