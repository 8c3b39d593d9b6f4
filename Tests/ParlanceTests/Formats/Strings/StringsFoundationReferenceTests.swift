import Foundation
import Testing
@testable import Parlance

/// A `.strings` input read by both Foundation and Parlance.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    init(_ name: String, _ source: String) { self.name = name; self.bytes = Array(source.utf8) }
    init(_ name: String, bytes: [UInt8]) { self.name = name; self.bytes = bytes }
    var testDescription: String { name }
}

extension LoadingTests {
    @Suite struct StringsFoundationReferenceTests {
        static let accepted: [ReferenceCase] = [
            .init("pairs", "\"a\" = \"b\";\n'c' = 'd';"),
            .init("unquoted", "a_$/:.-Z9 = x.y/z:1-2$_; k = v//w;"),
            .init("shorthand", "\"Done\"; OK;"),
            .init("comment before a value", "k = //v\n w;"),
            .init("wrapper", "/* c */ { \"a\" = \"b\"; c = d; } // end"),
            .init("empty wrapper", "{}"),
            .init("white space only", " \n\u{2028}\u{2029}\t"),
            .init("comments", "/*x*/\"a\"/*y*/=//z\n\"b\"/**/;//end\n/**/"),
            .init("line separators", "a\u{2028}=\u{2029}\"b\u{2028}c\"\u{2028};"),
            .init("duplicates", "a = 1; b = 2; a = 3;"),
            .init("C escapes", #""k" = "\a\b\f\n\r\t\v\"\'\\\q\%";"#),
            .init("backslash newline", "\"k\" = \"a\\\nb\\\r\nc\";"),
            .init("\\U escapes", #""k" = "\U00e9\U20AC\U41g\U7\U00411\Ux";"#),
            .init("\\U surrogates", #""k" = "\UD83D\UDE00 \UD83Dx \UDE00 \UDE00\UD83D \UD83D😀";"#),
            .init("octal", #""k" = "\101\60\0\1011\501\777";"#),
            .init("octal every byte", "\"k\" = \"" + (0..<256).map { "\\" + String($0, radix: 8) }.joined() + "\";"),
            .init("octal every byte, three digits", "\"k\" = \"" + (0..<256).map {
                let s = String($0, radix: 8); return "\\" + String(repeating: "0", count: 3 - s.count) + s
            }.joined() + "\";"),
            .init("escapes in keys", #""\t\U263A\101" = x;"#),
            .init("raw newlines", "\"a\nb\" = \"c\r\nd\";"),
            .init("non-ASCII", "\"ключ\" = \"値 😀 e\u{301}\";"),
            .init("empty strings", "\"\" = \"\";"),
            .init("UTF-8 BOM", bytes: [0xEF, 0xBB, 0xBF] + Array("\"é\" = \"😀\";".utf8)),
            .init("UTF-16LE BOM", bytes: utf16("\"é\" = \"😀\";\n/* c */ a = b;", bigEndian: false, byteOrderMark: true)),
            .init("UTF-16BE BOM", bytes: utf16("\"é\" = \"😀\";\n/* c */ a = b;", bigEndian: true, byteOrderMark: true)),
        ]

        @Test(arguments: accepted)
        func sameTableAsFoundation(_ c: ReferenceCase) throws {
            let foundation = try #require(FoundationReference.table(c.bytes))
            #expect(FoundationReference.parlanceTable(c.bytes) == foundation)
        }

        static let rejected: [ReferenceCase] = [
            .init("missing semicolon", "\"a\" = \"b\""),
            .init("missing semicolon mid-file", "a = b\nc = d;"),
            .init("unterminated string", "a = \"b;"),
            .init("backslash at the end", "a = \"b\\"),
            .init("neither = nor ;", "a b;"),
            .init("missing value", "a = ;"),
            .init("comment eats the value", "k = //v\n;"),
            .init("unclosed wrapper", "{ a = b;"),
            .init("junk after wrapper", "{ a = b; } c = d;"),
            .init("lone string", "\"a\""),
            .init("dict value", "a = { b = c; };"),
            .init("array value", "a = (b, c);"),
            .init("data value", "a = <0fab>;"),
            .init("invalid UTF-8", bytes: Array("a = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)),
        ]

        @Test(arguments: rejected)
        func rejectedLikeFoundation(_ c: ReferenceCase) {
            #expect(FoundationReference.table(c.bytes) == nil)
            #expect(FoundationReference.parlanceTable(c.bytes) == nil)
        }

        /// CF stops at the first character that cannot start a key and keeps
        /// what it read; Parlance does the same (and lint warns).
        static let stopsEarly: [ReferenceCase] = [
            .init("junk after the entries", "a = b;\n@ c = d;"),
            .init("stray semicolon", "a = b;; c = d;"),
            .init("stray closing brace", "a = b; }"),
        ]

        @Test(arguments: stopsEarly)
        func stopsEarlyLikeFoundation(_ c: ReferenceCase) throws {
            #expect(FoundationReference.table(c.bytes) == ["a": "b"])
            #expect(FoundationReference.parlanceTable(c.bytes) == ["a": "b"])
            #expect(try StringsFile.parseReportingIgnoredText(c.bytes, path: nil).ignored != nil)
        }

        /// Damage Foundation tolerates, keeping the entries before it: the
        /// runtime keeps the same entries; lint reports an error.
        static let tolerated: [ReferenceCase] = [
            .init("key unterminated at the end", "a = b;\n\"c"),
            .init("single-quoted key unterminated at the end", "a = b;\n'c = d"),
            .init("escape in a key unterminated at the end", "a = b;\n\"c\\td"),
            .init("comment unterminated at the end", "a = b;\n/* c = d;"),
            .init("comment unterminated right after the entry", "\"a\" = \"b\";/* c"),
            .init("comment unterminated after a closed one", "a = b; /* x */ /* y"),
            .init("comment unterminated after a star", "a = b;/* c *"),
            .init("bare comment opener at the end", "a = b;/*"),
            .init("comment unterminated after the wrapper", "{ a = b; } /* c = d;"),
            .init("odd byte after UTF-16LE", bytes: utf16("a = b;", bigEndian: false, byteOrderMark: true) + [0x41]),
            .init("odd byte after UTF-16BE", bytes: utf16("a = b;", bigEndian: true, byteOrderMark: true) + [0x0A]),
        ]

        @Test(arguments: tolerated)
        func toleratedLikeFoundation(_ c: ReferenceCase) throws {
            #expect(FoundationReference.table(c.bytes) == ["a": "b"])
            #expect(FoundationReference.parlanceTable(c.bytes) == ["a": "b"])
            let parsed = try StringsFile.parseReportingIgnoredText(c.bytes, path: "t.strings")
            #expect(parsed.tolerated.count == 1)
        }

        /// The same damage with nothing before it, or in a value, is an error
        /// for Foundation too.
        static let notTolerated: [ReferenceCase] = [
            .init("wrapped, unterminated comment", "{ a = b; /* c"),
            .init("comment unterminated after a value", "a = b /* c"),
            .init("comment unterminated after '='", "a = /* c"),
            .init("comment unterminated after a key", "a = b; c /* x"),
            .init("only an unterminated key", "\"c"),
            .init("wrapped, unterminated key", "{ a = b;\n\"c"),
            .init("unterminated value at the end", "a = b;\nc = \"d"),
            // Without a byte order mark an odd last byte is not forgiven: Foundation refuses the file.
            .init("odd byte after BOM-less UTF-16LE", bytes: utf16("a = b;", bigEndian: false, byteOrderMark: false) + [0x41]),
            .init("odd byte after BOM-less UTF-16BE", bytes: utf16("a = b;", bigEndian: true, byteOrderMark: false) + [0x0A]),
            .init("NUL after BOM-less UTF-16LE", bytes: utf16("\"é\" = \"😀\";", bigEndian: false, byteOrderMark: false) + [0x00]),
        ]

        @Test(arguments: notTolerated)
        func notToleratedLikeFoundation(_ c: ReferenceCase) {
            #expect(FoundationReference.table(c.bytes) == nil)
            #expect(FoundationReference.parlanceTable(c.bytes) == nil)
        }

        @Test func onlyAnUnterminatedCommentIsAnEmptyTable() throws {
            for text in ["/* c", "/*", " \n/* a = b;"] {
                #expect(FoundationReference.table(Array(text.utf8)) == [:])
                #expect(FoundationReference.parlanceTable(Array(text.utf8)) == [:])
                let parsed = try StringsFile.parseReportingIgnoredText(Array(text.utf8), path: "t.strings")
                #expect(parsed.tolerated.map(\.message) == ["unterminated comment at the end of the file; the entries"
                                                             + " before it are kept, as Foundation keeps them"])
            }
        }

        /// Random files (`StringsRandomReferenceTests.Writer`, a fifth of them
        /// wrapped in `{ }`) ending in an open `/*` comment: Foundation keeps
        /// every entry, and so does Parlance.
        @Test func randomFilesEndingInAnOpenComment() throws {
            var writer = StringsRandomReferenceTests.Writer(rng: SeededGenerator(seed: 0x0C0_2026))
            var compared = 0
            for _ in 0..<400 {
                var (text, expected) = writer.file()
                text += "/*" + writer.randomString().filter { $0 != "/" }
                let bytes = Array(text.utf8)
                #expect(FoundationReference.table(bytes) == expected, "\(text.debugDescription)")
                #expect(FoundationReference.parlanceTable(bytes) == expected, "\(text.debugDescription)")
                compared += 1
            }
            #expect(compared > 350)
        }

        @Test func emptyFileIsAnEmptyTable() throws {
            // Foundation refuses zero-length data; an empty .strings file is an empty table here.
            #expect(FoundationReference.table([]) == nil)
            #expect(try StringsFile.parse([], path: nil).isEmpty)
        }

        @Test func utf16WithoutByteOrderMark() throws {
            // Foundation's plist API skips two bytes of BOM-less UTF-16, so compare with its UTF-8 reading.
            let source = "\"é\" = \"😀\"; a = b;"
            let expected = try #require(FoundationReference.table(Array(source.utf8)))
            for bigEndian in [false, true] {
                let bytes = utf16(source, bigEndian: bigEndian, byteOrderMark: false)
                #expect(FoundationReference.parlanceTable(bytes) == expected)
            }
        }

        /// Every table in every encoding, with and without a byte order mark,
        /// followed by each of seven stray bytes or none: Parlance's table is
        /// Foundation's, or both refuse the file, in each of the 210 files —
        /// but for BOM-less UTF-16 with nothing after it, which Foundation's
        /// plist parser reads as UTF-8 and refuses, and Parlance reads as the
        /// UTF-16 it is (docs/decisions.md).
        @Test func encodingsAndStrayBytesAnswerAsFoundation() throws {
            let tables = ["\"greeting\" = \"Grüße\";\n\"bye\" = \"Tschüß\";\n", "/* c */\n\"a\" = \"1\";\n// x\n\"b\" = \"𝄞 2\";\n",
                          "\"a\" = \"1\";\n\"b\" = \"2\"", "a = \"1\";\nb_c = two;\n", "\"k\" = \"日本語\";\n"]
            let encodings: [(name: String, encode: (String) -> [UInt8], utf16WithoutMark: Bool)] = [
                ("UTF-8", { Array($0.utf8) }, false), ("UTF-8 BOM", { [0xEF, 0xBB, 0xBF] + Array($0.utf8) }, false),
                ("UTF-16LE", { utf16($0, bigEndian: false, byteOrderMark: false) }, true),
                ("UTF-16BE", { utf16($0, bigEndian: true, byteOrderMark: false) }, true),
                ("UTF-16LE BOM", { utf16($0, bigEndian: false, byteOrderMark: true) }, false),
                ("UTF-16BE BOM", { utf16($0, bigEndian: true, byteOrderMark: true) }, false),
            ]
            let strays: [[UInt8]] = [[], [0x41], [0x00], [0x0A], [0xFF], [0xD8], [0x20]]
            var compared = 0
            for table in tables {
                for encoding in encodings {
                    for stray in strays {
                        let bytes = encoding.encode(table) + stray
                        let parlance = FoundationReference.parlanceTable(bytes)
                        if encoding.utf16WithoutMark && stray.isEmpty {
                            #expect(FoundationReference.table(bytes) == nil)
                            #expect(parlance == FoundationReference.table(Array(table.utf8)), "\(encoding.name) \(table)")
                        } else {
                            #expect(parlance == FoundationReference.table(bytes), "\(encoding.name) + \(stray) \(table)")
                        }
                        compared += 1
                    }
                }
            }
            #expect(compared == 210)
        }
    }
}
