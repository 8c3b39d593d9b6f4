/// Numbers and dates in a message as fluent.js formats them
/// (`Intl.NumberFormat`, `Intl.DateTimeFormat` with the options of
/// `NUMBER()` and `DATETIME()`), through ICU skeletons.
enum FluentFormatting {
    static func text(of value: FluentValue, locale: String) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return format(number, locale: locale)
        case .date(let ms): return format(date: ms, options: [:], locale: locale)
        case .error: return ""
        }
    }

    static func format(_ number: FluentNumber, locale: String) -> String {
        let skeleton = numberSkeleton(number.options)
        return ICUNumberFormat.format(decimal: number.text, skeleton: skeleton, locale: locale) ?? number.text
    }

    /// Intl.NumberFormat's options as an ICU skeleton. Fraction digits
    /// default to 0…3 (0…2 for currencies is left to ICU).
    static func numberSkeleton(_ options: [String: String]) -> String {
        var parts: [String] = []
        let style = options["style"] ?? "decimal"
        switch style {
        case "percent": parts.append("percent scale/100")
        case "currency":
            if let currency = options["currency"] { parts.append("currency/" + currency.uppercased()) }
            switch options["currencyDisplay"] {
            case "code": parts.append("unit-width-iso-code")
            case "name": parts.append("unit-width-full-name")
            case "narrowSymbol": parts.append("unit-width-narrow")
            default: break
            }
        default: break
        }
        let minSignificant = options["minimumSignificantDigits"].flatMap { Int($0) }
        let maxSignificant = options["maximumSignificantDigits"].flatMap { Int($0) }
        if minSignificant != nil || maxSignificant != nil {
            let low = max(1, min(minSignificant ?? 1, 21)), high = max(low, min(maxSignificant ?? 21, 21))
            parts.append(String(repeating: "@", count: low) + String(repeating: "#", count: high - low))
        } else {
            let minFraction = options["minimumFractionDigits"].flatMap { Int($0) }.map { min(max($0, 0), 20) }
            let maxFraction = options["maximumFractionDigits"].flatMap { Int($0) }.map { min(max($0, 0), 20) }
            if minFraction != nil || maxFraction != nil || style != "currency" {
                let low = minFraction ?? (style == "currency" ? 2 : 0)
                let high = max(low, maxFraction ?? max(low, style == "currency" ? 2 : (style == "percent" ? 0 : 3)))
                parts.append("." + String(repeating: "0", count: low) + String(repeating: "#", count: high - low))
            }
        }
        if let digits = options["minimumIntegerDigits"].flatMap({ Int($0) }), digits > 1 {
            parts.append("integer-width/*" + String(repeating: "0", count: min(digits, 21)))
        }
        if options["useGrouping"] == "false" { parts.append("group-off") }
        return parts.joined(separator: " ")
    }

    /// Intl.DateTimeFormat's options: `dateStyle`/`timeStyle`, or the
    /// component options as an ICU skeleton (year, month and day when none).
    static func format(date ms: Double, options: [String: String], locale: String) -> String {
        let zone = options["timeZone"]
        if options["dateStyle"] != nil || options["timeStyle"] != nil {
            return ICUDateFormat.format(epochMilliseconds: ms, dateStyle: options["dateStyle"], timeStyle: options["timeStyle"],
                                        locale: locale, timeZone: zone) ?? ""
        }
        var skeleton = ""
        for (option, fields) in dateFields {
            if let value = options[option], let field = fields[value] { skeleton += field }
        }
        if options["hour"] != nil, let hour12 = options["hour12"] {
            skeleton = skeleton.replacingJ(with: hour12 == "true" ? "h" : "H")
        }
        if skeleton.isEmpty { skeleton = "yMd" }
        return ICUDateFormat.format(epochMilliseconds: ms, skeleton: skeleton, locale: locale, timeZone: zone) ?? ""
    }

    /// Intl.DateTimeFormat component options and their skeleton fields, in skeleton order.
    static let dateFields: [(String, [String: String])] = [
        ("era", ["narrow": "GGGGG", "short": "G", "long": "GGGG"]),
        ("year", ["numeric": "y", "2-digit": "yy"]),
        ("month", ["numeric": "M", "2-digit": "MM", "short": "MMM", "long": "MMMM", "narrow": "MMMMM"]),
        ("weekday", ["narrow": "EEEEE", "short": "EEE", "long": "EEEE"]),
        ("day", ["numeric": "d", "2-digit": "dd"]),
        ("hour", ["numeric": "j", "2-digit": "jj"]),
        ("minute", ["numeric": "m", "2-digit": "mm"]),
        ("second", ["numeric": "s", "2-digit": "ss"]),
        ("timeZoneName", ["short": "z", "long": "zzzz"]),
    ]
}

private extension String {
    func replacingJ(with hour: Unicode.Scalar) -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "j" ? hour : $0 }))
    }
}

/// Which variant of a select expression a value chooses (fluent-rs
/// `FluentValue::matches`): equal strings, equal numbers, or a number's
/// CLDR plural category (cardinal, or ordinal for `type: "ordinal"`) equal
/// to an identifier key. Exact number keys are tried in variant order
/// with the categories, so `[1]` before `[one]` wins for 1.
enum FluentSelection {
    static func matches(_ key: FluentVariant.Key, _ value: FluentValue, locale: String) -> Bool {
        switch (key, value) {
        case (.identifier(let name), .string(let text)):
            return name == text
        case (.number(let literal), .number(let number)):
            return FluentNumber(parsing: literal)?.value == number.value
        case (.identifier(let name), .number(let number)):
            let ordinal = number.options["type"] == "ordinal"
            let category = PluralRules.forLocale(locale, ordinal: ordinal).category(.decimal(operandText(number)))
            return category.name == name
        default:
            return false
        }
    }

    /// The number as Intl.PluralRules sees it: with its minimum fraction digits.
    private static func operandText(_ number: FluentNumber) -> String {
        guard let wanted = number.options["minimumFractionDigits"].flatMap({ Int($0) }), wanted > 0 else { return number.text }
        var text = number.text
        let have: Int
        if let dot = text.firstIndex(of: ".") { have = text.distance(from: dot, to: text.endIndex) - 1 } else { text += "."; have = 0 }
        return have >= wanted ? text : text + String(repeating: "0", count: wanted - have)
    }
}
