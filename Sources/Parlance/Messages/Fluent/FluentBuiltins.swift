/// `NUMBER()` and `DATETIME()`, the built-in functions of fluent.js: the
/// first positional argument with the named options merged into its own
/// (strings and numbers as written), formatted when placed.
enum FluentBuiltins {
    static let functions: [String: FluentFunction] = ["NUMBER": number, "DATETIME": datetime]

    static let number: FluentFunction = { positional, named, _ in
        var result: FluentNumber
        switch positional.first {
        case .number(let n): result = n
        case .string(let s): guard let n = FluentNumber(parsing: s) else { return .error }; result = n
        default: return .error
        }
        for (name, value) in named { result.options[name] = optionText(value) }
        return .number(result)
    }

    static let datetime: FluentFunction = { positional, named, locale in
        guard case .date(let ms) = positional.first else { return .error }
        var options: [String: String] = [:]
        for (name, value) in named { options[name] = optionText(value) }
        return .string(FluentFormatting.format(date: ms, options: options, locale: locale))
    }

    private static func optionText(_ value: FluentValue) -> String {
        switch value {
        case .string(let s): return s
        case .number(let n): return n.text
        default: return ""
        }
    }
}
