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
    ])
    func chains(_ preferred: [String], _ development: String, _ expected: [String]) {
        #expect(FallbackChain.resolve(preferred: preferred, development: development) == expected)
    }

    @Test func serbianLatinNeverReachesCyrillic() {
        let chain = FallbackChain.resolve(preferred: ["sr-Latn-RS", "de"], development: "en")
        #expect(!chain.contains("sr"))
        #expect(!chain.contains("sr-Cyrl"))
    }
}
