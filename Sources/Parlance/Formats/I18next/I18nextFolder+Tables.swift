/// i18next's folders joining a catalog: `<lng>/<ns>.json`, a table per
/// namespace, namespaces in folders included (`<lng>/components/dialog.json`),
/// and `<lng>.json` files, each its language's default namespace.
extension I18nextFolder {
    /// `(path, locale, namespace)` of every namespace of every `<lng>` folder
    /// under `directory` (a folder whose name is a locale; `.lproj` and
    /// Android's `values` folders are others' layouts), but for the folders
    /// named in `skipping`; then of every `<lng>.json` in `directory` that
    /// has no `<lng>` folder beside it (`translation`, i18next's default
    /// namespace). The locale is the name as written, canonical
    /// (`kab-KAB`, the code i18next looks it up by).
    static func files(in directory: String, skipping: [String] = []) throws(ParlanceError)
        -> [(path: String, locale: String, namespace: String)] {
        var files: [(path: String, locale: String, namespace: String)] = []
        for name in try FileSystem.list(directory)
        where !skipping.contains(name) && isLanguageMember(name, of: directory, file: false) {
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder), let tag = (try? LocaleName.canonical(name)) ?? nil else { continue }
            for (namespace, path) in try namespaces(in: folder) { files.append((path, tag, namespace)) }
        }
        for (name, path) in try languageFiles(in: directory) where !FileSystem.isDirectory(FileSystem.join(directory, name)) {
            guard let tag = (try? LocaleName.canonical(name)) ?? nil else { continue }
            files.append((path, tag, defaultNamespace))
        }
        return files
    }
}
