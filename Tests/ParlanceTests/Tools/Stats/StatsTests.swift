import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

@Suite struct StatsTests {
    @Test func countsOnAFixture() throws {
        let root = ToolFixtures.root + "/stats-catalog"
        let rows = try CatalogStats.compute(catalog: root, developmentLocale: "en")
        let source = root + "/en.lproj/Localizable.strings"
        #expect(rows == [
            TableStats(locale: "en", table: "Localizable", entries: 4, translated: 4, missing: 0, unused: 0,
                       translatedWords: 7, missingWords: 0, files: [source]),
            // a, c translated; b marked untranslated, d absent; "old" unused.
            TableStats(locale: "fr", table: "Localizable", entries: 4, translated: 2, missing: 2, unused: 1,
                       translatedWords: 4, missingWords: 3,
                       missingKeys: [.init(key: "b", context: nil, location: source + ":2:1"),
                                     .init(key: "d", context: nil, location: source + ":4:1")],
                       files: [root + "/fr.lproj/Localizable.strings"]),
        ])
        #expect(rows[1].coverage == 50)
    }

    @Test func androidFolderFilesAreOneTableAndUntranslatableStringsNoMessages() throws {
        let res = try temporaryDirectory()
        try writeBytes(res + "/values/strings.xml", Array("""
            <resources><string name="a">A</string><string name="id" translatable="false">x</string></resources>
            """.utf8))
        try writeBytes(res + "/values/arrays.xml", Array("<resources><string-array name=\"p\"><item>P</item></string-array></resources>".utf8))
        try writeBytes(res + "/values/donottranslate.xml", Array("<resources><string name=\"url\">u</string></resources>".utf8))
        try writeBytes(res + "/values-fr/arrays.xml", Array("<resources><string-array name=\"p\"><item>Pe</item></string-array></resources>".utf8))
        let rows = try CatalogStats.compute(catalog: res, developmentLocale: "en")
        #expect(rows.map(\.table) == ["Localizable", "Localizable"])
        // a and p[0] are messages (p[0] translated in French's arrays.xml); id and url are resources.
        #expect(rows.last.map { [$0.entries, $0.translated, $0.missing] } == [2, 1, 1])
        #expect(rows.last?.missingKeys.map(\.key) == ["a"])
    }

    @Test func jsonAndGettextTranslationState() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en.lproj/Menu.json", Array("{\"a\": \"Open\", \"b\": \"Close\"}".utf8))
        try writeBytes(directory + "/fr.lproj/Menu.json", Array("{\"a\": \"Ouvrir\", \"b\": \"Close\"}".utf8))
        let json = try CatalogStats.compute(catalog: directory, developmentLocale: "en")
        #expect(json.last?.translated == 1 && json.last?.missing == 1)

        let po = try temporaryDirectory()
        _ = try Merger.merge(messages: SampleMessages.all, into: po, format: .po, locales: ["fr"], developmentLocale: "en",
                             options: MergeOptions())
        let rows = try CatalogStats.compute(catalog: po, developmentLocale: "en")
        #expect(rows.map(\.locale) == ["fr"])
        #expect(rows.first?.entries == 4 && rows.first?.missing == 4 && rows.first?.coverage == 0)
    }

    @Test func statsCommandPrintsATableAndJSON() throws {
        let catalog = ToolFixtures.root + "/stats-catalog"
        let text = runTool(["stats", catalog])
        #expect(text.status == 0)
        #expect(text.out == """
            LOCALE  TABLE        ENTRIES  TRANSLATED  MISSING  UNUSED  WORDS  MISSING WORDS  COVERAGE
            en      Localizable        4           4        0       0      7              0    100.0%
            fr      Localizable        4           2        2       1      7              3     50.0%

            """)
        let json = runTool(["stats", "--format", "json", catalog])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2 && parsed[1]["missingWords"] as? Int == 3 && parsed[1]["coverage"] as? Double == 50)
        #expect(runTool(["stats", "/nonexistent/catalog"]).status == 1)
        #expect(CatalogStats.wordCount("%d files in %@ — 2 left") == 4)
    }

    /// Fuzzy `.po` entries count as missing and as fuzzy; missing keys keep
    /// their context and the template's location, in the template's order.
    @Test func fuzzyAndMissingKeysOfAGettextCatalog() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/messages.pot", Array("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Open"
            msgstr ""

            msgctxt "menu"
            msgid "Close"
            msgstr ""

            msgid "Save"
            msgstr ""

            """.utf8))
        try writeBytes(directory + "/fr/LC_MESSAGES/messages.po", Array("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Open"
            msgstr "Ouvrir"

            #, fuzzy
            msgctxt "menu"
            msgid "Close"
            msgstr "Fermer"

            """.utf8))
        let rows = try CatalogStats.compute(catalog: directory, developmentLocale: "en")
        let row = try #require(rows.first { $0.locale == "fr" })
        #expect(row.translated == 1 && row.missing == 2 && row.fuzzy == 1)
        #expect(row.missingKeys == [.init(key: "Close", context: "menu", location: directory + "/messages.pot:8:1"),
                                    .init(key: "Save", context: nil, location: directory + "/messages.pot:11:1")])
        let json = runTool(["stats", "--format", "json", directory])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        let keys = try #require(parsed.first?["missingKeys"] as? [[String: String]])
        #expect(parsed.first?["fuzzy"] as? Int == 1)
        #expect(keys == [["key": "Close", "context": "menu", "location": directory + "/messages.pot:8:1"],
                         ["key": "Save", "location": directory + "/messages.pot:11:1"]])
    }

    @Test func statsPageIsSelfContainedAndEscaped() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en.lproj/Localizable.strings", Array("\"<b>&\" = \"Bold & \\\"quoted\\\"\";\n\"x\" = \"X\";\n".utf8))
        try writeBytes(directory + "/fr.lproj/Localizable.strings", Array("\"x\" = \"Ixe\";\n".utf8))
        let page = directory + "/out/coverage.html"
        let run = runTool(["stats", "--html", page, directory])
        #expect(run.status == 0)
        let html = String(decoding: try readBytes(page), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"))
        #expect(html.contains("data-locale=\"fr\" data-table=\"Localizable\" data-entries=\"2\" data-translated=\"1\""))
        #expect(html.contains("<div class=\"done\" style=\"width:50.0%\"></div>"))
        #expect(html.contains("<code class=\"key\">&lt;b&gt;&amp;</code>"))
        #expect(!html.contains("<b>&"))
        #expect(StatsHTML.escape("a\"b'c") == "a&quot;b&#39;c")
    }
}
