internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runtime's reading of an i18next namespace: the entries `I18nextFile`
/// makes (nested objects flattened to dotted paths, arrays to indices,
/// strings, numbers and booleans as texts, `null` as no entry), read from
/// the file's bytes straight into a table's arena and index, with no JSON
/// tree, `String` or `ParsedEntry` in between.
///
/// It gives up (nil) at anything it does not read exactly as the full
/// reader does: any syntax error, a lone surrogate escape, nesting deeper
/// than `JSONParser.maximumDepth`, a top level that is not an object, a
/// key path that occurs twice, or a name with a `.` that i18next might not
/// reach (`I18nextFile.reachable`: nested, or at the top level with a
/// value other than a non-empty text). The full reader (`JSONParser` and
/// `I18nextFile.parse`) then reads the file and reports what is wrong with
/// its location, so both give the same table for every file this one takes.
/// The caller has checked that the bytes are well-formed UTF-8.
enum I18nextQuickReader {
    static func read(_ text: UnsafeBufferPointer<UInt8>) -> PrebuiltTable? {
        var reader = Reader(text, skippingByteOrderMark: true)
        return reader.table()
    }

    private typealias Reader = ByteCursor<I18nextQuickReader>
}

private extension ByteCursor where Format == I18nextQuickReader {
    /// The key path and decoded strings.
    typealias Buffer = ScratchBytes

    /// One open object or array: the key path's length before its
    /// members, and for an array the next index.
    private struct Frame {
        var isObject: Bool
        var pathLength: Int
        var index = 0
        /// The current member's name has a `.` (read at the top level only).
        var dotted = false
    }

    mutating func table() -> PrebuiltTable? {
        var table = PrebuiltTable(expecting: count / 64)
        var path = Buffer(), decoded = Buffer(), normal = Buffer()
        defer {
            path.free()
            decoded.free()
            normal.free()
        }
        skipSpace()
        guard at < count, base[at] == UInt8(ascii: "{") else { return nil }
        at += 1
        var stack = [Frame(isObject: true, pathLength: 0)]
        guard memberStart(&stack, &path, &decoded) else { return nil }
        while !stack.isEmpty {
            // A value, whose key path is `path`.
            skipSpace()
            guard at < count else { return nil }
            switch base[at] {
            case UInt8(ascii: "\""):
                guard let text = string(&decoded) else { return nil }
                guard !text.isEmpty || !stack[0].dotted || stack.count > 1 else { return nil }
                add(text, path: path.span, normal: &normal, into: &table)
            case _ where stack.count == 1 && stack[0].dotted:
                return nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < JSONParser.maximumDepth else { return nil }
                let isObject = base[at] == UInt8(ascii: "{")
                at += 1
                stack.append(Frame(isObject: isObject, pathLength: path.count))
                guard memberStart(&stack, &path, &decoded) else { return nil }
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = at
                guard number() else { return nil }
                let spelled = UnsafeBufferPointer(start: base + start, count: at - start)
                add(spelled, path: path.span, normal: &normal, into: &table)
            case UInt8(ascii: "t"):
                guard literal("true") else { return nil }
                add(UnsafeBufferPointer(start: base + at - 4, count: 4), path: path.span, normal: &normal,
                    into: &table)
            case UInt8(ascii: "f"):
                guard literal("false") else { return nil }
                add(UnsafeBufferPointer(start: base + at - 5, count: 5), path: path.span, normal: &normal,
                    into: &table)
            case UInt8(ascii: "n"):
                guard literal("null") else { return nil }
            default:
                return nil
            }
            // After a value: the next member, or the end of containers.
            guard memberEnd(&stack, &path, &decoded) else { return nil }
        }
        skipSpace()
        guard at == count else { return nil }
        return table.indexed()
    }

    /// After `{` or `[`: an empty container closes (and the containers
    /// it ends), else the first member's key path is set.
    private mutating func memberStart(_ stack: inout [Frame], _ path: inout Buffer, _ decoded: inout Buffer) -> Bool {
        skipSpace()
        guard at < count else { return false }
        let frame = stack[stack.count - 1]
        if base[at] == UInt8(ascii: frame.isObject ? "}" : "]") {
            at += 1
            stack.removeLast()
            path.count = frame.pathLength
            return stack.isEmpty || memberEnd(&stack, &path, &decoded)
        }
        return nextKey(&stack, &path, &decoded)
    }

    /// After a value: `,` and the next member's key path, or closing
    /// brackets (each followed by another `,` or closing bracket).
    private mutating func memberEnd(_ stack: inout [Frame], _ path: inout Buffer, _ decoded: inout Buffer) -> Bool {
        while let top = stack.indices.last {
            skipSpace()
            guard at < count else { return false }
            let isObject = stack[top].isObject
            if base[at] == UInt8(ascii: ",") {
                at += 1
                stack[top].index += 1
                path.count = stack[top].pathLength
                skipSpace()
                return nextKey(&stack, &path, &decoded)
            }
            guard base[at] == UInt8(ascii: isObject ? "}" : "]") else { return false }
            at += 1
            path.count = stack[top].pathLength
            stack.removeLast()
        }
        return true
    }

    /// The key path of the member or element that starts here: the
    /// container's path, `.`, and the key (or the element's index).
    private mutating func nextKey(_ stack: inout [Frame], _ path: inout Buffer, _ decoded: inout Buffer) -> Bool {
        let frame = stack[stack.count - 1]
        path.count = frame.pathLength
        if stack.count > 1 { path.append(UInt8(ascii: ".")) }
        if !frame.isObject {
            var digits: [UInt8] = []
            var index = frame.index
            repeat {
                digits.append(UInt8(ascii: "0") + UInt8(index % 10))
                index /= 10
            } while index > 0
            for digit in digits.reversed() { path.append(digit) }
            return true
        }
        guard at < count, base[at] == UInt8(ascii: "\""), let key = string(&decoded) else { return false }
        let dotted = key.contains(UInt8(ascii: "."))
        guard !dotted || stack.count == 1 else { return false }
        stack[stack.count - 1].dotted = dotted
        if let start = key.baseAddress { path.append(start, key.count) }
        skipSpace()
        guard at < count, base[at] == UInt8(ascii: ":") else { return false }
        at += 1
        return true
    }

    /// One entry: the key path and the text (`string` has refused texts with a NUL).
    private func add(_ text: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, normal: inout Buffer,
                     into table: inout PrebuiltTable) {
        table.appendText(key: path, text: text, normal: &normal)
    }

    mutating func skipSpace() {
        while at < count {
            switch base[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard count - at >= length, memcmp(base + at, word.utf8Start, length) == 0 else { return false }
        at += length
        return true
    }

    /// A number (`JSONTape.scanNumber`'s grammar).
    mutating func number() -> Bool {
        guard let end = JSONTape.scanNumber(base, at, count) else { return false }
        at = end
        return true
    }

    /// A string at its opening quote, decoded: a slice of the file when
    /// it has no escapes, else `decoded`'s contents. Nil when malformed,
    /// or for a NUL from `\u0000` (the arena's texts are C strings).
    mutating func string(_ decoded: inout Buffer) -> UnsafeBufferPointer<UInt8>? {
        guard let (length, escaped) = JSONTape.scanString(base, at + 1, count) else { return nil }
        let raw = UnsafeBufferPointer(start: base + at + 1, count: length)
        at += length + 2
        guard escaped else { return raw }
        return JSONTape.decode(raw, into: &decoded)
    }
}
