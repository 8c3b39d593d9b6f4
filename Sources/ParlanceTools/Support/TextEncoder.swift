import Parlance

/// Text to bytes in one of the encodings a `.strings` file may use, with
/// or without a byte order mark: the inverse of the core's `TextDecoding`.
enum TextEncoder {
    static func encode(_ scalars: some Sequence<Unicode.Scalar>, as encoding: TextEncoding,
                       byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        switch encoding {
        case .utf8:
            if byteOrderMark { bytes += [0xEF, 0xBB, 0xBF] }
            for scalar in scalars { bytes += UTF8.encode(scalar)! }
        case .utf16LE, .utf16BE:
            let big = encoding == .utf16BE
            func put(_ unit: UInt16) {
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                bytes += big ? [high, low] : [low, high]
            }
            if byteOrderMark { put(0xFEFF) }
            for scalar in scalars { UTF16.encode(scalar)!.forEach(put) }
        case .utf32LE, .utf32BE:
            let big = encoding == .utf32BE
            func put(_ value: UInt32) {
                let b = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                bytes += big ? b : b.reversed()
            }
            if byteOrderMark { put(0xFEFF) }
            for scalar in scalars { put(scalar.value) }
        }
        return bytes
    }
}
