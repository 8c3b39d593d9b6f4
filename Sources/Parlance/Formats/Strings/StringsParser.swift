/// The text grammar of Apple `.strings` files: the old-style (OpenStep)
/// property list dictionary as CoreFoundation's `CFOldStylePList.c` reads it.
///
///     file   = space ( "{" pairs "}" | pairs ) space
///     pairs  = { string space ( "=" space string space | ) ";" space }
///     string = '"' ... '"' | "'" ... "'" | unquoted
///
/// `key;` is shorthand for `key = key;`. Space is U+0009...U+000D, U+0020,
/// U+2028, U+2029, `// ...` to the end of the line and `/* ... */`.
///
/// Where CoreFoundation silently accepts input that loses entries, this parser
/// reports an error instead (each is tested):
/// - anything after the last `;` that does not start a key, such as `@` or a
///   stray `}` (CF stops reading there and keeps what it had);
/// - an empty file is an empty table (CF refuses zero-length data).
/// Damage CF tolerates is tolerated with the same entries, and said where
/// (`unterminatedKey`, `unterminatedComment`) for lint to report.
/// Values that are not strings (`{...}` dictionaries, `(...)` arrays, `<...>`
/// data) are valid old-style plists but not string tables: they are errors.
///
/// The parser reads well-formed UTF-8 bytes (`TextDecoding.utf8` validates
/// or transcodes them). Every token that decides the grammar is ASCII, so a
/// string without escapes is a slice of the file; positions are turned into
/// lines and columns only for entries (advancing from one to the next) and
/// for errors.
struct StringsParser {
    /// Well-formed UTF-8; the text starts at `start` (after a byte order mark).
    let text: UnsafeBufferPointer<UInt8>
    let start: Int
    let path: String?
    var position: Int
    /// The position of the last entry read, to locate the next one from there.
    private var entryLocation: UTF8Locator
    /// Bytes of a string with escapes, reused from one such string to the next.
    var scratch: [UInt8] = []
    /// The comments read since the last entry: the next entry's note.
    private var comments: [String] = []

    /// Where reading stopped early, like CoreFoundation, at text that cannot
    /// start a key; the entries before it are kept and the rest is ignored.
    private(set) var ignoredFrom: (line: Int, column: Int, found: String)? = nil
    /// Where a key left unterminated at the end of the file begins: like
    /// Foundation, the entries before it are kept (when there are any).
    private(set) var unterminatedKey: (line: Int, column: Int)? = nil
    /// Where a `/*` left open at the end of the file begins, between entries
    /// or after the closing `}`: like Foundation, the entries before it are kept.
    private(set) var unterminatedComment: (line: Int, column: Int)? = nil

    /// Every `key = value;` of `text` in file order, duplicates included, and
    /// where reading stopped early (see `ignoredFrom`).
    static func parse(_ text: UTF8Text, path: String?) throws(ParlanceError)
        -> (entries: [ParsedEntry], ignoredFrom: (line: Int, column: Int, found: String)?,
            unterminatedKey: (line: Int, column: Int)?, unterminatedComment: (line: Int, column: Int)?) {
        try text.bytes.withUnsafeBufferPointer { (bytes) throws(ParlanceError) in
            var parser = StringsParser(bytes, start: text.start, path: path)
            let entries = try parser.parse()
            return (entries, parser.ignoredFrom, parser.unterminatedKey, parser.unterminatedComment)
        }
    }

    private init(_ text: UnsafeBufferPointer<UInt8>, start: Int, path: String?) {
        self.text = text
        self.start = start
        self.path = path
        self.position = start
        self.entryLocation = UTF8Locator(start: start)
    }

    /// Every `key = value;` in file order, duplicates included.
    private mutating func parse() throws(ParlanceError) -> [ParsedEntry] {
        try skipSpace(openCommentEndsFile: true)
        guard position < text.count else { return [] }
        var entries: [ParsedEntry] = []
        if text[position] == UInt8(ascii: "{") {
            let brace = position
            position += 1
            try parsePairs(into: &entries, closer: UInt8(ascii: "}"))
            guard position < text.count else {
                throw error("missing '}' to close the '{'", at: brace)
            }
            position += 1  // the "}"
            try skipSpace(openCommentEndsFile: true)
            if position < text.count {
                throw error("unexpected \(describe(at: position)) after the closing '}'", at: position)
            }
        } else {
            try parsePairs(into: &entries, closer: nil)
        }
        return entries
    }

    /// `key = value;` pairs until the end of the text or, when wrapped, until `closer`.
    private mutating func parsePairs(into entries: inout [ParsedEntry], closer: UInt8?) throws(ParlanceError) {
        while true {
            // Foundation keeps the entries before a comment left open at the end (not inside `{ }`,
            // but after them: see `parse`).
            try skipSpace(openCommentEndsFile: closer == nil)
            guard position < text.count else { return }
            let byte = text[position]
            if byte == closer { return }
            guard Self.startsString(byte) else {
                if closer == nil && !entries.isEmpty {
                    // CoreFoundation stops here and keeps what it read; so do we (lint warns).
                    let (line, column) = location(of: position)
                    ignoredFrom = (line, column, describe(at: position))
                    position = text.count
                    return
                }
                throw error("unexpected \(describe(at: position)), expected a key", at: position)
            }
            let keyStart = position
            let key: String
            do {
                key = try parseString()
            } catch {
                // Foundation keeps what it read when the last key runs off the end.
                guard closer == nil, !entries.isEmpty, position >= text.count, text[keyStart] == UInt8(ascii: "\"")
                    || text[keyStart] == UInt8(ascii: "'"), error.message == "unterminated string" else { throw error }
                unterminatedKey = location(of: keyStart)
                return
            }
            var afterValue = position
            try skipSpace()
            let value: String
            if position < text.count, text[position] == UInt8(ascii: "=") {
                position += 1
                try skipSpace()
                guard position < text.count else {
                    throw error("unexpected end of file, expected a value", at: position)
                }
                let first = text[position]
                if first == UInt8(ascii: "{") || first == UInt8(ascii: "(") || first == UInt8(ascii: "<") {
                    throw error("the value of \"\(key)\" must be a string, not \(describe(at: position))", at: position)
                }
                guard Self.startsString(first) else {
                    throw error("unexpected \(describe(at: position)), expected a value", at: position)
                }
                value = try parseString()
                afterValue = position
                try skipSpace()
            } else if position < text.count, text[position] == UInt8(ascii: ";") {
                value = key
            } else if position < text.count {
                throw error("unexpected \(describe(at: position)), expected '=' or ';' after the key", at: position)
            } else {
                throw error("missing ';'", at: afterValue)
            }
            guard position < text.count, text[position] == UInt8(ascii: ";") else {
                throw error("missing ';'", at: afterValue)
            }
            position += 1
            let (line, column) = entryLocation.advance(to: keyStart, in: text)
            entries.append(ParsedEntry(key: key, value: .text(value), line: line, column: column,
                                       comment: comments.isEmpty ? nil : comments.joined(separator: "\n")))
            comments.removeAll(keepingCapacity: true)
        }
    }

    static func startsString(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isUnquoted(byte)
    }

    /// `[A-Za-z0-9_$/:.-]`, the characters of an unquoted string.
    static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
             UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    /// `isUnquoted` for a scalar (only ASCII ones qualify).
    static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isUnquoted(UInt8(scalar.value))
    }

    /// A quoted or unquoted string starting at `position`.
    private mutating func parseString() throws(ParlanceError) -> String {
        let quote = text[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            let start = position
            while position < text.count, Self.isUnquoted(text[position]) { position += 1 }
            return string(start..<position)
        }
        let quoteStart = position
        position += 1
        let contentStart = position
        // Most strings have no escapes: they are a slice of the file.
        while position < text.count {
            let byte = text[position]
            if byte == quote {
                position += 1
                return string(contentStart..<position - 1)
            }
            if byte == UInt8(ascii: "\\") { break }
            position += 1
        }
        guard position < text.count else { throw error("unterminated string", at: quoteStart) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[contentStart..<position]))
        var pending = PendingSurrogate()
        while position < text.count {
            let byte = text[position]
            if byte == quote {
                position += 1
                pending.flush(into: &scratch)
                return String(decoding: scratch, as: UTF8.self)
            }
            position += 1
            if byte == UInt8(ascii: "\\") {
                guard position < text.count else { break }
                decodeEscape(pending: &pending)
            } else {
                pending.flush(into: &scratch)
                scratch.append(byte)
            }
        }
        throw error("unterminated string", at: quoteStart)
    }

    /// The bytes `range` of the text as a String (well formed by construction).
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// Whether U+2028 or U+2029 starts at `index`.
    @inline(__always)
    private func isLineOrParagraphSeparator(at index: Int) -> Bool {
        text[index] == 0xE2 && index + 2 < text.count && text[index + 1] == 0x80
            && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9)
    }

    /// Skips whitespace and comments. A `/*` without its `*/` is an error,
    /// or, when `openCommentEndsFile`, the end of the text (where it begins
    /// is kept in `unterminatedComment`).
    private mutating func skipSpace(openCommentEndsFile: Bool = false) throws(ParlanceError) {
        while position < text.count {
            let byte = text[position]
            switch byte {
            case 0x09...0x0D, UInt8(ascii: " "):
                position += 1
            case 0xE2 where isLineOrParagraphSeparator(at: position):
                position += 3
            case UInt8(ascii: "/") where position + 1 < text.count && text[position + 1] == UInt8(ascii: "/"):
                position += 2
                let start = position
                while position < text.count {
                    let c = text[position]
                    if c == 0x0A || c == 0x0D || (c == 0xE2 && isLineOrParagraphSeparator(at: position)) { break }
                    position += 1
                }
                note(start..<position)
            case UInt8(ascii: "/") where position + 1 < text.count && text[position + 1] == UInt8(ascii: "*"):
                let start = position
                position += 2
                while true {
                    guard position + 1 < text.count else {
                        guard openCommentEndsFile else { throw error("unterminated comment", at: start) }
                        unterminatedComment = location(of: start)
                        position = text.count
                        return
                    }
                    if text[position] == UInt8(ascii: "*") && text[position + 1] == UInt8(ascii: "/") { break }
                    position += 1
                }
                note(start + 2..<position)
                position += 2
            default:
                return
            }
        }
    }

    /// Keeps a comment's text, trimmed, as part of the next entry's note.
    private mutating func note(_ range: Range<Int>) {
        var lower = range.lowerBound, upper = range.upperBound
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while lower < upper, isSpace(text[lower]) { lower += 1 }
        while upper > lower, isSpace(text[upper - 1]) { upper -= 1 }
        if lower < upper { comments.append(string(lower..<upper)) }
    }

    /// The line and column of `index`, counted from the start of the text.
    private func location(of index: Int) -> (line: Int, column: Int) {
        var locator = UTF8Locator(start: start)
        return locator.advance(to: index, in: text)
    }

    private func error(_ message: String, at index: Int) -> ParlanceError {
        let (line, column) = location(of: index)
        return .syntax(message, path: path, line: line, column: column)
    }

    /// The scalar at `index` for an error message: `'c'` or `U+XXXX`.
    private func describe(at index: Int) -> String {
        let scalar = UTF8Locator.scalar(at: index, in: text)
        if scalar.value >= 0x21 && scalar.value < 0x7F { return "'\(scalar)'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
