/// String catalogs joining a catalog: one table per language.
extension XCStringsFile {
    /// The tables of the `.xcstrings` file at `path`, named `table`; `only`
    /// keeps one language. Read in place, mapped, when the quick reader takes it.
    static func tables(file path: String, table: String, only: String?, states: XCStringsStates) throws(ParlanceError)
        -> [FoundTable] {
        // Read once, front to back: the pages read leave memory as the tables fill.
        if let tables = FileSystem.withMappedFile(path, readingOnce: {
            quickTables($0, states: states, only: only, release: $1)
        }) ?? nil {
            return found(tables, id: path, table: table)
        }
        return try tables(try FileSystem.read(path), id: path, path: path, table: table, only: only, states: states,
                          quick: false)
    }

    /// The tables of one `.xcstrings` file, named `table`; `only` keeps one language.
    static func tables(_ bytes: [UInt8], id: String, path: String?, table: String, only: String?,
                       states: XCStringsStates, quick: Bool = true) throws(ParlanceError) -> [FoundTable] {
        if quick, let tables = bytes.withUnsafeBufferPointer({ quickTables($0, states: states, only: only) }) {
            return found(tables, id: id, table: table)
        }
        let contents = try parse(bytes, path: path, states: states)
        var found: [FoundTable] = []
        for localization in contents.localizations where only == nil || only == localization.locale {
            found.append(FoundTable(id: id, locale: localization.locale, table: table,
                                    parsed: ParsedTable(entries: localization.entries), file: id))
        }
        return found
    }

    private static func found(_ tables: [(locale: String, table: PrebuiltTable)], id: String, table: String) -> [FoundTable] {
        tables.map { FoundTable(id: id, locale: $0.locale, table: table, parsed: ParsedTable(prebuilt: $0.table), file: id) }
    }

    /// For tools: the languages of a String Catalog and each one's entries,
    /// every state as written, the source language first.
    package static func languages(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (sourceLanguage: String, tables: [(locale: String, entries: [ParsedEntry])]) {
        let contents = try parse(bytes, path: path, states: .all)
        return (contents.sourceLanguage, contents.localizations.map { ($0.locale, $0.entries) })
    }
}
