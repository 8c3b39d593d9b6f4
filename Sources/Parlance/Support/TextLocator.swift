/// 1-based line and column of a position in decoded text.
///
/// Lines end at `\n`, `\r` or `\r\n` (as CoreFoundation counts them for its
/// plist errors); columns count Unicode scalars from the start of the line.
package struct TextLocator: Sendable {
    /// Scalar index at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    package init(_ text: [Unicode.Scalar]) {
        var starts = [0]
        var index = 0
        while index < text.count {
            let scalar = text[index]
            index += 1
            if scalar == "\r" {
                if index < text.count, text[index] == "\n" { index += 1 }
                starts.append(index)
            } else if scalar == "\n" {
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// The line and column of the scalar at `index` (or of the end, when `index == text.count`).
    package func location(of index: Int) -> (line: Int, column: Int) {
        // The last line start that is <= index.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return (low + 1, index - lineStarts[low] + 1)
    }
}

/// 1-based line and column of positions in well-formed UTF-8, counted like
/// `TextLocator` (lines end at `\n`, `\r` or `\r\n`; columns count scalars),
/// for positions visited in increasing order: each call continues from the
/// previous one, so locating every entry of a file reads it once.
struct UTF8Locator {
    private var offset: Int
    private var line = 1
    private var column = 1

    /// A locator whose line 1, column 1 is at byte `start`.
    init(start: Int) {
        offset = start
    }

    /// The line and column of byte `target` (not before the previous target),
    /// which starts a character or is the end of the text.
    mutating func advance(to target: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var index = offset
        while index < target {
            // Eight bytes without a line end at a time: one column per byte
            // that is not a UTF-8 continuation byte.
            if index + 8 <= target, let base = text.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !Self.hasByte(0x0A, in: word) && !Self.hasByte(0x0D, in: word) {
                    let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
                    column += 8 - continuations.nonzeroBitCount
                    index += 8
                    continue
                }
            }
            let byte = text[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // In `\r\n` the line ends after the `\n`.
                if index + 1 < text.count && text[index + 1] == 0x0A {
                    column += 1
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {  // not a continuation byte: a new scalar
                column += 1
            }
            index += 1
        }
        offset = max(offset, target)
        return (line, column)
    }

    /// Whether any byte of `word` is `byte`.
    @inline(__always)
    private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// The scalar that starts at `index` in well-formed UTF-8.
    static func scalar(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        let lead = text[index]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for i in 1..<length where index + i < text.count {
            value = value << 6 | UInt32(text[index + i] & 0x3F)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"  // never nil for well-formed input
    }
}
