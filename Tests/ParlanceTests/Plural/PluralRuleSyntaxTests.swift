import Testing
@testable import Parlance

/// Rule text and operands, written from UTS #35 Part 3 §5.1 and ICU's
/// behaviour, independent of ICU's data.
@Suite struct PluralRuleSyntaxTests {
    typealias Relation = PluralRuleSyntax.Relation

    @Test func cldrSpelling() throws {
        let syntax = try PluralRuleSyntax.parse(
            "one: i = 1 and v = 0 @integer 1 @decimal 1.0, …; few: n % 10 = 2..4,9 and n % 100 != 12..14 or e != 0..5; other: @integer 0, 2~16")
        #expect(syntax.rules.map(\.category) == [.one, .few, .other])
        #expect(syntax.rules[0].condition == [[
            Relation(operand: .i, modulus: nil, negated: false, integerOnly: true, ranges: [1...1]),
            Relation(operand: .v, modulus: nil, negated: false, integerOnly: true, ranges: [0...0]),
        ]])
        #expect(syntax.rules[0].integerSamples == "1")
        #expect(syntax.rules[0].decimalSamples == "1.0, …")
        #expect(syntax.rules[1].condition == [
            [Relation(operand: .n, modulus: 10, negated: false, integerOnly: true, ranges: [2...4, 9...9]),
             Relation(operand: .n, modulus: 100, negated: true, integerOnly: true, ranges: [12...14])],
            [Relation(operand: .e, modulus: nil, negated: true, integerOnly: true, ranges: [0...5])],
        ])
        #expect(syntax.rules[2].condition.isEmpty)
        #expect(syntax.rules[2].integerSamples == "0, 2~16")
    }

    @Test func icuSpellingMeansTheSame() throws {
        let cldr = try PluralRuleSyntax.parse("one: n % 10 = 1 and n % 100 != 11; other: ")
        let icu = try PluralRuleSyntax.parse("one: n mod 10 in 1..1 and n mod 100 not in 11..11; other: ")
        #expect(cldr == icu)
        let within = try PluralRuleSyntax.parse("one: n within 0..2 and n is not 1 and i is 0")
        #expect(within.rules[0].condition[0].map(\.integerOnly) == [false, false, false])
        #expect(within.rules[0].condition[0].map(\.negated) == [false, true, false])
    }

    @Test(arguments: [
        "one i = 1", "one: x = 1", "one: i = ", "one: i = 4..2", "one: i mod 0 = 1", "one: i = 1 two: i = 2",
        "uno: i = 1", "one: i = 1; one: i = 2", "one: i = 1 and", "one: i == 1", "one: i = 99999999999",
        "one: i = 1 @float 1.5",
    ])
    func rejects(_ text: String) {
        #expect(throws: ParlanceError.self) { try PluralRuleSyntax.parse(text) }
    }

    static func operands(_ text: String) -> PluralOperands? {
        var text = text
        return text.withUTF8 { PluralOperands(decimal: $0) }
    }

    @Test func operandsOfDecimals() {
        let o = Self.operands("-0012.3400")!
        #expect((o.n, o.i, o.v, o.w, o.f, o.t) == (12.34, 12, 4, 2, 3400, 34))
        #expect(Self.operands("1.0")! == PluralOperands(n: 1, i: 1, v: 1, w: 0, f: 0, t: 0))
        #expect(Self.operands("+.5")! == PluralOperands(n: 0.5, i: 0, v: 1, w: 1, f: 5, t: 5))
        #expect(Self.operands("7.")! == PluralOperands(integer: 7))
        #expect(Self.operands("-0")! == PluralOperands(integer: 0))
        // ICU keeps the last 18 integer digits in i; n is the rounded double.
        let huge = Self.operands("123456789012345678901234567890.5")!
        #expect(huge.i == 345678901234567890)
        #expect(huge.n == 123456789012345678901234567890.5)
        #expect(Self.operands("1" + String(repeating: "0", count: 400))!.n == .infinity)
        #expect(Self.operands("1.0000000000000001")!.n == 1)
        #expect(Self.operands("0.1234567890123456")!.f == 1234567890123456)
    }

    @Test(arguments: ["", "-", "+", ".", "-.", "1..2", "1.2.3", "1e3", " 1", "1 ", "1,5", "0x10", "--1", "1-",
                      "0.12345678901234567", "١"])
    func operandsRejects(_ text: String) {
        #expect(Self.operands(text) == nil)
    }

    @Test func programFollowsIcuOnDoubles() throws {
        // `=` needs an integer, `within` does not; `!=` negates after that.
        let program = try PluralRuleProgram(PluralRuleSyntax.parse(
            "one: n = 1; two: n within 2..3; few: n != 4 and n % 10 = 5; many: n is 6"))
        func category(_ text: String) -> PluralCategory { program.category(Self.operands(text)!) }
        #expect(category("1.0") == .one)
        #expect(category("1.5") == .other)
        #expect(category("2.5") == .two)
        #expect(category("15") == .few)
        #expect(category("15.5") == .other)
        #expect(category("6.0") == .many)
        // i beyond 2^53 is a double in ICU: 10^18 - 1 rounds to 10^18.
        let icuDouble = try PluralRuleProgram(PluralRuleSyntax.parse("one: i % 10 = 0; other: "))
        #expect(icuDouble.category(Self.operands("999999999999999999")!) == .one)
        #expect(icuDouble.category(Self.operands("9007199254740991")!) == .other)
    }
}
