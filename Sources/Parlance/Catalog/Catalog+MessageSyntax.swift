/// The message syntax of a catalog's tables.
extension Catalog {
    /// Declares the message syntax of the tables named `table` (every
    /// locale, loaded before or after); nil restores the format's default.
    public func setMessageSyntax(_ syntax: MessageSyntax?, table: String = Catalog.defaultTable) {
        messageSyntaxes.set(syntax, table: table)
    }

    /// The syntax of a table's messages: declared, else its format's default.
    public func messageSyntax(table: String = Catalog.defaultTable) -> MessageSyntax {
        if let declared = messageSyntaxes.declared(table: table) { return declared }
        let hasI18next = ReadSection.run {
            withState { state in state.tables.contains { $0.key.name == table && $0.value.hasI18nextSources } }
        }
        return hasI18next ? .i18next : .printf
    }

    /// The syntax of one loaded table.
    func messageSyntax(of table: Table) -> MessageSyntax {
        messageSyntaxes.declared(table: table.name) ?? (table.hasI18nextSources ? .i18next : .printf)
    }
}
