/// i18next's folders joining a catalog: `<lng>/<ns>.json`, a table per namespace.
extension Catalog {
    /// Every `<lng>/<ns>.json` under `directory` (a folder whose name is a
    /// locale; `.lproj` and Android's `values` folders are others' layouts).
    func i18nextTables(in directory: String) throws(ParlanceError) -> [PendingTable] {
        var pending: [PendingTable] = []
        for name in try FileSystem.list(directory) where !name.hasSuffix(".lproj") && AndroidFolder.locale(name) == nil {
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder), !name.hasPrefix("."), let tag = (try? LocaleName.canonical(name)) ?? nil else { continue }
            for file in try FileSystem.list(folder) where file.hasSuffix(".json") {
                let path = FileSystem.join(folder, file)
                let stem = FileSystem.splitExtension(file).stem
                guard FileSystem.isFile(path), !stem.isEmpty else { continue }
                // Read in place, mapped, when the quick reader takes it.
                let parsed: ParsedTable
                if let table = FileSystem.withMappedFile(path, I18nextFile.quickTable) ?? nil {
                    parsed = ParsedTable(prebuilt: table)
                } else {
                    parsed = try TableFormat.i18next.read(try FileSystem.read(path), path: path)
                }
                pending.append(PendingTable(id: path, locale: tag, table: stem, format: .i18next, parsed: parsed))
            }
        }
        return pending
    }
}
