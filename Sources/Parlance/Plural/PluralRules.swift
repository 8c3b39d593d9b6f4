internal import CParlanceShim
import Synchronization

/// A locale's CLDR plural rules (cardinal or ordinal), through ICU.
///
/// `@unchecked Sendable`: the ICU handle is opened in `init`, only read
/// afterwards (ICU's plural rules and number formatters are immutable and
/// safe to share for selection), and closed in `deinit`.
public final class PluralRules: @unchecked Sendable {
    public let locale: String
    public let ordinal: Bool
    private let handle: OpaquePointer
    /// Categories of the integers 0...cachedIntegers-1, computed once.
    private let smallIntegers: [PluralCategory]
    private static let cachedIntegers = 128

    private init?(locale: String, ordinal: Bool) {
        guard let handle = parlance_icu_plural_open(locale, ordinal ? 1 : 0) else { return nil }
        self.locale = locale
        self.ordinal = ordinal
        self.handle = handle
        self.smallIntegers = (0..<Self.cachedIntegers).map {
            PluralCategory(rawValue: Int(parlance_icu_plural_select(handle, Double($0)))) ?? .other
        }
    }

    deinit { parlance_icu_plural_close(handle) }

    private static let cache = Mutex<[String: PluralRules]>([:])

    /// The shared rules for a canonical BCP 47 tag; a locale ICU does not
    /// know gets the root rules (everything is `other`).
    public static func forLocale(_ locale: String, ordinal: Bool = false) -> PluralRules {
        let key = ordinal ? locale + "/ordinal" : locale
        if let rules = cache.withLock({ $0[key] }) { return rules }
        let rules = PluralRules(locale: locale, ordinal: ordinal) ?? PluralRules(locale: "und", ordinal: ordinal)!
        return cache.withLock { cached in
            if let existing = cached[key] { return existing }
            cached[key] = rules
            return rules
        }
    }

    /// The categories these rules use, in CLDR order.
    public var categories: [PluralCategory] {
        let mask = parlance_icu_plural_categories(handle)
        return PluralCategory.allCases.filter { mask & (1 << UInt32($0.rawValue)) != 0 }
    }

    /// The category of a number. A decimal string keeps its visible fraction
    /// digits; an unparsable one is `other`.
    public func category(_ operand: PluralOperand) -> PluralCategory {
        switch operand {
        case .integer(let n):
            if n >= 0 && n < Int64(Self.cachedIntegers) { return smallIntegers[Int(n)] }
            if n.magnitude > 1 << 53 { return (try? categoryOfDecimal(String(n))) ?? .other }
            return select(Double(n))
        case .double(let d):
            return select(d)
        case .decimal(let text):
            return (try? categoryOfDecimal(text)) ?? .other
        }
    }

    /// The category of a decimal string, or an error when it is not one.
    public func categoryOfDecimal(_ text: String) throws(ParlanceError) -> PluralCategory {
        var text = text
        let index = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                parlance_icu_plural_select_decimal(handle, $0.baseAddress, Int32($0.count))
            }
        }
        guard let category = PluralCategory(rawValue: Int(index)) else {
            throw ParlanceError(.invalidArgument, "'\(text)' is not a decimal number")
        }
        return category
    }

    private func select(_ value: Double) -> PluralCategory {
        PluralCategory(rawValue: Int(parlance_icu_plural_select(handle, value))) ?? .other
    }
}
