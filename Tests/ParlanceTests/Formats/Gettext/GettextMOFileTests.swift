import Foundation
import Testing
@testable import Parlance

extension GettextTests {
    @Suite struct MOFileTests {
        /// Every `.po` fixture as bytes: UTF-8 ones as stored, the others
        /// converted to the charset their header names.
        static func poFixtures() throws -> [(name: String, bytes: [UInt8])] {
            [("constructs.po", try GettextTools.fixture("constructs.po")),
             ("latin1.po", try GettextTools.iconv(try GettextTools.fixture("latin1.po.in"), to: "ISO-8859-1")),
             ("koi8r.po", try GettextTools.iconv(try GettextTools.fixture("koi8r.po.in"), to: "KOI8-R")),
             ("sjis.po", try GettextTools.iconv(try GettextTools.fixture("sjis.po.in"), to: "SHIFT_JIS"))]
        }

        @Test(arguments: [false, true])
        func msgfmtOutputReadsLikeItsSource(bigEndian: Bool) throws {
            let directory = try GettextTools.temporaryDirectory()
            for (name, po) in try Self.poFixtures() {
                let mo = try GettextTools.compile(po, bigEndian: bigEndian, in: directory)
                #expect(Array(mo.prefix(4)) == (bigEndian ? [0x95, 0x04, 0x12, 0xDE] : [0xDE, 0x12, 0x04, 0x95]))
                let fromMO = try GettextFile.parseMO(mo, path: name + ".mo")
                let fromPO = try GettextFile.parsePO(po, path: name)
                #expect(GettextSnapshot(fromMO) == GettextSnapshot(fromPO), "\(name)")
                #expect(fromMO.formula == fromPO.formula, "\(name)")
                #expect(fromMO.entries.count == fromPO.entries.count && !fromMO.entries.isEmpty, "\(name)")
            }
        }

        /// msgfmt writes c-format messages with `<inttypes.h>` macros as
        /// system-dependent strings (revision 0.1); both readers expand them
        /// for this platform as libintl does (LP64 glibc: `PRIu64` is `lu`).
        static func systemDependentPO(charset: String) -> [UInt8] {
            let text = """
                msgid ""
                msgstr ""
                "Content-Type: text/plain; charset=\(charset)\\n"
                "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

                #, c-format
                msgid "Copied %<PRIu64> of %<PRIu64> bytes"
                msgstr "%<PRIu64> von %<PRIu64> Bytes kopiert"

                #, c-format
                msgid "%<PRIdMAX> record"
                msgid_plural "%<PRIdMAX> records"
                msgstr[0] "%<PRIdMAX> Datensatz"
                msgstr[1] "%<PRIdMAX> Datensätze"

                #, c-format
                msgctxt "progress"
                msgid "Step %<PRIu32> at %<PRIxPTR>"
                msgstr "Schritt %I<PRIu32> bei %<PRIxPTR>"

                msgid "Plain"
                msgstr "Schlicht"

                """
            return Array(text.utf8)
        }

        @Test(arguments: [("UTF-8", false), ("UTF-8", true), ("ISO-8859-1", false)])
        func systemDependentStringsAreExpanded(charset: String, bigEndian: Bool) throws {
            let directory = try GettextTools.temporaryDirectory()
            var po = Self.systemDependentPO(charset: charset)
            if charset != "UTF-8" { po = try GettextTools.iconv(po, to: charset) }
            let mo = try GettextTools.compile(po, bigEndian: bigEndian, in: directory)
            #expect(mo[4..<8].contains(1), "msgfmt wrote revision 0.1")
            let table = try GettextFile.parseMO(mo, path: "sysdep.mo")
            #expect(entry(table, "Copied %lu of %lu bytes") == .text("%lu von %lu Bytes kopiert"))
            #expect(entry(table, "%ld record") == .gettextPlural(["%ld Datensatz", "%ld Datensätze"]))
            // msgfmt segments the msgid, not the msgid_plural, which lookups never read.
            #expect(table.pluralIDs["%ld record"] == "%<PRIdMAX> records")
            #expect(entry(table, "Step %u at %lx", context: "progress") == .text("Schritt %Iu bei %lx"))
            #expect(entry(table, "Plain") == .text("Schlicht"))

            // The same file mapped (UTF-8) or parsed (other charsets) behind a catalog.
            let messages = directory + "/de/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
            try Data(mo).write(to: URL(fileURLWithPath: messages + "/sysdep.mo"))
            let catalog = Catalog()
            try catalog.load(path: directory + "/de/LC_MESSAGES/sysdep.mo")
            let de = try Localizer(catalog: catalog, locales: ["de"])
            #expect(de.text("Copied %lu of %lu bytes", table: "sysdep") == "%lu von %lu Bytes kopiert")
            #expect(de.plural("%ld record", count: .int(2), table: "sysdep") == "%ld Datensätze")
            #expect(de.text("Step %u at %lx", context: "progress", table: "sysdep") == "Schritt %Iu bei %lx")
            #expect(de.text("Plain", table: "sysdep") == "Schlicht")
            #expect(de.lookup("Copied %<PRIu64> of %<PRIu64> bytes", table: "sysdep") == nil)
        }

        @Test func damagedSystemDependentTablesAreErrors() throws {
            let directory = try GettextTools.temporaryDirectory()
            let mo = try GettextTools.compile(Self.systemDependentPO(charset: "UTF-8"), in: directory)
            func patched(_ offset: Int, _ value: UInt32) -> [UInt8] {
                var bytes = mo
                for i in 0..<4 { bytes[offset + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) }
                return bytes
            }
            func word(_ offset: Int) -> Int { (0..<4).reduce(0) { $0 | Int(mo[offset + $1]) << (8 * $1) } }
            let cases: [(bytes: [UInt8], message: String)] = [
                (patched(28, 0x1000_0000), "segments table"),
                (patched(44, UInt32(mo.count - 2)), "system-dependent translations table"),
                (patched(word(40), UInt32(mo.count)), "system-dependent"),      // a string's static bytes past the end
                (patched(word(32), 0), "segment 0"),                            // a segment name of no bytes
            ]
            for (bytes, message) in cases {
                let error = try #require(thrownError { _ = try GettextFile.parseMO(bytes, path: "bad.mo") }, "\(message)")
                #expect(error.code == .syntax)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }

        @Test func contextsPluralsAndHeader() throws {
            let directory = try GettextTools.temporaryDirectory()
            let mo = try GettextTools.compile(try GettextTools.fixture("constructs.po"), in: directory)
            let table = try GettextFile.parseMO(mo, path: "constructs.mo")
            #expect(entry(table, "Open", context: "menu") == .text("Otwórz"))
            #expect(entry(table, "", context: "empty msgid") == .text("pusty"))
            #expect(entry(table, "%d sector", context: "disk") == .gettextPlural(["%d sektor", "", "%d sektorów"]))
            #expect(table.pluralIDs["disk\u{4}%d sector"] == "%d sectors")
            #expect(table.headerValue("Plural-Forms")?.hasPrefix("nplurals=3;") == true)
            #expect(table.formula.translationIndex(for: 5) == 2)
            #expect(entry(table, "Fuzzy text") == nil && entry(table, "Untranslated") == nil)
        }

        @Test func handWrittenCatalogs() throws {
            let plain = MOWriter.write([(Array("a".utf8), Array("b".utf8)), (Array("c\u{4}a".utf8), Array("d".utf8))])
            let table = try GettextFile.parseMO(plain, path: "t.mo")
            #expect(entry(table, "a") == .text("b") && entry(table, "a", context: "c") == .text("d"))
            #expect(table.formula == .germanic && table.header.isEmpty && table.charset == "UTF-8")
            // Big-endian and revision 1.0 are read too.
            let big = MOWriter.write([(Array("a".utf8), Array("b".utf8))], bigEndian: true, revision: 1 << 16)
            #expect(entry(try GettextFile.parseMO(big, path: "t.mo"), "a") == .text("b"))
            // A singular translation ends at its first NUL, as gettext() returns it.
            let nul = MOWriter.write([(Array("a".utf8), Array("b\0c".utf8))])
            #expect(entry(try GettextFile.parseMO(nul, path: "t.mo"), "a") == .text("b"))
            let empty = MOWriter.write([])
            #expect(try GettextFile.parseMO(empty, path: "t.mo").entries.isEmpty)
        }

        // MARK: - Corrupt files

        static func sample() throws -> [UInt8] {
            let directory = try GettextTools.temporaryDirectory()
            return try GettextTools.compile(try GettextTools.fixture("constructs.po"), in: directory)
        }

        @Test func everyTruncationIsAnError() throws {
            let mo = try Self.sample()
            for length in 0..<mo.count {
                // msgfmt ends the file with the last string's NUL: every cut loses something.
                let error = thrownError { _ = try GettextFile.parseMO(Array(mo.prefix(length)), path: "cut.mo") }
                #expect(error?.code == .syntax, "length \(length)")
                #expect(error?.path == "cut.mo")
            }
            let last = thrownError { _ = try GettextFile.parseMO(Array(mo.dropLast()), path: "cut.mo") }
            #expect(last?.message.contains("NUL") == true || last?.message.contains("past the end") == true)
            #expect(thrownError { _ = try GettextFile.parseMO(Array(mo.prefix(27)), path: "cut.mo") } != nil)
            #expect(thrownError { _ = try GettextFile.parseMO(Array(mo.prefix(100)), path: "cut.mo") } != nil)
        }

        @Test func flippedBytesNeverCrash() throws {
            let mo = try Self.sample()
            var generator = SeededGenerator(seed: 0x6D6F)
            var rejected = 0
            for _ in 0..<3000 {
                var bytes = mo
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let at = Int.random(in: 0..<min(bytes.count, 400), using: &generator)
                    bytes[at] = UInt8.random(in: 0...255, using: &generator)
                }
                do { _ = try GettextFile.parseMO(bytes, path: "x.mo") } catch { rejected += 1 }
            }
            #expect(rejected > 0)
        }

        @Test func badOffsetsAndCountsAreErrors() throws {
            let mo = MOWriter.write([(Array("a".utf8), Array("b".utf8))])
            func patched(_ offset: Int, _ value: UInt32) -> [UInt8] {
                var bytes = mo
                for i in 0..<4 { bytes[offset + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) }
                return bytes
            }
            let cases: [(bytes: [UInt8], message: String)] = [
                (patched(8, 0xFFFF_FFFF), "originals table"),        // a count no file can hold
                (patched(12, 0xFFFF_FFF0), "originals table"),       // table offset past the end
                (patched(16, UInt32(mo.count - 4)), "translations table"),
                (patched(20, 1000), "hash table"),                   // hash table past the end
                (patched(28, 0xFFFF_FFFF), "original string 0"),     // string length
                (patched(32, 0xFFFF_FFFF), "original string 0"),     // string offset
                (patched(36, 2), "translation string 0"),            // no NUL after the string
                (patched(0, 0x1234_5678), "bad magic number"),
                (patched(4, 2 << 16), "unsupported .mo revision 2.0"),
                (patched(4, 0xFFFF_0001), "unsupported .mo revision 65535.1"),
                (patched(4, 1), "need a hash table"),                // revision 0.1: word 36 (here 1) counts system-dependent strings
            ]
            for (bytes, message) in cases {
                let error = try #require(thrownError { _ = try GettextFile.parseMO(bytes, path: "bad.mo") }, "\(message)")
                #expect(error.code == .syntax)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }

        @Test func undeclaredOrInvalidCharsets() throws {
            let unknown = MOWriter.write([([], Array("Content-Type: text/plain; charset=NO-SUCH-SET\n".utf8))])
            #expect(thrownError { _ = try GettextFile.parseMO(unknown, path: "t.mo") }?.code == .encoding)
            let malformed = MOWriter.write([([], Array("Content-Type: text/plain; charset=UTF-8\n".utf8)),
                                            (Array("a".utf8), [0xC3, 0x28])])
            #expect(thrownError { _ = try GettextFile.parseMO(malformed, path: "t.mo") }?.code == .encoding)
            let latin1 = MOWriter.write([([], Array("Content-Type: text/plain; charset=ISO-8859-1\n".utf8)),
                                         ([0x63, 0x61, 0x66, 0xE9], [0xE9, 0xE8])])
            #expect(entry(try GettextFile.parseMO(latin1, path: "t.mo"), "café") == .text("éè"))
        }
    }
}
