import Foundation
import Synchronization
import Testing
@testable import Parlance

/// gettext catalogs through the native API: `LANG/LC_MESSAGES/DOMAIN.po`
/// trees, the domain as table, `msgctxt` as context, Plural-Forms plurals.
@Suite struct GettextCatalogTests {
    static let sources = Fixtures.repository + "/Tests/Fixtures/libintl"

    /// A LOCALEDIR tree holding the fixture `.po` files as domain "demo".
    static func localeDirectory() throws -> String {
        let root = NSTemporaryDirectory() + "parlance-gettext-\(UUID().uuidString)"
        for file in try FileManager.default.contentsOfDirectory(atPath: sources) where file.hasSuffix(".po") {
            let language = String(file.dropLast(3))
            let folder = "\(root)/\(language)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(sources)/\(file)", toPath: "\(folder)/demo.po")
        }
        return root
    }

    /// A script code as the modifier (`sr@Latn`, as some projects name the
    /// folder) is that script: two tables. A localizer's chain follows CLDR:
    /// `sr-Latn`'s parent is the root, not the Cyrillic `sr` (the libintl
    /// functions, like glibc, do try `sr` after `sr@Latn`).
    @Test func scriptModifierFoldersAreTheirScript() throws {
        let root = NSTemporaryDirectory() + "parlance-gettext-\(UUID().uuidString)"
        let header = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
        for (folder, body) in [("sr", "msgid \"Open\"\nmsgstr \"Отвори\"\n\nmsgid \"Close\"\nmsgstr \"Затвори\"\n"),
                               ("sr@Latn", "msgid \"Open\"\nmsgstr \"Otvori\"\n")] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)/LC_MESSAGES", withIntermediateDirectories: true)
            try Data((header + body).utf8).write(to: URL(fileURLWithPath: "\(root)/\(folder)/LC_MESSAGES/app.po"))
        }
        let catalog = Catalog()
        try catalog.load(path: root)
        #expect(Set(catalog.locales) == ["sr", "sr-Latn"])
        let latin = try Localizer(catalog: catalog, locales: ["sr@Latn"])
        #expect(latin.text("Open", table: "app") == "Otvori")
        // Asked by its POSIX name, the modifier goes next, as with glibc's LANGUAGE=sr@Latn;
        // asked in BCP 47, the chain is CLDR's, which never reaches Cyrillic sr.
        #expect(latin.text("Close", table: "app") == "Затвори")
        #expect(try Localizer(catalog: catalog, locales: ["sr-Latn"]).text("Close", table: "app") == "Close")
        #expect(try Localizer(catalog: catalog, locales: ["sr"]).text("Open", table: "app") == "Отвори")
    }

    @Test func loadsLocaleDirectories() throws {
        let catalog = Catalog()
        try catalog.load(path: try Self.localeDirectory())
        #expect(catalog.tables == ["demo"])
        #expect(Set(catalog.locales).isSuperset(of: ["ar", "de", "ga", "ja", "ru"]))
        let de = try Localizer(catalog: catalog, locales: ["de-AT"])
        #expect(de.text("Open", table: "demo") == "Öffnen")
        #expect(de.text("Open", context: "menu", table: "demo") == "Öffnen…")
        #expect(de.lookup("Fuzzy", table: "demo") == nil)         // fuzzy entries are dropped
        #expect(de.lookup("Untranslated", table: "demo") == nil)  // so are empty translations
        #expect(de.plural("%d file", count: .int(1), table: "demo") == "%d Datei")
        #expect(try de.format("%d file", [.int(4)], table: "demo") == "4 Dateien")
    }

    @Test func pluralsFollowTheCatalogsFormula() throws {
        let catalog = Catalog()
        try catalog.load(path: try Self.localeDirectory())
        let ru = try Localizer(catalog: catalog, locales: ["ru"])
        #expect(ru.text("Open", table: "demo") == "Открыть")  // KOI8-R converted
        let expected = [1: "%d файл", 2: "%d файла", 5: "%d файлов", 11: "%d файлов", 21: "%d файл", 22: "%d файла"]
        for (n, text) in expected {
            #expect(ru.plural("%d file", count: .int(Int64(n)), table: "demo") == text)
        }
        let ar = try Localizer(catalog: catalog, locales: ["ar"])
        #expect(ar.plural("%d file", count: .int(0), table: "demo") == "لا ملفات")
        #expect(ar.plural("%d file", count: .int(103), table: "demo") == "%d ملفات")
        let ja = try Localizer(catalog: catalog, locales: ["ja"])
        #expect(ja.plural("%d file", count: .int(7), table: "demo") == "%d 個のファイル")  // Shift_JIS
        // Index past nplurals uses the first form, as libintl does.
        #expect(try Localizer(catalog: catalog, locales: ["yy"]).plural("%d file", count: .int(4), table: "demo") == "%d yfile")
        // A broken Plural-Forms falls back to n != 1.
        #expect(try Localizer(catalog: catalog, locales: ["zz"]).plural("%d file", count: .int(2), table: "demo") == "%d zfiles")
    }

    @Test func potTemplatesAreSourceLanguageTables() throws {
        let path = NSTemporaryDirectory() + "parlance-\(UUID().uuidString).pot"
        try Data("""
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgctxt "menu"
            msgid "Open"
            msgstr ""

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] ""
            msgstr[1] ""
            """.utf8).write(to: URL(fileURLWithPath: path))
        let catalog = Catalog()
        try catalog.load(path: path, locale: "en", table: "app")
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(en.lookup("Open", context: "menu", table: "app") == "Open")
        #expect(en.plural("%d file", count: .int(1), table: "app") == "%d file")
        #expect(en.plural("%d file", count: .int(2), table: "app") == "%d files")
    }

    @Test func runtimeFindsCatalogsWithGettextNameFallback() throws {
        let runtime = GettextRuntime()
        let directory = try Self.localeDirectory()
        #expect(runtime.bind(domain: "demo", directory: directory) == directory)
        try runtime.setLanguages("de_AT.UTF-8@euro:ru")
        #expect(runtime.lookup(domain: "demo", context: nil, msgid: "Open", count: nil) == "Öffnen")
        #expect(runtime.lookup(domain: "demo", context: "menu", msgid: "Open", count: nil) == "Öffnen…")
        #expect(runtime.lookup(domain: "demo", context: nil, msgid: "nothing", count: nil) == nil)
        try runtime.setLanguages("ru:de")
        #expect(runtime.lookup(domain: "demo", context: "menu", msgid: "Open", count: nil) == "Öffnen…")
        #expect(runtime.lookup(domain: "demo", context: nil, msgid: "%d file", count: 3) == "%d файла")
        #expect(throws: ParlanceError.self) { try runtime.setLanguages("!!") }
        #expect(runtime.textDomain(nil) == "messages")
        #expect(runtime.textDomain("demo") == "demo")
        #expect(runtime.textDomain("") == "messages")
    }

    /// libintl's lookups go through the one walk with libintl's policy: a
    /// miss and a fallback reach the handler (glibc's names, the domain as
    /// table); hits from the first catalog, the header and a thread without
    /// languages do not; the answers are the same with a handler or without.
    @Test func runtimeReportsMissesThroughTheWalk() throws {
        let runtime = GettextRuntime()
        let directory = try Self.localeDirectory()
        _ = runtime.bind(domain: "demo", directory: directory)
        try runtime.setLanguages("xx:de")
        let asked: [(String?, String, UInt64?)] = [(nil, "Open", nil), ("menu", "Open", nil), (nil, "%d file", 2),
                                                   (nil, "nothing", nil), ("menu", "nothing", 3)]
        let without = asked.map { runtime.lookup(domain: "demo", context: $0.0, msgid: $0.1, count: $0.2) }
        let misses = Mutex<[Miss]>([])
        runtime.onMiss { miss in misses.withLock { $0.append(miss) } }
        let with = asked.map { runtime.lookup(domain: "demo", context: $0.0, msgid: $0.1, count: $0.2) }
        #expect(with == without)
        #expect(with == ["Öffnen", "Öffnen…", "%d xfiles", nil, nil])
        let seen = misses.withLock { $0 }
        #expect(seen == [
            Miss(key: "Open", context: nil, table: "demo", locales: ["xx"], suppliedBy: "de"),
            Miss(key: "Open", context: "menu", table: "demo", locales: ["xx"], suppliedBy: "de"),
            Miss(key: "nothing", context: nil, table: "demo", locales: ["xx", "de"], suppliedBy: nil),
            Miss(key: "nothing", context: "menu", table: "demo", locales: ["xx", "de"], suppliedBy: nil),
        ])
        #expect(runtime.lookup(domain: "demo", context: nil, msgid: "", count: nil) != nil)
        runtime.onMiss(nil)
        #expect(runtime.lookup(domain: "demo", context: nil, msgid: "nothing", count: nil) == nil)
        #expect(misses.withLock { $0.count } == 4)
    }
}

/// `.mo` files served in place give what the same catalogs give from `.po`.
@Suite struct MappedCatalogTests {
    /// A LOCALEDIR tree of msgfmt-built `.mo` files (UTF-8 ones are mapped).
    static func moDirectory() throws -> String {
        let root = NSTemporaryDirectory() + "parlance-mo-\(UUID().uuidString)"
        for file in try FileManager.default.contentsOfDirectory(atPath: GettextCatalogTests.sources) where file.hasSuffix(".po") {
            let language = String(file.dropLast(3))
            let folder = "\(root)/\(language)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(GettextCatalogTests.sources)/\(file)")))
            try Data(try GettextTools.compile(po, in: folder)).write(to: URL(fileURLWithPath: "\(folder)/demo.mo"))
        }
        return root
    }

    @Test func sameAnswersAsThePoSources() throws {
        let fromPo = Catalog(), fromMo = Catalog()
        try fromPo.load(path: try GettextCatalogTests.localeDirectory())
        try fromMo.load(path: try Self.moDirectory())
        #expect(fromPo.locales == fromMo.locales)
        #expect(fromMo.state.tables[Catalog.TableID(locale: "de", name: "demo")]?.servedInPlace != nil)
        for locale in fromPo.locales {
            let po = try Localizer(catalog: fromPo, locales: [locale]), mo = try Localizer(catalog: fromMo, locales: [locale])
            for (key, context) in [("Open", nil), ("Open", "menu"), ("%d file", nil), ("%d file", "disk"), ("Fuzzy", nil), ("nope", nil)] {
                #expect(po.lookup(key, context: context, table: "demo") == mo.lookup(key, context: context, table: "demo"))
                #expect(po.explain(key, context: context, table: "demo") == mo.explain(key, context: context, table: "demo"))
                for n in 0...300 {
                    #expect(po.plural(key, count: .int(Int64(n)), context: context, table: "demo")
                            == mo.plural(key, count: .int(Int64(n)), context: context, table: "demo"))
                }
            }
        }
    }

    @Test func anotherSourceJoinsAMappedTable() throws {
        let root = try Self.moDirectory()
        let catalog = Catalog()
        try catalog.load(path: root + "/de/LC_MESSAGES/demo.mo")
        try catalog.load(bytes: Array("msgid \"Extra\"\nmsgstr \"Zusatz\"\n".utf8), locale: "de", table: "demo", format: .po)
        let de = try Localizer(catalog: catalog, locales: ["de"])
        #expect(de.text("Open", table: "demo") == "Öffnen")
        #expect(de.text("Extra", table: "demo") == "Zusatz")
        try catalog.load(path: root + "/de/LC_MESSAGES/demo.mo")  // a reload keeps both
        #expect(de.text("Open", table: "demo") == "Öffnen")
    }
}
