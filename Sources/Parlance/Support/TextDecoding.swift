internal import CParlanceShim
/// The Unicode encodings a text table may use.
package enum TextEncoding: Sendable, Equatable {
    case utf8, utf16LE, utf16BE, utf32LE, utf32BE
}

/// Text decoded from a file: its scalars (byte order mark removed) and the
/// encoding it was read in.
package struct DecodedText: Sendable {
    package var scalars: [Unicode.Scalar]
    package var encoding: TextEncoding
    package var hadByteOrderMark: Bool
}

/// Bytes to Unicode scalars, the way CoreFoundation guesses a plist's encoding.
///
/// A byte order mark decides (UTF-32 is checked before UTF-16, so `FF FE 00 00`
/// is UTF-32LE). Without one, a 0x00 in either of the first two bytes means
/// UTF-16: little-endian when only the second byte is zero, big-endian
/// otherwise. Everything else is UTF-8. Malformed input is an `.encoding`
/// error located at the offending byte; nothing is replaced.
package enum TextDecoding {
    /// The length of a UTF-8 byte order mark at the start of `bytes` (3), or 0:
    /// where the readers of text already known to be UTF-8 start.
    static func utf8ByteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The encoding of `bytes` and the length of its byte order mark (0 when none).
    static func sniff(_ bytes: [UInt8]) -> (encoding: TextEncoding, byteOrderMarkLength: Int) {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.count >= 2 {
            if bytes[1] == 0 && bytes[0] != 0 { return (.utf16LE, 0) }
            if bytes[0] == 0 { return (.utf16BE, 0) }
        }
        return (.utf8, 0)
    }

    package static func decode(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> DecodedText {
        let (encoding, skip) = sniff(bytes)
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(encoding == .utf8 ? bytes.count : bytes.count / 2)
        var offset = skip
        func fail(_ message: String) -> ParlanceError {
            let (line, column) = TextLocator(scalars).location(of: scalars.count)
            return ParlanceError(.encoding, "\(message) at byte offset \(offset)", path: path, line: line, column: column)
        }
        switch encoding {
        case .utf8:
            while offset < bytes.count {
                guard let (scalar, length) = decodeUTF8(bytes, at: offset) else {
                    throw fail("invalid UTF-8 byte 0x\(hex(bytes[offset]))")
                }
                scalars.append(scalar)
                offset += length
            }
        case .utf16LE, .utf16BE:
            let bigEndian = encoding == .utf16BE
            func unit(_ at: Int) -> UInt16 {
                bigEndian ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
                          : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
            }
            while offset < bytes.count {
                guard offset + 1 < bytes.count else { throw fail("truncated UTF-16 code unit") }
                let first = unit(offset)
                if first & 0xF800 != 0xD800 {
                    scalars.append(Unicode.Scalar(first)!)  // not a surrogate, so always valid
                    offset += 2
                    continue
                }
                guard first < 0xDC00, offset + 3 < bytes.count else {
                    throw fail("unpaired UTF-16 surrogate 0x\(hex16(first))")
                }
                let second = unit(offset + 2)
                guard second & 0xFC00 == 0xDC00 else {
                    throw fail("unpaired UTF-16 surrogate 0x\(hex16(first))")
                }
                let value = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
                scalars.append(Unicode.Scalar(value)!)  // 0x10000...0x10FFFF by construction
                offset += 4
            }
        case .utf32LE, .utf32BE:
            while offset < bytes.count {
                guard offset + 3 < bytes.count else { throw fail("truncated UTF-32 code unit") }
                let b = bytes[offset..<offset + 4].map(UInt32.init)
                let value = encoding == .utf32BE
                    ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
                    : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
                guard let scalar = Unicode.Scalar(value) else {
                    throw fail("invalid UTF-32 code point 0x\(String(value, radix: 16, uppercase: true))")
                }
                scalars.append(scalar)
                offset += 4
            }
        }
        return DecodedText(scalars: scalars, encoding: encoding, hadByteOrderMark: skip > 0)
    }

    /// One well-formed UTF-8 sequence at `offset`: no overlong forms, no
    /// surrogates, nothing above U+10FFFF. Nil when the bytes there are malformed.
    static func decodeUTF8(_ bytes: [UInt8], at offset: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; value = 0x0D; high = 0x9F
        case 0xF0: length = 4; value = 0; low = 0x90
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        for i in 1..<length {
            let byte = bytes[offset + i]
            let (min, max) = i == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min && byte <= max else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The offset of the first byte that does not start a well-formed UTF-8
    /// sequence (the rules of `decodeUTF8`), or nil when all of `buffer` is
    /// well formed (checked in the shim, ASCII sixteen bytes at a time).
    static func firstInvalidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let offset = parlance_shim_first_invalid_utf8(base, buffer.count)
        return offset < buffer.count ? offset : nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    private static func hex16(_ unit: UInt16) -> String {
        String(unit, radix: 16, uppercase: true)
    }
}

/// Text for the parsers that read bytes: well-formed UTF-8 starting at
/// `bytes[start]` (after any byte order mark).
package struct UTF8Text: Sendable {
    package var bytes: [UInt8]
    package var start: Int
    package var encoding: TextEncoding
}

extension TextDecoding {
    /// The offset of a last byte left over after UTF-16 code units in text
    /// with a UTF-16 byte order mark, or nil. (Without a byte order mark the
    /// byte is not forgiven: Foundation refuses such a file, and so does
    /// `decode`.)
    package static func oddTrailingUTF16Byte(_ bytes: [UInt8]) -> Int? {
        let (encoding, skip) = sniff(bytes)
        guard encoding == .utf16LE || encoding == .utf16BE, skip == 2, (bytes.count - skip) % 2 == 1 else { return nil }
        return bytes.count - 1
    }

    /// `bytes` as well-formed UTF-8: UTF-8 files as they are (checked, byte
    /// order mark skipped, nothing copied), UTF-16 and UTF-32 ones transcoded.
    /// Malformed input is the same located `.encoding` error as `decode`'s.
    package static func utf8(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> UTF8Text {
        let (encoding, skip) = sniff(bytes)
        if encoding == .utf8 {
            let valid = bytes.withUnsafeBufferPointer { firstInvalidUTF8(UnsafeBufferPointer(rebasing: $0[skip...])) == nil }
            if valid { return UTF8Text(bytes: bytes, start: skip, encoding: .utf8) }
        }
        let decoded = try decode(bytes, path: path)  // locates the error in malformed UTF-8
        var utf8: [UInt8] = []
        utf8.reserveCapacity(decoded.scalars.count * 2)
        for scalar in decoded.scalars {
            UTF8.encode(scalar) { utf8.append($0) }
        }
        return UTF8Text(bytes: utf8, start: 0, encoding: encoding)
    }
}
