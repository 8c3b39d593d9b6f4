/// Formatting a translation with typed arguments.
extension Localizer {
    /// Formats the translation of `key` (or the key itself when missing).
    /// `.stringsdict` variables take their variant from their own argument;
    /// another plural entry takes its category from the first numeric
    /// argument. Throws `.format` when a placeholder and its argument disagree.
    public func format(_ key: String, _ arguments: [FormatArgument], context: String? = nil, table: String? = nil) throws(ParlanceError) -> String {
        let (text, errors) = formatReportingErrors(key, arguments, context: context, table: table)
        if let first = errors.first { throw first }
        return text
    }

    /// Like `format`, but always produces text and returns errors alongside:
    /// a placeholder that cannot be filled is left as written.
    public func formatReportingErrors(_ key: String, _ arguments: [FormatArgument], context: String? = nil, table: String? = nil)
        -> (text: String, errors: [ParlanceError]) {
        let count = arguments.lazy.compactMap(Self.pluralOperand).first
        let resolution = resolve(key, context: context, table: table, count: count)
        guard let found = resolution.found, let table = resolution.table, let entry = resolution.entry else {
            return PrintfFormatter.format(key, arguments)
        }
        let result: (text: String, errors: [ParlanceError])
        if case .stringsdict(let format, _) = entry.value {
            result = StringsdictFormatter.format(format, arguments, category: table.rules.category)
        } else {
            result = PrintfFormatter.format(found.string, arguments)
        }
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
        case .int(let n): return .integer(n)
        case .double(let d): return .double(d)
        case .decimal(let text): return PluralOperand(decimal: text)
        case .string, .date: return nil
        }
    }
}
