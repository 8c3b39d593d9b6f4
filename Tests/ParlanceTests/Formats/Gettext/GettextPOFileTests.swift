import Foundation
import Testing
@testable import Parlance

func parsePO(_ text: String, path: String = "t.po") throws(ParlanceError) -> GettextTable {
    try GettextFile.parsePO(Array(text.utf8), path: path)
}

func poEntries(_ text: String) throws(ParlanceError) -> [POEntry] {
    try POFile.parse(Array(text.utf8), path: "t.po").entries
}

/// The error parsing `text` throws, or nil.
func poError(_ text: String) -> ParlanceError? {
    thrownError { _ = try parsePO(text) }
}

let utf8Header = """
    msgid ""
    msgstr "Content-Type: text/plain; charset=UTF-8\\n"

    """

extension GettextTests {
    @Suite struct POFileTests {
        @Test func everyConstructOfTheFixture() throws {
            let table = try GettextFile.parsePO(try GettextTools.fixture("constructs.po"), path: "constructs.po")
            #expect(table.formula.pluralCount == 3)
            #expect(table.formula.translationIndex(for: 22) == 1)
            #expect(table.headerValue("Language") == "pl")
            #expect(table.header.first == GettextTable.HeaderField(name: "Project-Id-Version", value: "parlance-tests 1.0"))
            #expect(table.charset == "UTF-8")
            #expect(entry(table, "Hello, %s!") == .text("Cześć, %s!"))
            #expect(entry(table, "Multi-line message") == .text("Wiadomość wieloliniowa"))
            #expect(entry(table, "Escapes") == .text(
                "nl\n tab\t bs\u{8} cr\r ff\u{C} vt\u{B} bell\u{7} backslash\\ quote\" octalA02 hexA~ end"))
            #expect(entry(table, "UTF-8 by escapes") == .text("éé"))
            #expect(entry(table, "Open", context: "menu") == .text("Otwórz"))
            #expect(entry(table, "Open", context: "verb") == .text("Otwieraj"))
            #expect(entry(table, "", context: "empty msgid") == .text("pusty"))
            #expect(entry(table, "One file deleted") == .gettextPlural(["Usunięto jeden plik", "Usunięto %d pliki", "Usunięto %d plików"]))
            #expect(table.pluralIDs["One file deleted"] == "%d files deleted")
            // msgstr[0] decides, as in msgfmt: an empty later form keeps the entry.
            #expect(entry(table, "%d sector", context: "disk") == .gettextPlural(["%d sektor", "", "%d sektorów"]))
            #expect(table.pluralIDs["disk\u{4}%d sector"] == "%d sectors")
            #expect(entry(table, "Line continued") == .text("Linia kontynuowana"))
            #expect(entry(table, "Spacing") == .text("Odstępy"))
            // GNU keeps a string only up to an embedded \0.
            #expect(entry(table, "Embedded NUL") == .text("Ucięte i dalej"))
            // Dropped: fuzzy, untranslated (msgstr or msgstr[0] empty), obsolete; the header is not an entry.
            for dropped in ["Fuzzy text", "Untranslated", "Untranslated %d plural", "Obsolete", "Obsolete plural", ""] {
                #expect(entry(table, dropped) == nil, "\(dropped)")
            }
            #expect(table.entries.count == 12)
            #expect(table.pluralIDs.count == 2)
        }

        @Test func commentsFlagsReferencesAndPreviousMsgids() throws {
            let entries = try POFile.parse(try GettextTools.fixture("constructs.po"), path: nil).entries
            let header = try #require(entries.first)
            #expect(header.isHeader && header.isFuzzy && header.isCompiled)
            #expect(header.translatorComments == ["Parlance test catalog: every construct msgfmt accepts.",
                                                  "Copyright line kept as a translator comment."])
            let hello = try #require(entries.first { $0.msgid == "Hello, %s!" })
            #expect(hello.translatorComments == ["A translator's note"])
            #expect(hello.extractedComments == ["Shown on the start screen"])
            #expect(hello.references == ["src/main.c:12", "src/app.c:7"])
            #expect(hello.flags == ["c-format", "no-wrap"])
            #expect((hello.line, hello.column) == (17, 1))
            let deleted = try #require(entries.first { $0.msgid == "One file deleted" })
            #expect(deleted.previousMsgid == "One file removed")
            #expect(deleted.previousMsgidPlural == "%d files removed")
            #expect(deleted.msgstr.count == 3)
            let fuzzy = try #require(entries.first { $0.msgid == "Fuzzy text" })
            #expect(fuzzy.isFuzzy && !fuzzy.isCompiled && fuzzy.previousMsgid == "Old text")
            let obsolete = entries.filter(\.isObsolete)
            #expect(obsolete.map(\.msgid) == ["Obsolete", "Obsolete plural"])
            #expect(obsolete[1].msgstr == ["a", "b", "c"])
        }

        @Test func previousContextAndCRLF() throws {
            let text = "#| msgctxt \"old\"\r\n#| msgid \"a\"\r\n#| \"b\"\r\nmsgctxt \"new\"\r\nmsgid \"ab\"\r\nmsgstr \"x\"\r\n"
            let entries = try poEntries(text)
            #expect(entries.count == 1)
            #expect(entries[0].previousContext == "old" && entries[0].previousMsgid == "ab")
            #expect(entries[0].context == "new" && entries[0].msgstr == ["x"])
            #expect((entries[0].line, entries[0].column) == (5, 1))
        }

        @Test func withoutHeaderTheFormulaIsGermanic() throws {
            let table = try parsePO("msgid \"a\"\nmsgstr \"b\"\n")
            #expect(table.formula == .germanic && table.header.isEmpty && table.charset == "UTF-8")
            #expect(try parsePO("").entries.isEmpty)
            // A header with an empty msgstr is dropped by msgfmt like any untranslated entry.
            #expect(try parsePO("msgid \"\"\nmsgstr \"\"\n").header.isEmpty)
        }

        @Test func entryPositions() throws {
            let table = try parsePO(utf8Header + "\n  msgid \"k\" msgstr \"v\"\n")
            let only = try #require(table.entries.first)
            #expect((only.line, only.column) == (4, 3))
        }

        // MARK: - Errors, located

        static let errors: [(text: String, message: String, line: Int, column: Int)] = [
            ("msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"\"\n", "missing 'msgstr' section", 1, 1),
            ("msgid \"a\"\n", "missing 'msgstr' section", 1, 1),
            ("msgid \"a\"\nmsgstr \"b\n\"\n", "end-of-line within string", 2, 10),
            ("msgid \"a\"\nmsgstr \"b", "end-of-file within string", 2, 8),
            ("msgid \"a\"\nmsgstr \"b\\q\"\n", "invalid control sequence \\q", 2, 10),
            ("msgid \"a\"\nmsgstr \"\\'\"\n", "invalid control sequence \\'", 2, 9),
            ("msgid \"a\"\nmsgstr \"\\x\"\n", "invalid control sequence", 2, 9),
            ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[2] \"y\"\n", "plural form has wrong index 2, expected 1", 4, 8),
            ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[1] \"x\"\n", "first plural form has nonzero index", 3, 8),
            ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr \"x\"\n", "'msgstr' after 'msgid_plural' needs an index: msgstr[N]", 3, 1),
            ("msgid \"a\"\nmsgid_plural \"b\"\n", "missing 'msgstr[]' section", 1, 1),
            ("msgid \"a\"\nmsgstr[0] \"x\"\n", "missing 'msgid_plural' section", 1, 1),
            ("msgid \"a\"\nmsgstr \"b\"\nmsgtxt \"c\"\n", "keyword \"msgtxt\" unknown", 3, 1),
            ("msgid \"a\"\nmsgstr \"b\"\n@\n", "unexpected '@'", 3, 1),
            ("\"a\"\n", "unexpected a string, expected 'msgid' or 'msgctxt'", 1, 1),
            ("msgid \"a\"\nmsgstr \"b\"\nmsgid \"a\"\nmsgstr \"c\"\n", "duplicate message definition (first defined on line 1)", 3, 1),
            ("msgctxt \"c\"\nmsgstr \"b\"\n", "unexpected 'msgstr', expected 'msgid'", 2, 1),
            ("msgid \"a\"\n#~ msgstr \"b\"\n", "inconsistent use of #~", 2, 4),
            ("msgid \"a\\004b\"\nmsgstr \"c\"\n", "context separator <EOT> within string", 1, 7),
            ("msgid\nmsgstr \"c\"\n", "unexpected 'msgstr', expected a string", 2, 1),
            ("domain \"x\"\n", "'domain' directives are not supported; use one file per domain", 1, 1),
        ]

        @Test(arguments: errors.indices)
        func syntaxErrorsAreLocated(_ index: Int) throws {
            let (text, message, line, column) = Self.errors[index]
            let error = try #require(poError(text), "\(text.debugDescription) was accepted")
            #expect(error.code == .syntax)
            #expect(error.message == message)
            #expect((error.line, error.column) == (line, column), "\(error)")
            #expect(error.path == "t.po")
        }

        /// msgfmt accepts `domain` directives, which Parlance refuses (the last case).
        @Test(arguments: errors.indices.dropLast())
        func msgfmtRejectsTheSameFiles(_ index: Int) throws {
            let directory = try GettextTools.temporaryDirectory()
            #expect(throws: GettextTools.ToolFailure.self, "\(Self.errors[index].text.debugDescription)") {
                _ = try GettextTools.compile(Array(Self.errors[index].text.utf8), in: directory)
            }
        }

        @Test func invalidUTF8IsAnEncodingError() throws {
            var bytes = Array((utf8Header + "msgid \"a\"\nmsgstr \"").utf8)
            bytes += [0xC3, 0x28, 0x22, 0x0A]
            let error = try #require(thrownError { _ = try GettextFile.parsePO(bytes, path: "bad.po") })
            #expect(error.code == .encoding)
            #expect((error.line, error.column) == (4, 9))
            // Escapes that make malformed UTF-8 too.
            let escaped = try #require(poError(utf8Header + "msgid \"a\"\nmsgstr \"\\303\"\n"))
            #expect(escaped.code == .encoding && escaped.line == 4)
        }

        @Test func unknownCharsetIsAnEncodingError() throws {
            let error = try #require(poError("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=NO-SUCH-SET\\n\"\n"))
            #expect(error.code == .encoding)
            #expect(error.message.contains("NO-SUCH-SET"))
            // The placeholder of .pot templates is read as UTF-8, as msgfmt does.
            let pot = try parsePO("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=CHARSET\\n\"\n\nmsgid \"é\"\nmsgstr \"è\"\n")
            #expect(entry(pot, "é") == .text("è"))
        }

        // MARK: - Charsets

        static let charsets: [(file: String, charset: String)] = [
            ("latin1.po.in", "ISO-8859-1"), ("koi8r.po.in", "KOI8-R"), ("sjis.po.in", "SHIFT_JIS"),
        ]

        @Test(arguments: charsets.indices)
        func encodedFilesReadLikeTheirUTF8Source(_ index: Int) throws {
            let (file, charset) = Self.charsets[index]
            let source = try GettextTools.fixture(file)
            let encoded = try GettextTools.iconv(source, to: charset)
            #expect(encoded != source)
            let table = try GettextFile.parsePO(encoded, path: file)
            // The UTF-8 source itself, read with the header's charset ignored.
            let utf8 = String(decoding: source, as: UTF8.self)
                .replacingOccurrences(of: "charset=\(table.charset)", with: "charset=UTF-8")
                .replacingOccurrences(of: "caf\\351 \\xe0", with: "café à")  // escapes are Latin-1 bytes
            var expected = try parsePO(utf8)
            expected.charset = table.charset
            expected.header = table.header
            #expect(GettextSnapshot(table) == GettextSnapshot(expected))
            #expect(!table.entries.isEmpty)
        }

        @Test func escapesAreBytesInTheFilesCharset() throws {
            let encoded = try GettextTools.iconv(try GettextTools.fixture("latin1.po.in"), to: "ISO-8859-1")
            let table = try GettextFile.parsePO(encoded, path: "latin1.po")
            #expect(entry(table, "escaped") == .text("café à la carte"))
            #expect(entry(table, "façade", context: "façade") == .text("Fassade ÿ"))
            #expect(table.charset == "ISO-8859-1")
        }

        @Test func shiftJISTrailBytesAreNotBackslashes() throws {
            let encoded = try GettextTools.iconv(try GettextTools.fixture("sjis.po.in"), to: "SHIFT_JIS")
            #expect(encoded.contains(0x5C))
            let table = try GettextFile.parsePO(encoded, path: "sjis.po")
            #expect(entry(table, "Display") == .text("表示"))
            #expect(entry(table, "Function") == .text("機能\\表"))
            #expect(entry(table, "%d item") == .gettextPlural(["%d 個の項目を表示"]))
            #expect(table.formula.pluralCount == 1)
        }
    }
}
