import Foundation
import Testing
@testable import Parlance

struct XMLErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { name }
}

extension LoadingTests {
    @Suite struct PropertyListXMLTests {
        static func xml(_ body: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>

            """
        }

        static func read(_ source: String) throws(ParlanceError) -> PropertyListValue {
            try PropertyListValue.read(Array(source.utf8), path: "t.plist")
        }

        @Test func everyValueKind() throws {
            let value = try Self.read(Self.xml("""
                <dict>
                  <!-- a comment --><?pi stuff?>
                  <key>s</key><string>a &lt;&gt;&amp;&quot;&apos; &#233;&#x1F600; <![CDATA[<raw> & ]]>b</string>
                  <key>e</key><string/>
                  <key>e2</key><string></string>
                  <key>i</key><integer> -42 </integer>
                  <key>h</key><integer>0x10</integer>
                  <key>r</key><real>2.5</real>
                  <key>t</key><true/>
                  <key>f</key><false></false>
                  <key>d</key><date>2001-01-01T00:00:00Z</date>
                  <key>b</key><data>
                    AAEC
                    /w==
                  </data>
                  <key>a</key><array><string>x</string><array/><dict/></array>
                  <key>s</key><string>dup</string>
                </dict>
                """))
            let expected: [PropertyListValue.Member] = [
                .init(key: "s", value: .string("a <>&\"' é😀 <raw> & b"), line: 6, column: 3),
                .init(key: "e", value: .string(""), line: 7, column: 3),
                .init(key: "e2", value: .string(""), line: 8, column: 3),
                .init(key: "i", value: .integer(-42), line: 9, column: 3),
                .init(key: "h", value: .integer(16), line: 10, column: 3),
                .init(key: "r", value: .real(2.5), line: 11, column: 3),
                .init(key: "t", value: .bool(true), line: 12, column: 3),
                .init(key: "f", value: .bool(false), line: 13, column: 3),
                .init(key: "d", value: .date("2001-01-01T00:00:00Z"), line: 14, column: 3),
                .init(key: "b", value: .data([0, 1, 2, 255]), line: 15, column: 3),
                .init(key: "a", value: .array([.string("x"), .array([]), .dict([])]), line: 19, column: 3),
                .init(key: "s", value: .string("dup"), line: 20, column: 3),
            ]
            #expect(value == .dict(expected))
        }

        @Test func stringsTableFromXML() throws {
            let entries = try StringsFile.parse(Array(Self.xml("<dict><key>a</key><string>b\r\nc</string></dict>").utf8), path: nil)
            #expect(entries == [ParsedEntry(key: "a", value: .text("b\r\nc"), line: 4, column: 7)])
        }

        @Test func plistWrapperIsOptional() throws {
            #expect(try Self.read("<?xml version=\"1.0\"?>\n<dict><key>k</key><string>v</string></dict>")
                    == .dict([.init(key: "k", value: .string("v"), line: 2, column: 7)]))
        }

        @Test func utf16XML() throws {
            let source = Self.xml("<dict><key>é</key><string>😀</string></dict>")
            for bigEndian in [false, true] {
                let entries = try StringsFile.parse(utf16(source, bigEndian: bigEndian, byteOrderMark: true), path: nil)
                #expect(pairs(entries) == ["é=😀"])
            }
        }

        static let errors: [XMLErrorCase] = [
            .init(name: "unknown element", source: "<plist><dict><key>a</key><strin>b</strin></dict></plist>",
                  line: 1, column: 26, message: "unknown element <strin>"),
            .init(name: "mismatched end tag", source: "<plist>\n<string>a</strng></plist>",
                  line: 2, column: 10, message: "expected </string>, found </strng"),
            .init(name: "missing end tag", source: "<plist><dict>\n<key>a</key><string>b",
                  line: 2, column: 13, message: "missing </string>"),
            .init(name: "unclosed dict", source: "<plist>\n <dict>",
                  line: 2, column: 2, message: "missing </dict>"),
            .init(name: "value without key", source: "<plist><dict><string>b</string></dict></plist>",
                  line: 1, column: 14, message: "expected <key> in <dict>, found <string>"),
            .init(name: "key without value", source: "<plist><dict><key>a</key></dict></plist>",
                  line: 1, column: 26, message: "missing value for key \"a\""),
            .init(name: "unknown entity", source: "<plist><string>a &nbsp; b</string></plist>",
                  line: 1, column: 18, message: "unknown entity &nbsp;"),
            .init(name: "bad character reference", source: "<plist><string>&#xD800;</string></plist>",
                  line: 1, column: 16, message: "invalid character reference &#xD800;"),
            .init(name: "bare ampersand", source: "<plist><string>a & b</string></plist>",
                  line: 1, column: 18, message: "malformed entity reference"),
            .init(name: "element inside string", source: "<plist><string>a<b/></string></plist>",
                  line: 1, column: 17, message: "unexpected element inside <string>"),
            .init(name: "text in dict", source: "<plist><dict>\n  oops</dict></plist>",
                  line: 2, column: 3, message: "unexpected text"),
            .init(name: "unterminated comment", source: "<plist><!-- x",
                  line: 1, column: 8, message: "unterminated comment"),
            .init(name: "unterminated tag", source: "<plist><string",
                  line: 1, column: 8, message: "unterminated <string> tag"),
            .init(name: "unquoted attribute", source: "<plist version=1.0></plist>",
                  line: 1, column: 16, message: "attribute value must be quoted"),
            .init(name: "junk after the plist", source: "<plist><true/></plist>\n<true/>",
                  line: 2, column: 1, message: "unexpected content after the end of the property list"),
            .init(name: "two values", source: "<plist><true/><false/></plist>",
                  line: 1, column: 15, message: "expected </plist>"),
            .init(name: "empty plist", source: "<plist></plist>", line: 1, column: 8, message: "<plist> holds no value"),
            .init(name: "bad integer", source: "<plist><integer>12a</integer></plist>",
                  line: 1, column: 8, message: "malformed <integer> \"12a\""),
            .init(name: "integer out of range", source: "<plist><integer>9223372036854775808</integer></plist>",
                  line: 1, column: 8, message: "<integer> out of range"),
            .init(name: "bad real", source: "<plist><real>one</real></plist>",
                  line: 1, column: 8, message: "malformed <real> \"one\""),
            .init(name: "bad base64", source: "<plist><data>AA*A</data></plist>",
                  line: 1, column: 14, message: "invalid base64 character in <data>"),
            .init(name: "key outside dict", source: "<plist><key>a</key></plist>",
                  line: 1, column: 8, message: "<key> outside a <dict>"),
            .init(name: "no element", source: "<?xml version=\"1.0\"?>\n", line: 2, column: 1, message: "no property list element"),
        ]

        @Test(arguments: errors)
        func malformedXMLIsLocated(_ c: XMLErrorCase) {
            let error = thrownError { _ = try Self.read(c.source) }
            #expect(error == ParlanceError(.syntax, c.message, path: "t.plist", line: c.line, column: c.column))
        }

        @Test func unsupportedDeclaredEncoding() {
            let error = thrownError { _ = try Self.read("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><true/></plist>") }
            #expect(error?.code == .encoding)
        }

        @Test func depthLimit() throws {
            let deep = String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600)
            let error = thrownError { _ = try Self.read("<plist>\(deep)</plist>") }
            #expect(error?.message == "property list nested deeper than 512 levels")
            let fine = String(repeating: "<array>", count: 500) + String(repeating: "</array>", count: 500)
            _ = try Self.read("<plist>\(fine)</plist>")
        }

        @Test func foundationWrittenXMLReadsTheSame() throws {
            let expected: [String: String] = ["a": "b", "<&>": "\"quoted\" 'x'", "multi\nline": "tab\there\r\n",
                                           "emoji 😀": "é e\u{301}", "": "", "ctl": "\u{1}\u{1F}", "space": "  lead and trail  "]
            let bytes = try FoundationReference.serialize(expected, .xml)
            #expect(try table(StringsFile.parse(bytes, path: nil)) == expected)
            #expect(FoundationReference.table(bytes) == expected)
        }

        /// Every truncation of a valid XML plist before its closing tag is an error;
        /// random byte changes never crash.
        @Test func truncatedAndCorruptedXML() throws {
            let bytes = Array(Self.xml("<dict><key>a</key><string>b &amp; c</string><key>n</key><array><integer>1</integer></array></dict>").utf8)
            let closing = Array("</plist>".utf8)
            let end = (0...(bytes.count - closing.count)).last { Array(bytes[$0..<$0 + closing.count]) == closing }!
            for length in 1..<end + closing.count {  // 0 bytes: an empty .strings table
                #expect(thrownError { _ = try StringsFile.parse(Array(bytes[..<length]), path: nil) } != nil, "length \(length)")
            }
            var rng = SeededGenerator(seed: 7)
            for _ in 0..<2000 {
                var corrupted = bytes
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    corrupted[Int.random(in: 0..<corrupted.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                _ = try? StringsFile.parse(corrupted, path: nil)
                _ = try? StringsdictFile.parse(corrupted, path: nil)
            }
        }
    }
}
