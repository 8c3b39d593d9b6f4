import Foundation
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

    /// A `.mo` path is read before anything tells a folder from a file: a
    /// folder so named still loads as a folder (and refuses a locale), and
    /// a missing file gives the error any missing path gives.
    @Test func aFolderOrAMissingFileNamedMOAnswersAsAnyPath() throws {
        let root = NSTemporaryDirectory() + "parlance-folder-\(UUID().uuidString).mo"
        let messages = root + "/de/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(MOWriter.write([(Array("Hello".utf8), Array("Hallo".utf8))])).write(to: URL(fileURLWithPath: messages + "/app.mo"))
        let catalog = Catalog()
        try catalog.load(path: root)
        #expect(try Localizer(catalog: catalog, locales: ["de"]).text("Hello", table: "app") == "Hallo")
        #expect(throws: ParlanceError(.invalidArgument, "locale, table and format apply to single files, not to a directory", path: root)) {
            try catalog.load(path: root, locale: "de")
        }
        let missing = root + "/nope.mo"
        #expect(throws: ParlanceError(.notFound, "no such file or directory", path: missing)) { try catalog.load(path: missing) }
        #expect(throws: ParlanceError(.notFound, "no such file or directory", path: missing)) { try catalog.load(path: missing, locale: "de") }
        #expect(catalog.locales == ["de"])
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
