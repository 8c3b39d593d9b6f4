/// XLIFF documents joining a catalog: one pending table per language and table.
extension Catalog {
    /// The tables of one XLIFF document; `locale` serves files that name no
    /// target language, `table` (when given) names every table.
    func xliffTables(_ bytes: [UInt8], id: String, path: String?, locale: String?, table: String?) throws(ParlanceError) -> [PendingTable] {
        if let table { try Self.checkTableName(table) }
        let tag = try locale.map { name throws(ParlanceError) in try Self.canonicalTag(name, path: path) }
        var pending: [PendingTable] = []
        for read in try XLIFFFile.parse(bytes, path: path, locale: tag) {
            let name = table ?? read.name
            if let index = pending.firstIndex(where: { $0.locale == read.locale && $0.table == name }) {
                // Files naming one table (a table given for all of them) join it.
                pending[index] = PendingTable(id: pending[index].id, locale: read.locale, table: name, format: .xliff,
                                              parsed: ParsedTable(entries: pending[index].parsed.entries + read.entries), file: id)
                continue
            }
            pending.append(PendingTable(id: id + "#" + name, locale: read.locale, table: name, format: .xliff,
                                        parsed: ParsedTable(entries: read.entries), file: id))
        }
        return pending
    }
}
