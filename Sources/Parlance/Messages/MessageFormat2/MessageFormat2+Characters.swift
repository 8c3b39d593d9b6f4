/// The character classes of the MessageFormat 2 ABNF (`spec/message.abnf`).
enum MF2Characters {
    /// `ws = SP / HTAB / CR / LF / %x3000`
    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x20, 0x09, 0x0D, 0x0A, 0x3000: true
        default: false
        }
    }

    /// `bidi = %x061C / %x200E / %x200F / %x2066-2069` (ALM, LRM, RLM, LRI, RLI, FSI, PDI)
    static func isBidi(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x061C, 0x200E, 0x200F, 0x2066...0x2069: true
        default: false
        }
    }

    /// `name-start`: letters, `+`, `_` and most of Unicode, without controls,
    /// whitespace, bidi controls, surrogates and noncharacters.
    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0x2B, 0x5F: return true
        case 0...0xA0: return false
        case 0x61C, 0x1680, 0x2000...0x200A, 0x200E, 0x200F, 0x2028...0x202F, 0x205F, 0x2066...0x2069, 0x3000:
            return false
        case 0xD800...0xDFFF, 0xFDD0...0xFDEF: return false
        default:
            return v & 0xFFFE != 0xFFFE  // the two noncharacters that end every plane
        }
    }

    /// `name-char = name-start / DIGIT / "-" / "."`
    static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x30...0x39, 0x2D, 0x2E: true
        default: isNameStart(c)
        }
    }

    /// `text-char`: anything but NUL, `\`, `{` and `}`.
    static func isTextChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0, 0x5C, 0x7B, 0x7D: false
        default: true
        }
    }

    /// `quoted-char`: anything but NUL, `\` and `|`.
    static func isQuotedChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0, 0x5C, 0x7C: false
        default: true
        }
    }

    /// The characters that `\` may escape: `\ { | }`.
    static func isEscapable(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x5C, 0x7B, 0x7C, 0x7D: true
        default: false
        }
    }

    /// Whether `text` matches `number-literal`:
    /// `["-"] (%x30 / (%x31-39 *DIGIT)) ["." 1*DIGIT] [%i"e" ["-" / "+"] 1*DIGIT]`.
    static func isNumberLiteral(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == 0x2D { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { return false }
        if bytes[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < bytes.count, bytes[i] | 0x20 == 0x65 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }
}
