import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// `merge` and `pseudo` with `--format xliff`: `<lang>.xliff` documents
/// keep every byte merge did not change, new units come in the file's
/// indentation, a changed source keeps its target marked for review, unused
/// units stay (or go with their lines), and the runtime serves the result.
@Suite struct XLIFFMergeTests {
    static let real = Fixtures.repository + "/Tests/Fixtures/real/xliff"

    /// A real document copied to `DIR/<lang>.xliff`; its path.
    static func copy(_ name: String, as locale: String, into directory: String) throws -> String {
        let path = directory + "/" + locale + ".xliff"
        try writeBytes(path, try readBytes(real + "/" + name))
        return path
    }

    /// The messages a document's sources stand for: keys, sources as default values, developer notes.
    static func messages(_ path: String, locale: String) throws -> [SourceMessage] {
        try XLIFFDocument.tables(path: path, sourceLanguage: "en", targetLanguage: locale).flatMap { document in
            document.sourceEntries.map { entry in
                SourceMessage(key: entry.key, table: document.table, notes: entry.notes, defaultValue: entry.value.texts.first)
            }
        }
    }

    static func merge(_ messages: [SourceMessage], into directory: String, locales: [String] = [],
                      options: MergeOptions = MergeOptions()) throws -> MergeReport {
        try Merger.merge(messages: messages, into: directory, format: .xliff, locales: locales, developmentLocale: "en",
                         options: options)
    }

    @Test(arguments: ["focus-ios-de.xliff", "symfony-validator-validators.ru.xlf", "bolt-security.de.xlf", "bolt-validators.de.xlf"])
    func realDocumentsRoundTripAndMergingWhatTheyHoldChangesNothing(_ name: String) throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy(name, as: "de", into: directory)
        let before = try readBytes(path)
        let tables = try XLIFFDocument.tables(path: path, sourceLanguage: "en", targetLanguage: "de")
        #expect(!tables.isEmpty)
        for table in tables {
            #expect(table.render() == before, "\(table.table)")
            #expect(!table.keys.isEmpty)
        }
        let report = try Self.merge(try Self.messages(path, locale: "de"), into: directory)
        #expect(report.files.allSatisfy { $0.status == .unchanged && !$0.hasChanges }, "\(report.summary)")
        #expect(try readBytes(path) == before)
    }

    @Test func newUnitsGoAfterTheLastInTheFilesIndentationWithoutATarget() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("symfony-validator-validators.ru.xlf", as: "ru", into: directory)
        let original = try readText(path)
        var messages = try Self.messages(path, locale: "ru")
        messages.append(SourceMessage(key: "greeting", table: "file", notes: ["Shown <first>"], defaultValue: "Hello & \"welcome\""))
        let report = try Self.merge(messages, into: directory)
        #expect(report.file(path + "#file")?.added == ["greeting"])
        let closing = original.range(of: "        </body>")!.lowerBound
        #expect(try readText(path) == String(original[..<closing])
                + "            <trans-unit id=\"greeting\" xml:space=\"preserve\">\n"
                + "                <source>Hello &amp; &quot;welcome&quot;</source>\n"
                + "                <note>Shown &lt;first&gt;</note>\n"
                + "            </trans-unit>\n"
                + String(original[closing...]))
        // Untranslated: the runtime falls back, the document says so.
        let document = try XLIFFDocument(path: path, table: "file", sourceLanguage: "en", targetLanguage: "ru", version: .v12)
        #expect(document.entry("greeting")?.isTranslated == false)
        let ru = try localizer(directory, locales: ["ru"])
        #expect(ru.text("greeting") == "greeting")
        #expect(ru.text("1", table: "file") == "Значение должно быть ложным.")
    }

    @Test func aChangedSourceKeepsItsTargetMarkedForReview() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr.xliff"
        try writeBytes(path, Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="greeting" approved="yes" xml:space="preserve">
                    <source>Hello</source>
                    <target state="final">Bonjour</target>
                  </trans-unit>
                  <trans-unit id="bye" xml:space="preserve">
                    <source>Bye</source>
                    <target>Salut</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """.utf8))
        let original = try readText(path)
        let report = try Self.merge([SourceMessage(key: "greeting", defaultValue: "Hello there"),
                                     SourceMessage(key: "bye", defaultValue: "Goodbye")], into: directory)
        #expect(report.file(path + "#Localizable")?.updated == ["bye", "greeting"])
        let expected = original
            .replacingOccurrences(of: "approved=\"yes\"", with: "approved=\"no\"")
            .replacingOccurrences(of: "<source>Hello</source>", with: "<source>Hello there</source>")
            .replacingOccurrences(of: "state=\"final\"", with: "state=\"needs-review-translation\"")
            .replacingOccurrences(of: "<source>Bye</source>", with: "<source>Goodbye</source>")
            .replacingOccurrences(of: "<target>Salut", with: "<target state=\"needs-review-translation\">Salut")
        #expect(try readText(path) == expected)
        let document = try XLIFFDocument(path: path, table: "Localizable", sourceLanguage: "en", targetLanguage: "fr", version: .v12)
        #expect(document.entry("greeting")?.isFuzzy == true)
        #expect(document.entry("greeting")?.isTranslated == false)
        // The runtime serves the old translation until it is reviewed.
        #expect(try localizer(directory, locales: ["fr"]).text("greeting") == "Bonjour")
        // Merging again changes nothing.
        let again = try Self.merge([SourceMessage(key: "greeting", defaultValue: "Hello there"),
                                    SourceMessage(key: "bye", defaultValue: "Goodbye")], into: directory)
        #expect(again.files.allSatisfy { $0.status == .unchanged })
    }

    @Test func aChangedSourceInVersion2MarksTheSegmentInitial() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("bolt-security.de.xlf", as: "de", into: directory)
        let original = try readText(path)
        var messages = try Self.messages(path, locale: "de")
        let index = messages.firstIndex { $0.key == "Invalid credentials." }!
        messages[index].defaultValue = "Invalid user name or password."
        messages.append(SourceMessage(key: "New message", table: "security", defaultValue: "New message"))
        let report = try Self.merge(messages, into: directory)
        let file = report.file(path + "#security")
        #expect(file?.updated == ["Invalid credentials."])
        #expect(file?.added == ["New message"])
        let text = try readText(path)
        #expect(text.contains("""
                  <segment state="initial">
                    <source>Invalid user name or password.</source>
                    <target>Fehlerhafte Zugangsdaten.</target>
            """))
        // A new unit gets an id no unit of the file has, in the file's two-space indentation.
        #expect(text.contains("""
                </unit>
                <unit id="u21" name="New message">
                  <segment state="initial">
                    <source xml:space="preserve">New message</source>
                  </segment>
                </unit>
              </file>
            </xliff>
            """))
        // Nothing else moved.
        let added = "    <unit id=\"u21\" name=\"New message\">\n      <segment state=\"initial\">\n"
            + "        <source xml:space=\"preserve\">New message</source>\n      </segment>\n    </unit>\n"
        #expect(text.replacingOccurrences(of: added, with: "")
            .replacingOccurrences(of: "<segment state=\"initial\">\n        <source>Invalid user name or password.</source>",
                                  with: "<segment>\n        <source>Invalid credentials.</source>") == original)
        let document = try XLIFFDocument(path: path, table: "security", sourceLanguage: "en", targetLanguage: "de", version: .v12)
        #expect(document.entry("Invalid credentials.")?.isFuzzy == true)
        #expect(document.entry("New message")?.isTranslated == false)
    }

    @Test func unusedUnitsAreKeptAndReportedOrDeletedWithTheirLines() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("focus-ios-de.xliff", as: "de", into: directory)
        let original = try readText(path)
        let messages = try Self.messages(path, locale: "de").filter { $0.key != "About.missionLabel" }
        let kept = try Self.merge(messages, into: directory)
        #expect(kept.file(path + "#Localizable")?.unused.contains("About.missionLabel") == true)
        #expect(try readText(path) == original)
        #expect(kept.summary.contains("? About.missionLabel (unused, kept)"))

        let deleted = try Self.merge(messages, into: directory, options: MergeOptions(deleteUnusedEntries: true))
        #expect(deleted.file(path + "#Localizable")?.removed.contains("About.missionLabel") == true)
        let unit = """
                  <trans-unit id="About.missionLabel" xml:space="preserve">
                    <source>%@ is produced by Mozilla. Our mission is to foster a healthy, open Internet.</source>
                    <target>%@ wird von Mozilla entwickelt. Wir setzen uns für ein gesundes, offenes Internet ein.</target>
                    <note>Label on About screen. %@ is the app name (for example “Firefox Focus” or ”Firefox Klar”).</note>
                  </trans-unit>

            """
        #expect(original.contains(unit))
        #expect(try readText(path) == original.replacingOccurrences(of: unit, with: ""))
    }

    @Test func developerNotesFollowTheMessagesAndTranslatorNotesStay() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/de.xliff"
        try writeBytes(path, Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="empty" xml:space="preserve">
                    <source>Empty</source>
                    <target>Leer</target>
                    <note/>
                  </trans-unit>
                  <trans-unit id="old" xml:space="preserve">
                    <source>Old</source>
                    <note from="translator">Checked with marketing</note>
                    <note>Old comment</note>
                  </trans-unit>
                  <trans-unit id="none" xml:space="preserve">
                    <source>None</source>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """.utf8))
        let original = try readText(path)
        _ = try Self.merge([SourceMessage(key: "empty", notes: ["Shown when empty"], defaultValue: "Empty"),
                            SourceMessage(key: "old", notes: ["New comment"], defaultValue: "Old"),
                            SourceMessage(key: "none", notes: ["First", "Second"], defaultValue: "None")], into: directory)
        #expect(try readText(path) == original
            .replacingOccurrences(of: "<note/>", with: "<note>Shown when empty</note>")
            .replacingOccurrences(of: "<note>Old comment</note>", with: "<note>New comment</note>")
            .replacingOccurrences(of: "<source>None</source>\n", with: "<source>None</source>\n        <note>First\nSecond</note>\n"))
        let entries = try localizer(directory, locales: ["de"])
        #expect(entries.text("empty") == "Leer")
    }

    @Test func pluralsAreXcodesStringsdictUnitsAndServedOnceTranslated() throws {
        let directory = try temporaryDirectory()
        let plural = SourceMessage(key: "files", plural: "%d files", notes: ["File count"], defaultValue: "%d file")
        let report = try Self.merge([plural, SourceMessage(key: "Hello")], into: directory, locales: ["ru"])
        #expect(report.file(directory + "/ru.xliff#Localizable")?.status == .created)
        #expect(!FileSystemTools.exists(directory + "/en.xliff"))
        let text = try readText(directory + "/ru.xliff")
        #expect(text.contains("""
              <file original="Localizable.stringsdict" source-language="en" target-language="ru" datatype="plaintext">
                <body>
                  <trans-unit id="/files:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
                    <source>%#@count@</source>
                    <note>File count</note>
                  </trans-unit>
                  <trans-unit id="/files:dict/count:dict/one:dict/:string" xml:space="preserve">
                    <source>%d file</source>
                  </trans-unit>
                  <trans-unit id="/files:dict/count:dict/few:dict/:string" xml:space="preserve">
                    <source>%d files</source>
                  </trans-unit>
            """))
        // A translator fills in the targets; the runtime serves the plural.
        var translated = text
        for (source, target) in [("%#@count@", "%#@count@"), ("%d file", "%d файл"), ("%d files", "%d файлов")] {
            translated = translated.replacingOccurrences(of: "<source>\(source)</source>\n",
                                                         with: "<source>\(source)</source>\n        <target>\(target)</target>\n")
        }
        try writeBytes(directory + "/ru.xliff", Array(translated.utf8))
        let ru = try localizer(directory, locales: ["ru"])
        #expect(ru.plural("files", count: .int(1)) == "%d файл")
        #expect(ru.plural("files", count: .int(5)) == "%d файлов")
        // And merging again keeps them.
        let again = try Self.merge([plural, SourceMessage(key: "Hello")], into: directory, locales: ["ru"])
        #expect(again.files.allSatisfy { $0.status == .unchanged }, "\(again.summary)")
        #expect(try readText(directory + "/ru.xliff") == translated)
    }

    @Test func version2DocumentsAreCreatedWhenAsked() throws {
        let directory = try temporaryDirectory()
        _ = try Self.merge([SourceMessage(key: "Hello", notes: ["Greeting"]), SourceMessage(key: "open", context: "verb")],
                           into: directory, locales: ["de"], options: MergeOptions(xliffVersion: .v20))
        #expect(try readText(directory + "/de.xliff") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
              <file id="f1" original="Localizable.strings">
                <unit id="u1" name="Hello">
                  <notes>
                    <note>Greeting</note>
                  </notes>
                  <segment state="initial">
                    <source xml:space="preserve">Hello</source>
                  </segment>
                </unit>
                <unit id="u2" name="(verb)open">
                  <segment state="initial">
                    <source xml:space="preserve">open</source>
                  </segment>
                </unit>
              </file>
            </xliff>

            """)
    }

    @Test func whatXMLCannotHoldIsReportedNotWritten() throws {
        let directory = try temporaryDirectory()
        let report = try Self.merge([SourceMessage(key: "bell\u{7}"), SourceMessage(key: "fine"),
                                     SourceMessage(key: "/x:dict/NSStringLocalizedFormatKey:dict/:string")],
                                    into: directory, locales: ["fr"])
        let file = report.file(directory + "/fr.xliff#Localizable")
        #expect(file?.added == ["fine"])
        #expect(file?.notCarried == ["/x:dict/NSStringLocalizedFormatKey:dict/:string: a key XLIFF reads as a part of an Xcode plural entry",
                                     "bell\u{7}: a key XML cannot hold U+0007"])
        #expect(report.summary.contains("(not written)"))
    }

    @Test func anUnusedTableIsReportedOrOnlyItsFilesRemoved() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("focus-ios-de.xliff", as: "de", into: directory)
        let messages = try Self.messages(path, locale: "de").filter { $0.table != "Intro" }
        let kept = try Self.merge(messages, into: directory)
        #expect(kept.file(path + "#Intro")?.status == .unusedTable)
        let removed = try Self.merge(messages, into: directory, options: MergeOptions(deleteUnusedTables: true))
        #expect(removed.file(path + "#Intro")?.status == .deleted)
        let text = try readText(path)
        #expect(!text.contains("Intro.strings"))
        #expect(text.contains("Blockzilla/en.lproj/Localizable.strings"))
        #expect(try XLIFFDocument.tables(path: path, sourceLanguage: "en", targetLanguage: "de").map(\.table).sorted()
                == ["InfoPlist", "Intents", "Localizable"])
    }

    @Test func pseudoWritesEveryTableIntoOneDocumentThatStatsAndLintRead() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("focus-ios-de.xliff", as: "de", into: directory)
        let output = try temporaryDirectory("pseudo-out")
        let written = try PseudoCatalog.write(catalog: directory, style: .accented, format: nil, into: output, developmentLocale: "en")
        #expect(written == [output + "/en-XA.xliff"])
        let tables = try XLIFFDocument.tables(path: output + "/en-XA.xliff", sourceLanguage: "en", targetLanguage: "en-XA")
        #expect(tables.map(\.table).sorted() == ["InfoPlist", "Intents", "Intro", "Localizable"])
        let learn = tables.first { $0.table == "Localizable" }?.entry("About.learnMoreButton")
        #expect(learn?.value == .text(Pseudolocalizer.transform("Learn more", style: .accented)))
        #expect(learn?.isTranslated == true)
        // Stats of the real catalog: every de unit is translated.
        let rows = try CatalogStats.compute(catalog: directory, developmentLocale: "en")
        #expect(rows.first { $0.table == "Localizable" }?.missing == 0)
        #expect(CatalogLayout.detect(directory) == .xliff)
        #expect(Linter.lint(path: path).isEmpty)
    }
}
