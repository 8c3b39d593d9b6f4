/// A number whose plural category is wanted.
///
/// `.decimal` keeps visible fraction digits: in English `"1"` is `one` and
/// `"1.0"` is `other`, as CLDR's operands `v` and `f` require.
public enum PluralOperand: Sendable, Equatable, CustomStringConvertible {
    /// An integer: spelled as `FormatArgument.int`, so that a count reads
    /// the same as a format argument.
    case int(Int64)
    case double(Double)
    /// ASCII decimal: optional sign, digits, optional `.` and digits.
    case decimal(String)

    /// True for the integer zero (also spelled `"0"` without fraction digits):
    /// the numbers an explicit `zero` text applies to even where CLDR has no
    /// zero category (Apple's `.stringsdict` rule). A double `0.0` is not one.
    /// The number is 0, whatever its type (JavaScript's `count === 0`, which
    /// i18next's `_zero` asks): `0`, `0.0`, `"0.00"`.
    var isExactlyZero: Bool {
        if case .double(let d) = self { return d == 0 }
        return isExplicitZero
    }

    public var isExplicitZero: Bool {
        switch self {
        case .int(let n): return n == 0
        case .double: return false
        case .decimal(let s):
            var digits = Substring(s)
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            return !digits.isEmpty && digits.allSatisfy { $0 == "0" }
        }
    }

    /// The former spelling of `.int`, kept so that code written for it
    /// builds (a pattern `case .integer` must be written `case .int`).
    @available(*, deprecated, renamed: "int")
    public static func integer(_ n: Int64) -> PluralOperand { .int(n) }

    public var description: String {
        switch self {
        case .int(let n): return String(n)
        case .double(let d): return String(d)
        case .decimal(let s): return s
        }
    }
}

extension PluralForms {
    /// The text for `operand` by the one plural policy (`PluralSelection`).
    /// Nil when neither the chosen category nor `other` exists.
    public func select(
        _ operand: PluralOperand, category: (PluralOperand) -> PluralCategory
    ) -> (category: PluralCategory, text: String)? {
        guard let chosen = PluralSelection.category(operand, wanted: { category(operand) },
                                                    available: { self[$0] != nil }),
              let text = self[chosen] else { return nil }
        return (chosen, text)
    }
}
