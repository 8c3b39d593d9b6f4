import Testing
@testable import Parlance

@Suite struct GettextLocaleNamesTests {
    @Test func explodesLikeGlibc() {
        #expect(GettextLocaleNames.variants(of: "de_DE.UTF-8@euro") == [
            "de_DE.UTF-8@euro", "de_DE.utf8@euro", "de_DE@euro", "de.UTF-8@euro", "de.utf8@euro", "de@euro",
            "de_DE.UTF-8", "de_DE.utf8", "de_DE", "de.UTF-8", "de.utf8", "de",
        ])
        #expect(GettextLocaleNames.variants(of: "pt_BR") == ["pt_BR", "pt"])
        #expect(GettextLocaleNames.variants(of: "ja") == ["ja"])
        #expect(GettextLocaleNames.variants(of: "sr@latin") == ["sr@latin", "sr"])
        // A codeset already normalized is tried once.
        #expect(GettextLocaleNames.variants(of: "fr_FR.utf8") == ["fr_FR.utf8", "fr_FR", "fr.utf8", "fr"])
    }

    /// The chain of a language list: each language's variants in turn, a
    /// name reached twice tried twice, as glibc does.
    @Test func chainsTheVariantsOfEachLanguage() {
        #expect(GettextLocaleNames.chain(["pt_BR", "de@euro", "pt"]) == ["pt_BR", "pt", "de@euro", "de", "pt"])
        #expect(GettextLocaleNames.chain([]) == [])
    }

    @Test func normalizesCodesets() {
        #expect(GettextLocaleNames.normalizeCodeset("UTF-8") == "utf8")
        #expect(GettextLocaleNames.normalizeCodeset("ISO-8859-1") == "iso88591")
        #expect(GettextLocaleNames.normalizeCodeset("8859-1") == "iso88591")
    }
}
