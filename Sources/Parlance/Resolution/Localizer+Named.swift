/// Formatting a message with named values: i18next's messages (`{{name}}`,
/// `$t(key)`, plural and context suffixes), ICU MessageFormat and
/// MessageFormat 2 messages.
extension Localizer {
    /// Formats the message of `key` with named values, by its table's
    /// message syntax (`MessageSyntax`).
    ///
    /// In i18next tables, as i18next's `t(key, options)` does
    /// (`I18nextMessage`, `Table+I18next`), values with special meaning are
    /// read as in i18next's options: `count` (a number) selects the plural
    /// form and fills `{{count}}`; `ordinal` (an integer, not 0) selects by
    /// ordinal rules; `escapeValue` (0) turns HTML escaping of `{{name}}`
    /// values off for this call. ICU MessageFormat and MessageFormat 2
    /// messages select their own plural and select arms from the values.
    ///
    /// A key found nowhere gives the key itself — in a table of i18next
    /// messages interpolated as a message, as i18next does (catalogs keyed
    /// by their natural-language text rely on it). Throws
    /// `.format` when the key is found in a table whose messages take
    /// positional arguments (`format(_:_:)` formats those), or when an ICU
    /// MessageFormat or MessageFormat 2 message cannot be formatted.
    public func format(_ key: String, named values: [String: FormatArgument], context: String? = nil,
                       table: String? = nil, options: FormatOptions? = nil) throws(ParlanceError) -> String {
        try formatNamed(key, values, context: context, table: table, options: options, collect: nil)
    }

    /// `format(_:named:)`, with a MessageFormat 2 message's errors given
    /// beside its text instead of thrown: as the specification asks, a
    /// message with errors still formats, each failed expression showing
    /// its fallback (`{$name}`). Every error is listed, in the order found.
    /// Other syntaxes' failures, and a message that does not parse, still throw.
    public func formatReportingErrors(_ key: String, named values: [String: FormatArgument], context: String? = nil,
                                      table: String? = nil, options: FormatOptions? = nil) throws(ParlanceError)
        -> (text: String, errors: [MessageFormat2Error]) {
        let collect = MessageErrors()
        let text = try formatNamed(key, values, context: context, table: table, options: options, collect: collect)
        return (text, collect.errors)
    }

    private func formatNamed(_ key: String, _ values: [String: FormatArgument], context: String?, table: String?,
                             options: FormatOptions?, collect: MessageErrors?) throws(ParlanceError) -> String {
        try FormatArgument.check(named: values)
        let escape = values["escapeValue"].map { $0 != .int(0) && $0 != .bool(false) } ?? true
        let ordinal = values["ordinal"].map { $0 != .int(0) && $0 != .string("") && $0 != .bool(false) } ?? false
        let budget = NestingBudget()
        func checked(_ text: String) throws(ParlanceError) -> String {
            guard !budget.overflowed else {
                throw ParlanceError(.resource, "'\(key)': the text would be longer than \(NestingBudget.outputLimit >> 20) MiB "
                                    + "(values and $t() nesting); refused before it was built")
            }
            guard !budget.exceeded else {
                throw ParlanceError(.format, "'\(key)': $t() nesting asks for more than \(NestingBudget.limit) messages")
            }
            return text
        }
        if let message = try namedMessage(key, values: values, context: context, table: table, ordinal: ordinal,
                                          escape: escape, options: options, spelled: key, enclosing: nil, depth: 0,
                                          budget: budget, collect: collect) {
            return try checked(message)
        }
        let syntax = catalog.messageSyntax(table: table ?? defaultTable ?? Catalog.defaultTable)
        guard syntax.plugin.formatsMissingKeys else { return key }
        let style = argumentStyle(options, missingIn: locales.first ?? developmentLocale)
        let message = named(nil, in: nil, key: key, values: values, context: context, table: table, ordinal: ordinal, escape: escape,
                            options: options, style: style, spelled: key, enclosing: nil, depth: 0, budget: budget, collect: nil)
        return try checked(syntax.plugin.format(named: message))
    }

    /// The formatted message, or nil when the key is missing. `spelled`:
    /// the key as its caller wrote it; `enclosing`: the caller's own.
    private func namedMessage(_ key: String, values: [String: FormatArgument], context: String?, table: String?,
                              ordinal: Bool, escape: Bool, options: FormatOptions?, spelled: String, enclosing: String?,
                              depth: Int, budget: NestingBudget, collect: MessageErrors? = nil) throws(ParlanceError) -> String? {
        let count = values["count"].flatMap(Self.pluralOperand)
        guard let found = namedText(key, context: context, table: table, count: count, ordinal: ordinal) else { return nil }
        let style = argumentStyle(options, table: found.table)
        let message = named(found.text, in: found.table, key: key, values: values, context: context, table: table, ordinal: ordinal, escape: escape,
                            options: options, style: style, spelled: spelled, enclosing: enclosing, depth: depth,
                            budget: budget, collect: collect)
        // The table's message syntax formats it (`MessageSyntaxPlugin`); its errors are located here.
        do {
            return try found.syntax.plugin.format(named: message)
        } catch {
            throw ParlanceError(.format, "\(found.table.locale)/\(found.table.name): '\(key)': \(error.message)")
        }
    }

    /// A message for its syntax to format with named values. A message it
    /// nests (`$t(…)`) takes the caller's values and context unless its own
    /// options override them, as i18next passes its options on.
    /// `found`: the message's table, whose other keys the syntax may read (`NamedMessage.sibling`).
    private func named(_ text: CText?, in found: Table?, key: String, values: [String: FormatArgument], context: String?,
                       table: String?, ordinal: Bool, escape: Bool, options: FormatOptions?, style: ArgumentStyle, spelled: String, enclosing: String?,
                       depth: Int, budget: NestingBudget, collect: MessageErrors?) -> NamedMessage {
        NamedMessage(found: text, key: key, values: values, style: style, callerLocale: locales.first ?? developmentLocale,
                     parsed: catalog.parsedMessages, functions: catalog.messageFunctions, collect: collect, depth: depth, budget: budget, escape: escape,
                     nest: { nested in
            // i18next (`lastKey[0] === args[0]`): a `$t()` spelling the key as this message's caller
            // spelled it gives nothing there; cycles spelled otherwise stop at the depth limit.
            guard nested.spelled != enclosing, depth < I18nextMessage.maxDepth else { return "" }
            // A message fanning out through nesting (32 wide, 9 deep) stops at the budget; the call then fails.
            guard budget.spend(), !budget.overflowed else { return "" }
            return (try? self.namedMessage(nested.key, values: nested.values, context: nested.context ?? context,
                                           table: nested.table ?? table, ordinal: ordinal, escape: escape, options: options,
                                           spelled: nested.spelled, enclosing: spelled, depth: depth + 1, budget: budget)) ?? nil
        }, sibling: { key, context in
            found.flatMap { table in table.entry(key, context: context).flatMap { table.text(of: $0)?.string } }
        })
    }

    /// The text of the first table along the chain that has the key (the
    /// one walk, `find`), with its table (which keeps the text valid) and syntax.
    private func namedText(_ key: String, context: String?, table: String?, count: PluralOperand?, ordinal: Bool)
        -> (text: CText, table: Table, syntax: MessageSyntax)? {
        ReadSection.run {
            guard let hit = find(key, context: context, table: table, count: count, ordinal: ordinal, formatting: true).hit
            else { return nil }
            return (hit.text, hit.table, catalog.messageSyntax(of: hit.table))
        }
    }
}
