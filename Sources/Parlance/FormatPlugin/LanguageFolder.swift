/// The tables of a language folder whose files are named by their path
/// from it, as i18next's backends read `{{lng}}/{{ns}}.json`
/// (`en/components/dialog.json` is the table `components/dialog`) and
/// Fluent's `LOCALE/mail/messenger/chat.ftl`: every file of the extension
/// in the folder or in a folder under it, named without the extension.
/// Hidden files and folders are skipped, and so are names that are no table
/// name (`TableName.isValid`). The formats' loads and the tools' layouts
/// list tables here.
package enum LanguageFolder {
    /// `(name, path)` of every table file under `folder`, by name; folders
    /// deeper than `maximumDepth` are not searched (a link to a folder above
    /// would otherwise be walked without end).
    package static func tables(in folder: String, fileExtension: String,
                               maximumDepth: Int) throws(ParlanceError) -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        try walk(folder, suffix: "." + fileExtension, prefix: "", depth: 0, maximumDepth: maximumDepth, into: &found)
        return found.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    private static func walk(_ folder: String, suffix: String, prefix: String, depth: Int, maximumDepth: Int,
                             into found: inout [(name: String, path: String)]) throws(ParlanceError) {
        for name in try FileSystem.list(folder) where !name.hasPrefix(".") {
            let path = FileSystem.join(folder, name)
            if name.hasSuffix(suffix) {
                let table = prefix + String(name.dropLast(suffix.count))
                if FileSystem.isFile(path), TableName.isValid(table) { found.append((table, path)) }
            } else if depth < maximumDepth, FileSystem.isDirectory(path) {
                try walk(path, suffix: suffix, prefix: prefix + name + "/", depth: depth + 1, maximumDepth: maximumDepth,
                         into: &found)
            }
        }
    }
}
