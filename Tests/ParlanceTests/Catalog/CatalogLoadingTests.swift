import Testing
@testable import Parlance

@Suite struct CatalogLoadingTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func failedLoadLeavesPreviousStateServing() throws {
        let catalog = Catalog()
        try catalog.load(bytes: bytes("\"a\" = \"1\";"), locale: "fr")
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(fr.text("a") == "1")
        #expect(throws: ParlanceError.self) { try catalog.load(bytes: bytes("\"a\" = \"2\"\n\"b\" = \"3\";"), locale: "fr") }
        #expect(fr.text("a") == "1")
        #expect(fr.lookup("b") == nil)
    }

    @Test func reloadingASourceReplacesItsEntries() throws {
        let catalog = Catalog()
        try catalog.load(bytes: bytes("\"a\" = \"1\"; \"b\" = \"2\";"), locale: "fr")
        try catalog.load(bytes: bytes("\"a\" = \"3\";"), locale: "fr")
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(fr.text("a") == "3")
        #expect(fr.lookup("b") == nil)
    }

    @Test func stringsdictOverridesStringsWithTheSameKey() throws {
        let catalog = Catalog()
        let dict = """
            <plist><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string>
            <key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>one thing</string><key>other</key><string>%d things</string></dict></dict></dict></plist>
            """
        try catalog.load(bytes: bytes(dict), locale: "en", format: .stringsdict)
        try catalog.load(bytes: bytes("\"n\" = \"plain\";"), locale: "en", format: .strings)
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try en.format("n", [.int(1)]) == "one thing")
        #expect(en.text("n") == "%d things")
    }

    @Test func errorsAreLocated() throws {
        let catalog = Catalog()
        do {
            try catalog.load(bytes: bytes("\"a\" = \"1\";\n\"b\" = \"2\"\n"), locale: "fr")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.code == .syntax)
            #expect(error.line == 2 || error.line == 3)
            #expect(error.column > 0)
        }
        #expect(throws: ParlanceError(.locale, "invalid locale name '!!'")) {
            try catalog.load(bytes: [], locale: "!!")
        }
    }

    @Test func singleFilesNeedALocaleOutsideLproj() throws {
        let catalog = Catalog()
        let path = Fixtures.examples + "/en.lproj/Menu.json"
        try catalog.load(path: path)
        #expect(catalog.tables == ["Menu"])
        #expect(catalog.locales == ["en"])
        try catalog.load(path: path, locale: "en-GB", table: "Other")
        #expect(catalog.locales == ["en", "en-GB"])
        #expect(throws: ParlanceError.self) { try catalog.load(path: Fixtures.examples + "/nope.strings") }
        #expect(throws: ParlanceError.self) { try catalog.load(path: Fixtures.examples, locale: "fr") }
    }
}
