/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// - A leading UTF-8 byte order mark is skipped; any top-level value is
///   accepted, followed only by whitespace (space, tab, LF, CR).
/// - No extensions: no comments, trailing commas, single quotes, `NaN`,
///   leading zeros or `+` signs; raw control characters in strings are errors.
/// - `\uXXXX` escapes combine surrogate pairs; a lone surrogate is an error.
/// - Bytes that are not well-formed UTF-8 are `.encoding` errors; every other
///   failure is a `.syntax` error. Both carry the 1-based line and column
///   (see `JSONNode`) of the offending character.
/// - Containers nest at most `maximumDepth` deep. The parser keeps its own
///   stack instead of recursing, so hostile input cannot exhaust the thread's.
package struct JSONParser {
    static let maximumDepth = 512

    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, path: path)
        return try parser.parseDocument()
    }

    let bytes: [UInt8]
    private let path: String?
    var index: Int
    private var line = 1
    /// Byte index where the current line starts.
    private var lineStart: Int
    /// `column` is the column of the byte at `columnIndex`; advanced lazily.
    private var columnIndex: Int
    private var column = 1

    // `bytes`, `index` and the error helpers are internal for the extension in
    // JSONParser+Strings.swift; a parser is only made by `parse`.
    private init(bytes: [UInt8], path: String?) {
        self.bytes = bytes
        self.path = path
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = start
        lineStart = start
        columnIndex = start
    }

    /// One open array or object.
    private struct Frame {
        var isObject: Bool
        var line: Int
        var column: Int
        var elements: [JSONNode] = []
        var members: [JSONMember] = []
        /// The key whose value is being read (objects only).
        var key = ""
        var keyLine = 0
        var keyColumn = 0
    }

    private mutating func parseDocument() throws(ParlanceError) -> JSONNode {
        var stack: [Frame] = []
        while true {
            // A value starts here.
            skipWhitespace()
            guard index < bytes.count else { throw unexpected(at: index, expected: "a value") }
            let (line, column) = location(index)
            var node: JSONNode
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard stack.count < Self.maximumDepth else {
                    throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
                    index += 1
                    node = JSONNode(isObject ? .object([]) : .array([]), line: line, column: column)
                } else {
                    var frame = Frame(isObject: isObject, line: line, column: column)
                    if isObject { try readKey(into: &frame, expected: "a string key or '}'") }
                    stack.append(frame)
                    continue
                }
            case UInt8(ascii: "\""):
                node = JSONNode(.string(try parseString()), line: line, column: column)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                node = JSONNode(.number(try parseNumber()), line: line, column: column)
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                node = JSONNode(.bool(true), line: line, column: column)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                node = JSONNode(.bool(false), line: line, column: column)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                node = JSONNode(.null, line: line, column: column)
            default:
                throw unexpected(at: index, expected: "a value")
            }

            // Attach the value to its container, closing containers that end here.
            while true {
                guard let top = stack.indices.last else {
                    skipWhitespace()
                    guard index == bytes.count else { throw unexpected(at: index, expected: "the end of the input") }
                    return node
                }
                let isObject = stack[top].isObject
                if isObject {
                    // Copy only the key's fields: a copy of the whole frame would
                    // share `members` and make the append copy the array.
                    let member = JSONMember(key: stack[top].key, value: node,
                                            line: stack[top].keyLine, column: stack[top].keyColumn)
                    stack[top].members.append(member)
                } else {
                    stack[top].elements.append(node)
                }
                skipWhitespace()
                let close = UInt8(ascii: isObject ? "}" : "]")
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        skipWhitespace()
                        try readKey(into: &stack[top], expected: "a string key")
                    }
                    break
                }
                guard index < bytes.count, bytes[index] == close else {
                    throw unexpected(at: index, expected: isObject ? "',' or '}'" : "',' or ']'")
                }
                index += 1
                let frame = stack.removeLast()
                node = JSONNode(
                    frame.isObject ? .object(frame.members) : .array(frame.elements),
                    line: frame.line, column: frame.column)
            }
        }
    }

    /// Reads `"key" :` into the frame; the value follows.
    private mutating func readKey(into frame: inout Frame, expected: String) throws(ParlanceError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw unexpected(at: index, expected: expected)
        }
        (frame.keyLine, frame.keyColumn) = location(index)
        frame.key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw unexpected(at: index, expected: "':' after the key")
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A, 0x0D:
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                line += 1
                lineStart = index
                columnIndex = index
                column = 1
            default:
                return
            }
        }
    }

    // MARK: Scalars

    private mutating func parseLiteral(_ word: StaticString) throws(ParlanceError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && (0..<count).allSatisfy {
            bytes[index + $0] == word.utf8Start[$0]
        }
        guard matches else { throw error("invalid literal; expected '\(word)'", at: index) }
        index += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func parseNumber() throws(ParlanceError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw unexpected(at: index, expected: "a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("numbers cannot have leading zeros", at: index)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw unexpected(at: index, expected: "a digit after '.'")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw unexpected(at: index, expected: "a digit in the exponent")
            }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    // MARK: Errors and positions

    /// Line and column of byte `i`, which is on the current line.
    private mutating func location(_ i: Int) -> (line: Int, column: Int) {
        if i < columnIndex {
            columnIndex = lineStart
            column = 1
        }
        while columnIndex < i {
            if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
            columnIndex += 1
        }
        return (line, column)
    }

    mutating func error(_ message: String, at i: Int) -> ParlanceError {
        let (line, column) = location(i)
        return ParlanceError(.syntax, message, path: path, line: line, column: column)
    }

    mutating func encodingError(at i: Int) -> ParlanceError {
        let (line, column) = location(i)
        return ParlanceError(.encoding, "invalid UTF-8 byte 0x\(Self.hex(UInt32(bytes[i]), digits: 2))",
                             path: path, line: line, column: column)
    }

    /// "unexpected X; expected Y" for the character at `i` (or the end of input).
    private mutating func unexpected(at i: Int, expected: String) -> ParlanceError {
        guard i < bytes.count else { return error("unexpected end of input; expected \(expected)", at: i) }
        let byte = bytes[i]
        let found: String
        if byte >= 0x80 {
            guard let length = Self.utf8Length(bytes, at: i) else { return encodingError(at: i) }
            let scalar = String(decoding: bytes[i..<i + length], as: UTF8.self).unicodeScalars.first?.value ?? 0
            found = "character \(Self.scalarName(scalar))"
        } else if byte < 0x20 || byte == 0x7F {
            found = "control character \(Self.scalarName(UInt32(byte)))"
        } else {
            found = "'\(Character(Unicode.Scalar(byte)))'"
        }
        return error("unexpected \(found); expected \(expected)", at: i)
    }

    static func scalarName(_ value: UInt32) -> String { "U+\(hex(value))" }

    static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
