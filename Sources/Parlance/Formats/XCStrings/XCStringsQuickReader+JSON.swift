internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON the quick String Catalog reader reads: strict RFC 8259, as
/// `JSONParser` reads it (its string and number grammar, `JSONTape`'s
/// scanners), each string checked as UTF-8 when read.
extension XCStringsQuickReader.Reader {
    /// The string at its opening quote (`at`): the length of its contents
    /// and whether they hold escapes; nil when it is malformed or not UTF-8.
    func scan() -> (length: Int, escaped: Bool)? {
        guard let (length, escaped) = JSONTape.scanString(base, at + 1, count),
              TextDecoding.firstInvalidUTF8(Span(start: base + at + 1, count: length)) == nil else { return nil }
        return (length, escaped)
    }

    /// `"name" :` at a member of an object the reader knows: the name as
    /// written (nil when it holds escapes: the full reader decodes them).
    mutating func memberName() -> Span? {
        guard at < count, base[at] == UInt8(ascii: "\"") else { return nil }
        guard let (length, escaped) = scan(), !escaped else { return nil }
        let name = Span(start: base + at + 1, count: length)
        at += length + 2
        return take(UInt8(ascii: ":")) ? name : nil
    }

    /// After a member's value: true at `,` (white space after it
    /// skipped), false at the closing `bracket`, nil at anything else.
    mutating func afterMember(_ bracket: UInt8) -> Bool? {
        skipSpace()
        guard at < count else { return nil }
        if base[at] == UInt8(ascii: ",") {
            at += 1
            skipSpace()
            return true
        }
        guard base[at] == bracket else { return nil }
        at += 1
        return false
    }

    /// `byte`, after white space, and the white space after it.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < count, base[at] == byte else { return false }
        at += 1
        skipSpace()
        return true
    }

    func equals(_ name: Span, _ text: StaticString) -> Bool {
        Self.same(name, Span(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func same(_ a: Span, _ b: Span) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard count - at >= length, memcmp(base + at, word.utf8Start, length) == 0 else { return false }
        at += length
        return true
    }

    /// A string value naming a language (after `:`), as its canonical tag.
    mutating func languageTag() -> String? {
        guard at < count, base[at] == UInt8(ascii: "\""), let name = string(keyBuffer: false) else { return nil }
        return XCStringsReader.tag(String(decoding: name, as: UTF8.self))
    }

    /// A string at its opening quote, decoded: a slice of the file when it
    /// has no escapes, else the contents of `keyBuffer` or `decoded`. Nil
    /// when malformed, or for a NUL from `\u0000` (the arena's texts are C strings).
    mutating func string(keyBuffer toKey: Bool) -> Span? {
        guard let (length, escaped) = scan() else { return nil }
        let raw = Span(start: base + at + 1, count: length)
        at += length + 2
        guard escaped else { return raw }
        return toKey ? JSONTape.decode(raw, into: &keyBuffer) : JSONTape.decode(raw, into: &decoded)
    }

    /// Any value, checked as the full parser checks it (nested at most
    /// `JSONParser.maximumDepth` deep, counting the `depth` containers
    /// around it), and left unread.
    mutating func skipValue(depth: Int) -> Bool {
        var open: [UInt8] = []   // the closing bracket of each container opened here
        while true {
            // A value starts here.
            guard at < count else { return false }
            switch base[at] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth + open.count < JSONParser.maximumDepth else { return false }
                let isObject = base[at] == UInt8(ascii: "{")
                open.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                at += 1
                skipSpace()
                guard at < count else { return false }
                if base[at] == open[open.count - 1] {
                    at += 1
                    open.removeLast()
                } else {
                    if isObject {
                        guard base[at] == UInt8(ascii: "\""), let (length, _) = scan()
                        else { return false }
                        at += length + 2
                        guard take(UInt8(ascii: ":")) else { return false }
                    }
                    continue
                }
            case UInt8(ascii: "\""):
                guard let (length, _) = scan() else { return false }
                at += length + 2
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let end = JSONTape.scanNumber(base, at, count) else { return false }
                at = end
            case UInt8(ascii: "t"):
                guard literal("true") else { return false }
            case UInt8(ascii: "f"):
                guard literal("false") else { return false }
            case UInt8(ascii: "n"):
                guard literal("null") else { return false }
            default:
                return false
            }
            // After a value: `,` and the next, or closing brackets.
            while true {
                guard let bracket = open.last else { return true }
                skipSpace()
                guard at < count else { return false }
                if base[at] == UInt8(ascii: ",") {
                    at += 1
                    skipSpace()
                    if bracket == UInt8(ascii: "}") {
                        guard at < count, base[at] == UInt8(ascii: "\""),
                              let (length, _) = scan() else { return false }
                        at += length + 2
                        guard take(UInt8(ascii: ":")) else { return false }
                    }
                    break
                }
                guard base[at] == bracket else { return false }
                at += 1
                open.removeLast()
            }
        }
    }

    /// JSON white space; runs of spaces (Xcode's indentation) eight bytes a step.
    @inline(__always)
    mutating func skipSpace() {
        while at < count {
            switch base[at] {
            case 0x20:
                while count - at >= 8 {
                    // The spaces at the start of the next eight bytes (read little-endian).
                    let other = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                        ^ 0x2020_2020_2020_2020
                    let spaces = other.trailingZeroBitCount / 8
                    at += spaces
                    if spaces < 8 { break }
                }
                while at < count, base[at] == 0x20 { at += 1 }
            case 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }
}
