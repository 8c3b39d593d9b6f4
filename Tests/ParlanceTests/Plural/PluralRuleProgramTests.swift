import Testing
@testable import Parlance

/// The compiled rules against ICU itself, for every locale ICU ships.
@Suite struct PluralRuleProgramTests {
    static let locales = PluralRules.icuLocales

    static func operands(_ text: String) -> PluralOperands? {
        var text = text
        return text.withUTF8 { PluralOperands(decimal: $0) }
    }

    /// Compares the two routes; returns the first mismatches.
    static func mismatches(ordinal: Bool, numbers: [String]) -> [String] {
        var found: [String] = []
        for locale in locales {
            let rules = PluralRules.forLocale(locale, ordinal: ordinal)
            for text in numbers {
                let compiled = try? rules.categoryOfDecimal(text)
                let icu = try? rules.icuCategoryOfDecimal(text)
                if compiled != icu && found.count < 20 {
                    found.append("\(locale) '\(text.prefix(40))': \(compiled.map(\.name) ?? "error"), ICU \(icu.map(\.name) ?? "error")")
                }
            }
        }
        return found
    }

    @Test func icuShipsLocales() {
        #expect(Self.locales.count > 500)
        #expect(Self.locales.contains("en") && Self.locales.contains("pt-PT"))
    }

    @Test(arguments: [false, true])
    func everyLocaleCompiles(ordinal: Bool) {
        for locale in Self.locales {
            let rules = PluralRules.forLocale(locale, ordinal: ordinal)
            #expect(rules.program != nil, "\(locale): \(rules.ruleText ?? "no rule text")")
        }
    }

    @Test func cardinalDecimalsSelectAsInIcu() {
        let numbers = PluralTestNumbers.integers + PluralTestNumbers.fractions + PluralTestNumbers.invalid
        #expect(Self.mismatches(ordinal: false, numbers: numbers) == [])
    }

    @Test func ordinalIntegersSelectAsInIcu() {
        #expect(Self.mismatches(ordinal: true, numbers: PluralTestNumbers.integers + PluralTestNumbers.invalid) == [])
    }

    static let integers: [Int64] = {
        var values = Array(0...200) + [1000, 1_000_000, 2_000_000, Int64.max, Int64.min, -1, -2, -11, -21, -1_000_000]
        var power: Int64 = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        return values + [(1 << 53) - 1, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1]
    }()

    @Test(arguments: [false, true])
    func integersAndDoublesSelectAsInIcu(ordinal: Bool) {
        var found: [String] = []
        for locale in Self.locales {
            let rules = PluralRules.forLocale(locale, ordinal: ordinal)
            for n in Self.integers {
                // ICU's route for an integer: its double while exact, else its digits.
                let icu = n.magnitude <= 1 << 53 ? rules.icuCategory(of: Double(n)) : try? rules.icuCategoryOfDecimal(String(n))
                if rules.category(.int(n)) != icu && found.count < 20 { found.append("\(locale) \(n)") }
                if n.magnitude <= 1 << 53, rules.category(.double(Double(n))) != icu, found.count < 20 {
                    found.append("\(locale) \(n) as a double")
                }
            }
            for d in [-0.0, 0.5, 1.5, 2.25, 1e15, 9007199254740992.0, 1e16, 1e20, -1.0, -21.0] {
                if rules.category(.double(d)) != rules.icuCategory(of: d) && found.count < 20 {
                    found.append("\(locale) double \(d)")
                }
            }
        }
        #expect(found == [])
    }

    /// Every locale's CLDR source in ICU's data parses, its `@integer` and
    /// `@decimal` samples select their own category (compiled from the
    /// source, compiled from ICU's text, and by ICU), and the source and
    /// ICU's text select alike.
    @Test(arguments: [false, true])
    func samplesSelectTheirOwnCategory(ordinal: Bool) throws {
        var found: [String] = []
        var checked = 0
        for locale in Self.locales {
            let source = try #require(PluralRules.ruleSource(locale: locale, ordinal: ordinal))
            let syntax = try PluralRuleSyntax.parse(source)
            let fromSource = try PluralRuleProgram(syntax)
            let rules = PluralRules.forLocale(locale, ordinal: ordinal)
            let compiled = try #require(rules.program)
            for rule in syntax.rules {
                let samples = PluralSamples.expand(rule.integerSamples ?? "") + PluralSamples.expand(rule.decimalSamples ?? "")
                for sample in samples {
                    checked += 1
                    let operands = try #require(Self.operands(sample), "\(locale) sample \(sample)")
                    let answers = [fromSource.category(operands), compiled.category(operands), try? rules.icuCategoryOfDecimal(sample)]
                    if answers.contains(where: { $0 != rule.category }) && found.count < 20 {
                        found.append("\(locale) \(rule.category) sample \(sample): \(answers)")
                    }
                }
            }
            for text in PluralTestNumbers.integers + PluralTestNumbers.fractions {
                let operands = try #require(Self.operands(text))
                if fromSource.category(operands) != compiled.category(operands) && found.count < 20 {
                    found.append("\(locale) '\(text.prefix(40))': source and ICU's text differ")
                }
            }
        }
        #expect(found == [])
        #expect(checked > 10_000)
    }
}
