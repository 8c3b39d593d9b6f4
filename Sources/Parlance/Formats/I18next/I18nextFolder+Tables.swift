/// i18next's folders joining a catalog: `<lng>/<ns>.json`, a table per
/// namespace, namespaces in folders included (`<lng>/components/dialog.json`).
extension I18nextFolder {
    /// `(path, locale, namespace)` of every namespace of every `<lng>` folder
    /// under `directory` (a folder whose name is a locale; `.lproj` and
    /// Android's `values` folders are others' layouts), but for the folders
    /// named in `skipping`.
    static func files(in directory: String, skipping: [String] = [], isLanguage: (String) -> Bool) throws(ParlanceError)
        -> [(path: String, locale: String, namespace: String)] {
        var files: [(path: String, locale: String, namespace: String)] = []
        for name in try FileSystem.list(directory) where isLanguage(name) && !skipping.contains(name) {
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder), let tag = (try? LocaleName.canonical(name)) ?? nil else { continue }
            for (namespace, path) in try namespaces(in: folder) { files.append((path, tag, namespace)) }
        }
        return files
    }
}
