import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// `merge`, `extract` and `pseudo` with `--format android`: the default
/// resources gain the new strings, translations stay, every other byte of
/// a file stays, and what Android cannot hold is reported.
@Suite struct AndroidMergeTests {
    static let real = Fixtures.repository + "/Tests/Fixtures/real/android/commons"

    /// A copy of the real `values` and `values-ru` folders under `directory`.
    static func copy(into directory: String) throws {
        for folder in ["values", "values-ru"] {
            try writeBytes(directory + "/" + folder + "/strings.xml", try readBytes(real + "/" + folder + "/strings.xml"))
        }
    }

    /// The messages of the default resources (what merge keeps), as texts and plurals.
    static func messages(_ path: String) throws -> [SourceMessage] {
        try AndroidDocument(path: path).keys.map { key in
            SourceMessage(key: key, table: "Localizable")
        }
    }

    @Test func mergingWhatTheResourcesHoldChangesNothing() throws {
        let directory = try temporaryDirectory()
        try Self.copy(into: directory)
        let before = try readBytes(directory + "/values/strings.xml"), beforeRu = try readBytes(directory + "/values-ru/strings.xml")
        let report = try Merger.merge(messages: try Self.messages(directory + "/values/strings.xml"), into: directory,
                                      format: .android, locales: [], developmentLocale: "en", options: MergeOptions())
        #expect(report.files.allSatisfy { $0.status == .unchanged && $0.added.isEmpty }, "\(report.summary)")
        #expect(try readBytes(directory + "/values/strings.xml") == before)
        #expect(try readBytes(directory + "/values-ru/strings.xml") == beforeRu)
    }

    @Test func newStringsGoToTheDefaultResourcesWithTheFilesTwoSpaceIndentation() throws {
        let directory = try temporaryDirectory()
        try Self.copy(into: directory)
        let path = directory + "/values/strings.xml"
        let original = try readText(path)
        var messages = try Self.messages(path)
        messages.append(SourceMessage(key: "new_greeting", table: "Localizable", defaultValue: "It's \"new\" & <b>bold</b>"))
        messages.append(SourceMessage(key: "new_files", plural: "%d files", table: "Localizable", defaultValue: "%d file"))
        messages.append(SourceMessage(key: "Hello world!", table: "Localizable"))
        messages.append(SourceMessage(key: "open", context: "verb", table: "Localizable"))
        let report = try Merger.merge(messages: messages, into: directory, format: .android, locales: ["ru"],
                                      developmentLocale: "en", options: MergeOptions())
        let file = report.file(path)
        #expect(file?.added == ["new_files", "new_greeting"])   // in message order
        #expect(file?.notCarried == ["Hello world!: not an Android resource name ([A-Za-z_][A-Za-z0-9_.]*)",
                                     "(verb)open: Android resources have no contexts"])
        #expect(report.file(directory + "/values-ru/strings.xml")?.added ?? [] == [])
        let closing = original.range(of: "</resources>", options: .backwards)!.lowerBound
        #expect(try readText(path) == String(original[..<closing])
                + "  <plurals name=\"new_files\">\n"
                + "    <item quantity=\"one\">%d file</item>\n"
                + "    <item quantity=\"other\">%d files</item>\n"
                + "  </plurals>\n"
                + "  <string name=\"new_greeting\">It\\'s \\\"new\\\" &amp; &lt;b&gt;bold&lt;/b&gt;</string>\n"
                + String(original[closing...]))
        // The runtime serves them in the default locale, and a translation falls back to them.
        let ru = try localizer(directory, locales: ["ru"])
        #expect(ru.text("new_greeting") == "It's \"new\" & <b>bold</b>")
        #expect(ru.plural("new_files", count: .int(3)) == "%d files")
        #expect(summary(report).contains("! Hello world!: not an Android resource name"))
    }

    private func summary(_ report: MergeReport) -> String { report.summary }

    @Test func unusedStringsAreReportedOrDeletedWithTheirLines() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/values/strings.xml", Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
              <!-- kept as it is -->
              <string name="keep">Keep</string>
              <string name="gone">Gone</string>
              <string name="app_id" translatable="false">org.example</string>
              <plurals name="items"><item quantity="one">%d item</item><item quantity="other">%d items</item></plurals>
              <string-array name="sizes"><item>S</item><item>L</item></string-array>
            </resources>

            """.utf8))
        let messages = [SourceMessage(key: "keep", table: "Localizable")]
        let kept = try Merger.merge(messages: messages, into: directory, format: .android, locales: [], developmentLocale: "en",
                                    options: MergeOptions())
        #expect(kept.files.first?.unused == ["gone", "items"])
        _ = try Merger.merge(messages: messages, into: directory, format: .android, locales: [], developmentLocale: "en",
                             options: MergeOptions(deleteUnusedEntries: true))
        #expect(try readText(directory + "/values/strings.xml") == """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
              <!-- kept as it is -->
              <string name="keep">Keep</string>
              <string name="app_id" translatable="false">org.example</string>
              <string-array name="sizes"><item>S</item><item>L</item></string-array>
            </resources>

            """)
    }

    @Test func anEmptySelfClosingResourcesElementIsOpenedForNewStrings() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/values/strings.xml", Array("<?xml version=\"1.0\"?>\n<resources/>\n".utf8))
        _ = try Merger.merge(messages: [SourceMessage(key: "a", table: "Localizable", defaultValue: "A")], into: directory,
                             format: .android, locales: [], developmentLocale: "en", options: MergeOptions())
        #expect(try readText(directory + "/values/strings.xml")
                == "<?xml version=\"1.0\"?>\n<resources>\n    <string name=\"a\">A</string>\n</resources>\n")
        #expect(try localizer(directory, locales: ["en"]).text("a") == "A")
    }

    @Test func filesWithoutStringsAreNotTables() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/values/strings.xml", Array("<resources><string name=\"a\">A</string></resources>\n".utf8))
        try writeBytes(directory + "/values/colors.xml", Array("<resources><color name=\"red\">#f00</color></resources>\n".utf8))
        let layout = CatalogLayout(root: directory, format: .android)
        #expect(layout.tables(locale: "en") == ["Localizable"])
        #expect(CatalogLayout.detect(directory) == .android)
        let report = try Merger.merge(messages: [SourceMessage(key: "a", table: "Localizable")], into: directory, format: .android,
                                      locales: [], developmentLocale: "en", options: MergeOptions(deleteUnusedTables: true))
        #expect(report.files.allSatisfy { $0.status == .unchanged })
        #expect(FileSystemTools.isFile(directory + "/values/colors.xml"))
    }

    @Test func pseudoWritesAndroidsPseudolocaleFolders() throws {
        let directory = try temporaryDirectory()
        let written = try PseudoCatalog.write(catalog: Fixtures.examples, style: .accented, format: .android, into: directory,
                                              developmentLocale: "en")
        #expect(written.contains(directory + "/values-en-rXA/strings.xml"))
        let catalog = Catalog()
        try catalog.load(path: directory)
        let pseudo = try Localizer(catalog: catalog, locales: ["en-XA"])
        #expect(pseudo.text("greeting") != "greeting" && pseudo.text("greeting").unicodeScalars.contains { $0.value > 0x7F })
    }
}
