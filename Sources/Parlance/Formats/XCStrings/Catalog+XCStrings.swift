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

    /// The tables of one `.xcstrings` file, named `table`; `only` keeps one language.
    func stringCatalogTables(_ bytes: [UInt8], id: String, path: String?, table: String, only: String?) throws(ParlanceError) -> [PendingTable] {
        let contents = try XCStringsFile.parse(bytes, path: path, states: xcstringsStates)
        var pending: [PendingTable] = []
        for localization in contents.localizations where only == nil || only == localization.locale {
            pending.append(PendingTable(id: id, locale: localization.locale, table: table, format: .xcstrings,
                                        parsed: ParsedTable(entries: localization.entries), file: id))
        }
        return pending
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
