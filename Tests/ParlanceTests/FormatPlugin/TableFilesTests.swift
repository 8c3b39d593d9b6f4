import Foundation
import Testing
@testable import Parlance

/// `TableFormat.files(inFolder:)` lists exactly what `Catalog.load` of the
/// folder reads and publishes: each published table comes from a listed
/// file (its id the file's path, or the path, `#` and a table or locale),
/// under the locale and table the listing names.
@Suite struct TableFilesTests {
    /// `(id, locale, table)` of every source the catalog serves.
    static func published(_ catalog: Catalog) -> [(id: String, locale: String, table: String)] {
        var found: [(id: String, locale: String, table: String)] = []
        for (id, table) in catalog.state.tables {
            for source in table.sources { found.append((source.id, id.locale, id.name)) }
            if let served = table.servedInPlace { found.append((served.id, id.locale, id.name)) }
        }
        return found
    }

    static func check(_ folder: String) throws {
        let files = try TableFormat.files(inFolder: folder)
        let catalog = Catalog()
        try catalog.load(path: folder)
        let published = Self.published(catalog)
        #expect(!files.isEmpty && !published.isEmpty, "\(folder)")
        for table in published {
            let file = files.first { $0.path == table.id } ?? files.first { table.id.hasPrefix($0.path + "#") }
            guard let file else {
                Issue.record("\(table.id) is published but not listed")
                continue
            }
            if let locale = file.locale, table.id == file.path { #expect(locale == table.locale, "\(table.id)") }
            if let name = file.table { #expect(name == table.table, "\(table.id)") }
        }
        // Every listed file is read; only an Android file without strings publishes nothing.
        for file in files where !published.contains(where: { $0.id == file.path || $0.id.hasPrefix(file.path + "#") }) {
            #expect(file.format == .android, "\(file.path) is listed but publishes nothing")
        }
        // The same order as the reading: a folder's list is its files' first publications in load order.
        let listed = files.map(\.path)
        #expect(listed == Array(Set(listed)).sorted { listed.firstIndex(of: $0)! < listed.firstIndex(of: $1)! })
    }

    @Test(arguments: ["Examples/catalog", "Tests/Fixtures/messages", "Tests/Fixtures/base-i18n",
                      "Tests/Fixtures/real/android/commons", "Tests/Fixtures/real/android/seedvault",
                      "Tests/Fixtures/real/i18next/frigate", "Tests/Fixtures/real/i18next/headlamp",
                      "Tests/Fixtures/real/xcstrings", "Tests/Fixtures/real/xliff", "Tests/Fixtures/tools/lint-catalog"])
    func fixtureFolder(_ name: String) throws {
        try Self.check(Fixtures.repository + "/" + name)
    }

    /// Every layout in one folder, gettext's `.po` beside its `.mo` left out.
    @Test func mixedFolder() throws {
        let root = NSTemporaryDirectory() + "parlance-files-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ path: String, _ bytes: [UInt8]) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: FileSystem.directoryName(full), withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
        let po = Array("msgid \"a\"\nmsgstr \"A\"\n".utf8)
        try write("de/LC_MESSAGES/app.po", po)
        try write("de/LC_MESSAGES/app.mo", MOWriter.write([(Array("a".utf8), Array("A".utf8))]))
        try write("de/LC_MESSAGES/other.po", po)
        try write("fr.lproj/Localizable.strings", Array("\"a\" = \"A\";\n".utf8))
        try write("fr.lproj/Menu.json", Array("{\"a\": \"A\"}".utf8))
        try write("res/values/strings.xml", Array("<resources><string name=\"a\">A</string></resources>".utf8))
        try write("res/values-ru/strings.xml", Array("<resources><string name=\"a\">А</string></resources>".utf8))
        try write("res/values/colors.xml", Array("<resources><color name=\"c\">#fff</color></resources>".utf8))
        try write("locales/en/common.json", Array("{\"a\": \"A\"}".utf8))
        try write("App.xcstrings", try FileSystem.read(Fixtures.repository + "/Tests/Fixtures/xcstrings/Localizable.xcstrings"))
        try Self.check(root)
        let files = try TableFormat.files(inFolder: root)
        #expect(files.map { FileSystem.baseName($0.path) } == [
            "App.xcstrings", "Localizable.strings", "Menu.json", "app.mo", "other.po",
            "colors.xml", "strings.xml", "strings.xml", "common.json",
        ])
        #expect(!files.contains { $0.path.hasSuffix("app.po") })
        let mo = try #require(files.first { $0.path.hasSuffix("app.mo") })
        #expect(mo.locale == "de" && mo.table == "app" && mo.format == .mo)
        #expect(files.first { $0.path.hasSuffix("values-ru/strings.xml") }?.locale == "ru")
        #expect(files.first { $0.path.hasSuffix("values/strings.xml") }?.locale == "en")
        #expect(files.first { $0.path.hasSuffix("App.xcstrings") }.map { $0.locale == nil && $0.table == "App" } == true)
        let namespace = try #require(files.first { $0.path.hasSuffix("common.json") })
        #expect(namespace.locale == "en" && namespace.table == "common" && namespace.format == .i18next)
    }
}
