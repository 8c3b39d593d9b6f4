/// Formatting a translation with positional, typed arguments.
extension Localizer {
    /// Formats the translation of `key` (or the key itself when missing).
    /// `.stringsdict` variables take their variant from their own argument;
    /// another plural entry takes its category from the first numeric
    /// argument. A table of ICU MessageFormat messages takes the arguments as
    /// `{0}`, `{1}`… Throws `.invalidArgument` for a decimal argument that
    /// is no number or a date that is not finite, `.format` when a placeholder and its argument
    /// disagree, or when the table's messages take named values only
    /// (MessageFormat 2, i18next's `{{name}}`: `format(_:named:)` formats those).
    /// A key no locale has is formatted itself, or with `plural` (the source
    /// text's plural form, gettext's `msgid_plural`) the key or `plural` as
    /// the development language's rule chooses for the first numeric argument
    /// (`ngettext(s, p, n)`).
    public func format(_ key: String, _ arguments: [FormatArgument], plural: String? = nil, context: String? = nil,
                       table: String? = nil, options: FormatOptions? = nil) throws(ParlanceError) -> String {
        try FormatArgument.check(arguments)
        let (text, errors) = formatReportingErrors(key, arguments, plural: plural, context: context, table: table,
                                                   options: options)
        if let first = errors.first { throw first }
        return text
    }

    /// Like `format`, but always produces text and returns errors alongside:
    /// a placeholder that cannot be filled is left as written.
    public func formatReportingErrors(_ key: String, _ arguments: [FormatArgument], plural: String? = nil, context: String? = nil,
                                      table: String? = nil, options: FormatOptions? = nil) -> (text: String, errors: [ParlanceError]) {
        // The first numeric argument selects a plural variant, in tables whose messages do not select their own.
        let count = arguments.lazy.compactMap(Self.pluralOperand).first
        let resolution = resolve(key, context: context, table: table, count: count, formatting: true)
        guard let found = resolution.found, let table = resolution.table, let entry = resolution.entry else {
            // A syntax of positional arguments that formats missing keys (Qt's `%n`) formats the source text.
            let syntax = catalog.messageSyntax(table: table ?? defaultTable ?? Catalog.defaultTable)
            if syntax.plugin.formatsMissingKeys && !syntax.plugin.takesNamedValues {
                let locale = locales.first ?? developmentLocale
                let source = sourceText(key, plural: plural, count: count)
                return source.withCString { pointer in
                    let text = CText(pointer: pointer, count: source.utf8.count)
                    let message = PositionalMessage(found: text, entry: StoredEntry(storedKey: text, value: .text(text)),
                                                    category: { PluralRules.forLocale(locale).category($0) },
                                                    arguments: arguments, style: argumentStyle(options, missingIn: locale),
                                                    device: device, callerLocale: locale)
                    return syntax.plugin.format(positional: message)
                }
            }
            return PrintfFormatter.format(sourceText(key, plural: plural, count: count), arguments, style: argumentStyle(options, missingIn: locales.first ?? developmentLocale))
        }
        let style = argumentStyle(options, table: table)
        // The table's message syntax formats it (`MessageSyntaxPlugin`).
        let message = PositionalMessage(found: found, entry: entry, category: { table.rules.category($0) }, arguments: arguments, style: style,
                                        device: device, callerLocale: locales.first ?? table.locale)
        let result = catalog.messageSyntax(of: table).plugin.format(positional: message)
        guard !result.errors.isEmpty else { return result }
        let origin = "\(table.locale)/\(table.name): '\(resolution.storedKeyString ?? key)'"
        return (result.text, result.errors.map { error in
            var located = error
            located.message = "\(origin): \(error.message)"
            return located
        })
    }

    /// The plural operand an argument gives, if it is a number.
    static func pluralOperand(_ argument: FormatArgument) -> PluralOperand? {
        switch argument {
        case .int(let n): return .int(n)
        case .double(let d): return .double(d)
        case .decimal(let text): return PluralOperand(decimal: text)
        case .string, .date, .bool, .list: return nil
        }
    }
}
