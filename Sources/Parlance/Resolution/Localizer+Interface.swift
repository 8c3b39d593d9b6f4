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
        translation(of: text) { localizer.lookup($0, context: $1, table: $2) }
    }

    /// The document with every text the localizer translates replaced, and
    /// the texts no locale of its chain has (left as they are; a
    /// caret-marked one loses its caret).
    public func localized(by localizer: Localizer) -> (document: [UInt8], missing: [Text]) {
        localized { localizer.lookup($0, context: $1, table: $2) }
    }
}
