/// Backslash escapes inside quoted `.strings` text, as CoreFoundation's
/// `getSlashedChar` decodes them. CoreFoundation builds UTF-16; this parser
/// writes the same text as UTF-8.
///
/// - `\a \b \f \n \r \t \v` are the C control characters; backslash-newline
///   is a newline; `\X` for any other character is that character (`\"`,
///   `\'`, `\\`, `\q` → `q`).
/// - `\U` takes up to four hex digits and yields one UTF-16 code unit; `\U`
///   without hex digits yields U+0000. Two escapes spelling a surrogate pair
///   combine into one character. A lone surrogate becomes U+FFFD, which is
///   what Foundation returns for such a string.
/// - `\` and one to three octal digits is a byte in the NeXTSTEP Latin
///   encoding; the value wraps at 256 like CF's `uint8_t` (`\777` is 0xFF), and
///   the bytes NeXTSTEP leaves undefined (0xFE, 0xFF) yield U+0000 as in CF.
extension StringsParser {
    /// Decodes the escape whose first character is at `position` (just after
    /// the backslash, which the caller has checked is not the last character)
    /// and appends it to `scratch`.
    mutating func decodeEscape(pending: inout PendingSurrogate) {
        let byte = text[position]
        position += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = byte - 0x30
            var digits = 1
            while digits < 3, position < text.count, case let next = text[position],
                  next >= UInt8(ascii: "0") && next <= UInt8(ascii: "7") {
                value = value &<< 3 &+ (next - 0x30)
                position += 1
                digits += 1
            }
            pending.append(Self.nextStepLatin(value), to: &scratch)
        case UInt8(ascii: "U"):
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, position < text.count, let digit = Self.hexValue(text[position]) {
                value = value << 4 | UInt16(digit)
                position += 1
                digits += 1
            }
            pending.append(value, to: &scratch)
        case UInt8(ascii: "a"): pending.append(0x07, to: &scratch)
        case UInt8(ascii: "b"): pending.append(0x08, to: &scratch)
        case UInt8(ascii: "f"): pending.append(0x0C, to: &scratch)
        case UInt8(ascii: "n"): pending.append(0x0A, to: &scratch)
        case UInt8(ascii: "r"): pending.append(0x0D, to: &scratch)
        case UInt8(ascii: "t"): pending.append(0x09, to: &scratch)
        case UInt8(ascii: "v"): pending.append(0x0B, to: &scratch)
        default:
            // The character itself, all of its bytes.
            pending.flush(into: &scratch)
            scratch.append(byte)
            let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            if length > 1 {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[position..<position + length - 1]))
                position += length - 1
            }
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 0x41 + 10
        default: return nil
        }
    }

    /// The UTF-16 code unit of a NeXTSTEP Latin byte; 0 for the undefined 0xFE and 0xFF.
    static func nextStepLatin(_ byte: UInt8) -> UInt16 {
        byte < 0x80 ? UInt16(byte) : nextStepHighHalf[Int(byte - 0x80)]
    }

    /// NeXTSTEP Latin 0x80...0xFF (CoreFoundation `CFBuiltinConverters.c`).
    private static let nextStepHighHalf: [UInt16] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,  // 0x80
        0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,  // 0x90
        0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
        0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,  // 0xA0
        0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,  // 0xB0
        0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
        0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,  // 0xC0
        0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
        0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,  // 0xD0
        0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,  // 0xE0
        0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
        0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,  // 0xF0
        0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
    ]
}

/// UTF-16 code units from escapes, written as UTF-8 the way
/// `String(decoding:as: UTF16.self)` reads them: a high surrogate waits for
/// the unit after it, a pair becomes one character, and each unpaired
/// surrogate becomes U+FFFD.
struct PendingSurrogate {
    private var high: UInt16? = nil

    /// Appends one code unit.
    mutating func append(_ unit: UInt16, to bytes: inout [UInt8]) {
        switch unit {
        case 0xD800..<0xDC00:
            flush(into: &bytes)
            high = unit
        case 0xDC00..<0xE000:
            guard let first = high else {
                Self.appendReplacement(to: &bytes)
                return
            }
            high = nil
            let value = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(unit - 0xDC00)
            bytes.append(0xF0 | UInt8(value >> 18))
            bytes.append(0x80 | UInt8(value >> 12 & 0x3F))
            bytes.append(0x80 | UInt8(value >> 6 & 0x3F))
            bytes.append(0x80 | UInt8(value & 0x3F))
        default:
            flush(into: &bytes)
            if unit < 0x80 {
                bytes.append(UInt8(unit))
            } else if unit < 0x800 {
                bytes.append(0xC0 | UInt8(unit >> 6))
                bytes.append(0x80 | UInt8(unit & 0x3F))
            } else {
                bytes.append(0xE0 | UInt8(unit >> 12))
                bytes.append(0x80 | UInt8(unit >> 6 & 0x3F))
                bytes.append(0x80 | UInt8(unit & 0x3F))
            }
        }
    }

    /// Writes a waiting high surrogate as U+FFFD: what comes next is not its pair.
    @inline(__always)
    mutating func flush(into bytes: inout [UInt8]) {
        guard high != nil else { return }
        high = nil
        Self.appendReplacement(to: &bytes)
    }

    private static func appendReplacement(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
    }
}
