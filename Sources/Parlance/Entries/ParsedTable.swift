/// A parsed table file, ready to join a catalog.
package struct ParsedTable: Sendable {
    package var entries: [ParsedEntry]
    /// gettext only: the catalog's Plural-Forms formula.
    package var formula: GettextPluralFormula?
    /// gettext only: msgid_plural by `ContextKey.gettext(_:context:)`.
    package var pluralIDs: [String: String] = [:]
    /// gettext only: the header (the translation of `""`) in UTF-8, which
    /// libintl's `dgettext(domain, "")` returns.
    package var header: String? = nil
    /// Entries a lookup is served but a listing does not show: what a
    /// locale derives from another's files (Android's default resources
    /// with their references resolved for the locale), not what it has.
    package var servedOnly = false
    /// A `.po` read by the quick reader: its entries in their arena, every key
    /// distinct (`entries` and `pluralIDs` are then empty).
    var prebuilt: (arena: TextArena, entries: [StoredEntry], index: KeyIndex?)? = nil
    /// The quick reader's notes for translators (`PrebuiltTable.notes`);
    /// the full readers keep theirs in each entry's `comment`.
    var prebuiltNotes: [(key: CText, note: String)] = []

    init(entries: [ParsedEntry]) {
        self.entries = entries
    }

    /// A key-value table read straight into its arena (i18next's quick reader).
    init(prebuilt table: PrebuiltTable) {
        entries = []
        prebuilt = (table.arena, table.entries, table.index)
        prebuiltNotes = table.notes
    }

    /// A gettext table read straight into its arena (`.po`, `.mo` quick readers).
    init(_ quick: PrebuiltTable) {
        entries = []
        formula = quick.header.map(GettextPluralFormula.fromHeader) ?? .germanic
        header = quick.header
        prebuilt = (quick.arena, quick.entries, quick.index)
        prebuiltNotes = quick.notes
    }

}
