import Foundation
import Testing
@testable import Parlance

/// JSONParser against Foundation's JSONSerialization: same acceptance, same values.
///
/// Known, deliberate differences, excluded from the comparison:
/// - Foundation accepts a trailing comma (`[1,]`, `{"a":1,}`); RFC 8259 does not.
/// - Foundation rejects numbers outside Double's range (`1e400`); the parser
///   keeps every number's spelling, so it has no range to enforce.
@Suite struct JSONParserFoundationTests {
    static let corpus: [String] = [
        "null", "true", "false", "0", "-0", "1", "-1", "0.5", "1e5", "1E+2", "0.1e-2", "-12.75e-3",
        "123456789012345678", "1.7976931348623157e308", "5e-324",
        #""""#, #""a""#, #""\u00e9""#, #""\ud83d\ude00""#, #""\u0000""#, #""\/""#, "\"é\u{2028}😀\"",
        "[]", "{}", "[[]]", #"{"a":{}}"#, #"[1,"a",null,true,{"b":[false]}]"#,
        #"{"a":1,"a":2}"#, " \t\r\n[ 1 , 2 ]\r\n ",
        // Rejected by both.
        "", " ", "[", "]", "{", "}", "[1 2]", "01", "-01", "1.", ".1", "+1", "1e", "1e+", "-", "--1",
        "tru", "nul", "True", "NaN", "Infinity", "'a'", #""\x""#, #""\u12""#, #""\ud800""#, #""\udc00""#,
        "\"a\u{1}\"", "\"a\tb\"", "[1]x", "1 2", "{1:2}", #"{"a" 1}"#, #"{"a":}"#, "[,]", "[1,,2]",
        "{,}", "/*c*/1", "[1]//",
    ]

    @Test(arguments: corpus)
    func corpusMatchesFoundation(_ text: String) {
        #expect(compare(Array(text.utf8)) != .differ)
    }

    @Test func invalidUTF8IsRejectedByBoth() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                               [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            #expect(compare(bytes) == .same, "\(bytes)")
        }
    }

    @Test func randomDocumentsMatchFoundation() {
        var random = SeededGenerator(seed: 0x5EED_0001)
        var compared = 0
        for _ in 0..<400 {
            var generator = DocumentGenerator(random: random)
            let document = generator.value(depth: 0)
            random = generator.random
            let bytes = Array(document.utf8)
            #expect(compare(bytes) == .same, "\(document)")
            compared += 1
        }
        #expect(compared == 400)
    }

    @Test func mutatedDocumentsMatchFoundation() {
        var random = SeededGenerator(seed: 0x5EED_0002)
        let alphabet = Array(#"{}[]",:-+.0123456789eEtrufalsn\/ u"#.utf8) + [0x0A, 0x09]
        var compared = 0
        var rejected = 0
        for _ in 0..<1500 {
            var generator = DocumentGenerator(random: random)
            var bytes = Array(generator.value(depth: 0).utf8)
            random = generator.random
            for _ in 0...Int.random(in: 0...2, using: &random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                default: bytes[at] = alphabet.randomElement(using: &random)!
                }
            }
            switch compare(bytes) {
            case .same:
                compared += 1
                if (try? JSONParser.parse(bytes, path: nil)) == nil { rejected += 1 }
            case .knownDifference:
                continue
            case .differ:
                Issue.record("differs from Foundation: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
        // Enough of both outcomes were compared for the test to mean something.
        #expect(compared > 1000)
        #expect(rejected > 300 && compared - rejected > 100, "\(compared) compared, \(rejected) rejected")
    }
}

private enum Comparison { case same, knownDifference, differ }

private func compare(_ bytes: [UInt8]) -> Comparison {
    let ours = try? JSONParser.parse(bytes, path: nil)
    let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    switch (ours, theirs) {
    case (nil, nil):
        return .same
    case let (ours?, theirs?):
        return same(ours.value, theirs) ? .same : .differ
    case (nil, _?):
        return hasTrailingComma(bytes) ? .knownDifference : .differ
    case let (ours?, nil):
        return hasNumberOutOfRange(ours.value) ? .knownDifference : .differ
    }
}

private func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
    switch ours {
    case .null:
        return theirs is NSNull
    case .bool(let value):
        return (theirs as? Bool) == value
    case .number(let text):
        guard let number = theirs as? NSNumber, let value = Double(text) else { return false }
        let other = number.doubleValue
        return value == other || abs(value - other) <= abs(value) * 1e-12
    case .string(let value):
        return (theirs as? String) == value
    case .array(let elements):
        guard let array = theirs as? [Any], array.count == elements.count else { return false }
        return zip(elements, array).allSatisfy { same($0.value, $1) }
    case .object(let members):
        guard let dictionary = theirs as? [String: Any] else { return false }
        var last: [String: JSONValue] = [:]
        for member in members { last[member.key] = member.value.value }
        guard Set(last.keys) == Set(dictionary.keys) else { return false }
        return last.allSatisfy { key, value in dictionary[key].map { same(value, $0) } ?? false }
    }
}

/// A `,` followed by optional whitespace and `]` or `}`, outside strings.
private func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
    var inString = false
    var escaped = false
    var afterComma = false
    for byte in bytes {
        if inString {
            if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            continue
        }
        switch byte {
        case 0x22: inString = true; afterComma = false
        case 0x2C: afterComma = true
        case 0x20, 0x09, 0x0A, 0x0D: continue
        case 0x5D, 0x7D: if afterComma { return true }
        default: afterComma = false
        }
    }
    return false
}

private func hasNumberOutOfRange(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let text): return !(Double(text)?.isFinite ?? false)
    case .array(let elements): return elements.contains { hasNumberOutOfRange($0.value) }
    case .object(let members): return members.contains { hasNumberOutOfRange($0.value.value) }
    default: return false
    }
}

/// Random valid JSON with varied whitespace, escapes, non-ASCII text and numbers.
private struct DocumentGenerator {
    var random: SeededGenerator

    mutating func value(depth: Int) -> String {
        let choice = Int.random(in: 0..<(depth < 4 ? 9 : 6), using: &random)
        switch choice {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2, 3: return number()
        case 4, 5: return string()
        case 6: 
            let count = Int.random(in: 0...4, using: &random)
            return "[" + (0..<count).map { _ in space() + value(depth: depth + 1) + space() }.joined(separator: ",") + "]"
        default:
            let count = Int.random(in: 0...4, using: &random)
            return "{" + (0..<count).map { _ in
                space() + string() + space() + ":" + space() + value(depth: depth + 1) + space()
            }.joined(separator: ",") + "}"
        }
    }

    mutating func space() -> String {
        let pieces = [" ", "\t", "\n", "\r\n", "\r", "  "]
        return Int.random(in: 0..<3, using: &random) == 0 ? pieces.randomElement(using: &random)! : ""
    }

    mutating func number() -> String {
        var text = Bool.random(using: &random) ? "-" : ""
        text += Bool.random(using: &random) ? "0" : String(Int.random(in: 1...99_999_999, using: &random))
        if Bool.random(using: &random) {
            text += "." + String(Int.random(in: 0...999_999, using: &random))
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            text += ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)!
                + String(Int.random(in: 0...30, using: &random))
        }
        return text
    }

    mutating func string() -> String {
        let pieces = ["a", "key", " ", "é", "Ж", "€", "😀", "中", "\u{2028}", "\\\"", "\\\\", "\\/", "\\n", "\\t",
                      "\\b", "\\f", "\\r", "\\u0041", "\\u00e9", "\\u20ac", "\\ud83d\\ude00", "\\u0000", "{x}"]
        let count = Int.random(in: 0...5, using: &random)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
    }
}
