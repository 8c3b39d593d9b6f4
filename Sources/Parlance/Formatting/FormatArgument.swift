/// A value for a placeholder, typed so that a conversion never reads a
/// different kind of value than the caller passed.
public enum FormatArgument: Sendable, Equatable {
    case int(Int64)
    case double(Double)
    case string(String)
    /// A decimal number as text (`"1234.50"`, `"-1e3"`), kept exactly:
    /// digits beyond a double's precision, and visible trailing fraction
    /// digits, which select plural forms (`1.0` is "other" in English).
    case decimal(String)
    /// A point in time: milliseconds since 1970-01-01T00:00:00Z.
    case date(epochMilliseconds: Double)
    /// A boolean: `true`/`false` where a message shows or selects on it as
    /// text (i18next, ICU `select`, MessageFormat 2, as JavaScript's
    /// `String(value)` gives it); 1 or 0 for a printf conversion, as C
    /// promotes a `bool`; never a number or a date to ICU or MessageFormat 2
    /// functions (Bad Operand).
    case bool(Bool)
    /// A list of texts, for i18next's `list` formatter (`Intl.ListFormat`:
    /// "a, b, and c" in the language asked for). Shown as text, it is
    /// JavaScript's `String(array)` in i18next (`a,b,c`) and the language's
    /// "and" list in every other syntax; never a number or a plural count.
    case list([String])

    /// "an integer", "a floating-point number", "a string"…: for error messages.
    var kindName: String {
        switch self {
        case .int: "an integer"
        case .double: "a floating-point number"
        case .string: "a string"
        case .decimal: "a decimal number"
        case .date: "a date"
        case .bool: "a boolean"
        case .list: "a list"
        }
    }

}

extension FormatArgument {
    /// Why the argument cannot be formatted, or nil: a decimal that is no
    /// number (`PluralOperand(decimal:)` or a finite double must read it), a
    /// date that is not finite.
    package var problem: String? {
        switch self {
        case .decimal(let text):
            return PluralOperand(decimal: text) != nil || Double(text)?.isFinite == true
                ? nil : "('\(text)') is not a decimal number"
        case .date(let milliseconds):
            return milliseconds.isFinite ? nil : "is not a finite date"
        case .int, .double, .string, .bool, .list:
            return nil
        }
    }

    /// `problem` as an `.invalidArgument` error naming the argument.
    package func check(_ name: String) throws(ParlanceError) {
        if let problem { throw ParlanceError(.invalidArgument, "\(name) \(problem)") }
    }

    /// The check of positional arguments that every positional formatting
    /// call makes (the Swift API, and through it the C API and the bindings,
    /// which only convert): the first argument with a problem, as
    /// `argument N …`.
    package static func check(_ arguments: [FormatArgument]) throws(ParlanceError) {
        for (index, argument) in arguments.enumerated() { try argument.check("argument \(index + 1)") }
    }

    /// The check of named values that every named formatting call makes
    /// (`Localizer.format(_:named:)`, `Catalog.checkedFormatMessage`): the
    /// first value, in name order, with a problem, as `value 'name' …`.
    package static func check(named values: [String: FormatArgument]) throws(ParlanceError) {
        guard values.values.contains(where: { $0.problem != nil }) else { return }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) { try value.check("value '\(name)'") }
    }
}

extension PluralOperand {
    /// The count an argument gives a plural lookup: an integer, a finite
    /// double, or a decimal (also spelled as a string), its visible fraction
    /// digits kept.
    package init(counting argument: FormatArgument) throws(ParlanceError) {
        switch argument {
        case .int(let n): self = .int(n)
        case .double(let d):
            guard d.isFinite else { throw ParlanceError(.invalidArgument, "count is not a finite number") }
            self = .double(d)
        case .string(let s), .decimal(let s):
            guard let decimal = PluralOperand(decimal: s) else {
                throw ParlanceError(.invalidArgument, "'\(s)' is not a decimal number")
            }
            self = decimal
        case .date:
            throw ParlanceError(.invalidArgument, "count is a date, not a number")
        case .bool:
            throw ParlanceError(.invalidArgument, "count is a boolean, not a number")
        case .list:
            throw ParlanceError(.invalidArgument, "count is a list, not a number")
        }
    }
}

extension FormatArgument {
    /// The argument as the syntaxes that have no boolean or list see it
    /// (ICU MessageFormat, MessageFormat 2): `bool` as the text
    /// `true`/`false`, `list` as the language's "and" list, every other as
    /// it is.
    func asText(locale: String) -> FormatArgument {
        switch self {
        case .bool(let value): return .string(value ? "true" : "false")
        case .list(let items): return .string(ICUList.format(items, type: "conjunction", style: "long", locale: locale)
                                              ?? items.joined(separator: ", "))
        default: return self
        }
    }

    /// The argument as printf sees it: `bool` as the integer 1 or 0, `list`
    /// as the language's "and" list.
    func printfView(locale: String) -> FormatArgument {
        if case .bool(let value) = self { return .int(value ? 1 : 0) }
        return asText(locale: locale)
    }
}
