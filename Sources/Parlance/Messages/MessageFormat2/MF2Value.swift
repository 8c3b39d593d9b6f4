/// A number resolved by `:number`, `:integer`, `:percent` or `:offset`,
/// with the options that shape how it formats and selects.
struct MF2Number: Sendable {
    enum Selection: Sendable {
        case plural
        case ordinal
        case exact
        /// `select` was not a literal: the value does not support selection.
        case unsupported
    }

    var value: MF2Decimal
    /// The resolved options (`minimumFractionDigits`, `signDisplay`, …) as text.
    var options: [String: String]
    var selection: Selection
    /// `:percent` or `style=percent`: formatted and selected times 100.
    var percent: Bool
}

/// A date: milliseconds since 1970-01-01T00:00Z, with how to format it.
struct MF2Date: Sendable {
    enum Form: Sendable {
        /// ICU date and time styles (`full`…`short`, nil for none).
        case styles(date: String?, time: String?)
        /// An ICU date skeleton (`yMMMd`, `jm`).
        case skeleton(String)
    }

    var epochMilliseconds: Double
    var form: Form
    /// An Olson id or `UTC`.
    var timeZone: String
}

/// The resolved value of an expression, a variable or an option value.
struct MF2Value: Sendable {
    enum Content: Sendable {
        /// A failed resolution; formats as `{source}`.
        case fallback(String)
        /// A literal, a string argument or the result of `:string`.
        case string(String)
        /// A number argument no function has annotated yet.
        case numberArgument(MF2Decimal)
        /// A date argument no function has annotated yet.
        case dateArgument(Double)
        case number(MF2Number)
        case date(MF2Date)
        case custom(MF2Functions.CustomResult)
    }

    var content: Content
    var direction: TextDirection = .unknown
    /// `u:dir` was set to something other than `inherit`: always isolate.
    var isolate = false
    /// Set for option values given as literals (`select=exact`, not `select=$x`).
    var isLiteral = false

    static func fallback(_ source: String) -> MF2Value { MF2Value(content: .fallback(source)) }

    var isFallback: Bool {
        if case .fallback = content { return true }
        return false
    }

    /// The value as an option value or a string operand: text for strings,
    /// plain decimal text for numbers; nil for fallbacks, dates and custom values.
    var text: String? {
        switch content {
        case .string(let text): text
        case .numberArgument(let number): number.plainText()
        case .number(let number): number.value.plainText()
        case .custom(let custom): custom.optionValue
        case .fallback, .date, .dateArgument: nil
        }
    }
}

extension MF2Value {
    /// The fallback representation of a literal: `|value|` with `\` and `|` escaped.
    static func literalFallback(_ literal: String) -> String {
        var out = "|"
        for c in literal.unicodeScalars {
            if c == "\\" || c == "|" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + "|"
    }
}
