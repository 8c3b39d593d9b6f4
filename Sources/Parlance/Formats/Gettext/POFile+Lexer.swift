/// The tokens of a `.po` file, as GNU gettext's `read-po-lex.c` cuts them.
///
/// - `\r\n` counts as `\n`; a backslash before a newline joins the lines,
///   inside strings and out; spaces, tabs, `\r`, `\f` and `\v` separate tokens.
/// - `#~` marks the rest of the line as obsolete and `#|` as previous
///   (`#| msgid` is the previous msgid); other `#` lines are comments.
/// - Strings are `"..."` on one line with the escapes `\n \t \b \r \f \v \a
///   \\ \"`, octal `\N`...`\NNN` and hex `\xH...` (each gives one byte).
///   `\'`, `\?` and anything else are errors, as in `msgfmt`. A string ends
///   at an embedded `\0` (GNU keeps only the text before it), and U+0004,
///   the context separator, may not appear in one.
/// - Keywords are `[A-Za-z_$][A-Za-z0-9_$]*`; unknown ones are errors.
///
/// Positions are 1-based lines (counted at `\n`) and columns in Unicode
/// scalars, the convention of every Parlance error.
///
/// The lexer reads bytes: well-formed UTF-8, or for the first pass that
/// finds the header's charset, bytes taken as Latin-1 (`latin1`). Every
/// character the grammar tests is ASCII, so a string without escapes is a
/// slice of the text, and columns are counted only for the tokens.
struct POLexer {
    enum Keyword: String {
        case domain, msgctxt, msgid, msgstr
        case msgidPlural = "msgid_plural"
    }

    /// The bytes of one quoted string: a slice of the text when the string
    /// has no escapes (UTF-8), else its bytes with escapes decoded, in UTF-8
    /// except for what escapes produced.
    enum StringBytes: Equatable {
        case slice(Range<Int>)
        case bytes([UInt8])
    }

    enum Token: Equatable {
        case keyword(Keyword)
        case string(StringBytes)
        case number(Int)
        case open, close
        /// A comment's text after the `#` (`", fuzzy"`, `" text"`, `": ref"`).
        case comment(String)
        case end
    }

    struct Lexeme {
        var token: Token
        var line: Int
        var column: Int
        /// On a `#~` line.
        var obsolete: Bool
        /// On a `#|` line.
        var previous: Bool
    }

    /// Where a character starts: its line, the offset where that line
    /// starts, and its own offset.
    struct Mark {
        var line: Int
        var lineStart: Int
        var offset: Int
    }

    private struct Cursor {
        var index = 0
        var line = 1
        var lineStart = 0
    }

    let text: UnsafeBufferPointer<UInt8>
    let path: String?
    /// Charset of the original file when it was not UTF-8: bytes from
    /// escapes are in that charset and get converted.
    let escapeCharset: String?
    /// The text is bytes read as Latin-1 rather than UTF-8.
    let latin1: Bool
    private var cursor = Cursor()
    private var obsolete = false
    private var previous = false

    init(_ text: UnsafeBufferPointer<UInt8>, path: String?, escapeCharset: String?, latin1: Bool = false) {
        self.text = text
        self.path = path
        self.escapeCharset = escapeCharset
        self.latin1 = latin1
    }

    /// The next byte with `\r\n` folded and backslash-newline skipped, and
    /// where it starts.
    private mutating func read() -> (byte: UInt8, mark: Mark)? {
        while cursor.index < text.count {
            let start = cursor.index
            var byte = text[start]
            cursor.index += 1
            if byte == 0x0D, cursor.index < text.count, text[cursor.index] == 0x0A {
                byte = 0x0A
                cursor.index += 1
            }
            let mark = Mark(line: cursor.line, lineStart: cursor.lineStart, offset: start)
            if byte == 0x0A {
                cursor.line += 1
                cursor.lineStart = cursor.index
                return (0x0A, mark)
            }
            if byte == UInt8(ascii: "\\") {
                var next = cursor.index
                if next < text.count, text[next] == 0x0D, next + 1 < text.count, text[next + 1] == 0x0A { next += 1 }
                if next < text.count, text[next] == 0x0A {
                    cursor.index = next + 1
                    cursor.line += 1
                    cursor.lineStart = cursor.index
                    continue
                }
            }
            return (byte, mark)
        }
        return nil
    }

    private mutating func peek() -> UInt8? {
        let saved = cursor
        defer { cursor = saved }
        return read()?.byte
    }

    /// The 1-based column of `mark`: scalars from the start of its line.
    func column(of mark: Mark) -> Int {
        if latin1 { return mark.offset - mark.lineStart + 1 }
        var column = 1
        for index in mark.lineStart..<mark.offset where text[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// The position where the next `read` would start.
    var position: (line: Int, column: Int) {
        var copy = self
        guard let next = copy.read() else {
            return (cursor.line, column(of: Mark(line: cursor.line, lineStart: cursor.lineStart, offset: cursor.index)))
        }
        return (next.mark.line, column(of: next.mark))
    }

    func error(_ message: String, _ line: Int, _ column: Int) -> ParlanceError {
        .syntax(message, path: path, line: line, column: column)
    }

    func error(_ message: String, at mark: Mark) -> ParlanceError {
        error(message, mark.line, column(of: mark))
    }

    /// The character that starts at `offset`.
    private func scalar(at offset: Int) -> Unicode.Scalar {
        latin1 ? Unicode.Scalar(text[offset]) : UTF8Locator.scalar(at: offset, in: text)
    }

    mutating func next() throws(ParlanceError) -> Lexeme {
        while let (byte, mark) = read() {
            switch byte {
            case 0x0A:
                obsolete = false
                previous = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0D, 0x0C, 0x0B:
                continue
            case UInt8(ascii: "#"):
                if peek() == UInt8(ascii: "~") {
                    _ = read()
                    obsolete = true
                    if peek() == UInt8(ascii: "|") { _ = read(); previous = true }
                    continue
                }
                if peek() == UInt8(ascii: "|") { _ = read(); previous = true; continue }
                return lexeme(.comment(comment()), at: mark)
            case UInt8(ascii: "\""):
                return lexeme(.string(try quoted(mark)), at: mark)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "_"), UInt8(ascii: "$"):
                return lexeme(try keyword(mark), at: mark)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value = Int(byte - 0x30)
                while let next = peek(), next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") {
                    value = value > Int.max / 20 ? Int.max : value * 10 + Int(next - 0x30)
                    _ = read()
                }
                return lexeme(.number(value), at: mark)
            case UInt8(ascii: "["): return lexeme(.open, at: mark)
            case UInt8(ascii: "]"): return lexeme(.close, at: mark)
            default:
                throw error("unexpected \(Self.describe(scalar(at: mark.offset)))", at: mark)
            }
        }
        let (line, column) = position
        return Lexeme(token: .end, line: line, column: column, obsolete: obsolete, previous: previous)
    }

    private func lexeme(_ token: Token, at mark: Mark) -> Lexeme {
        Lexeme(token: token, line: mark.line, column: column(of: mark), obsolete: obsolete, previous: previous)
    }

    /// The keyword whose first character (at `mark`) was just read.
    private mutating func keyword(_ mark: Mark) throws(ParlanceError) -> Token {
        // The word is a run of the text unless a backslash-newline splits it.
        var end = cursor.index
        while end < text.count, Self.isWordByte(text[end]) { end += 1 }
        cursor.index = end
        let keyword: Keyword?
        let name: String
        if end < text.count, text[end] == UInt8(ascii: "\\") {
            var word = Array(UnsafeBufferPointer(rebasing: text[mark.offset..<end]))
            while let next = peek(), Self.isWordByte(next) { word.append(next); _ = read() }
            name = String(decoding: word, as: UTF8.self)
            keyword = Keyword(rawValue: name)
        } else {
            keyword = Self.keyword(UnsafeBufferPointer(rebasing: text[mark.offset..<end]))
            name = keyword?.rawValue ?? String(decoding: UnsafeBufferPointer(rebasing: text[mark.offset..<end]), as: UTF8.self)
        }
        guard let keyword, !previous || keyword == .msgid || keyword == .msgidPlural || keyword == .msgctxt else {
            throw error("keyword \"\(name)\" unknown", at: mark)
        }
        return .keyword(keyword)
    }

    /// The keyword spelled by `word`, if it is one (shared with `POQuickReader`).
    static func keyword(_ word: UnsafeBufferPointer<UInt8>) -> Keyword? {
        func equals(_ name: StaticString) -> Bool {
            guard name.utf8CodeUnitCount == word.count else { return false }
            for index in 0..<word.count where word[index] != name.utf8Start[index] { return false }
            return true
        }
        switch word.count {
        case 5: return equals("msgid") ? .msgid : nil
        case 6: return equals("msgstr") ? .msgstr : equals("domain") ? .domain : nil
        case 7: return equals("msgctxt") ? .msgctxt : nil
        case 12: return equals("msgid_plural") ? .msgidPlural : nil
        default: return nil
        }
    }

    /// A comment's text, from after its `#` to the end of the line.
    private mutating func comment() -> String {
        var bytes: [UInt8] = []
        while true {
            // Runs without line ends or backslashes are copied as they are.
            let start = cursor.index
            var end = start
            while end < text.count, case let byte = text[end], byte != 0x0A && byte != 0x0D && byte != UInt8(ascii: "\\") {
                end += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
            cursor.index = end
            guard let next = peek(), next != 0x0A else { break }
            bytes.append(next)
            _ = read()
        }
        if latin1 { return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default: return false
        }
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F
            ? "character U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
    }

    /// The rest of a string whose opening quote is at `quote`.
    private mutating func quoted(_ quote: Mark) throws(ParlanceError) -> StringBytes {
        // Most strings hold no escape, line end, NUL or U+0004: a slice of the text.
        var end = cursor.index
        while end < text.count {
            let byte = text[end]
            if byte == UInt8(ascii: "\"") {
                let start = cursor.index
                cursor.index = end + 1
                return .slice(start..<end)
            }
            if byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D || byte == 0 || byte == 4
                || (latin1 && byte >= 0x80) {
                break
            }
            end += 1
        }
        return .bytes(try decodedString(quote))
    }

    /// `quoted` for strings that are not a plain slice: escapes, line ends, NULs.
    private mutating func decodedString(_ quote: Mark) throws(ParlanceError) -> [UInt8] {
        let (line, column) = (quote.line, column(of: quote))
        var bytes: [UInt8] = []
        var escaped: [UInt8] = []  // bytes >= 0x80 from escapes, in `escapeCharset`
        while true {
            guard let (byte, mark) = read() else {
                throw error("end-of-file within string", line, column)
            }
            switch byte {
            case 0x0A:
                throw error("end-of-line within string", at: mark)
            case UInt8(ascii: "\""):
                try flush(&escaped, into: &bytes, line, column)
                if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
                if bytes.contains(4) { throw error("context separator <EOT> within string", line, column) }
                return bytes
            case UInt8(ascii: "\\"):
                let value = try escape(mark)
                if value >= 0x80 && escapeCharset != nil {
                    escaped.append(value)
                } else {
                    try flush(&escaped, into: &bytes, line, column)
                    bytes.append(value)
                }
            default:
                try flush(&escaped, into: &bytes, line, column)
                if latin1 && byte >= 0x80 {
                    bytes.append(0xC0 | byte >> 6)
                    bytes.append(0x80 | byte & 0x3F)
                } else {
                    bytes.append(byte)
                }
            }
        }
    }

    /// Converts the bytes escapes gave from `escapeCharset` and appends them.
    private func flush(_ escaped: inout [UInt8], into bytes: inout [UInt8], _ line: Int, _ column: Int) throws(ParlanceError) {
        guard !escaped.isEmpty, let charset = escapeCharset else { return }
        bytes += try GettextCharset.convert(escaped[...], from: charset, path: path, line: line, column: column)
        escaped.removeAll()
    }

    /// The byte an escape after a backslash (at `backslash`) stands for.
    private mutating func escape(_ backslash: Mark) throws(ParlanceError) -> UInt8 {
        guard let byte = peek() else { throw error("invalid control sequence", at: backslash) }
        switch byte {
        case UInt8(ascii: "n"): _ = read(); return 0x0A
        case UInt8(ascii: "t"): _ = read(); return 0x09
        case UInt8(ascii: "b"): _ = read(); return 0x08
        case UInt8(ascii: "r"): _ = read(); return 0x0D
        case UInt8(ascii: "f"): _ = read(); return 0x0C
        case UInt8(ascii: "v"): _ = read(); return 0x0B
        case UInt8(ascii: "a"): _ = read(); return 0x07
        case UInt8(ascii: "\\"), UInt8(ascii: "\""): _ = read(); return byte
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = 0
            for _ in 0..<3 {
                guard let digit = peek(), digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "7") else { break }
                _ = read()
                value = value * 8 + Int(digit - 0x30)
            }
            return UInt8(truncatingIfNeeded: value)  // GNU stores \400...\777 in a char
        case UInt8(ascii: "x"):
            _ = read()
            guard let first = peek(), Self.hexValue(first) != nil else {
                throw error("invalid control sequence", at: backslash)
            }
            var value: UInt8 = 0
            while let digit = peek(), let digitValue = Self.hexValue(digit) {
                _ = read()
                value = value &* 16 &+ digitValue
            }
            return value
        default:
            // ASCII is the byte itself (`\r\n` read as `\n`); otherwise the whole character.
            var copy = self
            let offset = copy.read()?.mark.offset ?? cursor.index
            let found = byte < 0x80 ? Unicode.Scalar(byte) : scalar(at: offset)
            throw error("invalid control sequence \\\(found)", at: backslash)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 0x41 + 10
        default: return nil
        }
    }
}
