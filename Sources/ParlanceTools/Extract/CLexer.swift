/// C, C++ and Objective-C, as far as extraction needs: string literals
/// (with `u8`/`L`/`u`/`U` prefixes, `@"..."`, C++ raw strings) decoded to
/// their text, character literals skipped, comments kept for translator
/// notes, and preprocessor lines skipped while lines are still counted.
/// `#define` bodies are the exception: their tokens are kept, marked, so
/// that `#define TITLE _("Title")` is extracted as xgettext does, while
/// `#define _(msgid) gettext(msgid)` is not reported as a non-literal call.
struct CLexer {
    /// Whether `R"delim(...)delim"` is a raw string (C++ and headers; in
    /// C and Objective-C, `R` is an ordinary identifier).
    var rawStrings = true

    private static let stringPrefixes: Set<String> = ["u8", "L", "u", "U"]
    private static let rawPrefixes: Set<String> = ["R", "u8R", "LR", "uR", "UR"]

    func lex(_ bytes: [UInt8]) -> LexedSource {
        var s = ByteScanner(bytes)
        var out = LexedSource()
        var atLineStart = true
        var inDefine = false
        while let byte = s.peek() {
            if byte == 0x0A {
                s.advance()
                atLineStart = true
                inDefine = false
                continue
            }
            if byte.isSpace {
                s.advance()
                continue
            }
            if byte == 0x5C /* \ */ && s.peek(1) == 0x0A {
                out.continuedLines.append(s.position.line)
                s.advance(2)
                continue
            }
            if lexComment(&s, into: &out) {
                continue
            }
            if byte == 0x23 /* # */ && atLineStart {
                var probe = s
                probe.advance()
                _ = probe.take(while: { $0.isSpace })
                let directivePosition = probe.position
                if probe.lexIdentifier() == "define" {
                    s = probe
                    inDefine = true
                    atLineStart = false
                    out.tokens.append(SourceToken(kind: .identifier("define"), position: directivePosition, inMacro: true))
                } else {
                    skipDirective(&s, into: &out)
                }
                continue
            }
            let first = out.tokens.count
            defer { if inDefine { for k in first..<out.tokens.count { out.tokens[k].inMacro = true } } }
            atLineStart = false
            let start = s.position
            if byte == 0x22 /* " */ {
                out.tokens.append(SourceToken(kind: .string(lexString(&s, into: &out)), position: start))
            } else if byte == 0x27 /* ' */ {
                skipCharacter(&s)
                out.tokens.append(SourceToken(kind: .other, position: start))
            } else if byte == 0x40 /* @ */ && s.peek(1) == 0x22 {
                s.advance()
                out.tokens.append(SourceToken(kind: .string(lexString(&s, into: &out)), position: start))
            } else if byte.isIdentifierStart {
                let name = s.lexIdentifier()
                if s.peek() == 0x22 && Self.stringPrefixes.contains(name) {
                    out.tokens.append(SourceToken(kind: .string(lexString(&s, into: &out)), position: start))
                } else if s.peek() == 0x22 && rawStrings && Self.rawPrefixes.contains(name) {
                    out.tokens.append(SourceToken(kind: .string(lexRawString(&s, into: &out)), position: start))
                } else if s.peek() == 0x27 && Self.stringPrefixes.contains(name) {
                    skipCharacter(&s)
                    out.tokens.append(SourceToken(kind: .other, position: start))
                } else {
                    out.tokens.append(SourceToken(kind: .identifier(name), position: start))
                }
            } else {
                out.tokens.append(SourceToken(kind: s.lexNumberOrPunctuation(leadingDot: true), position: start))
            }
        }
        return out
    }

    /// `//` or `/* */` at the cursor: records it and returns true.
    private func lexComment(_ s: inout ByteScanner, into out: inout LexedSource) -> Bool {
        guard s.peek() == 0x2F else { return false }
        let start = s.position
        if s.peek(1) == 0x2F {
            s.advance(2)
            let from = s.index
            s.skipToEndOfLine()
            out.comments.append(SourceComment(text: CommentText.line(s.bytes[from..<s.index]),
                                              start: start, end: s.position))
            return true
        }
        if s.peek(1) == 0x2A {
            s.advance(2)
            let from = s.index
            while !s.atEnd && !s.looking(at: "*/") { s.advance() }
            let body = s.bytes[from..<s.index]
            if s.atEnd {
                out.problems.append((start, "unterminated comment"))
            }
            s.advance(2)
            out.comments.append(SourceComment(text: CommentText.block(body), start: start, end: s.position))
            return true
        }
        return false
    }

    /// A preprocessor line, with its continuations; strings and comments in
    /// it are stepped over so that `"//"` or a `/*` spanning lines is right.
    private func skipDirective(_ s: inout ByteScanner, into out: inout LexedSource) {
        defer { out.directiveEnds.append(s.position) }
        while let byte = s.peek(), byte != 0x0A {
            if byte == 0x5C /* \ */ && s.peek(1) == 0x0A {
                out.continuedLines.append(s.position.line)
                s.advance(2)
            } else if lexComment(&s, into: &out) {
                continue
            } else if byte == 0x22 {
                _ = lexString(&s, into: &out)
            } else if byte == 0x27 {
                skipCharacter(&s)
            } else {
                s.advance()
            }
        }
    }

    private func skipCharacter(_ s: inout ByteScanner) {
        s.advance()  // '
        while let byte = s.peek(), byte != 0x0A {
            s.advance()
            if byte == 0x5C { if s.peek() != nil && s.peek() != 0x0A { s.advance() } }
            else if byte == 0x27 { return }
        }
    }

    /// `"..."` at the cursor, decoded (escapes are bytes; `\u` adds UTF-8).
    private func lexString(_ s: inout ByteScanner, into out: inout LexedSource) -> StringLiteral {
        let start = s.position
        s.advance()  // "
        var text: [UInt8] = []
        while true {
            guard let byte = s.peek(), byte != 0x0A else {
                out.problems.append((start, "unterminated string literal"))
                break
            }
            s.advance()
            if byte == 0x22 { break }
            if byte == 0x5C {
                Self.decodeEscape(&s, into: &text)
            } else {
                text.append(byte)
            }
        }
        return StringLiteral(text: String(decoding: text, as: UTF8.self))
    }

    /// After a backslash: C's escape sequences.
    static func decodeEscape(_ s: inout ByteScanner, into text: inout [UInt8]) {
        guard let byte = s.peek() else { return }
        s.advance()
        switch byte {
        case 0x6E: text.append(0x0A)  // n
        case 0x74: text.append(0x09)  // t
        case 0x72: text.append(0x0D)  // r
        case 0x61: text.append(0x07)  // a
        case 0x62: text.append(0x08)  // b
        case 0x66: text.append(0x0C)  // f
        case 0x76: text.append(0x0B)  // v
        case 0x65: text.append(0x1B)  // e (GNU)
        case 0x0A: break  // line continuation
        case 0x78:  // x: every hex digit that follows
            var value: UInt32 = 0
            while let digit = s.peek(), digit.isHexDigit {
                value = (value &* 16) &+ digit.hexValue
                s.advance()
            }
            if value <= 0xFF { text.append(UInt8(value)) } else { text.appendScalar(value) }
        case 0x30...0x37:  // up to three octal digits
            var value = UInt32(byte - 0x30)
            for _ in 0..<2 {
                guard let digit = s.peek(), digit.isOctalDigit else { break }
                value = value * 8 + UInt32(digit - 0x30)
                s.advance()
            }
            if value <= 0xFF { text.append(UInt8(value)) } else { text.appendScalar(value) }
        case 0x75, 0x55:  // u XXXX, U XXXXXXXX
            var value: UInt32 = 0
            for _ in 0..<(byte == 0x75 ? 4 : 8) {
                guard let digit = s.peek(), digit.isHexDigit else { break }
                value = value * 16 + digit.hexValue
                s.advance()
            }
            text.appendScalar(value)
        default:  // \\ \" \' \? and unknown escapes: the character itself
            text.append(byte)
        }
    }

    /// `R"delim(...)delim"` at the `"` (the prefix is consumed): no escapes.
    private func lexRawString(_ s: inout ByteScanner, into out: inout LexedSource) -> StringLiteral {
        let start = s.position
        s.advance()  // "
        let delimiter = Array(s.take(while: { $0 != 0x28 && $0 != 0x0A && $0 != 0x22 && $0.isSpace == false }))
        guard s.peek() == 0x28 else {
            out.problems.append((start, "malformed raw string literal"))
            return StringLiteral(text: "")
        }
        s.advance()  // (
        let closing = ")" + String(decoding: delimiter, as: UTF8.self) + "\""
        let from = s.index
        while !s.atEnd && !s.looking(at: closing) { s.advance() }
        let body = s.bytes[from..<s.index]
        if s.atEnd { out.problems.append((start, "unterminated raw string literal")) }
        s.advance(closing.utf8.count)
        return StringLiteral(text: String(decoding: body, as: UTF8.self))
    }
}
