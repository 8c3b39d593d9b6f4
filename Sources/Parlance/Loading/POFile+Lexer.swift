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
struct POLexer {
    enum Keyword: String {
        case domain, msgctxt, msgid, msgstr
        case msgidPlural = "msgid_plural"
    }

    enum Token: Equatable {
        case keyword(Keyword)
        /// The bytes of one quoted string, escapes decoded, in UTF-8 except
        /// for what escapes produced.
        case string([UInt8])
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

    private struct Cursor {
        var index = 0
        var line = 1
        var lineStart = 0
    }

    let text: [Unicode.Scalar]
    let path: String?
    /// Charset of the original file when it was not UTF-8: bytes from
    /// escapes are in that charset and get converted.
    let escapeCharset: String?
    private var cursor = Cursor()
    private var obsolete = false
    private var previous = false

    init(_ text: [Unicode.Scalar], path: String?, escapeCharset: String?) {
        self.text = text
        self.path = path
        self.escapeCharset = escapeCharset
    }

    /// The next character with `\r\n` folded and backslash-newline skipped,
    /// and its position.
    private mutating func read() -> (scalar: Unicode.Scalar, line: Int, column: Int)? {
        while cursor.index < text.count {
            let start = cursor.index
            var scalar = text[start]
            cursor.index += 1
            if scalar == "\r", cursor.index < text.count, text[cursor.index] == "\n" {
                scalar = "\n"
                cursor.index += 1
            }
            let position = (cursor.line, start - cursor.lineStart + 1)
            if scalar == "\n" {
                cursor.line += 1
                cursor.lineStart = cursor.index
                return ("\n", position.0, position.1)
            }
            if scalar == "\\" {
                var next = cursor.index
                if next < text.count, text[next] == "\r", next + 1 < text.count, text[next + 1] == "\n" { next += 1 }
                if next < text.count, text[next] == "\n" {
                    cursor.index = next + 1
                    cursor.line += 1
                    cursor.lineStart = cursor.index
                    continue
                }
            }
            return (scalar, position.0, position.1)
        }
        return nil
    }

    private mutating func peek() -> Unicode.Scalar? {
        let saved = cursor
        defer { cursor = saved }
        return read()?.scalar
    }

    /// The position where the next `read` would start.
    var position: (line: Int, column: Int) {
        var copy = self
        guard let next = copy.read() else { return (cursor.line, cursor.index - cursor.lineStart + 1) }
        return (next.line, next.column)
    }

    func error(_ message: String, _ line: Int, _ column: Int) -> ParlanceError {
        .syntax(message, path: path, line: line, column: column)
    }

    mutating func next() throws(ParlanceError) -> Lexeme {
        while let (scalar, line, column) = read() {
            func lexeme(_ token: Token) -> Lexeme {
                Lexeme(token: token, line: line, column: column, obsolete: obsolete, previous: previous)
            }
            switch scalar {
            case "\n":
                obsolete = false
                previous = false
            case " ", "\t", "\r", "\u{C}", "\u{B}":
                continue
            case "#":
                if peek() == "~" {
                    _ = read()
                    obsolete = true
                    if peek() == "|" { _ = read(); previous = true }
                    continue
                }
                if peek() == "|" { _ = read(); previous = true; continue }
                var comment = String.UnicodeScalarView()
                while let next = peek(), next != "\n" { comment.append(next); _ = read() }
                return lexeme(.comment(String(comment)))
            case "\"":
                return lexeme(.string(try quoted(line: line, column: column)))
            case "a"..."z", "A"..."Z", "_", "$":
                var word = String.UnicodeScalarView([scalar])
                while let next = peek(), Self.isWordScalar(next) { word.append(next); _ = read() }
                let name = String(word)
                guard let keyword = Keyword(rawValue: name),
                      !previous || keyword == .msgid || keyword == .msgidPlural || keyword == .msgctxt else {
                    throw error("keyword \"\(name)\" unknown", line, column)
                }
                return lexeme(.keyword(keyword))
            case "0"..."9":
                var value = Int(scalar.value - 0x30)
                while let next = peek(), ("0"..."9").contains(next) {
                    value = value > Int.max / 20 ? Int.max : value * 10 + Int(next.value - 0x30)
                    _ = read()
                }
                return lexeme(.number(value))
            case "[": return lexeme(.open)
            case "]": return lexeme(.close)
            default:
                throw error("unexpected \(Self.describe(scalar))", line, column)
            }
        }
        let (line, column) = position
        return Lexeme(token: .end, line: line, column: column, obsolete: obsolete, previous: previous)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$": return true
        default: return false
        }
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F
            ? "character U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
    }

    /// The rest of a string whose opening quote is at `line`:`column`.
    private mutating func quoted(line: Int, column: Int) throws(ParlanceError) -> [UInt8] {
        var bytes: [UInt8] = []
        var escaped: [UInt8] = []  // bytes >= 0x80 from escapes, in `escapeCharset`
        func flush() throws(ParlanceError) {
            guard !escaped.isEmpty, let charset = escapeCharset else { return }
            bytes += try GettextCharset.convert(escaped[...], from: charset, path: path, line: line, column: column)
            escaped.removeAll()
        }
        while true {
            guard let (scalar, atLine, atColumn) = read() else {
                throw error("end-of-file within string", line, column)
            }
            switch scalar {
            case "\n":
                throw error("end-of-line within string", atLine, atColumn)
            case "\"":
                try flush()
                if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
                if bytes.contains(4) { throw error("context separator <EOT> within string", line, column) }
                return bytes
            case "\\":
                let byte = try escape(atLine, atColumn)
                if byte >= 0x80 && escapeCharset != nil {
                    escaped.append(byte)
                } else {
                    try flush()
                    bytes.append(byte)
                }
            default:
                try flush()
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    /// The byte an escape after a backslash (at `line`:`column`) stands for.
    private mutating func escape(_ line: Int, _ column: Int) throws(ParlanceError) -> UInt8 {
        guard let scalar = peek() else { throw error("invalid control sequence", line, column) }
        switch scalar {
        case "n": _ = read(); return 0x0A
        case "t": _ = read(); return 0x09
        case "b": _ = read(); return 0x08
        case "r": _ = read(); return 0x0D
        case "f": _ = read(); return 0x0C
        case "v": _ = read(); return 0x0B
        case "a": _ = read(); return 0x07
        case "\\", "\"": _ = read(); return UInt8(scalar.value)
        case "0"..."7":
            var value = 0
            for _ in 0..<3 {
                guard let digit = peek(), ("0"..."7").contains(digit) else { break }
                _ = read()
                value = value * 8 + Int(digit.value - 0x30)
            }
            return UInt8(truncatingIfNeeded: value)  // GNU stores \400...\777 in a char
        case "x":
            _ = read()
            guard let first = peek(), first.properties.isASCIIHexDigit else {
                throw error("invalid control sequence", line, column)
            }
            var value: UInt8 = 0
            while let digit = peek(), digit.properties.isASCIIHexDigit {
                _ = read()
                value = value &* 16 &+ UInt8(Int(String(digit), radix: 16) ?? 0)
            }
            return value
        default:
            throw error("invalid control sequence \\\(scalar)", line, column)
        }
    }
}
