import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// `merge`, `extract` and `pseudo --format i18next`: namespaces `<lng>/<ns>.json`
/// updated with the smallest diff, read back by the runtime as written.
@Suite struct I18nextMergeTests {
    static let real = Fixtures.repository + "/Tests/Fixtures/real/i18next"
    static let reference = Fixtures.repository + "/Tests/reference/i18next/catalog/main"

    /// Every namespace `<project>/<lng>/<ns>.json` of the real projects and of i18next's reference catalogs
    /// (`<lng>/components/dialog.json` too).
    static let namespaces: [String] = {
        var out: [String] = []
        for root in [real, Fixtures.repository + "/Tests/reference/i18next/catalog"] {
            for project in ((try? FileSystem.list(root)) ?? []).sorted() {
                for language in ((try? FileSystem.list(root + "/" + project)) ?? []).sorted() {
                    out += ((try? I18nextFolder.namespaces(in: root + "/" + project + "/" + language)) ?? []).map(\.path)
                }
            }
        }
        return out
    }()

    /// The language folder and namespace of one of `namespaces`.
    static func place(_ path: String) -> (locale: String, namespace: String) {
        var folder = FileSystem.directoryName(path)
        while !TableFormat.isI18nextLanguageFolder(FileSystem.baseName(folder)) { folder = FileSystem.directoryName(folder) }
        return (FileSystem.baseName(folder), String(path.dropFirst(folder.count + 1).dropLast(5)))
    }

    /// A copy of `source` as `DIR/<lng>/<ns>.json`; returns its path.
    static func copy(_ source: String, into directory: String, locale: String, namespace: String) throws -> String {
        let path = directory + "/" + locale + "/" + namespace + ".json"
        try writeBytes(path, try readBytes(source))
        return path
    }

    static func messages(_ path: String, table: String) throws -> [SourceMessage] {
        try TableMessages.read(path).map { message in
            var message = message
            message.table = table
            return message
        }
    }

    @Test func realNamespacesAreReadAndWrittenBackByteForByte() throws {
        #expect(Self.namespaces.count >= 25)
        #expect(Self.namespaces.contains { $0.hasSuffix("/frigate/pl/components/dialog.json") })
        for path in Self.namespaces {
            let locale = Self.place(path).locale
            let document = try I18nextDocument(path: path, locale: locale)
            let bytes = try readBytes(path)
            #expect(document.render() == bytes, "\(path)")
        }
    }

    /// A real namespace merged with the messages it holds (its own language
    /// the development one) is neither reported nor rewritten.
    @Test(arguments: namespaces)
    func mergingWhatANamespaceHoldsChangesNothing(_ source: String) throws {
        let directory = try temporaryDirectory()
        let (locale, namespace) = Self.place(source)
        let path = try Self.copy(source, into: directory, locale: locale, namespace: namespace)
        let before = try readBytes(path)
        let report = try Merger.merge(messages: try Self.messages(path, table: namespace), into: directory, format: .i18next,
                                      locales: [], developmentLocale: locale, options: MergeOptions())
        #expect(report.files.map(\.status) == [.unchanged], "\(report.summary)")
        #expect(report.file(path)?.unused == [])
        #expect(try readBytes(path) == before)
    }

    @Test func newKeysPluralsAndContextsChangeOnlyTheirLines() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy(Self.reference + "/en/common.json", into: directory, locale: "en", namespace: "common")
        let original = try readText(path)
        var messages = try Self.messages(path, table: "common")
        #expect(messages.contains { $0.key == "friend_male" && $0.plural != nil })   // friend_male_zero/_one/_other
        messages += [
            SourceMessage(key: "nav.settings.sound", table: "common", defaultValue: "Sound"),
            SourceMessage(key: "cart", plural: "{{count}} items", table: "common", defaultValue: "{{count}} item"),
            SourceMessage(key: "friend", context: "neutral", table: "common", defaultValue: "A pal"),
            SourceMessage(key: "help.faq.title", table: "common", defaultValue: "FAQ"),
        ]
        let report = try Merger.merge(messages: messages, into: directory, format: .i18next, locales: [],
                                      developmentLocale: "en", options: MergeOptions())
        #expect(report.file(path)?.added == ["cart", "help.faq.title", "nav.settings.sound", "friend_neutral"])
        #expect(report.file(path)?.unused == [])
        var expected = original.replacingOccurrences(of: "\"privacy\": \"Privacy\"\n",
                                                     with: "\"privacy\": \"Privacy\",\n      \"sound\": \"Sound\"\n")
        expected = String(expected.dropLast(3)) + """
            ,
              "cart_one": "{{count}} item",
              "cart_other": "{{count}} items",
              "help": {
                "faq": {
                  "title": "FAQ"
                }
              },
              "friend_neutral": "A pal"
            }

            """
        #expect(try readText(path) == expected)

        // The runtime reads what was written.
        let en = try localizer(directory, locales: ["en"])
        #expect(en.text("nav.settings.sound", table: "common") == "Sound")
        #expect(en.text("help.faq.title", table: "common") == "FAQ")
        #expect(en.plural("cart", count: .int(1), table: "common") == "{{count}} item")
        #expect(en.plural("cart", count: .int(5), table: "common") == "{{count}} items")
        #expect(en.text("friend", context: "neutral", table: "common") == "A pal")
        #expect(en.text("list.1", table: "common") == "second {{name}}")
    }

    @Test func otherLanguagesGetTheDevelopmentTextsOverTheirCategories() throws {
        let directory = try temporaryDirectory()
        let messages = [
            SourceMessage(key: "cart", plural: "{{count}} items", table: "translation", defaultValue: "{{count}} item"),
            SourceMessage(key: "menu.open", table: "translation", defaultValue: "Open"),
        ]
        let report = try Merger.merge(messages: messages, into: directory, format: .i18next, locales: ["ru"],
                                      developmentLocale: "en", options: MergeOptions())
        #expect(report.files.map(\.path) == [directory + "/en/translation.json", directory + "/ru/translation.json"])
        #expect(try readText(directory + "/ru/translation.json") == """
            {
              "cart_one": "{{count}} item",
              "cart_few": "{{count}} items",
              "cart_many": "{{count}} items",
              "cart_other": "{{count}} items",
              "menu": {
                "open": "Open"
              }
            }

            """)
        // Stats count the spread development texts as untranslated.
        let untranslated = try CatalogStats.compute(catalog: directory, developmentLocale: "en").first { $0.locale == "ru" }
        #expect(untranslated?.entries == 2 && untranslated?.translated == 0)
        // A translation stays; the file keeps its four-space indentation.
        try writeBytes(directory + "/ru/translation.json", Array("""
            {
                "menu": {
                    "open": "Открыть"
                }
            }
            """.utf8))
        _ = try Merger.merge(messages: messages, into: directory, format: .i18next, locales: [],
                             developmentLocale: "en", options: MergeOptions())
        #expect(try readText(directory + "/ru/translation.json") == """
            {
                "menu": {
                    "open": "Открыть"
                },
                "cart_one": "{{count}} item",
                "cart_few": "{{count}} items",
                "cart_many": "{{count}} items",
                "cart_other": "{{count}} items"
            }
            """)
        let ru = try localizer(directory, locales: ["ru"])
        #expect(ru.plural("cart", count: .int(3), table: "translation") == "{{count}} items")
        #expect(ru.text("menu.open", table: "translation") == "Открыть")
    }

    @Test func unusedKeysAreReportedAndDeletedOnlyWhenAsked() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/de/app.json"
        try writeBytes(path, Array("""
            {
              "menu": {
                "old": "Alt",
                "keep": "Behalten"
              },
              "file_one": "{{count}} Datei",
              "file_other": "{{count}} Dateien",
              "list": ["a", "b"],
              "gone": null
            }

            """.utf8))
        let messages = [SourceMessage(key: "menu.keep", table: "app")]
        let kept = try Merger.merge(messages: messages, into: directory, format: .i18next, locales: [],
                                    developmentLocale: "de", options: MergeOptions())
        #expect(kept.file(path)?.unused == ["menu.old", "file", "list.0", "list.1"])
        #expect(kept.file(path)?.status == .unchanged)
        var options = MergeOptions()
        options.deleteUnusedEntries = true
        let deleted = try Merger.merge(messages: messages, into: directory, format: .i18next, locales: [],
                                       developmentLocale: "de", options: options)
        #expect(deleted.file(path)?.removed == ["menu.old", "file"])
        #expect(deleted.file(path)?.unused == ["list.0", "list.1"])   // part of an array: kept
        #expect(try readText(path) == """
            {
              "menu": {
                "keep": "Behalten"
              },
              "list": ["a", "b"],
              "gone": null
            }

            """)
    }

    @Test func aKeyEndingInACategoryIsNeverWrittenTwice() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/en/translation.json"
        try writeBytes(path, Array(#"{"step_one": "First step", "nav": {"a": "A"}, "empty": null}"#.utf8))
        let messages = [SourceMessage(key: "step_one"), SourceMessage(key: "nav"), SourceMessage(key: "empty"),
                        SourceMessage(key: "nav.a")]
        let report = try Merger.merge(messages: messages, into: directory, format: .i18next, locales: [],
                                      developmentLocale: "en", options: MergeOptions(deleteUnusedEntries: true))
        #expect(report.file(path)?.removed == [] && report.file(path)?.added == ["empty"])
        // `nav` names a group: not added over it; `empty` (null) gets its text.
        #expect(try readText(path) == """
            {
              "step_one": "First step",
              "nav": {
                "a": "A"
              },
              "empty": "empty"
            }
            """)
    }

    @Test func mergeFromANamespaceReadsItsPluralsAndContexts() throws {
        let messages = try TableMessages.read(Self.reference + "/en/common.json")
        let file = messages.first { $0.key == "file" }
        #expect(file?.plural == "{{count}} files" && file?.defaultValue == "{{count}} file" && file?.table == "common")
        #expect(messages.contains { $0.key == "nav.settings.title" })
        // The same file outside a language folder is Parlance's hierarchical JSON.
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/Localizable.json", Array(#"{"file_one": "a", "file_other": "b"}"#.utf8))
        #expect(try TableMessages.read(directory + "/Localizable.json").map(\.key) == ["file_one", "file_other"])
    }

    @Test func pseudoWritesANamespace() throws {
        let directory = try temporaryDirectory()
        _ = try Self.copy(Self.reference + "/en/app.json", into: directory, locale: "en", namespace: "app")
        try writeBytes(directory + "/en/translation.json", Array(#"{"file_one": "{{count}} file", "file_other": "{{count}} files", "a": {"b": "Hi {{name}}"}}"#.utf8))
        let written = try PseudoCatalog.write(catalog: directory, style: .accented, format: nil, into: directory,
                                              developmentLocale: "en")
        #expect(written == [directory + "/en-XA/app.json", directory + "/en-XA/translation.json"])
        let text = try readText(directory + "/en-XA/translation.json")
        #expect(text.contains("\"file_one\": \"") && text.contains("\"file_other\": \"") && text.contains("  \"a\": {\n    \"b\": \""))
        let xa = try localizer(directory, locales: ["en-XA"])
        #expect(xa.plural("file", count: .int(2), table: "translation").contains("{{count}}") == true)
        #expect(xa.text("a.b", table: "translation").contains("{{name}}"))
        #expect(xa.text("a.b", table: "translation") != "Hi {{name}}")
    }

    @Test func lintReadsATreeOfNamespacesWithoutPrintfRules() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en/app.json", Array(#"{"zoom": "Zoom to 100%", "file_one": "{{count}} file", "file_other": "{{count}} files"}"#.utf8))
        try writeBytes(directory + "/ru/app.json", Array(#"{"zoom": "100% {{x}}", "file_one": "{{count}} файл", "file_other": "{{count}} файла"}"#.utf8))
        let findings = try CatalogLinter.lint(catalog: directory, developmentLocale: "en")
        // The one finding: ru's plural lacks the categories ru uses.
        #expect(findings.count == 1 && findings[0].path.hasSuffix("ru/app.json") && findings[0].message.contains("many"),
                "\(findings)")
    }

    /// Values keep their spelling; the file its tabs and its missing final line break.
    @Test func valuesAreWrittenBackAsSpelled() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/fr/translation.json"
        let original = "{\n\t\"a\": \"caf\\u00e9 \\/ \\\"q\\\" \\ud83d\\ude00\",\n\t\"n\": 1.50,\n\t\"t\": true,\n"
            + "\t\"list\": [\n\t\t{\"x\": \"]}\"},\n\t\t[1, 2]\n\t],\n\t\"é\": {\"inline\": \"kept\"}\n}"
        try writeBytes(path, Array(original.utf8))
        var document = try I18nextDocument(path: path, locale: "fr")
        #expect(document.entries.map(\.key) == ["a", "n", "t", "list.0.x", "list.1.0", "list.1.1", "é.inline"])
        #expect(document.entry("a")?.value == .text("café / \"q\" 😀"))
        document.add(EntryDraft(key: "b", context: nil, sourcePlural: nil, value: .text("B"), notes: [], references: [],
                                untranslated: true))
        #expect(String(decoding: document.render(), as: UTF8.self) == original
            .replacingOccurrences(of: "{\"inline\": \"kept\"}\n}", with: "{\n\t\t\"inline\": \"kept\"\n\t},\n\t\"b\": \"B\"\n}"))
    }

    /// `LNG/components/dialog.json` is the namespace `components/dialog` for
    /// merge (read back byte for byte, written in its folder), `--from`, pseudo,
    /// stats, lint and convert.
    @Test func namespacesInFolders() throws {
        let directory = try temporaryDirectory()
        let dialog = directory + "/en/components/dialog.json"
        let original = "{\n    \"ok\": \"OK\",\n    \"files_one\": \"{{count}} file\",\n    \"files_other\": \"{{count}} files\"\n}"
        try writeBytes(dialog, Array(original.utf8))
        try writeBytes(directory + "/en/common.json", Array(#"{"title": "Title"}"#.utf8))
        try writeBytes(directory + "/pl/components/dialog.json", Array(#"{"ok": "Dobrze", "files_one": "{{count}} plik"}"#.utf8))
        let layout = CatalogLayout(root: directory, format: .i18next)
        #expect(layout.locales() == ["en", "pl"])
        #expect(layout.tables(locale: "en") == ["common", "components/dialog"])
        #expect(CatalogLayout.detect(directory) == .i18next)

        // --from below the output: the namespace is the path below the language folder.
        let messages = try TableMessages.read(dialog, i18nextRoot: directory)
        #expect(Set(messages.map(\.table)) == ["components/dialog"])
        #expect(try TableMessages.read(dialog).allSatisfy { $0.table == "dialog" })   // elsewhere: hierarchical JSON's name
        var report = try Merger.merge(messages: messages + [SourceMessage(key: "title", table: "common")], into: directory,
                                      format: .i18next, locales: [], developmentLocale: "en", options: MergeOptions())
        #expect(report.file(dialog)?.status == .unchanged, "\(report.summary)")
        #expect(try readText(dialog) == original)
        #expect(report.files.filter { $0.status != .unchanged }.map(\.path) == [directory + "/pl/common.json"], "\(report.summary)")

        // A new namespace in a folder gets its folders, in every language.
        report = try Merger.merge(messages: messages + [SourceMessage(key: "title", table: "common"),
                                                        SourceMessage(key: "user", table: "forms/login/fields", defaultValue: "User")],
                                  into: directory, format: .i18next, locales: [], developmentLocale: "en", options: MergeOptions())
        #expect(try readText(directory + "/en/forms/login/fields.json") == "{\n  \"user\": \"User\"\n}\n")
        #expect(FileSystemTools.isFile(directory + "/pl/forms/login/fields.json"))
        let pl = try localizer(directory, locales: ["pl", "en"])
        #expect(pl.text("ok", table: "components/dialog") == "Dobrze")
        #expect(pl.text("user", table: "forms/login/fields") == "User")

        let stats = try CatalogStats.compute(catalog: directory, developmentLocale: "en")
        #expect(stats.contains { $0.locale == "pl" && $0.table == "components/dialog" && $0.translated == 2 }, "\(stats)")
        let findings = try CatalogLinter.lint(catalog: directory, developmentLocale: "en")
        #expect(findings.contains { $0.path.hasSuffix("/pl/components/dialog.json") }, "\(findings)")   // no _few, _many

        let pseudo = try temporaryDirectory("pseudo-nested")
        let written = try PseudoCatalog.write(catalog: directory, style: .accented, format: nil, into: pseudo, developmentLocale: "en")
        #expect(written.contains(pseudo + "/en-XA/components/dialog.json"), "\(written)")

        let converted = try temporaryDirectory("convert-nested")
        #expect(runTool(["convert", directory, converted, "--to", "i18next"]).status == 0)
        #expect(FileSystemTools.isFile(converted + "/pl/components/dialog.json"))
        try FileSystemTools.createDirectories(converted + "/apple")
        let strings = runTool(["convert", directory, converted + "/apple", "--to", "strings"])
        #expect(strings.err.contains("pl/components/dialog: 'ok': a table name with '/'"), "\(strings.err)")
        #expect(!FileSystemTools.exists(converted + "/apple/pl.lproj/components"))
    }

    @Test func foldersWithoutNamespacesAreNotLanguages() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/src/main.py", Array("print(1)\n".utf8))
        try writeBytes(directory + "/de/app.json", Array("{}\n".utf8))
        #expect(CatalogLayout(root: directory, format: .i18next).locales() == ["de"])
        #expect(CatalogLayout.detect(directory) == .i18next)
        _ = try Merger.merge(messages: [SourceMessage(key: "a", table: "app")], into: directory, format: .i18next,
                             locales: [], developmentLocale: "en", options: MergeOptions())
        #expect(!FileSystemTools.exists(directory + "/src/app.json"))
        #expect(try readText(directory + "/de/app.json") == "{\n  \"a\": \"a\"\n}\n")
    }

    @Test func aWindowsFileKeepsItsLineBreaksAndByteOrderMark() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/de/app.json"
        try writeBytes(path, [0xEF, 0xBB, 0xBF] + Array("{\r\n  \"a\": \"A\"\r\n}\r\n".utf8))
        _ = try Merger.merge(messages: [SourceMessage(key: "a", table: "app"), SourceMessage(key: "b", table: "app")],
                             into: directory, format: .i18next, locales: [], developmentLocale: "de", options: MergeOptions())
        #expect(try readBytes(path) == [0xEF, 0xBB, 0xBF] + Array("{\r\n  \"a\": \"A\",\r\n  \"b\": \"b\"\r\n}\r\n".utf8))
    }
}
