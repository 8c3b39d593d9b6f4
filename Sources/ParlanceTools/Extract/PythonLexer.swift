/// Python, as far as extraction needs: `'...'`, `"..."`, triple-quoted,
/// raw (`r`) strings, byte strings and f-strings (flagged, not text),
/// escapes decoded, `#` comments.
struct PythonLexer {
    func lex(_ bytes: [UInt8]) -> LexedSource {
        var s = ByteScanner(bytes)
        var out = LexedSource()
        while let byte = s.skipBlanks() {
            if byte == 0x5C /* \ */ && s.peek(1) == 0x0A {
                s.advance(2)
                continue
            }
            let start = s.position
            if byte == 0x23 /* # */ {
                s.advance()
                let from = s.index
                s.skipToEndOfLine()
                out.comments.append(SourceComment(text: CommentText.line(s.bytes[from..<s.index]),
                                                  start: start, end: s.position))
            } else if byte == 0x22 || byte == 0x27 {
                out.tokens.append(SourceToken(kind: .string(lexString(&s, prefix: "", into: &out)), position: start))
            } else if byte.isIdentifierStart {
                let name = s.lexIdentifier()
                if let quote = s.peek(), quote == 0x22 || quote == 0x27, Self.isStringPrefix(name) {
                    out.tokens.append(SourceToken(kind: .string(lexString(&s, prefix: name.lowercased(), into: &out)),
                                                  position: start))
                } else {
                    out.tokens.append(SourceToken(kind: .identifier(name), position: start))
                }
            } else {
                out.tokens.append(SourceToken(kind: s.lexNumberOrPunctuation(leadingDot: true), position: start))
            }
        }
        return out
    }

    /// `r`, `u`, `b`, `f` and their two-letter combinations, any case.
    static func isStringPrefix(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["r", "u", "b", "f", "br", "rb", "fr", "rf"].contains(lower)
    }

    private func lexString(_ s: inout ByteScanner, prefix: String, into out: inout LexedSource) -> StringLiteral {
        let start = s.position
        let quote = s.peek()!
        let triple = s.peek(1) == quote && s.peek(2) == quote
        s.advance(triple ? 3 : 1)
        let raw = prefix.contains("r")
        var content: [UInt8] = []
        while true {
            guard let byte = s.peek(), triple || byte != 0x0A else {
                out.problems.append((start, "unterminated string literal"))
                break
            }
            if byte == quote && (!triple || (s.peek(1) == quote && s.peek(2) == quote)) {
                s.advance(triple ? 3 : 1)
                break
            }
            content.append(s.advance())
            if byte == 0x5C, s.peek() != nil {
                content.append(s.advance())  // an escaped quote does not end the string, even raw
            }
        }
        if prefix.contains("b") { return StringLiteral(text: "", problem: .bytes) }
        return StringLiteral(text: raw ? String(decoding: content, as: UTF8.self) : Self.decode(content))
    }

    /// Python's escapes for `str` literals; unknown ones keep the backslash,
    /// and `\N{name}` is kept as written.
    static func decode(_ content: [UInt8]) -> String {
        var text: [UInt8] = []
        var i = 0
        func at(_ k: Int) -> UInt8? { k < content.count ? content[k] : nil }
        func hex(_ count: Int) -> UInt32? {
            var value: UInt32 = 0
            for k in 0..<count {
                guard let digit = at(i + k), digit.isHexDigit else { return nil }
                value = value * 16 + digit.hexValue
            }
            i += count
            return value
        }
        while i < content.count {
            let byte = content[i]
            guard byte == 0x5C, let escape = at(i + 1) else {
                text.append(byte)
                i += 1
                continue
            }
            i += 2
            switch escape {
            case 0x0A: break
            case 0x5C, 0x27, 0x22: text.append(escape)
            case 0x61: text.append(0x07)
            case 0x62: text.append(0x08)
            case 0x66: text.append(0x0C)
            case 0x6E: text.append(0x0A)
            case 0x72: text.append(0x0D)
            case 0x74: text.append(0x09)
            case 0x76: text.append(0x0B)
            case 0x30...0x37:
                var value = UInt32(escape - 0x30)
                for _ in 0..<2 {
                    guard let digit = at(i), digit.isOctalDigit else { break }
                    value = value * 8 + UInt32(digit - 0x30)
                    i += 1
                }
                text.appendScalar(value)
            case 0x78, 0x75, 0x55:  // x hh, u hhhh, U hhhhhhhh
                if let value = hex(escape == 0x78 ? 2 : escape == 0x75 ? 4 : 8) {
                    text.appendScalar(value)
                } else {
                    text += [0x5C, escape]
                }
            default:
                text += [0x5C, escape]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
