/// Whether `new Intl.NumberFormat(lng, options)` throws for the options
/// i18next's `parseFormatStr` gives (`number(style: unit; unitDisplay:
/// long)` has no `unit`: a TypeError), as ECMA-402 checks them in Node 20:
/// i18next catches the error and leaves the value as it is.
///
/// Option values are i18next's: `true` and `false` become booleans, a text
/// JavaScript reads as a number becomes `parseInt` of it, any other stays
/// a text. Options `Intl` does not read are ignored, as it ignores them.
enum IntlNumberOptions {
    /// A value as `parseFormatStr` leaves it.
    private enum Value {
        case bool(Bool)
        case number(Double)
        case text(String)

        init(_ spelled: String) {
            if spelled == "true" || spelled == "false" {
                self = .bool(spelled == "true")
            } else if !JavaScriptNumber.number(spelled).isNaN {
                self = .number(JavaScriptNumber.parseInt(spelled))
            } else {
                self = .text(spelled)
            }
        }

        /// `ToString`, as `GetOption` reads a string option.
        var string: String {
            switch self {
            case .bool(let flag): return flag ? "true" : "false"
            case .number(let n): return n.isNaN ? "NaN" : n == n.rounded() && abs(n) < 1e21 ? String(Int64(n)) : "\(n)"
            case .text(let text): return text
            }
        }

        /// `ToNumber`, as `GetNumberOption` reads a number option.
        var number: Double {
            switch self {
            case .bool(let flag): return flag ? 1 : 0
            case .number(let n): return n
            case .text(let text): return JavaScriptNumber.number(text)
            }
        }
    }

    /// The string options and the values `Intl.NumberFormat` takes.
    private static let choices: [String: Set<String>] = [
        "localeMatcher": ["lookup", "best fit"],
        "style": ["decimal", "percent", "currency", "unit"],
        "currencyDisplay": ["code", "symbol", "narrowSymbol", "name"],
        "currencySign": ["standard", "accounting"],
        "unitDisplay": ["short", "narrow", "long"],
        "notation": ["standard", "scientific", "engineering", "compact"],
        "compactDisplay": ["short", "long"],
        "signDisplay": ["auto", "never", "always", "exceptZero", "negative"],
        "roundingMode": ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"],
        "trailingZeroDisplay": ["auto", "stripIfInteger"],
    ]

    /// The number options and their ranges.
    private static let ranges: [String: ClosedRange<Double>] = [
        "minimumIntegerDigits": 1...21, "minimumFractionDigits": 0...20, "maximumFractionDigits": 0...20,
        "minimumSignificantDigits": 1...21, "maximumSignificantDigits": 1...21,
    ]

    /// ECMA-402's sanctioned single units (`IsSanctionedSingleUnitIdentifier`).
    static let units: Set<String> = [
        "acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce", "foot", "gallon",
        "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit", "kilobyte", "kilogram", "kilometer", "liter",
        "megabit", "megabyte", "meter", "microsecond", "mile", "mile-scandinavian", "milliliter", "millimeter",
        "millisecond", "minute", "month", "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone",
        "terabit", "terabyte", "week", "yard", "year",
    ]

    /// Whether the options make `Intl.NumberFormat` throw; `style` is the
    /// style it is constructed with (i18next's `currency` forces `currency`).
    static func refused(_ spelled: [String: String], style: String) -> Bool {
        let options = spelled.mapValues(Value.init)
        for (name, allowed) in choices {
            if let value = options[name], !allowed.contains(name == "style" ? style : value.string) { return true }
        }
        if let system = options["numberingSystem"]?.string, !wellFormedNumberingSystem(system) { return true }
        if let currency = options["currency"]?.string {
            guard currency.utf8.count == 3, currency.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
            else { return true }
        } else if style == "currency" {
            return true
        }
        if let unit = options["unit"]?.string {
            let parts = unit.split(atOccurrencesOf: "-per-", maxSplits: 1, omittingEmptySubsequences: false)
            if !units.contains(unit), parts.count != 2 || !parts.allSatisfy({ units.contains(String($0)) }) { return true }
        } else if style == "unit" {
            return true
        }
        var numbers: [String: Double] = [:]
        for (name, range) in ranges {
            guard let value = options[name] else { continue }
            let number = value.number
            guard !number.isNaN, range.contains(number) else { return true }
            numbers[name] = number.rounded(.down)
        }
        if let minimum = numbers["minimumFractionDigits"], let maximum = numbers["maximumFractionDigits"], minimum > maximum {
            return true
        }
        if let minimum = numbers["minimumSignificantDigits"], let maximum = numbers["maximumSignificantDigits"], minimum > maximum {
            return true
        }
        if let increment = options["roundingIncrement"]?.number,
           ![1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].contains(increment) {
            return true
        }
        return false
    }

    /// `(3*8alphanum) *("-" (3*8alphanum))`, the shape a numbering system must have.
    private static func wellFormedNumberingSystem(_ text: String) -> Bool {
        text.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
            (3...8).contains(part.utf8.count) && part.utf8.allSatisfy { $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber) }
        }
    }
}

/// JavaScript's reading of a text as a number.
enum JavaScriptNumber {
    /// `Number(text)`: white space around, empty is 0, decimal with an
    /// optional exponent, `0x`/`0o`/`0b` integers, `Infinity`; else NaN.
    static func number(_ text: String) -> Double {
        let trimmed = text.trimmingJavaScriptSpace()
        if trimmed.isEmpty { return 0 }
        for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] where trimmed.hasPrefix(prefix) {
            let digits = trimmed.dropFirst(2)
            guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else { return .nan }
            return Double(value)
        }
        var body = Substring(trimmed)
        var sign = 1.0
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body == "Infinity" { return sign * .infinity }
        // Digits, at most one point, an optional exponent: Swift's Double() also takes "nan", "inf" and hex.
        var sawDigit = false, sawPoint = false, index = body.startIndex
        while index < body.endIndex, body[index].isASCII, body[index].isNumber || (body[index] == "." && !sawPoint) {
            if body[index] == "." { sawPoint = true } else { sawDigit = true }
            index = body.index(after: index)
        }
        guard sawDigit else { return .nan }
        if index < body.endIndex {
            guard body[index] == "e" || body[index] == "E" else { return .nan }
            var exponent = body[body.index(after: index)...]
            if let first = exponent.first, first == "+" || first == "-" { exponent = exponent.dropFirst() }
            guard !exponent.isEmpty, exponent.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .nan }
        }
        return Double(String(body)).map { sign * $0 } ?? .nan
    }

    /// `parseInt(text, 10)`: the leading integer after white space, NaN when none.
    static func parseInt(_ text: String) -> Double {
        var body = Substring(text.trimmingJavaScriptSpace())
        var sign = 1.0
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return .nan }
        return sign * (Double(String(digits)) ?? .nan)
    }
}

private extension String {
    func trimmingJavaScriptSpace() -> String {
        let space: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
        var text = Substring(self).drop(while: space)
        while let last = text.last, space(last) { text = text.dropLast() }
        return String(text)
    }
}
