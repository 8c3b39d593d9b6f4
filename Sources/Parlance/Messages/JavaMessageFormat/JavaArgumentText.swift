internal import CParlanceShim

/// One argument of a Java message as text, by its style, through ICU: a
/// number style is ICU MessageFormat's `{0,number,STYLE}` (the same
/// `NumberFormat` instances, `DecimalFormat` patterns with the locale's
/// symbols, half-even rounding), a date pattern ICU's `SimpleDateFormat`.
///
/// Values are the Java objects a caller passes: integers are `Long`,
/// doubles `Double`, decimals `BigDecimal`, dates `Date`, text `String`,
/// booleans `Boolean`, lists `List` (shown as `[a, b]`).
enum JavaArgumentText {
    /// The languages ICU has data for. For another (`tw`, `us`), ICU would
    /// fall back to the process's default locale; Java falls back to the
    /// root's data, and so does this formatter.
    private static let icuLanguages: Set<Substring> = Set(PluralRules.icuLocales.map { tag in
        tag.split(separator: "-").first ?? Substring(tag)
    })

    /// `locale`, or the root when ICU has no data for its language.
    static func dataLocale(_ locale: String) -> String {
        let language = locale.split(separator: "-").first ?? Substring(locale)
        return icuLanguages.contains(language) ? locale : "und"
    }

    /// The argument as `{N}` shows it: a number by `NumberFormat.getInstance`,
    /// a date by `getDateTimeInstance(SHORT, SHORT)`, anything else as `toString`.
    static func plain(_ argument: FormatArgument, locale: String) -> String {
        switch argument {
        case .string(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .list(let items): return "[" + items.joined(separator: ", ") + "]"
        case .int(let value):
            return (try? number(argument, style: "", locale: locale).get()) ?? String(value)
        case .double(let value):
            return (try? number(argument, style: "", locale: locale).get()) ?? String(value)
        case .decimal(let text):
            return (try? number(argument, style: "", locale: locale).get()) ?? text
        case .date(let milliseconds):
            return ICUDateFormat.format(epochMilliseconds: milliseconds, dateStyle: "short", timeStyle: "short",
                                        locale: locale) ?? String(milliseconds)
        }
    }

    /// The argument by a style; an error where Java's format throws.
    static func format(_ argument: FormatArgument, style: JavaMessageFormat.Style, locale: String)
        -> Result<String, ParlanceError> {
        switch style {
        case .none:
            return .success(plain(argument, locale: locale))
        case .number(let style):
            return number(argument, style: style, locale: locale)
        case .date(let dateStyle, let timeStyle):
            guard let milliseconds = milliseconds(argument) else { return .failure(notA("date", argument)) }
            guard let text = ICUDateFormat.format(epochMilliseconds: milliseconds, dateStyle: dateStyle, timeStyle: timeStyle,
                                                  locale: locale) else {
                return .failure(ParlanceError(.format, "ICU could not format the date"))
            }
            return .success(text)
        case .datePattern(let pattern):
            guard let milliseconds = milliseconds(argument) else { return .failure(notA("date", argument)) }
            var value = parlance_shim_value()
            value.type = Int32(PARLANCE_SHIM_VALUE_DATE)
            value.d = milliseconds
            return message("{0,date,\(pattern)}", value, locale: locale)
        case .choice:
            return .failure(ParlanceError(.format, "a choice is selected, not formatted"))
        }
    }

    /// The number a choice compares: `Number.doubleValue`.
    static func number(_ argument: FormatArgument) -> Double? {
        switch argument {
        case .int(let n): return Double(n)
        case .double(let d): return d
        case .decimal(let text): return Double(text)
        case .string, .date, .bool, .list: return nil
        }
    }

    /// `DateFormat.format(Object)`: a date, or a number of milliseconds.
    private static func milliseconds(_ argument: FormatArgument) -> Double? {
        if case .date(let milliseconds) = argument { return milliseconds }
        if case .int(let n) = argument { return Double(n) }
        if case .double(let d) = argument { return d.rounded(.towardZero) }
        if case .decimal(let text) = argument { return Double(text)?.rounded(.towardZero) }
        return nil
    }

    private static func notA(_ kind: String, _ argument: FormatArgument) -> ParlanceError {
        ParlanceError(.format, "cannot format \(argument.kindName) as a \(kind)")
    }

    private static func number(_ argument: FormatArgument, style: String, locale: String) -> Result<String, ParlanceError> {
        var value = parlance_shim_value()
        var text: String? = nil
        switch argument {
        case .int(let n): value.type = Int32(PARLANCE_SHIM_VALUE_INT); value.i = n
        case .double(let d): value.type = Int32(PARLANCE_SHIM_VALUE_DOUBLE); value.d = d
        case .decimal(let decimal): value.type = Int32(PARLANCE_SHIM_VALUE_DECIMAL); text = decimal
        case .string, .date, .bool, .list: return .failure(notA("number", argument))
        }
        return message(style.isEmpty ? "{0,number}" : "{0,number,\(style)}", value, text: text, locale: locale)
    }

    /// A one-argument ICU message (the argument named "0").
    private static func message(_ pattern: String, _ value: parlance_shim_value, text: String? = nil,
                                locale: String) -> Result<String, ParlanceError> {
        var failure = parlance_shim_message_error(offset: -1, name: nil)
        var value = value
        let bytes = Array(pattern.utf8)
        let decimal = Array((text ?? "").utf8CString)
        let result: String? = decimal.withUnsafeBufferPointer { decimalChars in
            if text != nil {
                value.s = decimalChars.baseAddress
                value.length = Int32(decimalChars.count - 1)
            }
            return bytes.withUnsafeBufferPointer { patternBytes in
                patternBytes.withMemoryRebound(to: CChar.self) { chars in
                    "0".withCString { name in
                        var names: [UnsafePointer<CChar>?] = [name]
                        return ICUText.owned { length in
                            parlance_icu_message_format(locale, chars.baseAddress, Int32(chars.count), &names, &value, 1,
                                                        length, &failure)
                        }
                    }
                }
            }
        }
        if let result { return .success(result) }
        let why = failure.name.map { String(cString: $0) } ?? "an error"
        return .failure(ParlanceError(.format, "ICU cannot format it by '\(pattern.dropFirst(3).dropLast())' (\(why))"))
    }
}
