/// i18next's built-in formatters, as i18next 22 applies them to
/// `{{value, format}}`: each of the comma-separated formats in turn, its
/// options from `name(option: value; …)` (`currency(USD)` and
/// `relativetime(quarter)` name their one option), in the language asked
/// for, through ICU as `Intl` formats them:
///
/// - `number`: `Intl.NumberFormat` — at most 3 fraction digits, grouping;
///   `minimumFractionDigits`, `maximumFractionDigits`,
///   `minimumIntegerDigits`, `useGrouping: false`, `style: percent`;
/// - `currency`: `Intl.NumberFormat` with `style: currency` and
///   `currency` (its own fraction digits, its symbol);
/// - `datetime`: `Intl.DateTimeFormat` — the numeric date by default;
///   `year`, `month`, `day`, `weekday`, `hour`, `minute`, `second`
///   (`numeric`, `2-digit`, `short`, `long`, `narrow`), `hour12`, `timeZone`.
///
/// Numbers round half away from zero and dates write U+202F as a space, as
/// JavaScript's `Intl` does. The digits and symbols are the system ICU's
/// CLDR data, which may differ from a JavaScript engine's own newer ICU
/// (CLDR 44 made Latin digits Arabic's default; ICU 72 has Arabic-Indic).
///
/// - `relativetime`: `Intl.RelativeTimeFormat` — `value` units from now in
///   the range given (`relativetime(quarter)`, default `day`), `numeric:
///   auto` ("tomorrow"), `style` `long`, `short`, `narrow`.
///
/// - `list`: `Intl.ListFormat` — a list's items (a text's characters, as
///   JavaScript iterates a string) joined in the language's words, `type`
///   `conjunction` ("a, b, and c"), `disjunction` ("a, b, or c") or `unit`,
///   `style` `long`, `short`, `narrow`.
///
/// A format it does not know, or a value it cannot take, leaves the value
/// as it is, as i18next does with a format it has no function for or one
/// that throws.
enum I18nextFormatter {
    /// `value` through `formats` (the text after the first comma of
    /// `{{name, formats}}`), or nil when no format applied.
    static func apply(_ value: FormatArgument, formats: Substring, locale: String) -> String? {
        var current = value
        var text: String? = nil
        for spelled in formats.split(separator: ",", omittingEmptySubsequences: false) {
            let (name, options) = parse(spelled)
            guard let formatted = format(current, name: name, options: options, locale: locale) else { continue }
            text = formatted
            current = .string(formatted)
        }
        return text
    }

    /// `parseFormatStr`: the lowercased name and the options.
    static func parse(_ spelled: Substring) -> (name: String, options: [String: String]) {
        guard let open = spelled.firstIndex(of: "(") else { return (trim(spelled).lowercased(), [:]) }
        let name = trim(spelled[..<open]).lowercased()
        var inside = spelled[spelled.index(after: open)...]
        if inside.last == ")" { inside = inside.dropLast() }
        var options: [String: String] = [:]
        if !inside.contains(":") {
            if name == "currency" { options["currency"] = trim(inside) }
            if name == "relativetime" { options["range"] = trim(inside) }
            return (name, options)
        }
        for option in inside.split(separator: ";") {
            let parts = option.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let key = trim(parts[0])
            var value = parts.count > 1 ? trim(parts[1]) : ""
            while value.hasPrefix("'") { value.removeFirst() }
            while value.hasSuffix("'") { value.removeLast() }
            if options[key] == nil { options[key] = value }
        }
        return (name, options)
    }

    private static func format(_ value: FormatArgument, name: String, options: [String: String], locale: String) -> String? {
        switch name {
        case "number", "currency":
            // `new Intl.NumberFormat(lng, options)`, `currency` with `style: currency`: options it refuses leave the value.
            let style = name == "currency" ? "currency" : options["style"] ?? "decimal"
            if name == "currency", options["currency"]?.isEmpty != false { return nil }   // `currency()`: Intl throws
            guard !IntlNumberOptions.refused(options, style: style) else { return nil }
            return number(value, options: options, locale: locale,
                          currency: style == "currency" ? options["currency"]?.uppercased() : nil)
        case "datetime": return date(value, options: options, locale: locale)
        case "relativetime":
            // `Intl.RelativeTimeFormat(lng, options).format(value, range || "day")`.
            let amount: Double
            switch numeric(value) {
            case .int(let n)?: amount = Double(n)
            case .double(let d)?: amount = d
            case .decimal(let text)?: guard let d = Double(text) else { return nil }; amount = d
            default: return nil
            }
            return ICURelativeTime.format(amount, unit: options["range"].flatMap { $0.isEmpty ? nil : $0 } ?? "day",
                                          style: options["style"] ?? "long", numericAuto: options["numeric"] == "auto",
                                          locale: locale)
        case "list":
            let items: [String]
            switch value {
            case .list(let given): items = given
            case .string(let text): items = text.unicodeScalars.map { String($0) }
            default: return nil   // Intl.ListFormat throws on what is not iterable
            }
            return ICUList.format(items, type: options["type"] ?? "conjunction", style: options["style"] ?? "long",
                                  locale: locale)
        default: return nil
        }
    }

    /// The value as the number `Intl` formats (JavaScript's `Number(value)`).
    private static func numeric(_ value: FormatArgument) -> FormatArgument? {
        switch value {
        case .int, .double, .decimal: return value
        case .bool(let flag): return .int(flag ? 1 : 0)   // Number(true)
        case .string(let text):
            let trimmed = trim(Substring(text))
            if trimmed.isEmpty { return .int(0) }
            return Double(trimmed).map(FormatArgument.double)
        case .date(let milliseconds): return .double(milliseconds)
        case .list: return nil
        }
    }

    private static func number(_ value: FormatArgument, options: [String: String], locale: String, currency: String?) -> String? {
        guard let number = numeric(value) else { return nil }
        // Intl rounds half away from zero (0.25 to one digit is 0.3); ICU's default is half even.
        var skeleton: [String] = ["rounding-mode-half-up"]
        let percent = currency == nil && options["style"] == "percent"
        if let currency { skeleton.append("currency/" + currency) }
        if percent { skeleton.append("percent scale/100") }
        if currency == nil, options["style"] == "unit", let unit = options["unit"] {
            skeleton.append("unit/" + unit)
            if let width = ["long": "unit-width-full-name", "narrow": "unit-width-narrow"][options["unitDisplay"] ?? ""] {
                skeleton.append(width)
            }
        }
        let minimumFraction = options["minimumFractionDigits"].flatMap { Int($0) }
        let maximumFraction = options["maximumFractionDigits"].flatMap { Int($0) }
        if currency == nil || minimumFraction != nil || maximumFraction != nil {
            // Intl's defaults: 0 to 3 fraction digits (0 to 0 for percent); a currency's own otherwise.
            let defaultMaximum = percent ? 0 : 3
            let minimum = min(max(minimumFraction ?? 0, 0), 20)
            let maximum = min(max(maximumFraction ?? max(minimum, defaultMaximum), minimum), 20)
            skeleton.append("." + String(repeating: "0", count: minimum) + String(repeating: "#", count: maximum - minimum))
        }
        if let digits = options["minimumIntegerDigits"].flatMap({ Int($0) }), digits > 1, digits <= 21 {
            skeleton.append("integer-width/*" + String(repeating: "0", count: digits))
        }
        if options["useGrouping"] == "false" { skeleton.append("group-off") }
        if options["signDisplay"] == "always" { skeleton.append("sign-always") }
        if options["signDisplay"] == "never" { skeleton.append("sign-never") }
        if options["notation"] == "compact" {
            skeleton.append(options["compactDisplay"] == "long" ? "compact-long" : "compact-short")
        }
        let text = skeleton.joined(separator: " ")
        switch number {
        case .int(let n): return ICUNumberFormat.format(n, skeleton: text, locale: locale)
        case .double(let d): return ICUNumberFormat.format(d, skeleton: text, locale: locale)
        case .decimal(let digits): return ICUNumberFormat.format(decimal: digits, skeleton: text, locale: locale)
        case .string, .date, .bool, .list: return nil
        }
    }

    /// `Intl.DateTimeFormat`'s options as an ICU skeleton.
    private static func date(_ value: FormatArgument, options: [String: String], locale: String) -> String? {
        let milliseconds: Double
        switch value {
        case .date(let ms): milliseconds = ms
        case .int(let n): milliseconds = Double(n)
        case .double(let d): milliseconds = d
        case .decimal(let text): guard let d = Double(text) else { return nil }; milliseconds = d
        case .string, .bool, .list: return nil
        }
        let fields: [(option: String, symbols: [String: String])] = [
            ("weekday", ["narrow": "EEEEE", "short": "EEE", "long": "EEEE"]),
            ("era", ["narrow": "GGGGG", "short": "G", "long": "GGGG"]),
            ("year", ["numeric": "y", "2-digit": "yy"]),
            ("month", ["numeric": "M", "2-digit": "MM", "narrow": "MMMMM", "short": "MMM", "long": "MMMM"]),
            ("day", ["numeric": "d", "2-digit": "dd"]),
            ("hour", ["numeric": "j", "2-digit": "jj"]),
            ("minute", ["numeric": "m", "2-digit": "mm"]),
            ("second", ["numeric": "s", "2-digit": "ss"]),
        ]
        var skeleton = ""
        for field in fields {
            guard let chosen = options[field.option] else { continue }
            guard let symbol = field.symbols[chosen] else { return nil }   // Intl throws a RangeError: the value stays
            skeleton += symbol
        }
        if skeleton.isEmpty { skeleton = "yMd" }   // Intl's default: the numeric date
        if let hour12 = options["hour12"], skeleton.contains("j") {
            skeleton = skeleton.replacingAll("j", with: hour12 == "true" ? "h" : "H")
        }
        // JavaScript engines write U+202F (CLDR's space before AM/PM) as a plain space, for the web's sake.
        return ICUDateFormat.format(epochMilliseconds: milliseconds, skeleton: skeleton, locale: locale,
                                    timeZone: options["timeZone"])?.replacingAll("\u{202F}", with: " ")
    }

    private static func trim(_ text: Substring) -> String {
        var text = text.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
