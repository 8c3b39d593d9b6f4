/// XLIFF documents joining a catalog: one pending table per language and table.
extension XLIFFFile {
    /// The tables of one XLIFF document; `locale` serves files that name no
    /// target language, `table` (when given) names every table.
    static func tables(_ bytes: [UInt8], id: String, path: String?, locale: String?, table: String?) throws(ParlanceError)
        -> [FoundTable] {
        if let table { try TableName.check(table) }
        let tag = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
        var pending: [FoundTable] = []
        for read in try parse(bytes, path: path, locale: tag) {
            let name = table ?? read.name
            if let index = pending.firstIndex(where: { $0.locale == read.locale && $0.table == name }) {
                // Files naming one table (a table given for all of them) join it.
                pending[index] = FoundTable(id: pending[index].id, locale: read.locale, table: name,
                                              parsed: ParsedTable(entries: pending[index].parsed.entries + read.entries), file: id)
                continue
            }
            pending.append(FoundTable(id: id + "#" + name, locale: read.locale, table: name,
                                        parsed: ParsedTable(entries: read.entries), file: id))
        }
        return pending
    }
}
