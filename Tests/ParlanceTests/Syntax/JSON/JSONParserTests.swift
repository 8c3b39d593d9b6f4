import Testing
@testable import Parlance

private func parse(_ text: String) throws(ParlanceError) -> JSONNode {
    try JSONParser.parse(Array(text.utf8), path: "t.json")
}

private func parseError(_ bytes: [UInt8]) -> ParlanceError? {
    do {
        _ = try JSONParser.parse(bytes, path: "t.json")
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String) -> ParlanceError? { parseError(Array(text.utf8)) }

@Suite struct JSONParserTests {
    @Test func scalars() throws {
        #expect(try parse("null").value == .null)
        #expect(try parse(" true ").value == .bool(true))
        #expect(try parse("false").value == .bool(false))
        #expect(try parse("-0").value == .number("-0"))
        #expect(try parse("1.50e+10").value == .number("1.50e+10"))
        #expect(try parse("1e400").value == .number("1e400"))
        #expect(try parse("\"hi\"").value == .string("hi"))
    }

    @Test func stringEscapes() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#).value == .string("\" \\ / \u{8} \u{C} \n \r \t"))
        #expect(try parse(#""\u0041\u00e9\u20AC""#).value == .string("Aé€"))
        #expect(try parse(#""\ud83d\ude00""#).value == .string("😀"))
        #expect(try parse(#""a\u0000b""#).value == .string("a\u{0}b"))
        #expect(try parse("\"é😀\u{2028}\"").value == .string("é😀\u{2028}"))
    }

    @Test func positionsOfValuesAndKeys() throws {
        let text = "{\n  \"a\": [true, null],\r\n  \"é\": {\"c\": -1.5e3}\r}"
        let root = try parse(text)
        #expect((root.line, root.column) == (1, 1))
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "é"])
        #expect((members[0].line, members[0].column) == (2, 3))
        #expect((members[0].value.line, members[0].value.column) == (2, 8))
        guard case .array(let elements) = members[0].value.value else { Issue.record("not an array"); return }
        #expect(elements.map { [$0.line, $0.column] } == [[2, 9], [2, 15]])
        #expect((members[1].line, members[1].column) == (3, 3))
        guard case .object(let inner) = members[1].value.value else { Issue.record("not an object"); return }
        #expect((inner[0].line, inner[0].column) == (3, 9))
        #expect((inner[0].value.line, inner[0].value.column) == (3, 14))
        #expect(inner[0].value.value == .number("-1.5e3"))
    }

    @Test func duplicateKeysAreKeptInOrder() throws {
        let root = try parse(#"{"a": "1", "b": "2", "a": "3"}"#)
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map(\.value.value) == [.string("1"), .string("2"), .string("3")])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), path: nil)
        #expect(root.value == .array([JSONNode(.number("1"), line: 1, column: 2)]))
        let error = parseError([0xEF, 0xBB, 0xBF] + Array("[x]".utf8))
        #expect(error.map { [$0.line, $0.column] } == [1, 2])
    }

    static let syntaxErrors: [(String, Int, Int, String)] = [
        ("", 1, 1, "unexpected end of input; expected a value"),
        ("   ", 1, 4, "unexpected end of input; expected a value"),
        ("{", 1, 2, "unexpected end of input; expected a string key or '}'"),
        ("[1,]", 1, 4, "unexpected ']'; expected a value"),
        (#"{"a":1,}"#, 1, 8, "unexpected '}'; expected a string key"),
        (#"{"a" 1}"#, 1, 6, "unexpected '1'; expected ':' after the key"),
        ("{1:2}", 1, 2, "unexpected '1'; expected a string key or '}'"),
        ("[1 2]", 1, 4, "unexpected '2'; expected ',' or ']'"),
        (#"{"a":1 "b":2}"#, 1, 8, "unexpected '\"'; expected ',' or '}'"),
        ("[1,2", 1, 5, "unexpected end of input; expected ',' or ']'"),
        ("01", 1, 2, "numbers cannot have leading zeros"),
        ("1.", 1, 3, "unexpected end of input; expected a digit after '.'"),
        ("1.e5", 1, 3, "unexpected 'e'; expected a digit after '.'"),
        ("1e", 1, 3, "unexpected end of input; expected a digit in the exponent"),
        ("1e+x", 1, 4, "unexpected 'x'; expected a digit in the exponent"),
        ("-", 1, 2, "unexpected end of input; expected a digit"),
        ("-a", 1, 2, "unexpected 'a'; expected a digit"),
        ("+1", 1, 1, "unexpected '+'; expected a value"),
        (".5", 1, 1, "unexpected '.'; expected a value"),
        ("NaN", 1, 1, "unexpected 'N'; expected a value"),
        ("tru", 1, 1, "invalid literal; expected 'true'"),
        ("[nul]", 1, 2, "invalid literal; expected 'null'"),
        ("True", 1, 1, "unexpected 'T'; expected a value"),
        ("'a'", 1, 1, "unexpected '''; expected a value"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[\"abc\\", 1, 2, "unterminated string"),
        ("\"a\u{1}\"", 1, 3, "control character U+0001 in a string; write it as an escape"),
        ("\"a\nb\"", 1, 3, "control character U+000A in a string; write it as an escape"),
        (#""\x""#, 1, 2, "invalid escape '\\x' in a string"),
        ("\"\\é\"", 1, 2, "invalid escape in a string"),
        (#""\u12""#, 1, 4, "expected four hexadecimal digits after \\u"),
        (#""\uD800""#, 1, 2, "lone surrogate \\uD800 in a string"),
        (#""ab\udc00""#, 1, 4, "lone surrogate \\uDC00 in a string"),
        (#""\ud800\u0041""#, 1, 2, "lone surrogate \\uD800 in a string"),
        (#""\ud800\ud800""#, 1, 2, "lone surrogate \\uD800 in a string"),
        ("[1]x", 1, 4, "unexpected 'x'; expected the end of the input"),
        ("1 2", 1, 3, "unexpected '2'; expected the end of the input"),
        ("[1]\u{0}", 1, 4, "unexpected control character U+0000; expected the end of the input"),
        ("[é]", 1, 2, "unexpected character U+00E9; expected a value"),
        ("[\"é😀\", x]", 1, 8, "unexpected 'x'; expected a value"),
        ("{\n  \"a\": [1,\n    2,,\n  ]\n}", 3, 7, "unexpected ','; expected a value"),
        ("[\r\n1,\r\n x]", 3, 2, "unexpected 'x'; expected a value"),
        ("[\r1,\rx]", 3, 1, "unexpected 'x'; expected a value"),
        ("[\n\n\t  // comment\n]", 3, 4, "unexpected '/'; expected a value"),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorsAreLocated(_ example: (String, Int, Int, String)) {
        let (text, line, column, message) = example
        let error = parseError(text)
        #expect(error == ParlanceError(.syntax, message, path: "t.json", line: line, column: column))
    }

    static let encodingErrors: [([UInt8], Int, Int, String)] = [
        ([0x22, 0x61, 0xFF, 0x22], 1, 3, "invalid UTF-8 byte 0xFF"),
        ([0x22, 0xC0, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xC0"),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xED"),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xF4"),
        ([0x22, 0xE2, 0x82], 1, 2, "invalid UTF-8 byte 0xE2"),
        ([0x22, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0x80"),
        ([0x5B, 0x0A, 0x20, 0xFE, 0x5D], 2, 2, "invalid UTF-8 byte 0xFE"),
    ]

    @Test(arguments: encodingErrors)
    func invalidUTF8IsAnEncodingError(_ example: ([UInt8], Int, Int, String)) {
        let (bytes, line, column, message) = example
        #expect(parseError(bytes) == ParlanceError(.encoding, message, path: "t.json", line: line, column: column))
    }

    @Test func nestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        var node = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var levels = 1
        while case .array(let elements) = node.value, let first = elements.first {
            node = first
            levels += 1
        }
        #expect(levels == depth)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: Never.self) { try parse(objects) }
    }

    @Test func nestingPastTheLimitIsAnError() {
        let depth = JSONParser.maximumDepth + 1
        let error = parseError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(error == ParlanceError(.syntax, "arrays and objects nest deeper than 512 levels",
                                       path: "t.json", line: 1, column: 513))
        // Far deeper input fails the same way instead of exhausting the stack.
        #expect(parseError(String(repeating: "[{\"a\":", count: 100_000))?.column == 256 * 6 + 1)
    }

    @Test func truncatedInputNeverCrashes() {
        let text = Array(#"{"a": [1, -2.5e+3, "x\u00e9\ud83d\ude00", true, false, null, {"b": {}}], "c": []}"#.utf8)
        #expect(parseError(text) == nil)
        for end in 0..<text.count {
            let error = parseError(Array(text[..<end]))
            #expect(error?.code == .syntax, "prefix of \(end) bytes")
        }
    }
}
