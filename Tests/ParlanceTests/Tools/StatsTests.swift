import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

@Suite struct StatsTests {
    @Test func countsOnAFixture() throws {
        let rows = try CatalogStats.compute(catalog: ToolFixtures.root + "/stats-catalog", developmentLocale: "en")
        #expect(rows == [
            TableStats(locale: "en", table: "Localizable", entries: 4, translated: 4, missing: 0, unused: 0,
                       translatedWords: 7, missingWords: 0),
            // a, c translated; b marked untranslated, d absent; "old" unused.
            TableStats(locale: "fr", table: "Localizable", entries: 4, translated: 2, missing: 2, unused: 1,
                       translatedWords: 4, missingWords: 3),
        ])
        #expect(rows[1].coverage == 50)
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
}
