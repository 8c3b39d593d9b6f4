/// User-interface documents localized along a localizer's chain.
extension Localizer {
    /// `document` (a GtkBuilder, Interface Builder or JSON UI document) with
    /// its localizable texts translated along the chain and every other byte
    /// as it was: `InterfaceDocument(bytes:name:kind:table:).localized(by:)`.
    public func localizeDocument(_ document: [UInt8], name: String? = nil, kind: InterfaceDocument.Kind? = nil,
                                 table: String? = nil) throws(ParlanceError) -> [UInt8] {
        try InterfaceDocument(bytes: document, name: name, kind: kind, table: table).localized(by: self).document
    }
}

extension InterfaceDocument {
    /// The translation of one text along the localizer's chain, or nil when
    /// no locale has it (a caret-marked text then reads as its key).
    public func translation(of text: Text, by localizer: Localizer) -> String? {
        translation(of: text, lookup: { localizer.lookup($0, context: $1, table: $2) }, documentLookup: documentLookup(localizer))
    }

    /// The document with every text the localizer translates replaced, and
    /// the texts no locale of its chain has (left as they are; a
    /// caret-marked one loses its caret).
    public func localized(by localizer: Localizer) -> (document: [UInt8], missing: [Text]) {
        localized(lookup: { localizer.lookup($0, context: $1, table: $2) }, documentLookup: documentLookup(localizer))
    }

    /// For a Base-internationalized document (one with a table, `Main` for
    /// `Main.storyboard`): lookups in one language, the first of the chain
    /// the catalog has at all (the development language's is Base), as a
    /// bundle chooses its localization before it loads the document; nil when
    /// the catalog has none of them (texts are then looked up along the chain).
    private func documentLookup(_ localizer: Localizer) -> Lookup? {
        guard table != nil, let locale = localizer.documentLocale() else { return nil }
        return { localizer.lookup($0, context: $1, table: $2, onlyIn: locale) }
    }
}

extension Localizer {
    /// The first locale of the chain the catalog has tables of, or the
    /// development locale (whose texts are the documents' own) when it comes first.
    func documentLocale() -> String? {
        ReadSection.run {
            let resolved = current
            let loaded = Set(catalog.locales)
            return resolved.chain.first { loaded.contains($0) || $0 == resolved.development }
        }
    }

    /// A plain lookup in the table of one locale of the chain, with no
    /// fallback to the others: the one walk, asked of that table alone.
    func lookup(_ key: String, context: String?, table: String?, onlyIn locale: String) -> String? {
        ReadSection.run {
            withKeyBytes(key, context) { keyBytes, contextBytes in
                var query = LookupQuery(key: keyBytes, context: contextBytes)
                query.onlyLocale = locale
                guard var name = table else { return find(query, table: nil).hit?.text.string }
                return name.withUTF8 { find(query, table: UnsafeRawBufferPointer($0)).hit?.text.string }
            }
        }
    }
}
