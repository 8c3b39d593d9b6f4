import Testing
@testable import Parlance

/// Expectations written from CLDR's plural rules (plurals.xml, ordinals.xml),
/// independent of ICU.
@Suite struct PluralRulesTests {
    static let cardinal: [(String, PluralOperand, PluralCategory)] = [
        ("en", .int(1), .one), ("en", .int(0), .other), ("en", .int(2), .other),
        ("en", .decimal("1"), .one), ("en", .decimal("1.0"), .other), ("en", .double(1.5), .other),
        ("fr", .int(0), .one), ("fr", .int(1), .one), ("fr", .double(1.5), .one), ("fr", .int(2), .other),
        ("fr", .int(1_000_000), .many),
        ("ru", .int(1), .one), ("ru", .int(21), .one), ("ru", .int(11), .many), ("ru", .int(2), .few),
        ("ru", .int(22), .few), ("ru", .int(12), .many), ("ru", .int(5), .many), ("ru", .int(0), .many),
        ("ru", .decimal("1.5"), .other), ("ru", .int(101), .one), ("ru", .int(111), .many),
        ("ar", .int(0), .zero), ("ar", .int(1), .one), ("ar", .int(2), .two), ("ar", .int(3), .few),
        ("ar", .int(10), .few), ("ar", .int(11), .many), ("ar", .int(99), .many), ("ar", .int(100), .other),
        ("ar", .int(103), .few), ("ja", .int(1), .other), ("ja", .int(0), .other),
        ("pl", .int(1), .one), ("pl", .int(2), .few), ("pl", .int(5), .many), ("pl", .int(22), .few),
        ("pl", .int(12), .many), ("pl", .decimal("1.5"), .other),
        ("cy", .int(0), .zero), ("cy", .int(3), .few), ("cy", .int(6), .many),
        ("ga", .int(2), .two), ("ga", .int(3), .few), ("ga", .int(7), .many), ("ga", .int(11), .other),
        ("lv", .int(0), .zero), ("lv", .int(21), .one), ("lv", .decimal("0.1"), .one),
        ("ru", .int(Int64.max), .many), ("en", .int(-1), .one),
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
        #expect(PluralRules.forLocale(locale, ordinal: true).category(.int(number)) == expected)
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
        #expect(forms.select(.int(0), category: english.category)?.text == "none")
        #expect(forms.select(.decimal("0"), category: english.category)?.text == "none")
        #expect(forms.select(.double(0), category: english.category)?.text == "many")
        #expect(forms.select(.decimal("0.0"), category: english.category)?.text == "many")
        let noOther = PluralForms([.one: "one"])
        #expect(noOther.select(.int(5), category: english.category) == nil)
    }
}
