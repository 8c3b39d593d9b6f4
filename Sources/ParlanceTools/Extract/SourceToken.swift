/// A 1-based line and column (in bytes, as compilers count them) in a source file.
public struct SourcePosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// A string literal's decoded text, and why it cannot be used as a
/// message when it cannot.
struct StringLiteral: Equatable {
    enum Problem: Equatable {
        /// Swift `\(...)`, at the position of the backslash.
        case interpolation(SourcePosition)
        /// A Python byte string: not text.
        case bytes

        var reason: String {
            switch self {
            case .interpolation: return "string interpolation"
            case .bytes: return "byte string"
            }
        }
    }

    var text: String
    var problem: Problem? = nil
}

/// What the call scanner needs to see of a source file: identifiers,
/// literals and punctuation, each with its position.
struct SourceToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case string(StringLiteral)
        /// A single bracket or separator (`( ) [ ] { } , . ;`) or a run
        /// of operator characters (`=`, `:`, `+`, `==`, `->`, ...).
        case punctuation(String)
        /// Numbers, character literals and anything else.
        case other
    }

    var kind: Kind
    var position: SourcePosition
    /// In a C `#define` body, where arguments are macro parameters.
    var inMacro = false

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    var literal: StringLiteral? {
        if case .string(let literal) = kind { return literal }
        return nil
    }

    func isPunctuation(_ text: String) -> Bool {
        if case .punctuation(let p) = kind { return p == text }
        return false
    }
}

/// A comment's text without its delimiters, and where it lies.
struct SourceComment: Equatable {
    var text: String
    var start: SourcePosition
    /// The position just after the comment.
    var end: SourcePosition

    var endLine: Int { end.line }
}

/// A lexed file: tokens in order, comments in order, lexing problems.
struct LexedSource {
    var tokens: [SourceToken] = []
    var comments: [SourceComment] = []
    /// C: the lines that end with a backslash (continued on the next line),
    /// and where each preprocessor directive other than `#define` ends
    /// (xgettext's comment rules need both: `TranslatorNotes`).
    var continuedLines: [Int] = []
    var directiveEnds: [SourcePosition] = []
    /// Unterminated literals and comments: (position, message).
    var problems: [(SourcePosition, String)] = []
}

/// A cursor over a file's bytes that keeps line and column.
struct ByteScanner {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

    func peek(_ offset: Int = 0) -> UInt8? {
        let i = index + offset
        return i < bytes.count ? bytes[i] : nil
    }

    /// Whether the bytes at the cursor are `text`.
    func looking(at text: String) -> Bool {
        var i = index
        for byte in text.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    @discardableResult
    mutating func advance() -> UInt8 {
        let byte = bytes[index]
        if byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
        return byte
    }

    mutating func advance(_ count: Int) {
        for _ in 0..<count where !atEnd { advance() }
    }

    /// Advances past bytes while `predicate` holds; returns them.
    mutating func take(while predicate: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = index
        while let byte = peek(), predicate(byte) { advance() }
        return bytes[start..<index]
    }

    /// Skips to the end of the line (not past the newline).
    mutating func skipToEndOfLine() {
        while let byte = peek(), byte != 0x0A { advance() }
    }
}

extension UInt8 {
    var isIdentifierStart: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || self == 0x5F || self >= 0x80
    }
    var isIdentifierPart: Bool { isIdentifierStart || isDigit }
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isHexDigit: Bool { isDigit || (self >= 0x61 && self <= 0x66) || (self >= 0x41 && self <= 0x46) }
    var isOctalDigit: Bool { self >= 0x30 && self <= 0x37 }
    var isSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0D || self == 0x0B || self == 0x0C }
    var hexValue: UInt32 {
        if isDigit { return UInt32(self - 0x30) }
        return UInt32((self | 0x20) - 0x61 + 10)
    }
    /// Characters that form operator runs in all three languages.
    var isOperator: Bool { "=+-*/%<>!&|^~?:".utf8.contains(self) }
}

extension Array where Element == UInt8 {
    /// Appends a Unicode scalar in UTF-8 (U+FFFD for an invalid one).
    mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
