import Testing
@testable import Parlance

/// Expectations written from CLDR's plural rules (plurals.xml, ordinals.xml),
/// independent of ICU.
@Suite struct PluralRulesTests {
    static let cardinal: [(String, PluralOperand, PluralCategory)] = [
        ("en", .integer(1), .one), ("en", .integer(0), .other), ("en", .integer(2), .other),
        ("en", .decimal("1"), .one), ("en", .decimal("1.0"), .other), ("en", .double(1.5), .other),
        ("fr", .integer(0), .one), ("fr", .integer(1), .one), ("fr", .double(1.5), .one), ("fr", .integer(2), .other),
        ("fr", .integer(1_000_000), .many),
        ("ru", .integer(1), .one), ("ru", .integer(21), .one), ("ru", .integer(11), .many), ("ru", .integer(2), .few),
        ("ru", .integer(22), .few), ("ru", .integer(12), .many), ("ru", .integer(5), .many), ("ru", .integer(0), .many),
        ("ru", .decimal("1.5"), .other), ("ru", .integer(101), .one), ("ru", .integer(111), .many),
        ("ar", .integer(0), .zero), ("ar", .integer(1), .one), ("ar", .integer(2), .two), ("ar", .integer(3), .few),
        ("ar", .integer(10), .few), ("ar", .integer(11), .many), ("ar", .integer(99), .many), ("ar", .integer(100), .other),
        ("ar", .integer(103), .few), ("ja", .integer(1), .other), ("ja", .integer(0), .other),
        ("pl", .integer(1), .one), ("pl", .integer(2), .few), ("pl", .integer(5), .many), ("pl", .integer(22), .few),
        ("pl", .integer(12), .many), ("pl", .decimal("1.5"), .other),
        ("cy", .integer(0), .zero), ("cy", .integer(3), .few), ("cy", .integer(6), .many),
        ("ga", .integer(2), .two), ("ga", .integer(3), .few), ("ga", .integer(7), .many), ("ga", .integer(11), .other),
        ("lv", .integer(0), .zero), ("lv", .integer(21), .one), ("lv", .decimal("0.1"), .one),
        ("ru", .integer(Int64.max), .many), ("en", .integer(-1), .one),
    ]

    @Test(arguments: cardinal)
    func cardinalCategories(_ locale: String, _ number: PluralOperand, _ expected: PluralCategory) {
        #expect(PluralRules.forLocale(locale).category(number) == expected)
    }

    @Test(arguments: [
        ("en", 1, PluralCategory.one), ("en", 2, .two), ("en", 3, .few), ("en", 4, .other), ("en", 11, .other),
        ("en", 21, .one), ("en", 22, .two), ("en", 23, .few), ("fr", 1, .one), ("fr", 2, .other), ("ru", 1, .other),
    ])
    func ordinalCategories(_ locale: String, _ number: Int64, _ expected: PluralCategory) {
        #expect(PluralRules.forLocale(locale, ordinal: true).category(.integer(number)) == expected)
    }

    @Test func categoriesInUse() {
        #expect(PluralRules.forLocale("ja").categories == [.other])
        #expect(PluralRules.forLocale("ru").categories == [.one, .few, .many, .other])
        #expect(PluralRules.forLocale("ar").categories == [.zero, .one, .two, .few, .many, .other])
    }

    @Test func rejectsNonDecimals() {
        #expect(throws: ParlanceError.self) { try PluralRules.forLocale("en").categoryOfDecimal("1,5") }
        #expect(throws: ParlanceError.self) { try PluralRules.forLocale("en").categoryOfDecimal("") }
        #expect(throws: ParlanceError.self) { try PluralRules.forLocale("en").categoryOfDecimal("1e3") }
    }

    @Test func explicitZeroAppliesToIntegerZeroOnly() {
        let forms = PluralForms([.zero: "none", .one: "one", .other: "many"])
        let english = PluralRules.forLocale("en")
        #expect(forms.select(.integer(0), category: english.category)?.text == "none")
        #expect(forms.select(.decimal("0"), category: english.category)?.text == "none")
        #expect(forms.select(.double(0), category: english.category)?.text == "many")
        #expect(forms.select(.decimal("0.0"), category: english.category)?.text == "many")
        let noOther = PluralForms([.one: "one"])
        #expect(noOther.select(.integer(5), category: english.category) == nil)
    }
}
