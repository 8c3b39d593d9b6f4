import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

@Suite struct WritersTests {
    static let tricky = ["plain", "quote \" and backslash \\", "new\nline\ttab\r", "bell \u{7} nul-free", "ünïcödé 日本語 😀",
                         "%1$@ %2$d %%", "/* not a comment */", "// neither", ""]

    @Test func stringsQuotingRoundTripsThroughTheCoreAndFoundation() throws {
        let entries = Self.tricky.enumerated().map { (key: "k\($0.offset) \($0.element)", value: $0.element, notes: ["note */ \($0.offset)"]) }
        let text = StringsWriter.file(entries)
        let parsed = try TableFormat.strings.parse(Array(text.utf8), path: nil)
        #expect(parsed.map(\.key) == entries.map(\.key))
        #expect(parsed.map(\.value) == entries.map { .text($0.value) })
        let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: String]
        #expect(plist == Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }))
    }

    @Test func stringsdictIsReadByFoundationWithTheSameContent() throws {
        var forms = PluralForms()
        forms[.one] = "%d file <b>&</b>"
        forms[.few] = "%d files few"
        forms[.other] = "%d files"
        let format = StringsdictDocument.format(forms)
        let text = PropertyListWriter.document([("files & more", PropertyListWriter.stringsdictValue(format))])
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
        let entry = try #require(plist["files & more"] as? [String: Any])
        #expect(entry["NSStringLocalizedFormatKey"] as? String == "%#@count@")
        let variable = try #require(entry["count"] as? [String: String])
        #expect(variable == ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                             "one": "%d file <b>&</b>", "few": "%d files few", "other": "%d files"])
        let parsed = try TableFormat.stringsdict.parse(Array(text.utf8), path: nil)
        #expect(parsed.first?.value == .stringsdict(format))
    }

    @Test func poFilesPassMsgfmtCheck() throws {
        let directory = try temporaryDirectory()
        var entries = [PODocument.newHeader(locale: "ru")]
        var plain = POEntry(context: "menu", msgid: "Open \"file\"\n\tnow", msgstr: ["Открыть \"файл\"\n\tсейчас"])
        plain.extractedComments = ["A note"]
        plain.translatorComments = ["translator"]
        plain.references = ["src/a.c:1", "src/b.c:2"]
        plain.flags = ["c-format"]
        var plural = POEntry(msgid: "%d file", msgidPlural: "%d files", msgstr: ["%d файл", "%d файла", "%d файлов"])
        plural.flags = ["c-format"]
        var fuzzy = POEntry(msgid: "Old", msgstr: ["Старый"])
        fuzzy.flags = ["fuzzy"]
        let obsolete = POEntry(msgid: "Gone", msgstr: ["Ушёл"], isObsolete: true)
        entries += [plain, plural, fuzzy, obsolete]
        let path = directory + "/ru.po"
        try AtomicFile.write(Array(POWriter.file(entries).utf8), to: path)
        let result = try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", path])
        #expect(result.status == 0, "\(result.err)")
        let (back, _) = try POFile.parse(try readBytes(path), path: path)
        #expect(back.count == 5)
        #expect(back[1].msgid == plain.msgid && back[1].msgstr == plain.msgstr && back[1].context == "menu")
        #expect(back[1].extractedComments == ["A note"] && back[1].translatorComments == ["translator"])
        #expect(back[1].references == plain.references && back[2].msgstr.count == 3)
        #expect(back[3].isFuzzy && back[4].isObsolete)
    }

    @Test func jsonWriterRoundTripsThroughTheCoreReader() throws {
        let root: [JSONWriter.Member] = [
            .init("a", .object([.init("b", .string("x \"y\" \\ \n \u{1} ü"))])),
            .init("items", .object([.init("one", .string("%d item")), .init("other", .string("%d items"))])),
        ]
        let parsed = try TableFormat.json.parse(Array(JSONWriter.document(root).utf8), path: nil)
        var forms = PluralForms()
        forms[.one] = "%d item"
        forms[.other] = "%d items"
        #expect(parsed.map(\.key) == ["a.b", "items"])
        #expect(parsed.map(\.value) == [.text("x \"y\" \\ \n \u{1} ü"), .plural(forms)])
    }

    @Test func anInterruptedWriteLeavesTheOldFile() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/Localizable.strings"
        try writeBytes(path, Array("\"old\" = \"value\";\n".utf8))
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try AtomicFile.write(Array("new".utf8), to: path, beforeRename: { throw Interrupted() })
        }
        #expect(try readText(path) == "\"old\" = \"value\";\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["Localizable.strings"])
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try readText(path) == "new")
    }

    @Test func anInterruptedMergeLeavesEveryFileItHadNotRenamed() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/en.lproj/Localizable.strings"
        let original = Array("/* Kept */\n\"greeting\" = \"Hi\";\n".utf8)
        try writeBytes(path, original)
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try Merger.merge(messages: SampleMessages.all, into: directory, format: .strings, locales: [],
                             developmentLocale: "en", options: MergeOptions(beforeRename: { _ in throw Interrupted() }))
        }
        #expect(try readBytes(path) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/en.lproj") == ["Localizable.strings"])
    }
}
