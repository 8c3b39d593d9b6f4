/// XLIFF documents joining a catalog: one pending table per language and table.
extension XLIFFFile {
    /// The tables of one XLIFF document; `locale` serves files that name no
    /// target language (every file, `localeFromName`), `table` (when given)
    /// names every table; `units`: how units are keyed and served;
    /// `skipsUnnamed`: files naming no language are left out (`parse`).
    static func tables(_ bytes: [UInt8], id: String, path: String?, locale: String?, table: String?,
                       units: Units = .unitIDs, localeFromName: Bool = false, skipsUnnamed: Bool = false)
        throws(ParlanceError) -> [FoundTable] {
        if let table { try TableName.check(table) }
        let tag = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
        return try parse(bytes, path: path, locale: tag, localeWins: localeFromName, table: table, units: units,
                      skipsUnnamed: skipsUnnamed).map {
            FoundTable(id: id + "#" + $0.name, locale: $0.locale, table: $0.name, parsed: ParsedTable(entries: $0.entries), file: id)
        }
    }
}
