import Testing
@testable import Parlance

@Suite struct LocaleNameTests {
    @Test(arguments: [
        ("pt_BR.UTF-8", "pt-BR"), ("pt-BR", "pt-BR"), ("zh_Hant_TW", "zh-Hant-TW"), ("zh-TW", "zh-TW"),
        ("de_DE.UTF-8@euro", "de-DE"), ("sr_RS@latin", "sr-Latn-RS"), ("sr@Latn", "sr-Latn"), ("uz_UZ@cyrl", "uz-Cyrl-UZ"), ("de_DE@euro", "de-DE"), ("en", "en"), ("EN-us", "en-US"),
        ("iw", "he"), ("English", "en"), ("fr_CA", "fr-CA"),
        // Other modifiers keep the locale apart from the plain language.
        ("ca@valencia", "ca-valencia"), ("ca_ES.UTF-8@valencia", "ca-ES-valencia"), ("sr@ije", "sr-ijekavsk"),
        ("en@quot", "en-x-quot"), ("en@boldquot", "en-boldquot"), ("be@latin", "be-Latn"), ("tt@iqtelif", "tt-Latn"),
        ("uz@cyrillic", "uz-Cyrl"), ("en@shaw", "en-Shaw"),
    ])
    func canonicalizes(_ input: String, _ expected: String) throws {
        #expect(try LocaleName.canonical(input) == expected)
    }

    /// A POSIX name's modifier is dropped next, as libintl's search drops it.
    @Test(arguments: [
        ("be@latin", ["be-Latn", "be"]), ("ca_ES.UTF-8@valencia", ["ca-ES-valencia", "ca-ES"]),
        ("sr_RS@latin", ["sr-Latn-RS", "sr-RS"]), ("de_DE@euro", ["de-DE"]), ("sr-Latn", ["sr-Latn"]), ("C", []),
    ])
    func requestedNames(_ input: String, _ expected: [String]) throws {
        #expect(try LocaleName.requested(input) == expected)
    }

    @Test func cAndPosixMeanUntranslated() throws {
        #expect(try LocaleName.canonical("C") == nil)
        #expect(try LocaleName.canonical("POSIX") == nil)
        #expect(try LocaleName.canonical("C.UTF-8") == nil)
    }

    @Test(arguments: ["", "!!", "en US", "123", "en_US/../x", "-"])
    func rejectsMalformedNames(_ input: String) {
        #expect(throws: ParlanceError.self) { try LocaleName.canonical(input) }
    }

    @Test func environmentFollowsGlibc() {
        func preferred(_ env: [String: String], process: String? = "C") -> [String] {
            EnvironmentLocales.preferred({ env[$0] }, processLocale: process)
        }
        #expect(preferred(["LANG": "fr_FR.UTF-8"]) == ["fr-FR"])
        #expect(preferred(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE"]) == ["de-DE"])
        #expect(preferred(["LANG": "fr_FR.UTF-8", "LC_ALL": "ru_RU", "LC_MESSAGES": "de_DE"]) == ["ru-RU"])
        #expect(preferred(["LANG": "fr_FR.UTF-8", "LANGUAGE": "ar:en_GB"]) == ["ar", "en-GB"])
        // LANGUAGE is ignored when the locale is C, as in glibc.
        #expect(preferred(["LANG": "C", "LANGUAGE": "ar"]) == [])
        #expect(preferred(["LANGUAGE": "ar"]) == [])
        #expect(preferred(["LC_ALL": "C.UTF-8", "LANGUAGE": "ar:C:fr"]) == ["ar"])
        #expect(preferred(["LC_ALL": "C.UTF-8"]) == [])
        #expect(preferred([:]) == [])
        // With no variable set, the locale setlocale set counts, as in glibc.
        #expect(preferred(["LANGUAGE": "ar"], process: "C.UTF-8") == ["ar"])
        #expect(preferred([:], process: "de_DE.UTF-8") == ["de-DE"])
        #expect(preferred(["LANG": "fr_FR.UTF-8"], process: "C") == ["fr-FR"])
        #expect(preferred(["LANG": "C", "LANGUAGE": "ar"], process: "de_DE.UTF-8") == [])
        #expect(preferred(["LANGUAGE": "sr@latin:sr"], process: "C.UTF-8") == ["sr-Latn", "sr"])
        #expect(preferred(["LANGUAGE": "be@latin"], process: "C.UTF-8") == ["be-Latn", "be"])
    }
}
