/// XLIFF documents joining a catalog: one pending table per language and table.
extension XLIFFFile {
    /// The tables of one XLIFF document; `locale` serves files that name no
    /// target language, `table` (when given) names every table.
    static func tables(_ bytes: [UInt8], id: String, path: String?, locale: String?, table: String?) throws(ParlanceError)
        -> [FoundTable] {
        if let table { try TableName.check(table) }
        let tag = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
        // Files naming one table (a table given for all of them) join it, in order, `.stringsdict` units last.
        var joined: [(locale: String, name: String, plain: [ParsedEntry], stringsdict: [ParsedEntry])] = []
        var positions: [String: Int] = [:]
        for read in try parse(bytes, path: path, locale: tag) {
            let name = table ?? read.name
            let index = positions[read.locale + "\u{0}" + name] ?? {
                joined.append((read.locale, name, [], []))
                positions[read.locale + "\u{0}" + name] = joined.count - 1
                return joined.count - 1
            }()
            joined[index].plain += read.plain
            joined[index].stringsdict += read.stringsdict
        }
        return joined.map { FoundTable(id: id + "#" + $0.name, locale: $0.locale, table: $0.name,
                                       parsed: ParsedTable(entries: $0.plain + $0.stringsdict), file: id) }
    }
}
