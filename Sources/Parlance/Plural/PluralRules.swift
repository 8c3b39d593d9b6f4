internal import CParlanceShim
import Synchronization

/// A locale's CLDR plural rules (cardinal or ordinal), from ICU.
///
/// ICU supplies the rules: their text (`PluralRules::getRules()`) is parsed
/// and compiled once into a ``PluralRuleProgram`` that selects categories of
/// integers and decimal strings without formatting them first, with ICU's
/// answers. Doubles with a fraction, and any locale whose rules would not
/// compile, go through ICU itself.
///
/// `@unchecked Sendable`: the ICU handle is opened in `init`, only read
/// afterwards (ICU's plural rules and number formatters are immutable and
/// safe to share for selection), and closed in `deinit`.
public final class PluralRules: @unchecked Sendable {
    public let locale: String
    public let ordinal: Bool
    /// nil only when ICU could not open even the root rules (its data is
    /// missing): then every number is `other`.
    let handle: OpaquePointer?
    /// Categories of the integers 0...cachedIntegers-1, computed once.
    private let smallIntegers: [PluralCategory]
    private static let cachedIntegers = 128
    /// The rules compiled from ICU's text; nil when they did not compile.
    let program: PluralRuleProgram?

    /// ICU's rules for `locale`; nil when ICU has none. ICU is asked before
    /// the object is made: an initializer that fails after allocating
    /// leaves its object unfreed in Embedded Swift.
    private static func open(locale: String, ordinal: Bool) -> PluralRules? {
        guard let handle = parlance_icu_plural_open(locale, ordinal ? 1 : 0) else { return nil }
        return PluralRules(locale: locale, ordinal: ordinal, handle: handle)
    }

    private init(locale: String, ordinal: Bool, handle: OpaquePointer) {
        self.locale = locale
        self.ordinal = ordinal
        self.handle = handle
        self.smallIntegers = (0..<Self.cachedIntegers).map {
            PluralCategory(rawValue: Int(parlance_icu_plural_select(handle, Double($0)))) ?? .other
        }
        self.program = Self.ruleText(handle).flatMap { try? PluralRuleProgram(PluralRuleSyntax.parse($0)) }
    }

    /// Rules without ICU: everything is `other` (CLDR's root rules).
    private init(rootWithoutICU locale: String, ordinal: Bool) {
        self.locale = locale
        self.ordinal = ordinal
        handle = nil
        smallIntegers = Array(repeating: .other, count: Self.cachedIntegers)
        program = try? PluralRuleProgram(PluralRuleSyntax.parse("other: "))
    }

    deinit { if let handle { parlance_icu_plural_close(handle) } }

    private static let cache = Locked<[String: PluralRules]>.make([:])

    /// The shared rules for a canonical BCP 47 tag; a locale ICU does not
    /// know gets the root rules (everything is `other`).
    public static func forLocale(_ locale: String, ordinal: Bool = false) -> PluralRules {
        let key = ordinal ? locale + "/ordinal" : locale
        if let rules = cache.withLock({ $0[key] }) { return rules }
        let rules = open(locale: locale, ordinal: ordinal) ?? open(locale: "und", ordinal: ordinal)
            ?? PluralRules(rootWithoutICU: locale, ordinal: ordinal)
        return cache.withLock { cached in
            if let existing = cached[key] { return existing }
            cached[key] = rules
            return rules
        }
    }

    private static let byName = Locked<[String: PluralRules]>.make([:])

    /// The rules for a locale name as a caller spells it (`pt_BR.UTF-8`),
    /// canonicalized once per name: the path of `parlance_plural_category`.
    public static func forName(_ name: String, ordinal: Bool = false) throws(ParlanceError) -> PluralRules {
        let key = ordinal ? name + "\u{0}o" : name
        if let rules = byName.withLock({ $0[key] }) { return rules }
        guard let tag = try LocaleName.canonical(name) else {
            throw ParlanceError(.locale, "'\(name)' names no language")
        }
        let rules = forLocale(tag, ordinal: ordinal)
        byName.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }  // names come from callers: keep it bounded
            cache[key] = rules
        }
        return rules
    }

    /// The categories these rules use, in CLDR order.
    public var categories: [PluralCategory] {
        guard let handle else { return [.other] }
        let mask = parlance_icu_plural_categories(handle)
        return PluralCategory.allCases.filter { mask & (1 << UInt32($0.rawValue)) != 0 }
    }

    /// The category of a number. A decimal string keeps its visible fraction
    /// digits; an unparsable one is `other`.
    public func category(_ operand: PluralOperand) -> PluralCategory {
        switch operand {
        case .int(let n):
            if n >= 0 && n < Int64(Self.cachedIntegers) { return smallIntegers[Int(n)] }
            if let program { return program.category(PluralOperands(integer: n)) }
            if n.magnitude > 1 << 53 { return (try? icuCategoryOfDecimal(String(n))) ?? .other }
            return icuCategory(of: Double(n))
        case .double(let d):
            // ICU finds a double's visible fraction digits its own way; only
            // integral doubles, exact as integers, are selected here.
            if let program, d.magnitude <= 9_007_199_254_740_992, d == d.rounded(.towardZero) {
                return program.category(PluralOperands(integer: Int64(d)))
            }
            return icuCategory(of: d)
        case .decimal(let text):
            return (try? categoryOfDecimal(text)) ?? .other
        }
    }

    /// The category of a decimal string, or an error when it is not one:
    /// an optional sign, digits with at most one `.`, at most 16 fraction
    /// digits, no exponent.
    public func categoryOfDecimal(_ text: String) throws(ParlanceError) -> PluralCategory {
        guard let program else { return try icuCategoryOfDecimal(text) }
        var text = text
        guard let operands = text.withUTF8({ PluralOperands(decimal: $0) }) else {
            throw ParlanceError(.invalidArgument, "'\(text)' is not a decimal number")
        }
        return program.category(operands)
    }

    /// The category of a decimal string by ICU: formatted with its visible
    /// fraction digits, then selected (`uplrules_selectFormatted`).
    func icuCategoryOfDecimal(_ text: String) throws(ParlanceError) -> PluralCategory {
        var text = text
        guard let handle else {
            guard text.withUTF8({ PluralOperands(decimal: $0) }) != nil else {
                throw ParlanceError(.invalidArgument, "'\(text)' is not a decimal number")
            }
            return .other
        }
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

    func icuCategory(of value: Double) -> PluralCategory {
        guard let handle else { return .other }
        return PluralCategory(rawValue: Int(parlance_icu_plural_select(handle, value))) ?? .other
    }
}
