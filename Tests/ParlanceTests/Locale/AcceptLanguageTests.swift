import Testing
@testable import Parlance

@Suite struct AcceptLanguageTests {
    @Test(arguments: [
        // Firefox, Chrome and Safari as they send it.
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-CH", "fr", "en", "de"], []),
        ("en-US,en;q=0.9", ["en-US", "en"], []),
        ("de-DE", ["de-DE"], []),
        // Qualities order the ranges; equal ones keep the header's order.
        ("da, en-gb;q=0.8, en;q=0.7", ["da", "en-gb", "en"], []),
        ("en;q=0.5, fr, de;q=0.5, ja;q=1.000", ["fr", "ja", "en", "de"], []),
        ("en;q=0.001, fr;q=0.01", ["fr", "en"], []),
        // q=0 says "not acceptable"; `*` asks for nothing a chain can use.
        ("fr, en;q=0, *", ["fr"], []),
        ("*", [], []),
        ("", [], []),
        (" , ,fr ,", ["fr"], []),
        // Each language once, at its best quality.
        ("fr;q=0.5, fr, FR;q=0.8", ["fr"], []),
        // Whitespace around the parameters, tabs, upper-case Q.
        ("fr ; Q=0.5 ,\tde", ["de", "fr"], []),
        // POSIX spellings some clients send are read as LocaleName reads them.
        ("pt_BR, en_US.UTF-8;q=0.5", ["pt_BR", "en_US.UTF-8"], []),
        // Ranges that name no language, or a malformed quality, are rejected, not thrown.
        ("fr, en US, de", ["fr", "de"], ["en US"]),
        ("fr;q=2, de;q=abc, it;q=0.5555, es;q=.5, en;q=0.5", ["en"], ["fr;q=2", "de;q=abc", "it;q=0.5555", "es;q=.5"]),
        ("ü, C, fr", ["fr"], ["ü", "C"]),
        (";q=0.5, de", ["de"], [";q=0.5"]),
        ("*;q=x", [], ["*;q=x"]),
    ] as [(String, [String], [String])])
    func parses(_ header: String, _ languages: [String], _ rejected: [String]) {
        let parsed = AcceptLanguage(header)
        #expect(parsed.languages == languages)
        #expect(parsed.rejected == rejected)
    }

    @Test func aLongHeaderStaysLinear() {
        let header = Array(repeating: "fr;q=0.5", count: 50_000).joined(separator: ",") + ",de"
        #expect(AcceptLanguage(header).languages == ["de", "fr"])
    }

    /// A localizer's list tolerates what the parser rejects: a bad name
    /// costs that name, and an empty list is the development locale only.
    @Test func localizerSkipsNamesThatNameNoLanguage() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array("\"k\" = \"fr\";".utf8), locale: "fr", table: nil, format: .strings)
        let localizer = try Localizer(catalog: catalog, locales: ["*", "fr", "", "en US"], development: "en")
        #expect(localizer.locales == ["fr", "en"])
        #expect(localizer.text("k") == "fr")
        #expect(localizer.served("k") == ("fr", "fr"))
        #expect(localizer.served("missing") == ("missing", nil))
        #expect(try Localizer(catalog: catalog, locales: [], development: "de").locales == ["de"])
        // A default table: calls naming none look in it.
        try catalog.load(bytes: Array("\"k\" = \"fr (app)\";".utf8), locale: "fr", table: "app", format: .strings)
        let app = try Localizer(catalog: catalog, locales: ["fr"], table: "app")
        #expect(app.text("k") == "fr (app)")
        #expect(app.text("k", table: "Localizable") == "fr")
        #expect(app.explain("k").table == "app")
        #expect(throws: ParlanceError.self) { try Localizer(catalog: catalog, locales: ["fr"], development: "!!") }
    }
}
