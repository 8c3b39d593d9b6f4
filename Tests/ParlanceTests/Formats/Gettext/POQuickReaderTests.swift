import Foundation
import Testing
@testable import Parlance

/// The quick `.po` reader (the catalogs' path) gives exactly the table the
/// full reader (the tools' path) gives, for every file it accepts, and
/// leaves every file it cannot read exactly to the full reader.
extension GettextTests {
    @Suite struct POQuickReaderTests {
        /// Entries as (stored key, texts), sorted by key.
        typealias Rows = [String: [String]]

        static func rows(_ entries: [StoredEntry]) -> Rows {
            var rows: Rows = [:]
            for entry in entries {
                let texts: [String]
                switch entry.value {
                case .text(let text): texts = [text.string]
                case .gettextPlural(let forms): texts = ["plural"] + forms.map(\.string)
                default: texts = ["unexpected"]
                }
                rows[entry.storedKey.string] = texts
            }
            return rows
        }

        /// Notes for translators by stored key.
        static func notes(_ notes: [(key: CText, note: String)]) -> [String: String] {
            Dictionary(notes.map { ($0.key.string, $0.note) }, uniquingKeysWith: { $1 })
        }

        /// The full reader's table as the catalog stores it, or nil when it refuses the file.
        static func full(_ bytes: [UInt8]) -> (rows: Rows, formula: GettextPluralFormula, notes: [String: String])? {
            guard let table = try? TableFormat.po.read(bytes, path: "t.po", quick: false) else { return nil }
            let source = TableSource(id: "t.po", format: .po, order: 0, parsed: table)
            return (rows(source.entries), table.formula ?? .germanic, notes(source.notes))
        }

        /// Checks one file; returns whether the quick reader took it.
        @discardableResult
        static func check(_ bytes: [UInt8], _ name: String) -> Bool {
            let expected = full(bytes)
            guard let quick = POFile.quickTable(bytes) else { return false }
            #expect(expected != nil, "\(name): the quick reader took a file the full reader refuses")
            guard let expected else { return true }
            #expect(rows(quick.entries) == expected.rows, "\(name)")
            #expect(quick.entries.count == expected.rows.count, "\(name): the same key twice")
            #expect((quick.header.map(GettextPluralFormula.fromHeader) ?? .germanic) == expected.formula, "\(name)")
            #expect(notes(quick.notes) == expected.notes, "\(name): the notes for translators")
            return true
        }

        @Test func everyConstruct() {
            let header = utf8Header + "\"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);\\n\"\n\n"
            let cases: [(String, Bool)] = [
                ("msgid \"a\"\nmsgstr \"A\"\n", true),
                ("msgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Ouvrir\"\n", true),
                ("msgid \"\"\n\"multi\"\n  \"line\"\nmsgstr \"\"\n\"M\" \"L\"\n", true),
                ("msgid \"esc\"\nmsgstr \"nl\\n tab\\t q\\\" bs\\\\ cr\\r b\\b f\\f v\\v a\\a\"\n", true),
                ("msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"1\"\nmsgstr[1] \"2\"\nmsgstr [ 2 ] \"3\"\n", true),
                ("msgid \"empty plural\"\nmsgid_plural \"p\"\nmsgstr[0] \"\"\nmsgstr[1] \"x\"\n", true),
                ("#, fuzzy\nmsgid \"fuzzy\"\nmsgstr \"F\"\n\nmsgid \"next\"\nmsgstr \"N\"\n", true),
                ("#, c-format, fuzzy\nmsgid \"f2\"\nmsgstr \"F\"\n", true),
                ("#,fuzzy-ish\nmsgid \"not fuzzy\"\nmsgstr \"kept\"\n", true),
                ("#: a.c:1\n#. note\n# translator\n#, fuzzy\n#| msgctxt \"c\"\n#| msgid \"old\"\nmsgid \"new\"\nmsgstr \"N\"\n", true),
                ("#: a.c:1\n#| msgid \"old\"\nmsgid \"new\"\nmsgstr \"N\"\n", true),
                ("# translator\n#. note\n#.tight\n#\n#: a.c:2\n#  indented\nmsgid \"noted\"\nmsgstr \"N\"\n", true),
                ("#. crlf note\r\n# crlf translator\r\nmsgctxt \"c\"\r\nmsgid \"k\"\r\nmsgstr \"K\"\r\n", true),
                ("# before obsolete\n#~ msgid \"gone\"\n#~ msgstr \"G\"\n\nmsgid \"clean\"\nmsgstr \"C\"\n", true),
                ("# untranslated note\nmsgid \"u\"\nmsgstr \"\"\n\nmsgid \"after untranslated\"\nmsgstr \"A\"\n", true),
                ("#, fuzzy\n#~ msgid \"gone\"\n#~ msgstr \"G\"\n\nmsgid \"after\"\nmsgstr \"A\"\n", true),
                ("msgid \"untranslated\"\nmsgstr \"\"\n", true),
                ("msgctxt \"\"\nmsgid \"\"\nmsgstr \"empty context\"\n", true),
                ("msgid \"unicode\"\nmsgstr \"Привет, 世界 👋\"\n", true),
                // Left to the full reader, which reads or refuses them:
                ("msgid \"octal\"\nmsgstr \"\\101\"\n", false),
                ("msgid \"hex\"\nmsgstr \"\\x41\"\n", false),
                ("msgid \"crlf\"\r\nmsgstr \"C\"\r\n", true),
                ("#, fuzzy\r\nmsgid \"crlf fuzzy\"\r\nmsgstr \"F\"\r\n\r\n#: a.c:1\r\nmsgid \"\"\r\n\"crlf multi\"\r\nmsgstr \"M\"\r\n", true),
                ("# joined \\\r\nmsgid \"x\"\r\nmsgstr \"X\"\r\n", false),
                ("msgid \"cr\rinside\"\nmsgstr \"x\"\n", false),
                ("msgid \"joined\\\n\"\nmsgstr \"J\"\n", false),
                ("msgid \"dup\"\nmsgstr \"1\"\n\nmsgid \"dup\"\nmsgstr \"2\"\n", false),
                ("msgid \"bad\"\nmsgstr[0] \"x\"\n", false),
                ("msgid \"bad\"\nmsgid_plural \"p\"\nmsgstr[1] \"x\"\n", false),
                ("msgid \"unterminated\nmsgstr \"x\"\n", false),
                ("domain \"d\"\nmsgid \"a\"\nmsgstr \"b\"\n", false),
                ("msgid \"q\\'\"\nmsgstr \"x\"\n", false),
                ("msgid \"a\"\n", false),
                ("# c\n\"stray\"\n", false),
                ("#| msgid \"old\"\n# comment\nmsgid \"new\"\nmsgstr \"N\"\n", false),
            ]
            for (index, (body, quick)) in cases.enumerated() {
                let bytes = Array((header + body).utf8)
                #expect(Self.check(bytes, "case \(index)") == quick, "case \(index): \(body)")
            }
            // Another charset: the full reader converts it.
            let latin1 = Array("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\nmsgid \"e\"\nmsgstr \"\u{E9}\"\n"
                .unicodeScalars.map { UInt8($0.value) })
            #expect(POFile.quickTable(latin1) == nil)
            // A BOM is skipped, as the full reader skips it.
            #expect(Self.check([0xEF, 0xBB, 0xBF] + Array((header + "msgid \"a\"\nmsgstr \"A\"\n").utf8), "bom"))
        }

        /// Every `.po` of the fixtures and of GNU gettext's example projects
        /// (1,290 files from the Translation Project, installed by
        /// scripts/install-deps.sh with gettext-doc).
        @Test func realCatalogs() throws {
            var files = try FileManager.default.subpathsOfDirectory(atPath: Fixtures.repository + "/Tests/Fixtures")
                .filter { $0.hasSuffix(".po") }.map { Fixtures.repository + "/Tests/Fixtures/" + $0 }
            let examples = "/usr/share/doc/gettext/examples"
            let real = (FileManager.default.subpaths(atPath: examples) ?? []).filter { $0.hasSuffix(".po") }
            #expect(real.count >= 1000, "gettext-doc's examples are installed")
            files += real.map { examples + "/" + $0 }
            var taken = 0
            for path in files {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                if Self.check(bytes, path) { taken += 1 }
            }
            // The quick path is the usual one: real catalogs are UTF-8 with the usual escapes.
            #expect(taken * 10 >= real.count * 9, "quick reader took \(taken) of \(files.count)")
        }

        /// A catalog's loads give the same lookups through either reader.
        @Test func catalogsServeTheSameThroughEitherReader() throws {
            let directory = try GettextTools.temporaryDirectory()
            let po = Array((utf8Header + """
                "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

                msgid "Open"
                msgstr "Ouvrir"

                msgctxt "menu"
                msgid "Open"
                msgstr "Ouvrir le menu"

                msgid "%d file"
                msgid_plural "%d files"
                msgstr[0] "%d fichier"
                msgstr[1] "%d fichiers"

                """).utf8)
            let path = directory + "/fr.po"
            try Data(po).write(to: URL(fileURLWithPath: path))
            let catalog = Catalog()
            try catalog.load(path: path, locale: "fr", table: "Localizable")
            let localizer = try Localizer(catalog: catalog, locales: ["fr"])
            #expect(POFile.quickTable(po) != nil)
            #expect(localizer.text("Open") == "Ouvrir")
            #expect(localizer.text("Open", context: "menu") == "Ouvrir le menu")
            #expect(localizer.plural("%d file", count: .int(2)) == "%d fichiers")
            #expect(localizer.plural("%d file", count: .int(1)) == "%d fichier")
        }
    }
}

/// The quick `.mo` reader (`MOFile.quickTable`, the path of `.mo` bytes
/// loaded from memory) gives the full reader's table for every file it takes.
extension GettextTests {
    @Suite struct MOQuickReaderTests {
        static func check(_ bytes: [UInt8], _ name: String) throws -> Bool {
            guard let quick = try MOFile.quickTable(bytes, path: name) else { return false }
            let full = try TableFormat.mo.read(bytes, path: name, quick: false)
            let source = TableSource(id: name, format: .mo, order: 0, parsed: full)
            #expect(POQuickReaderTests.rows(quick.entries) == POQuickReaderTests.rows(source.entries), "\(name)")
            #expect(quick.entries.count == source.entries.count, "\(name)")
            #expect((quick.header.map(GettextPluralFormula.fromHeader) ?? .germanic) == full.formula, "\(name)")
            return true
        }

        @Test func fixturesAndSystemCatalogs() throws {
            let directory = try GettextTools.temporaryDirectory()
            var taken = 0, files = 0
            // de has system-dependent strings; ga, ja and ru other charsets: left to the full reader.
            for language in ["ar", "xx", "yy", "zz", "de", "ga", "ja", "ru"] {
                let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.repository + "/Tests/Fixtures/libintl/\(language).po")))
                for bigEndian in [false, true] {
                    let mo = try GettextTools.compile(po, bigEndian: bigEndian, in: directory)
                    files += 1
                    if try Self.check(mo, "\(language)-\(bigEndian).mo") { taken += 1 }
                }
            }
            #expect(taken == 8, "ar, xx, yy and zz in both byte orders, and no other")
            let system = "/usr/share/locale/de/LC_MESSAGES"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: system)) ?? [] where name.hasSuffix(".mo") {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: system + "/" + name)))
                files += 1
                if try Self.check(bytes, name) { taken += 1 }
            }
            #expect(files > 50, "the system has German catalogs")
            #expect(taken * 10 >= files * 8, "the quick reader took \(taken) of \(files)")
            // A key twice: the full reader's merge keeps the last; the quick reader leaves it to it.
            let twice = MOWriter.write([([], Array("Content-Type: text/plain; charset=UTF-8\n".utf8)),
                                        (Array("a".utf8), Array("1".utf8)), (Array("a".utf8), Array("2".utf8))])
            #expect(try MOFile.quickTable(twice, path: "twice.mo") == nil)
            let invalid = MOWriter.write([(Array("a".utf8), [0xFF])])
            #expect(try MOFile.quickTable(invalid, path: "invalid.mo") == nil)
        }
    }
}
