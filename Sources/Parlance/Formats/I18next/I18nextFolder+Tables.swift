/// i18next's folders joining a catalog: `<lng>/<ns>.json`, a table per
/// namespace, namespaces in folders included (`<lng>/components/dialog.json`).
extension I18nextFolder {
    /// Every namespace of every `<lng>` folder under `directory` (a folder whose name is a
    /// locale; `.lproj` and Android's `values` folders are others' layouts),
    /// but for the folders named in `skipping`.
    static func tables(in directory: String, skipping: [String] = [], isLanguage: (String) -> Bool) throws(ParlanceError)
        -> [FoundTable] {
        var pending: [FoundTable] = []
        for name in try FileSystem.list(directory) where isLanguage(name) && !skipping.contains(name) {
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder), let tag = (try? LocaleName.canonical(name)) ?? nil else { continue }
            for (namespace, path) in try namespaces(in: folder) {
                // Read in place, mapped, when the quick reader takes it.
                let parsed: ParsedTable
                if let table = FileSystem.withMappedFile(path, I18nextFile.quickTable) ?? nil {
                    parsed = ParsedTable(prebuilt: table)
                } else {
                    parsed = try I18nextFile.read(try FileSystem.read(path), path: path)
                }
                pending.append(FoundTable(id: path, locale: tag, table: namespace, parsed: parsed))
            }
        }
        return pending
    }
}
