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
/// than `JSONParser.maximumDepth`, a top level that is not an object, or a
/// key path that occurs twice. The full reader (`JSONParser` and
/// `I18nextFile.parse`) then reads the file and reports what is wrong with
/// its location, so both give the same table for every file this one takes.
/// The caller has checked that the bytes are well-formed UTF-8.
enum I18nextQuickReader {
    static func read(_ text: UnsafeBufferPointer<UInt8>) -> PrebuiltTable? {
        guard let base = text.baseAddress else { return nil }
        var reader = Reader(base: base, count: text.count)
        if text.count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { reader.at = 3 }
        return reader.table()
    }

    /// A growable byte buffer (the key path, a decoded string).
    private struct Buffer {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count = 0

        init() {
            capacity = 256
            base = .allocate(capacity: capacity)
        }

        mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            capacity = max(capacity * 2, count + extra)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
        }

        mutating func append(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
            reserve(length)
            (base + count).update(from: bytes, count: length)
            count += length
        }

        mutating func append(_ byte: UInt8) {
            reserve(1)
            base[count] = byte
            count += 1
        }

        var span: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
    }

    private struct Reader {
        let base: UnsafePointer<UInt8>
        let count: Int
        var at = 0

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        /// One open object or array: the key path's length before its
        /// members, and for an array the next index.
        private struct Frame {
            var isObject: Bool
            var pathLength: Int
            var index = 0
        }

        mutating func table() -> PrebuiltTable? {
            var table = PrebuiltTable(arena: TextArena())
            var hashes: [UInt64] = []
            table.entries.reserveCapacity(count / 64)
            hashes.reserveCapacity(count / 64)
            var path = Buffer(), decoded = Buffer(), normal = Buffer()
            defer {
                path.base.deallocate()
                decoded.base.deallocate()
                normal.base.deallocate()
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
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard stack.count < JSONParser.maximumDepth else { return nil }
                    let isObject = base[at] == UInt8(ascii: "{")
                    at += 1
                    stack.append(Frame(isObject: isObject, pathLength: path.count))
                    guard memberStart(&stack, &path, &decoded) else { return nil }
                    continue
                case UInt8(ascii: "\""):
                    guard let text = string(&decoded) else { return nil }
                    guard add(text, path: path.span, normal: &normal, into: &table, hashes: &hashes) else { return nil }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let start = at
                    guard number() else { return nil }
                    let spelled = UnsafeBufferPointer(start: base + start, count: at - start)
                    guard add(spelled, path: path.span, normal: &normal, into: &table, hashes: &hashes) else { return nil }
                case UInt8(ascii: "t"):
                    guard literal("true") else { return nil }
                    guard add(UnsafeBufferPointer(start: base + at - 4, count: 4), path: path.span, normal: &normal,
                              into: &table, hashes: &hashes) else { return nil }
                case UInt8(ascii: "f"):
                    guard literal("false") else { return nil }
                    guard add(UnsafeBufferPointer(start: base + at - 5, count: 5), path: path.span, normal: &normal,
                              into: &table, hashes: &hashes) else { return nil }
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
            return table.indexed(hashes: hashes)
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
            if let start = key.baseAddress { path.append(start, key.count) }
            skipSpace()
            guard at < count, base[at] == UInt8(ascii: ":") else { return false }
            at += 1
            return true
        }

        /// One entry: the key path (in NFC, as every table keeps its keys)
        /// and the text. False for a text with a NUL, which the full reader
        /// keeps and the arena's C strings cannot.
        private func add(_ text: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, normal: inout Buffer,
                         into table: inout PrebuiltTable, hashes: inout [UInt64]) -> Bool {
            var key = path
            if let normalized = NormalForm.normalized(UnsafeRawBufferPointer(path)) {
                normal.count = 0
                normalized.withUnsafeBufferPointer { if let start = $0.baseAddress { normal.append(start, $0.count) } }
                key = normal.span
            }
            hashes.append(KeyBytes(p0: UnsafeRawBufferPointer(key)).hash)
            let storedKey = table.arena.append(bytes: key)
            table.entries.append(StoredEntry(storedKey: storedKey, value: .text(table.arena.append(bytes: text))))
            return true
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

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() -> Bool {
            func digit(_ at: Int) -> Bool { at < count && base[at] >= 0x30 && base[at] <= 0x39 }
            if base[at] == UInt8(ascii: "-") { at += 1 }
            guard digit(at) else { return false }
            if base[at] == UInt8(ascii: "0") {
                at += 1
                if digit(at) { return false }
            } else {
                while digit(at) { at += 1 }
            }
            if at < count, base[at] == UInt8(ascii: ".") {
                at += 1
                guard digit(at) else { return false }
                while digit(at) { at += 1 }
            }
            if at < count, base[at] | 0x20 == UInt8(ascii: "e") {
                at += 1
                if at < count, base[at] == UInt8(ascii: "+") || base[at] == UInt8(ascii: "-") { at += 1 }
                guard digit(at) else { return false }
                while digit(at) { at += 1 }
            }
            return true
        }

        /// A string at its opening quote, decoded: a slice of the file when
        /// it has no escapes, else `decoded`'s contents. Nil for a control
        /// character, a NUL from `\u0000`, a bad escape or a lone surrogate.
        mutating func string(_ decoded: inout Buffer) -> UnsafeBufferPointer<UInt8>? {
            at += 1
            var run = at
            var escaped = false
            decoded.count = 0
            while true {
                at += parlance_shim_json_plain_run(base + at, count - at)
                guard at < count else { return nil }
                let byte = base[at]
                if byte == UInt8(ascii: "\"") { break }
                guard byte == UInt8(ascii: "\\"), count - at >= 2 else { return nil }   // a control character
                decoded.append(base + run, at - run)
                escaped = true
                let kind = base[at + 1]
                at += 2
                if let simple = JSONParser.simpleEscape(kind) {
                    decoded.append(simple)
                    run = at
                    continue
                }
                switch kind {
                case UInt8(ascii: "u"):
                    guard var value = hex4(at), value != 0 else { return nil }
                    at += 4
                    if (0xDC00...0xDFFF).contains(value) { return nil }
                    if (0xD800...0xDBFF).contains(value) {
                        guard count - at >= 6, base[at] == UInt8(ascii: "\\"), base[at + 1] == UInt8(ascii: "u"),
                              let low = hex4(at + 2), (0xDC00...0xDFFF).contains(low) else { return nil }
                        at += 6
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    var utf8: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                    let length = withUnsafeMutableBytes(of: &utf8) { out -> Int in
                        guard let scalar = Unicode.Scalar(value) else { return 0 }
                        var written = 0
                        UTF8.encode(scalar) { out[written] = $0; written += 1 }
                        return written
                    }
                    withUnsafeBytes(of: &utf8) { decoded.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), length) }
                default:
                    return nil
                }
                run = at
            }
            defer { at += 1 }
            if !escaped { return UnsafeBufferPointer(start: base + run, count: at - run) }
            decoded.append(base + run, at - run)
            return decoded.span
        }

        func hex4(_ at: Int) -> UInt32? {
            guard count - at >= 4 else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = base[at + offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
    }
}
