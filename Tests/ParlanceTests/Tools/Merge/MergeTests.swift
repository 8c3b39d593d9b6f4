import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

@Suite struct MergeTests {
    func merge(_ messages: [SourceMessage], _ directory: String, _ format: OutputFormat,
               locales: [String] = ["fr", "ru"], options: MergeOptions = MergeOptions()) throws -> MergeReport {
        try Merger.merge(messages: messages, into: directory, format: format, locales: locales,
                         developmentLocale: "en", options: options)
    }

    func merge(_ directory: String, _ format: OutputFormat,
               locales: [String] = ["fr", "ru"], options: MergeOptions = MergeOptions()) throws -> MergeReport {
        try merge(SampleMessages.all, directory, format, locales: locales, options: options)
    }

    @Test(arguments: [OutputFormat.strings, .json, .po])
    func roundTripThroughTheRuntime(format: OutputFormat) throws {
        let directory = try temporaryDirectory("roundTrip\(format)")
        let report = try merge(directory, format)
        #expect(!report.files.isEmpty && report.files.allSatisfy { $0.status == .created })
        let development = try localizer(directory, locales: ["en"])
        let russian = try localizer(directory, locales: ["ru"])
        if format == .po {
            // gettext: no development .po; untranslated entries fall back to the msgid.
            #expect(!FileManager.default.fileExists(atPath: directory + "/en/LC_MESSAGES/messages.po"))
            #expect(FileManager.default.fileExists(atPath: directory + "/messages.pot"))
            #expect(russian.text("greeting", table: "messages") == "greeting")
            // An untranslated plural is not compiled: the runtime returns the key.
            #expect(russian.plural("%d file", count: .int(5), table: "messages") == "%d file")
            #expect(try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", directory + "/ru/LC_MESSAGES/messages.po"]).status == 0)
            #expect(try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", directory + "/messages.pot"]).status == 0)
        } else {
            #expect(development.text("greeting") == "Hello, %@!")
            #expect(development.text("Name", context: "Name label in login screen") == "Name")
            #expect(development.text("Quote \"this\" \\ and\nnewline") == "Quote \"this\" \\ and\nnewline")
            #expect(development.plural("%d file", count: .int(1)) == "%d file")
            #expect(development.plural("%d file", count: .int(7)) == "%d files")
            #expect(russian.text("greeting") == "Hello, %@!")
            #expect(russian.plural("%d file", count: .int(3)) == "%d files")
        }
        // A second merge of the same messages changes nothing.
        let again = try merge(directory, format)
        #expect(again.files.allSatisfy { $0.status == .unchanged }, "\(again.summary)")
    }

    @Test func newEntriesPerFormat() throws {
        let directory = try temporaryDirectory()
        _ = try merge(directory, .strings)
        let french = try readText(directory + "/fr.lproj/Localizable.strings")
        #expect(french.contains("/* Greeting on the home screen */\n\"greeting\" = \"Hello, %@!\"; // untranslated\n"))
        #expect(french.contains("\"(Name label in login screen)Name\" = \"Name\"; // untranslated\n"))
        let english = try readText(directory + "/en.lproj/Localizable.strings")
        #expect(english.contains("\"greeting\" = \"Hello, %@!\";\n") && !english.contains("untranslated"))
        // Russian plural entries get every category Russian uses.
        let entries = try TableFormat.stringsdict.parse(try readBytes(directory + "/ru.lproj/Localizable.stringsdict"), path: nil)
        #expect(entries.first?.value.pluralForms?.categories == [.one, .few, .many, .other])

        let po = try temporaryDirectory()
        _ = try merge(po, .po)
        let (ru, _) = try POFile.parse(try readBytes(po + "/ru/LC_MESSAGES/messages.po"), path: nil)
        let plural = try #require(ru.first { $0.msgid == "%d file" })
        #expect(plural.msgidPlural == "%d files" && plural.msgstr == ["", "", ""])
        #expect(plural.extractedComments == ["File count"] && plural.references == ["src/files.c:40"])
        #expect(ru.first { $0.msgid == "Name" }?.context == "Name label in login screen")
    }

    @Test func handEditedTranslationsAndCommentsStayByteForByte() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr.lproj/Localizable.strings"
        let original = """
            /* Fichier traduit à la main. */

            // Traducteur : garder court.
            "greeting" = 'Bonjour, %@ !' ;
            "Quote \\"this\\" \\\\ and\\nnewline" = "Citation";   /* vérifié */
            "old.key" = "Ancienne clé";

            """
        try writeBytes(path, Array(original.utf8))
        let report = try merge(directory, .strings, locales: ["fr"])
        let merged = try readText(path)
        // Everything that was there is still there, unchanged, in order; new entries come after.
        #expect(merged.hasPrefix(original))
        #expect(merged.contains("\"(Name label in login screen)Name\" = \"Name\"; // untranslated"))
        let file = try #require(report.file(path))
        #expect(file.status == .modified)
        #expect(file.added == ["(Name label in login screen)Name"])
        #expect(file.unused == ["old.key"] && file.removed.isEmpty)
        #expect(try localizer(directory, locales: ["fr"]).text("greeting") == "Bonjour, %@ !")
    }

    @Test func developmentNotesAreRefreshedAndCopiesFollow() throws {
        let directory = try temporaryDirectory()
        _ = try merge(directory, .strings, locales: ["fr"])
        var messages = SampleMessages.all
        messages[0].notes = ["Shown after sign-in"]
        let report = try merge(messages, directory, .strings, locales: ["fr"])
        for locale in ["en", "fr"] {
            let text = try readText(directory + "/\(locale).lproj/Localizable.strings")
            #expect(text.contains("/* Shown after sign-in */\n\"greeting\""))
            #expect(!text.contains("Greeting on the home screen"))
            #expect(report.file(directory + "/\(locale).lproj/Localizable.strings")?.updated == ["greeting"])
        }
    }

    @Test func translatorCommentsAreNotReplacedByNotes() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en.lproj/Localizable.strings", Array("/* Old note */\n\"greeting\" = \"Hello, %@!\";\n".utf8))
        let french = "// Ne pas traduire littéralement\n\"greeting\" = \"Salut, %@ !\";\n"
        try writeBytes(directory + "/fr.lproj/Localizable.strings", Array(french.utf8))
        _ = try merge([SampleMessages.all[0]], directory, .strings, locales: [])
        #expect(try readText(directory + "/fr.lproj/Localizable.strings") == french)
        #expect(try readText(directory + "/en.lproj/Localizable.strings").hasPrefix("/* Greeting on the home screen */\n"))
    }

    @Test func wrappedFilesShorthandAndSameLineEntries() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr.lproj/Localizable.strings"
        let original = "{\n  greeting;  \"a\" = \"b\"; /* same line */\n  'x' = 'y' ; // note\n}\n"
        try writeBytes(path, Array(original.utf8))
        let report = try merge([SampleMessages.all[0], SourceMessage(key: "new")], directory, .strings, locales: ["fr"])
        #expect(report.file(path)?.added == ["new"])
        #expect(report.file(path)?.unused == ["a", "x"])
        let merged = try readText(path)
        // The new note goes above the key, indented like it; the rest is as it was.
        #expect(merged.hasPrefix("{\n  /* Greeting on the home screen */\n  greeting;  \"a\" = \"b\"; /* same line */\n  'x' = 'y' ; // note\n"))
        #expect(merged.hasSuffix("\"new\" = \"new\"; // untranslated\n\n}\n") || merged.hasSuffix("\"new\" = \"new\"; // untranslated\n}\n"))
        let plist = try PropertyListSerialization.propertyList(from: Data(merged.utf8), format: nil) as? [String: String]
        #expect(plist == ["greeting": "greeting", "a": "b", "x": "y", "new": "new"])
    }

    @Test func utf16FilesStayUTF16() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr.lproj/Localizable.strings"
        let text = "/* Salut */\n\"greeting\" = \"Bonjour, %@ — ça va ?\";\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try writeBytes(path, bytes)
        _ = try merge(directory, .strings, locales: ["fr"])
        let merged = try readBytes(path)
        #expect(merged.starts(with: bytes))
        let decoded = try #require(String(data: Data(merged), encoding: .utf16))
        #expect(decoded.contains("\"(Name label in login screen)Name\" = \"Name\"; // untranslated"))
        let plist = try PropertyListSerialization.propertyList(from: Data(merged), format: nil) as? [String: String]
        #expect(plist?["greeting"] == "Bonjour, %@ — ça va ?")
    }

    @Test func deleteUnusedEntriesAndTables() throws {
        let directory = try temporaryDirectory()
        _ = try merge(directory, .strings, locales: ["fr"])
        try writeBytes(directory + "/fr.lproj/Old.strings", Array("\"x\" = \"y\";\n".utf8))
        let fewer = Array(SampleMessages.all.dropFirst())
        let kept = try merge(fewer, directory, .strings, locales: ["fr"])
        #expect(kept.file(directory + "/fr.lproj/Localizable.strings")?.unused == ["greeting"])
        #expect(kept.file(directory + "/fr.lproj/Old.strings")?.status == .unusedTable)
        #expect(try readText(directory + "/fr.lproj/Localizable.strings").contains("\"greeting\""))

        let deleted = try merge(fewer, directory, .strings, locales: ["fr"],
                                options: MergeOptions(deleteUnusedEntries: true, deleteUnusedTables: true))
        #expect(deleted.file(directory + "/fr.lproj/Localizable.strings")?.removed == ["greeting"])
        #expect(deleted.file(directory + "/fr.lproj/Old.strings")?.status == .deleted)
        #expect(!FileManager.default.fileExists(atPath: directory + "/fr.lproj/Old.strings"))
        let french = try readText(directory + "/fr.lproj/Localizable.strings")
        #expect(!french.contains("greeting") && !french.contains("Greeting on the home screen"))
        #expect(try localizer(directory, locales: ["fr"]).lookup("greeting") == nil)
    }

    @Test func poUnusedEntriesBecomeObsoleteAndComeBack() throws {
        let directory = try temporaryDirectory()
        _ = try merge(directory, .po, locales: ["fr"])
        let path = directory + "/fr/LC_MESSAGES/messages.po"
        try writeBytes(path, Array(try readText(path).replacingOccurrences(
            of: "msgid \"greeting\"\nmsgstr \"\"", with: "msgid \"greeting\"\nmsgstr \"Bonjour, %@ !\"").utf8))
        let fewer = Array(SampleMessages.all.dropFirst())
        let report = try merge(fewer, directory, .po, locales: ["fr"])
        #expect(report.file(path)?.removed == ["greeting"])
        #expect(try readText(path).contains("#~ msgid \"greeting\"\n#~ msgstr \"Bonjour, %@ !\""))
        #expect(!(try readText(directory + "/messages.pot")).contains("greeting"))
        _ = try merge(directory, .po, locales: ["fr"])
        #expect(try localizer(directory, locales: ["fr"]).text("greeting", table: "messages") == "Bonjour, %@ !")
        #expect(try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", path]).status == 0)
    }

    @Test func jsonNestsKeyPathsIntoExistingGroups() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr.lproj/Menu.json"
        try writeBytes(path, Array("{\"login\": {\"title\": \"Connexion\", \"subtitle\": \"{login.title} à {app.name}\"}}".utf8))
        let messages = [SourceMessage(key: "login.title", table: "Menu"), SourceMessage(key: "login.subtitle", table: "Menu"),
                        SourceMessage(key: "login.help", table: "Menu", defaultValue: "Help"),
                        SourceMessage(key: "Not a path.", table: "Menu")]
        _ = try merge(messages, directory, .json, locales: ["fr"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try readBytes(path))) as? [String: Any])
        let login = try #require(json["login"] as? [String: String])
        #expect(login == ["title": "Connexion", "subtitle": "{login.title} à {app.name}", "help": "Help"])
        #expect(json["Not a path."] as? String == "Not a path.")
        #expect(try localizer(directory, locales: ["fr"]).text("login.subtitle", table: "Menu") == "Connexion à {app.name}")
    }

    /// A message keyed like a group of other keys is not written beside it (the later member would hide the group).
    @Test func jsonKeepsAGroupAMessageNames() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr.lproj/Menu.json"
        let original = "{\"login\": {\"title\": \"Connexion\"}}"
        try writeBytes(path, Array(original.utf8))
        let messages = [SourceMessage(key: "login.title", table: "Menu"), SourceMessage(key: "login", table: "Menu")]
        let report = try merge(messages, directory, .json, locales: ["fr"])
        #expect(report.file(path)?.added == [] && report.file(path)?.status == .unchanged)
        #expect(try readText(path) == original)
    }

    @Test func dryRunWritesNothing() throws {
        let directory = try temporaryDirectory()
        let report = try merge(directory, .strings, options: MergeOptions(dryRun: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(report.summary.contains("\(directory)/fr.lproj/Localizable.strings (created)\n+ %d file\n") == false)
        #expect(report.summary.contains("\(directory)/fr.lproj/Localizable.strings (created)\n"))
        #expect(report.summary.contains("+ greeting\n"))
        #expect(report.summary.contains("\(directory)/ru.lproj/Localizable.stringsdict (created)\n+ %d file\n"))
    }

    @Test func mergeCommandReadsTemplatesAndTables() throws {
        let directory = try temporaryDirectory()
        let pot = directory + "/in/app.pot"
        try writeBytes(pot, Array("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            #. The title
            #: src/main.c:4
            msgctxt "window"
            msgid "Title"
            msgstr ""

            """.utf8))
        let dry = runTool(["merge", "--format", "po", "--locale", "de", "--dry-run", "--verbose", "--from", pot, "-o", directory + "/po"])
        #expect(dry.status == 0)
        #expect(dry.out.contains("\(directory)/po/de/LC_MESSAGES/app.po (created)\n+ (window)Title\n"))
        let totals = runTool(["merge", "--format", "po", "--locale", "de", "--dry-run", "--from", pot, "-o", directory + "/po"])
        #expect(totals.out.contains("\(directory)/po/de/LC_MESSAGES/app.po (created): 1 added, 0 updated, 0 obsolete, 0 kept\n"), "\(totals.out)")
        #expect(!totals.out.contains("+ (window)Title"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/po"))
        let result = runTool(["merge", "--format", "po", "--locale", "de", "--quiet", "--from", pot, "-o", directory + "/po"])
        #expect(result.status == 0 && result.out.isEmpty)
        let german = try readText(directory + "/po/de/LC_MESSAGES/app.po")
        #expect(german.contains("#. The title\n#: src/main.c:4\nmsgctxt \"window\"\nmsgid \"Title\"\nmsgstr \"\"\n"))
        #expect(runTool(["merge", "--from", pot]).status == 2)
        #expect(runTool(["merge", "--from", directory + "/missing.pot", "-o", directory]).status == 1)

        let strings = runTool(["merge", "--locale", "fr", "--from", Fixtures.examples + "/en.lproj/Localizable.strings",
                               "-o", directory + "/apple"])
        #expect(strings.status == 0)
        #expect(try localizer(directory + "/apple", locales: ["fr"]).text("greeting") == "Hello!")
    }
}
