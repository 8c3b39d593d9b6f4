import Synchronization

/// String catalogs joining a catalog: one pending table per language.
extension Catalog {
    /// Which `stringUnit` states string catalogs loaded from now on serve
    /// (default `.served`: translated, needs review and stale). Loads already
    /// made keep what they served.
    public var xcstringsStates: XCStringsStates {
        get { XCStringsStates(rawValue: stringCatalogStates.load(ordering: .relaxed)) }
        set { stringCatalogStates.store(newValue.rawValue, ordering: .relaxed) }
    }

    /// The tables of the `.xcstrings` file at `path`, named `table`; `only`
    /// keeps one language. Read in place, mapped, when the quick reader takes it.
    func stringCatalogTables(file path: String, table: String, only: String?) throws(ParlanceError) -> [PendingTable] {
        let states = xcstringsStates
        // Read once, front to back: the pages read leave memory as the tables fill.
        if let tables = FileSystem.withMappedFile(path, readingOnce: {
            XCStringsFile.quickTables($0, states: states, only: only, release: $1)
        }) ?? nil {
            return Self.pending(tables, id: path, table: table)
        }
        return try stringCatalogTables(try FileSystem.read(path), id: path, path: path, table: table, only: only,
                                       states: states, quick: false)
    }

    /// The tables of one `.xcstrings` file, named `table`; `only` keeps one language.
    func stringCatalogTables(_ bytes: [UInt8], id: String, path: String?, table: String, only: String?) throws(ParlanceError) -> [PendingTable] {
        try stringCatalogTables(bytes, id: id, path: path, table: table, only: only, states: xcstringsStates, quick: true)
    }

    private func stringCatalogTables(_ bytes: [UInt8], id: String, path: String?, table: String, only: String?,
                                     states: XCStringsStates, quick: Bool) throws(ParlanceError) -> [PendingTable] {
        if quick, let tables = bytes.withUnsafeBufferPointer({ XCStringsFile.quickTables($0, states: states, only: only) }) {
            return Self.pending(tables, id: id, table: table)
        }
        let contents = try XCStringsFile.parse(bytes, path: path, states: states)
        var pending: [PendingTable] = []
        for localization in contents.localizations where only == nil || only == localization.locale {
            pending.append(PendingTable(id: id, locale: localization.locale, table: table, format: .xcstrings,
                                        parsed: ParsedTable(entries: localization.entries), file: id))
        }
        return pending
    }

    private static func pending(_ tables: [(locale: String, table: PrebuiltTable)], id: String, table: String) -> [PendingTable] {
        tables.map { PendingTable(id: id, locale: $0.locale, table: table, format: .xcstrings, parsed: ParsedTable(prebuilt: $0.table), file: id) }
    }
}

extension TableFormat {
    /// For tools: the languages of a String Catalog and each one's entries,
    /// every state as written, the source language first (`XCStringsFile`'s rules).
    package static func stringCatalogLanguages(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (sourceLanguage: String, tables: [(locale: String, entries: [ParsedEntry])]) {
        let contents = try XCStringsFile.parse(bytes, path: path, states: .all)
        return (contents.sourceLanguage, contents.localizations.map { ($0.locale, $0.entries) })
    }
}
