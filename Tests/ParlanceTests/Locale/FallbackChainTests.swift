import Testing
@testable import Parlance

@Suite struct FallbackChainTests {
    @Test(arguments: [
        (["fr-CA"], "en", ["fr-CA", "fr", "en"]),
        (["zh-TW"], "en", ["zh-TW", "zh-Hant-TW", "zh-Hant", "en"]),
        (["zh-Hant-TW"], "en", ["zh-Hant-TW", "zh-TW", "zh-Hant", "en"]),
        (["sr-Latn"], "en", ["sr-Latn", "en"]),
        (["sr-Latn-RS"], "en", ["sr-Latn-RS", "sr-Latn", "en"]),
        (["pt-BR", "es"], "en", ["pt-BR", "pt", "es", "en"]),
        (["ar", "en"], "en", ["ar", "en"]),
        (["en-GB"], "en", ["en-GB", "en"]),
        (["zh-CN"], "en", ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh", "en"]),
        (["zh-Hans-CN"], "en", ["zh-Hans-CN", "zh-CN", "zh-Hans", "zh", "en"]),
        (["zh"], "en", ["zh", "zh-Hans", "en"]),
        (["fr-Latn-CA"], "en", ["fr-Latn-CA", "fr-CA", "fr-Latn", "fr", "en"]),
        ([], "en", ["en"]),
        (["qq-XX"], "en", ["qq-XX", "qq", "en"]),
        (["ca-ES-valencia"], "en", ["ca-ES-valencia", "ca-valencia", "ca-ES", "ca", "en"]),
        (["ca-valencia"], "en", ["ca-valencia", "ca", "en"]),
        (["en-x-quot"], "en", ["en-x-quot", "en"]),
    ])
    func chains(_ preferred: [String], _ development: String, _ expected: [String]) {
        #expect(FallbackChain.resolve(preferred: preferred, development: development) == expected)
    }

    /// Language matching: the catalog's best match for each preferred locale
    /// (ICU's LocaleMatcher) goes before the first of its own forms the
    /// catalog has, or after them all; a language it lacks matches nothing.
    @Test(arguments: [
        (["fr"], ["de-DE", "en", "fr-FR"], ["fr", "fr-FR", "en"]),
        (["pt"], ["en", "pt-BR", "pt-PT"], ["pt", "pt-BR", "en"]),
        (["en-AU"], ["en", "en-GB"], ["en-AU", "en-GB", "en"]),
        (["es-AR"], ["en", "es", "es-419"], ["es-AR", "es-419", "es", "en"]),
        (["zh-HK"], ["en", "zh-CN", "zh-TW"], ["zh-HK", "zh-Hant-HK", "zh-Hant", "zh-TW", "en"]),
        (["fr-CH"], ["en", "fr", "fr-FR"], ["fr-CH", "fr", "en"]),
        (["de"], ["en", "fr-FR"], ["de", "en"]),
        (["fr-FR"], ["en", "fr-FR"], ["fr-FR", "fr", "en"]),
        (["ca"], ["ca-valencia", "en"], ["ca", "en"]),
        (["en"], ["en-x-quot", "fr"], ["en"]),
    ])
    func matchedChains(_ preferred: [String], _ available: [String], _ expected: [String]) {
        #expect(FallbackChain.resolve(preferred: preferred, development: "en", available: available) == expected)
    }

    @Test func serbianLatinNeverReachesCyrillic() {
        let chain = FallbackChain.resolve(preferred: ["sr-Latn-RS", "de"], development: "en")
        #expect(!chain.contains("sr"))
        #expect(!chain.contains("sr-Cyrl"))
    }

    /// Two-letter codes are answered without ICU (`LocaleName.isPlainLanguage`):
    /// for every one of them, the canonical tag and the chain are what ICU gives.
    @Test func plainLanguagesAgreeWithICU() throws {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Character(Unicode.Scalar($0)) }
        var plain = 0
        for first in letters {
            for second in letters {
                let code = String([first, second])
                let viaICU = try? LocaleName.canonicalWithICU(code)
                guard LocaleName.isPlainLanguage(code) else {
                    #expect(viaICU != code, "\(code) is kept by ICU and could be plain")
                    continue
                }
                plain += 1
                #expect(viaICU == code, "\(code)")
                #expect(try LocaleName.canonical(code) == code)
                #expect(FallbackChain.expand(code).uniqued() == FallbackChain.expandedWithICU(code).uniqued(), "\(code)")
            }
        }
        #expect(plain == 26 * 26 - 5)
    }
}

private extension Array where Element == String {
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
