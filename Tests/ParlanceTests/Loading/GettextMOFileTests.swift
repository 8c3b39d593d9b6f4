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
                (patched(4, 1), "requires a hash table"),            // minor revision 1 without a hash table
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
