/// Swift, as far as extraction needs: `"..."`, multi-line `"""` (the
/// closing delimiter's indentation stripped from every line), raw
/// `#"..."#` with any number of `#`, escapes decoded, interpolation
/// `\(...)` (or `\#(...)` in raw strings) flagged so the call can be
/// reported, and nested `/* */` comments.
struct SwiftLexer {
    func lex(_ bytes: [UInt8]) -> LexedSource {
        var s = ByteScanner(bytes)
        var out = LexedSource()
        while let byte = s.skipBlanks() {
            let start = s.position
            if byte == 0x2F && s.peek(1) == 0x2F {
                s.advance(2)
                let from = s.index
                s.skipToEndOfLine()
                out.comments.append(SourceComment(text: CommentText.line(s.bytes[from..<s.index]),
                                                  start: start, end: s.position))
            } else if byte == 0x2F && s.peek(1) == 0x2A {
                lexBlockComment(&s, into: &out)
            } else if byte == 0x22 || (byte == 0x23 && startsRawString(s)) {
                out.tokens.append(SourceToken(kind: .string(lexString(&s, into: &out)), position: start))
            } else if byte == 0x60 /* ` */ {
                s.advance()
                let name = s.lexIdentifier()
                if s.peek() == 0x60 { s.advance() }
                out.tokens.append(SourceToken(kind: .identifier(name), position: start))
            } else if byte.isIdentifierStart {
                out.tokens.append(SourceToken(kind: .identifier(s.lexIdentifier()), position: start))
            } else {
                out.tokens.append(SourceToken(kind: s.lexNumberOrPunctuation(leadingDot: false), position: start))
            }
        }
        return out
    }

    /// `#`s followed by `"`.
    private func startsRawString(_ s: ByteScanner) -> Bool {
        var offset = 0
        while s.peek(offset) == 0x23 { offset += 1 }
        return s.peek(offset) == 0x22
    }

    /// Swift's block comments nest.
    private func lexBlockComment(_ s: inout ByteScanner, into out: inout LexedSource) {
        let start = s.position
        s.advance(2)
        let from = s.index
        var depth = 1
        var to = s.index
        while !s.atEnd {
            if s.looking(at: "/*") {
                depth += 1
                s.advance(2)
            } else if s.looking(at: "*/") {
                depth -= 1
                if depth == 0 {
                    to = s.index
                    break
                }
                s.advance(2)
            } else {
                s.advance()
            }
        }
        if s.atEnd {
            out.problems.append((start, "unterminated comment"))
            to = s.index
        }
        s.advance(2)
        out.comments.append(SourceComment(text: CommentText.block(s.bytes[from..<to]), start: start, end: s.position))
    }

    /// A string literal at the cursor (its `#`s or its `"`).
    private func lexString(_ s: inout ByteScanner, into out: inout LexedSource) -> StringLiteral {
        let start = s.position
        var hashes = 0
        while s.peek() == 0x23 {
            hashes += 1
            s.advance()
        }
        let closing = String(repeating: "#", count: hashes)
        let multiline = s.looking(at: "\"\"\"")
        s.advance(multiline ? 3 : 1)
        var content: [UInt8] = []
        var interpolation: SourcePosition? = nil
        while true {
            guard let byte = s.peek(), multiline || byte != 0x0A else {
                out.problems.append((start, "unterminated string literal"))
                break
            }
            if byte == 0x5C && escapeHashes(s, hashes) {
                let at = s.position
                for _ in 0...hashes { content.append(s.advance()) }
                if s.peek() == 0x28 /* ( */ {
                    if interpolation == nil { interpolation = at }
                    skipInterpolation(&s, into: &out)
                } else if s.peek() != nil {
                    content.append(s.advance())
                }
                continue
            }
            if byte == 0x22 {
                let delimiter = (multiline ? "\"\"\"" : "\"") + closing
                if s.looking(at: delimiter) {
                    s.advance(delimiter.utf8.count)
                    break
                }
            }
            content.append(s.advance())
        }
        if let interpolation {
            return StringLiteral(text: "", problem: .interpolation(interpolation))
        }
        if multiline { content = Self.stripIndentation(content) }
        return StringLiteral(text: Self.decode(content, hashes: hashes))
    }

    /// Whether the backslash at the cursor is followed by exactly the
    /// string's `#`s (only then is it an escape in a raw string).
    private func escapeHashes(_ s: ByteScanner, _ hashes: Int) -> Bool {
        for i in 0..<hashes where s.peek(1 + i) != 0x23 { return false }
        return true
    }

    /// `(...)` of an interpolation, strings inside included.
    private func skipInterpolation(_ s: inout ByteScanner, into out: inout LexedSource) {
        var depth = 0
        while let byte = s.peek() {
            if byte == 0x22 || (byte == 0x23 && startsRawString(s)) {
                _ = lexString(&s, into: &out)
                continue
            }
            s.advance()
            if byte == 0x28 { depth += 1 }
            if byte == 0x29 {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// Multi-line literal content (from after the opening `"""` to the
    /// closing one): the first line (after the delimiter) and the last
    /// (the closing delimiter's indentation) go; that indentation is
    /// removed from every other line.
    static func stripIndentation(_ content: [UInt8]) -> [UInt8] {
        var lines = content.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count >= 2 else { return [] }
        let indent = Array(lines.removeLast())
        lines.removeFirst()
        var result: [UInt8] = []
        for (n, line) in lines.enumerated() {
            if n > 0 { result.append(0x0A) }
            if line.starts(with: indent) {
                result += line.dropFirst(indent.count)
            } else if !line.allSatisfy({ $0.isSpace }) {
                result += line  // under-indented: a compiler error; keep the text
            }
        }
        return result
    }

    /// Escapes of a literal's content: `\n \t \r \0 \\ \" \' \u{...}` and a
    /// backslash before a newline, which joins the lines.
    static func decode(_ content: [UInt8], hashes: Int) -> String {
        var text: [UInt8] = []
        var i = 0
        func at(_ k: Int) -> UInt8? { k < content.count ? content[k] : nil }
        while i < content.count {
            let byte = content[i]
            guard byte == 0x5C, (0..<hashes).allSatisfy({ at(i + 1 + $0) == 0x23 }), let escape = at(i + 1 + hashes) else {
                text.append(byte)
                i += 1
                continue
            }
            i += 2 + hashes
            switch escape {
            case 0x6E: text.append(0x0A)
            case 0x74: text.append(0x09)
            case 0x72: text.append(0x0D)
            case 0x30: text.append(0x00)
            case 0x0A: break
            case 0x75 where at(i) == 0x7B:  // u{...}
                var value: UInt32 = 0
                i += 1
                while let digit = at(i), digit.isHexDigit {
                    value = value &* 16 &+ digit.hexValue
                    i += 1
                }
                if at(i) == 0x7D { i += 1 }
                text.appendScalar(value)
            default: text.append(escape)  // \\ \" \'
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
