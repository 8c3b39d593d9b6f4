/// Strings and UTF-8 for `JSONParser`: escapes, surrogate pairs and the
/// well-formedness rules of Unicode's Table 3-7.
extension JSONParser {
    /// Reads a string starting at its opening quote.
    mutating func parseString() throws(ParlanceError) -> String {
        let start = index
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &decoded, stringStart: start)
                runStart = index
            case 0..<0x20:
                throw error("control character \(Self.scalarName(UInt32(byte))) in a string; write it as an escape", at: index)
            case 0x20..<0x80:
                index += 1
            default:
                guard let length = Self.utf8Length(bytes, at: index) else { throw encodingError(at: index) }
                index += length
            }
        }
    }

    /// The byte a one-character escape (`\"` `\\` `\/` `\b` `\f` `\n` `\r`
    /// `\t`) stands for, by the letter after the backslash; nil for others.
    static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    private mutating func parseEscape(into decoded: inout [UInt8], stringStart: Int) throws(ParlanceError) {
        let escape = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string", at: stringStart) }
        let byte = bytes[index]
        index += 1
        if let simple = Self.simpleEscape(byte) {
            decoded.append(simple)
            return
        }
        switch byte {
        case UInt8(ascii: "u"):
            var value = try parseHex4()
            if (0xDC00...0xDFFF).contains(value) {
                throw error("lone surrogate \\u\(Self.hex(value)) in a string", at: escape)
            }
            if (0xD800...0xDBFF).contains(value) {
                let low = index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\")
                    && bytes[index + 1] == UInt8(ascii: "u") ? Self.hex4(bytes, at: index + 2) : nil
                guard let low, (0xDC00...0xDFFF).contains(low) else {
                    throw error("lone surrogate \\u\(Self.hex(value)) in a string", at: escape)
                }
                index += 6
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            Self.appendUTF8(value, to: &decoded)
        default:
            guard byte < 0x80 else { throw error("invalid escape in a string", at: escape) }
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string", at: escape)
        }
    }

    private mutating func parseHex4() throws(ParlanceError) -> UInt32 {
        guard let value = Self.hex4(bytes, at: index) else {
            throw error("expected four hexadecimal digits after \\u", at: index)
        }
        index += 4
        return value
    }

    private static func hex4(_ bytes: [UInt8], at start: Int) -> UInt32? {
        bytes.withUnsafeBufferPointer { $0.baseAddress.flatMap { base in JSONTape.hex4(base, start, bytes.count) } }
    }

    /// Length of the well-formed UTF-8 sequence at `i` (Unicode Table 3-7), or nil.
    static func utf8Length(_ bytes: [UInt8], at i: Int) -> Int? {
        func follows(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + offset < bytes.count && (low...high).contains(bytes[i + offset])
        }
        switch bytes[i] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return follows(1) ? 2 : nil
        case 0xE0: return follows(1, 0xA0) && follows(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE, 0xEF: return follows(1) && follows(2) ? 3 : nil
        case 0xED: return follows(1, 0x80, 0x9F) && follows(2) ? 3 : nil
        case 0xF0: return follows(1, 0x90) && follows(2) && follows(3) ? 4 : nil
        case 0xF1...0xF3: return follows(1) && follows(2) && follows(3) ? 4 : nil
        case 0xF4: return follows(1, 0x80, 0x8F) && follows(2) && follows(3) ? 4 : nil
        default: return nil
        }
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
