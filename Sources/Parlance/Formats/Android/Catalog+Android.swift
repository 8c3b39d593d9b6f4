/// Android resource folders joining a catalog.
extension Catalog {
    /// One resource file: its locale given, or its `values…` folder's
    /// (`values` itself being its `tools:locale`, else `en`).
    func androidTable(_ path: String, locale: String?, table: String) throws(ParlanceError) -> PendingTable {
        try Self.checkTableName(table)
        let bytes = try FileSystem.read(path)
        let tag: String
        if let locale {
            tag = try Self.canonicalTag(locale, path: path)
        } else {
            guard let folder = AndroidFolder.locale(FileSystem.baseName(FileSystem.directoryName(path))) else {
                throw ParlanceError(.invalidArgument, "cannot tell the locale: the file is not in a values or values-xx folder; give one",
                                    path: path)
            }
            tag = folder.isEmpty ? AndroidFolder.defaultLocale(bytes) : folder
        }
        return PendingTable(id: path, locale: tag, table: table, format: .android, parsed: try TableFormat.android.read(bytes, path: path))
    }

    /// Every `values[-locale]/*.xml` file with strings under `directory`.
    func androidTables(in directory: String) throws(ParlanceError) -> [PendingTable] {
        var pending: [PendingTable] = []
        for name in try FileSystem.list(directory) where AndroidFolder.locale(name) != nil {
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder) else { continue }
            for file in try FileSystem.list(folder) where file.hasSuffix(".xml") {
                let path = FileSystem.join(folder, file)
                guard FileSystem.isFile(path) else { continue }
                let table = try androidTable(path, locale: nil, table: Catalog.defaultTable)
                if !table.parsed.entries.isEmpty { pending.append(table) }   // colors.xml, dimens.xml: no strings
            }
        }
        return pending
    }
}
