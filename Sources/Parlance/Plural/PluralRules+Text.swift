internal import CParlanceShim

/// The text of plural rules as ICU holds it.
extension PluralRules {
    /// The rules ICU evaluates for a handle, as ICU writes them back
    /// (`in`/`not in`/`mod`, no samples).
    static func ruleText(_ handle: OpaquePointer) -> String? {
        measuredText { parlance_icu_plural_rules_text(handle, $0, $1) }
    }

    /// The rules these are compiled from (nil if ICU gave none).
    var ruleText: String? { handle.flatMap(Self.ruleText) }

    /// The CLDR rule source in ICU's data for a BCP 47 locale, samples
    /// included (`one: i = 1 and v = 0 @integer 1; other: …`), found through
    /// the locale's parents as ICU finds it; empty where ICU has none.
    static func ruleSource(locale: String, ordinal: Bool) -> String? {
        measuredText { parlance_icu_plural_rules_source(locale, ordinal ? 1 : 0, $0, $1) }
    }

    /// The BCP 47 tags of the locales ICU has data for.
    static var icuLocales: [String] {
        (0..<parlance_icu_available_locale_count()).compactMap { index in
            measuredText { parlance_icu_available_locale(index, $0, $1) }
        }
    }

    /// Calls a shim function that returns a text's length and writes it when
    /// the buffer is large enough: once to measure, once to fill.
    private static func measuredText(_ body: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String? {
        let length = body(nil, 0)
        guard length >= 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        let written = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress, Int32($0.count)) }
        guard written == length else { return nil }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
