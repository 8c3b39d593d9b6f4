import Synchronization

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
        return ReadSection.run {
            withState { state in
                state.tables.first { $0.key.name == table && $0.value.defaultMessageSyntax != .printf }?.value.defaultMessageSyntax
            }
        } ?? .printf
    }

    /// The syntax of one loaded table.
    func messageSyntax(of table: Table) -> MessageSyntax {
        messageSyntaxes.declared(table: table.name) ?? table.defaultMessageSyntax
    }
}

/// An application's functions, for MessageFormat 2 and Fluent messages.
extension Catalog {
    /// Adds `function` as `:name` (`app:price`; the default functions' names
    /// replace them) for the MessageFormat 2 messages of every table and of
    /// `formatMessage`, and as `NAME(…)` for Fluent messages (positional
    /// arguments in `MessageFunctionCall.arguments`, named ones in
    /// `options`; a Fluent message's own `NUMBER` and `DATETIME` are
    /// replaced too); nil removes it. Safe while other threads format: a
    /// call sees the set before or after.
    public func setMessageFunction(_ name: String, _ function: MessageFunction?) {
        messageFunctions.set(name, function)
    }

    /// Formats a MessageFormat 2 message given as text (`source`) in
    /// `locale`, with the catalog's functions: its text and every error
    /// found, in order. Formatting always gives text — an expression that
    /// fails shows its fallback (`{$name}`) — and a message that does not
    /// parse gives `{\u{FFFD}}` with its syntax or data model error, located
    /// as `line:column: kind: …` in the error's message.
    public func formatMessage(_ source: String, locale: String, arguments: [String: FormatArgument],
                              isolate: Bool = false) -> (text: String, errors: [MessageFormat2Error]) {
        let message: MessageFormat2
        do {
            message = try parsedMessages.messageFormat2(source)
        } catch {
            return MessageFormat2.unparsed(error)
        }
        return message.format(arguments, locale: locale, isolate: isolate, adding: messageFunctions.current)
    }
}
