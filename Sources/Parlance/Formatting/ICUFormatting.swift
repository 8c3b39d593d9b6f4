internal import CParlanceShim

/// Numbers and dates formatted the locale's way, through ICU (the shim's
/// `icu_format.cpp`; formatters are cached there).
enum ICUNumberFormat {
    /// `decimal` is a number as text (`-1234.5`, `1e3`, `0.50`: trailing
    /// fraction digits are kept); `skeleton` an ICU number skeleton (`""` for
    /// the locale's default, `percent scale/100`, `.00`, `group-off`,
    /// `sign-always`, `numbering-system/arab`…). nil when the skeleton or the
    /// number is invalid.
    static func format(decimal: String, skeleton: String, locale: String) -> String? {
        var decimal = decimal
        return decimal.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                var value = parlance_shim_value()
                value.type = Int32(PARLANCE_SHIM_VALUE_DECIMAL)
                value.s = chars.baseAddress
                value.length = Int32(chars.count)
                return format(value, skeleton: skeleton, locale: locale)
            }
        }
    }

    static func format(_ number: Int64, skeleton: String, locale: String) -> String? {
        var value = parlance_shim_value()
        value.type = Int32(PARLANCE_SHIM_VALUE_INT)
        value.i = number
        return format(value, skeleton: skeleton, locale: locale)
    }

    static func format(_ number: Double, skeleton: String, locale: String) -> String? {
        var value = parlance_shim_value()
        value.type = Int32(PARLANCE_SHIM_VALUE_DOUBLE)
        value.d = number
        return format(value, skeleton: skeleton, locale: locale)
    }

    private static func format(_ value: parlance_shim_value, skeleton: String, locale: String) -> String? {
        var value = value
        return ICUText.owned { parlance_icu_number_format(locale, skeleton, &value, $0) }
    }
}

enum ICURelativeTime {
    /// Intl.RelativeTimeFormat's units, singular and plural spellings.
    static let units: [String: Int32] = [
        "year": 0, "years": 0, "quarter": 1, "quarters": 1, "month": 2, "months": 2, "week": 3, "weeks": 3,
        "day": 4, "days": 4, "hour": 5, "hours": 5, "minute": 6, "minutes": 6, "second": 7, "seconds": 7,
    ]
    static let styles: [String: Int32] = ["long": 0, "short": 1, "narrow": 2]

    /// `value` `unit`s from now (negative: ago) in the locale's words; nil
    /// for a unit or style Intl refuses.
    static func format(_ value: Double, unit: String, style: String, numericAuto: Bool, locale: String) -> String? {
        guard let unit = units[unit], let style = styles[style] else { return nil }
        return ICUText.owned { parlance_icu_relative_time(locale, value, unit, style, numericAuto ? 1 : 0, $0) }
    }
}

enum ICUList {
    /// Intl.ListFormat's types and styles, as ICU numbers them.
    static let types: [String: Int32] = ["conjunction": 0, "disjunction": 1, "unit": 2]
    static let styles: [String: Int32] = ["long": 0, "short": 1, "narrow": 2]

    /// `items` joined in the locale's words ("a, b, and c"); nil for a type
    /// or style Intl refuses.
    static func format(_ items: [String], type: String, style: String, locale: String) -> String? {
        guard let type = types[type], let style = styles[style] else { return nil }
        var storage: [UInt8] = []
        var offsets: [Int] = []
        for item in items {
            offsets.append(storage.count)
            storage.append(contentsOf: item.utf8)
            storage.append(0)
        }
        return storage.withUnsafeBytes { buffer in
            let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in base.map { UnsafePointer($0 + offset) } }
            return pointers.withUnsafeBufferPointer { list in
                ICUText.owned { parlance_icu_list(locale, type, style, list.baseAddress, Int32(list.count), $0) }
            }
        }
    }
}

enum ICUDateFormat {
    /// The styles ICU knows, by their names in MessageFormat and CLDR.
    static let styles = ["full", "long", "medium", "short"]

    /// A date and time in the locale's style. Styles are `full`, `long`,
    /// `medium`, `short`, or nil for none (at least one given); `timeZone` is
    /// an Olson id, nil for the process's default zone. nil for an unknown
    /// style or zone.
    static func format(epochMilliseconds: Double, dateStyle: String?, timeStyle: String?, locale: String,
                       timeZone: String? = nil) -> String? {
        func index(_ style: String?) -> Int32? {
            guard let style else { return -1 }
            return styles.firstIndex(of: style).map(Int32.init)
        }
        guard let date = index(dateStyle), let time = index(timeStyle), date >= 0 || time >= 0 else { return nil }
        return ICUText.owned { parlance_icu_date_format(locale, epochMilliseconds, date, time, nil, timeZone, $0) }
    }

    /// A date and time by an ICU skeleton (`yMMMd`, `jm`): the locale's best pattern for those fields.
    static func format(epochMilliseconds: Double, skeleton: String, locale: String, timeZone: String? = nil) -> String? {
        guard !skeleton.isEmpty else { return nil }
        return ICUText.owned { parlance_icu_date_format(locale, epochMilliseconds, -1, -1, skeleton, timeZone, $0) }
    }
}

/// Text directions, for bidi isolation.
enum TextDirection {
    case leftToRight, rightToLeft, unknown

    /// The direction a locale's script is written in.
    static func of(locale: String) -> TextDirection {
        parlance_icu_is_right_to_left(locale) != 0 ? .rightToLeft : .leftToRight
    }

    /// The direction of the first strong character outside isolates (UBA rule P2).
    static func firstStrong(_ text: String) -> TextDirection {
        var text = text
        let found = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { parlance_icu_first_strong($0.baseAddress, Int32($0.count)) }
        }
        return found == 1 ? .leftToRight : found == 2 ? .rightToLeft : .unknown
    }

    /// `text` isolated in this direction: LRI or RLI … PDI, FSI … PDI when unknown.
    func isolating(_ text: String) -> String {
        let open: Unicode.Scalar = switch self {
        case .leftToRight: "\u{2066}"
        case .rightToLeft: "\u{2067}"
        case .unknown: "\u{2068}"
        }
        var out = String(open)
        out += text
        out.unicodeScalars.append("\u{2069}")
        return out
    }
}

/// Text ICU's shim returns in memory it allocated.
enum ICUText {
    /// Takes a malloc'd UTF-8 result (its length written by `body`) and releases it.
    static func owned(_ body: (UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<CChar>?) -> String? {
        var length: Int32 = 0
        guard let memory = body(&length) else { return nil }
        defer { parlance_shim_free(memory) }
        return String(decoding: UnsafeRawBufferPointer(start: memory, count: Int(length)), as: UTF8.self)
    }
}
