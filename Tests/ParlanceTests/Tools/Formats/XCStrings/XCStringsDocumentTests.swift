import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// String Catalogs written as Xcode writes them: real catalogs read and
/// written back unchanged, Xcode's key order, escaping and empty objects.
@Suite struct XCStringsDocumentTests {
    static let realDirectory = Fixtures.repository + "/Tests/Fixtures/real/xcstrings"

    static var catalogs: [String] {
        let real = ((try? FileManager.default.contentsOfDirectory(atPath: realDirectory)) ?? [])
            .filter { $0.hasSuffix(".xcstrings") }.sorted().map { realDirectory + "/" + $0 }
        return real + [Fixtures.repository + "/Tests/Fixtures/xcstrings/Localizable.xcstrings"]
    }

    @Test(arguments: catalogs)
    func untouchedCatalogsRoundTripByteForByte(_ path: String) throws {
        let bytes = try readBytes(path)
        let document = try XCStringsDocument(bytes: bytes, path: path)
        let written = document.render()
        #expect(written == bytes, "first difference at byte \(firstDifference(written, bytes))")
    }

    /// Every object of a catalog Xcode wrote is in `KeyCollation` order.
    @Test(arguments: catalogs.dropLast())
    func xcodeOrderIsKeyCollation(_ path: String) throws {
        var misplaced: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for (a, b) in zip(members, members.dropFirst()) where !KeyCollation.precedes(a.key, b.key) {
                    misplaced.append("\(a.key) before \(b.key)")
                }
                for member in members { walk(member.value.value) }
            case .array(let elements):
                for element in elements { walk(element.value) }
            default: break
            }
        }
        walk(try JSONParser.parse(try readBytes(path), path: path).value)
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
    }

    @Test func aLocalizationWithANewVariationIsNotTranslatedYet() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/Localizable.xcstrings"
        func plural(_ one: String, _ other: String) -> String {
            #"{"variations":{"plural":{"one":{"stringUnit":{"state":"\#(one)","value":"1"}},"other":{"stringUnit":{"state":"\#(other)","value":"n"}}}}}"#
        }
        try writeBytes(path, Array("""
            {"sourceLanguage":"en","version":"1.0","strings":{
              "a %lld":{"localizations":{"pa":\(plural("new", "new")),"de":\(plural("translated", "new")),"fr":\(plural("translated", "needs_review"))}},
              "b":{"localizations":{"pa":{"stringUnit":{"state":"new","value":"b"}},"de":{"stringUnit":{"state":"translated","value":"B"}}}}
            }}
            """.utf8))
        let tables = try XCStringsLocalization.entries(path: path).tables
        func translated(_ locale: String) -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: (tables.first { $0.locale == locale }?.entries ?? []).map { ($0.key, $0.isTranslated) })
        }
        #expect(translated("pa") == ["a %lld": false, "b": false])
        #expect(translated("de") == ["a %lld": false, "b": true])
        #expect(translated("fr") == ["a %lld": true])
    }

    @Test func collationIsNumericCaseInsensitiveAndPunctuationFirst() {
        let sorted = ["Key10", "key2", "Key1", "%@ of %@", "(No Text)", "[link]", "🦖 Dinosaurs", "A web", "zh-HK", "zh-Hans",
                      "my.snake_case", "my_snake_case", "AAA", "aaa", "é", "e", "f", "Unread", "unread"]
            .sorted(by: KeyCollation.precedes)
        #expect(sorted == ["(No Text)", "[link]", "%@ of %@", "🦖 Dinosaurs", "A web", "aaa", "AAA", "e", "é", "f", "Key1", "key2",
                           "Key10", "my_snake_case", "my.snake_case", "unread", "Unread", "zh-Hans", "zh-HK"])
    }

    /// Key orders of `strings` objects Xcode wrote (runs of keys from the
    /// Localizable.xcstrings of CubeLabsNZ/CubeTime, 7alva7/HiPixel and Cizzuk/CSE).
    @Test(arguments: [
        ["", "\nIf you run", "\nSupport us", " Note that", "-", "–", "...", "(%@)", "[+2]", "[DNF]", "%@", "%lld", "%lld d.p",
         "%lld Solves", "%lld.", "© 2021–2024", "+2", "|", "0.00", "0.000", "2x2", "3x3", "3x3 BLD", "3x3 OH", "4x4",
         "A compsim", "Accessibility", "Comment", "COMMENT", "Comment something…"],
        ["", " - The binary", " - The image", " %@ 5KM", "**PNG** • **JPEG**", "%.0f", "%.0f%%", "%.0f×%.0f px", "%lld",
         "%lld%%", "•", "✨ Drag", "0", "90", "About", "Custom Tile Size", "CUSTOM TILE SIZE", "Custom tile size for processing",
         "Dark", "DESIGN", "Designed by @okooo5km", "DOUBLE PROCESSING", "DOUBLE PROCESSING: Runs", "Double Upscayl"],
        ["", "%@", "© Cizzuk", "${toggle} Emoji Search", "${toggle} Emoji Search ${state}", "360 Search", "Add New Search Engine",
         "Add POST Data", "Baidu", "baidu.com", "Before you", "Bing", "bing.com", "Change App Icon", "Contact", "cse",
         "CSE Settings", "CSE will ignore", "Default", "Disable Checker", "Disable CSE", "Done", "DuckDuckGo"],
    ])
    func collationMatchesXcodesOrder(_ keys: [String]) {
        #expect(keys.reversed().sorted(by: KeyCollation.precedes) == keys)
    }

    @Test func escapingFollowsFoundation() {
        let text = "a\"b\\c/d\ne\rf\tg\u{8}h\u{C}i\u{1}j\u{1F}k\u{7F}l é 日本 😀 \u{2028}"
        let written = String(decoding: XCStringsJSON.render(.string(text), finalNewline: false), as: UTF8.self)
        #expect(written == "\"a\\\"b\\\\c/d\\ne\\rf\\tg\\bh\\fi\\u0001j\\u001fk\u{7F}l é 日本 😀 \u{2028}\"")
    }

    @Test func emptyContainersAndNestingAreWrittenAsXcodeDoes() {
        let value = XCStringsLocalization.object([
            ("strings", XCStringsLocalization.object([("", .object([])), ("a", .array([])),
                                                      ("b", .array([JSONNode(.string("x"), line: 0, column: 0)]))])),
            ("sourceLanguage", .string("en")), ("version", .number("1")),
        ])
        let written = String(decoding: XCStringsJSON.render(value, finalNewline: false), as: UTF8.self)
        #expect(written == """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "" : {

                },
                "a" : [

                ],
                "b" : [
                  "x"
                ]
              },
              "version" : 1
            }
            """)
    }

    @Test func editsChangeOnlyTheirLinesAndNewKeysGoWhereXcodePutsThem() throws {
        let path = Self.realDirectory + "/xcstrings-tool-Variations.xcstrings"
        let original = try readText(path)
        var document = try XCStringsDocument(bytes: Array(original.utf8), path: path)
        document.setEntry("String.Middle", [XCStringsJSON.member("comment", .string("new"))])
        document.modifyEntry("String.Plural") { XCStringsJSON.set("extractionState", .string("stale"), in: &$0) }
        let written = String(decoding: document.render(), as: UTF8.self)
        var expected = original.replacingOccurrences(of: "    \"String.Plural\" : {\n      \"extractionState\" : \"manual\"",
                                                     with: "    \"String.Plural\" : {\n      \"extractionState\" : \"stale\"")
        expected = expected.replacingOccurrences(of: "    \"String.Plural\" : {",
                                                 with: "    \"String.Middle\" : {\n      \"comment\" : \"new\"\n    },\n    \"String.Plural\" : {")
        #expect(written == expected)
    }

    @Test func aKeyWrittenTwiceIsRemovedOneCopyAtATime() throws {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n      \"comment\" : \"1\"\n    },\n"
            + "    \"a\" : {\n      \"comment\" : \"2\"\n    }\n  },\n  \"version\" : \"1.0\"\n}"
        var document = try XCStringsDocument(bytes: Array(text.utf8), path: "T.xcstrings")
        #expect(document.render() == Array(text.utf8))
        #expect(XCStringsJSON.string("comment", in: document.entry("a") ?? []) == "1")
        #expect(document.removeEntry("a") && XCStringsJSON.string("comment", in: document.entry("a") ?? []) == "2")
        #expect(document.removeEntry("a") && !document.contains("a") && document.keys.isEmpty)
    }

    @Test func removingAndReaddingKeys() throws {
        var document = XCStringsDocument(emptyAt: "T.xcstrings", sourceLanguage: "en")
        document.setEntry("b", [])
        document.setEntry("a", [])
        #expect(document.removeEntry("b") && !document.contains("b") && document.contains("a"))
        document.setEntry("c", [XCStringsJSON.member("comment", .string("x"))])
        #expect(document.entry("c") == [XCStringsJSON.member("comment", .string("x"))])
        #expect(String(decoding: document.render(), as: UTF8.self) == """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : {

                },
                "c" : {
                  "comment" : "x"
                }
              },
              "version" : "1.0"
            }
            """)
    }
}

/// The offset of the first byte where two texts differ (the shorter one's length when one is a prefix).
func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
}
