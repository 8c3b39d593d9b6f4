/// A CLDR plural category. Raw values match ICU's and the C API's order.
public enum PluralCategory: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case zero = 0, one, two, few, many, other

    /// The CLDR keyword: "zero", "one", "two", "few", "many", "other".
    public var name: String { spelling.description }

    /// The keyword as static, NUL-terminated UTF-8 (what the C API returns).
    package var spelling: StaticString {
        switch self {
        case .zero: "zero"
        case .one: "one"
        case .two: "two"
        case .few: "few"
        case .many: "many"
        case .other: "other"
        }
    }

    public var description: String { name }

    /// The category named by a CLDR keyword, or nil.
    public init?(name: some StringProtocol) {
        switch name {
        case "zero": self = .zero
        case "one": self = .one
        case "two": self = .two
        case "few": self = .few
        case "many": self = .many
        case "other": self = .other
        default: return nil
        }
    }

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool { a.rawValue < b.rawValue }
}

/// Texts by plural category; selection falls back to `other`.
public struct PluralForms: Sendable, Equatable {
    private var forms: [String?] = Array(repeating: nil, count: 6)

    public init() {}

    public init(_ dictionary: [PluralCategory: String]) {
        for (category, text) in dictionary { self[category] = text }
    }

    public subscript(category: PluralCategory) -> String? {
        get { forms[category.rawValue] }
        set { forms[category.rawValue] = newValue }
    }

    /// The categories that have a text, in CLDR order.
    public var categories: [PluralCategory] {
        PluralCategory.allCases.filter { forms[$0.rawValue] != nil }
    }

    public var isEmpty: Bool { forms.allSatisfy { $0 == nil } }
}

extension PluralForms {
    /// The same forms with every text passed through `transform`.
    package func mapTexts(_ transform: (String) -> String) -> PluralForms {
        var out = PluralForms()
        for category in categories { out[category] = self[category].map(transform) }
        return out
    }
}
