/// The one plural policy, for every source of plural texts (`.stringsdict`
/// variables, SPLocalizedString variants, JSON plural objects, compiled and
/// mapped tables, the formatter) and every path (general, fast, C, Swift).
///
/// CLDR sources: an explicit `zero` text for the integer zero (Apple's rule,
/// also where CLDR has no zero category), else the category of the
/// supplying locale's rules, else `other`. gettext sources: the catalog's
/// own `Plural-Forms` formula on C's `unsigned long n`, small counts read
/// from a table computed once, an index past the forms given taking the
/// first (libintl's rule).
enum PluralSelection {
    /// The rule itself: the explicit zero when asked for and given, else
    /// `wanted` (the rules' category, asked for only when needed), else
    /// `other`; nil when none of them has a text. Every selection below is
    /// this one with its own inputs.
    @inline(__always)
    static func category(explicitZero: Bool, wanted: () -> PluralCategory,
                         available: (PluralCategory) -> Bool) -> PluralCategory? {
        if explicitZero && available(.zero) { return .zero }
        let category = wanted()
        if available(category) { return category }
        return available(.other) ? .other : nil
    }

    /// The category whose text to use for an operand: its explicit zero,
    /// else `wanted`, else `other`.
    @inline(__always)
    static func category(_ operand: PluralOperand, wanted: () -> PluralCategory,
                         available: (PluralCategory) -> Bool) -> PluralCategory? {
        category(explicitZero: operand.isExplicitZero, wanted: wanted, available: available)
    }

    /// Android's `getQuantityString`: the category of the device locale's
    /// rules (the locale asked for, whichever folder supplies the plurals),
    /// else `other`; no explicit zero (a `zero` item serves only languages
    /// whose rules have the zero category).
    @inline(__always)
    static func android(_ operand: PluralOperand, deviceRules: PluralRules,
                        available: (PluralCategory) -> Bool) -> PluralCategory? {
        category(explicitZero: false, wanted: { deviceRules.category(operand) }, available: available)
    }

    /// `category` with a locale's rules.
    @inline(__always)
    static func category(_ operand: PluralOperand, rules: PluralRules,
                         available: (PluralCategory) -> Bool) -> PluralCategory? {
        category(operand, wanted: { rules.category(operand) }, available: available)
    }

    /// The category a `.stringsdict` variable renders with when the wanted
    /// category is already known (rendering a variant for plain lookups).
    @inline(__always)
    static func category(explicitZero: Bool, wanted: PluralCategory,
                         available: (PluralCategory) -> Bool) -> PluralCategory? {
        category(explicitZero: explicitZero, wanted: { wanted }, available: available)
    }

    /// gettext's `unsigned long n` for an operand: integers wrap like C,
    /// fractions are dropped, decimals use their integer part.
    static func gettextCount(_ operand: PluralOperand) -> UInt64 {
        switch operand {
        case .int(let n): return UInt64(bitPattern: n)
        case .double(let d): return d.isFinite && d >= 0 && d < 1.8e19 ? UInt64(d) : 0
        case .decimal(let text):
            let whole = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
            if let n = Int64(whole) { return UInt64(bitPattern: n) }
            return UInt64(whole.drop { $0 == "+" }) ?? 0
        }
    }

    /// The translation index of a count by a formula, small counts from
    /// the formula's precomputed indices (`GettextIndices`).
    @inline(__always)
    static func gettextIndex(_ operand: PluralOperand, _ indices: GettextIndices) -> Int {
        let n: UInt64
        if case .int(let value) = operand { n = UInt64(bitPattern: value) } else { n = gettextCount(operand) }
        if n < UInt64(indices.smallCount), let small = indices.small { return Int(small[Int(n)]) }
        return indices.translationIndex(for: n)
    }

    /// The form libintl serves for an index among `count` forms.
    @inline(__always)
    static func gettextForm(_ index: Int, count: Int) -> Int { index < count ? index : 0 }
}

/// A Plural-Forms formula with its indices for small counts as plain
/// memory, so that the plural hot path reads them without copying the
/// formula: every field is trivial, and copying the indices never retains.
/// Owned by its table; freed with `deallocate()`.
struct GettextIndices: @unchecked Sendable {
    /// The formula, in memory of its own.
    private let stored: UnsafeMutablePointer<GettextPluralFormula>
    let small: UnsafeMutablePointer<UInt8>?
    let smallCount: Int

    init(_ formula: GettextPluralFormula?) {
        stored = .allocate(capacity: 1)
        stored.initialize(to: formula ?? .germanic)
        let indices = stored.pointee.smallCountIndices
        smallCount = indices.count
        if indices.isEmpty {
            small = nil
        } else {
            let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: indices.count)
            memory.initialize(from: indices, count: indices.count)
            small = memory
        }
    }

    /// The formula's translation index of `n`, read in place.
    @inline(__always)
    func translationIndex(for n: UInt64) -> Int { stored.pointee.translationIndex(for: n) }

    func deallocate() {
        small?.deallocate()
        stored.deinitialize(count: 1)
        stored.deallocate()
    }
}

extension PluralOperand {
    /// A decimal count spelled as the C API, the formatter and the bindings
    /// take it: an optional sign, digits, optionally `.` and digits (at most
    /// 16), nothing else. The one check of that spelling; nil when it is not one.
    public init?(decimal text: String) {
        var text = text
        let valid = text.withUTF8 { bytes -> Bool in
            // The shape: [+-] digits [. digits].
            var index = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? 1 : 0
            var whole = 0, fraction = 0, point = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") && !point {
                    point = true
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    if point { fraction += 1 } else { whole += 1 }
                } else {
                    return false
                }
                index += 1
            }
            // The operands (at most 16 fraction digits).
            return whole > 0 && (!point || fraction > 0) && PluralOperands(decimal: bytes) != nil
        }
        guard valid else { return nil }
        self = .decimal(text)
    }
}
