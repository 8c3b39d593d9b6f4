internal import CParlanceShim

/// A JSON document read in one pass into a flat list of tokens over its
/// bytes (a "tape"): no tree, and no string is decoded until asked for.
/// Readers walk it through `JSONTape.Node`, which offers what `JSONNode`
/// does (`JSONView`), so one reader serves both.
///
/// It accepts exactly what `JSONParser` accepts (RFC 8259, strict) and
/// gives up (nil) at anything else; `JSONParser` then reads the document
/// and reports the located error. The caller has checked that the bytes are
/// well-formed UTF-8 and keeps them alive while the tape is used. Lines and
/// columns are `JSONParser`'s, worked out when asked for.
final class JSONTape {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, escapedString, object, array
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    /// Per token: its kind; where it starts (a string: after its opening
    /// quote; a container: at its bracket); a string's or number's length in
    /// bytes, a container's end (the index of the token after its last).
    let kinds: [Kind]
    let starts: [UInt32]
    let extents: [UInt32]
    /// Where a byte order mark ends (0 or 3): line 1's columns start there.
    private let textStart: Int

    private init(_ scanner: Scanner) {
        base = scanner.base
        count = scanner.count
        kinds = scanner.kinds
        starts = scanner.starts
        extents = scanner.extents
        textStart = scanner.textStart
    }

    /// The tape of `text`, or nil when `JSONParser` must read it.
    static func read(_ text: UnsafeBufferPointer<UInt8>) -> JSONTape? {
        guard let base = text.baseAddress, text.count < Int(UInt32.max) else { return nil }
        var scanner = Scanner(base: base, count: text.count)
        return scanner.scan() ? JSONTape(scanner) : nil
    }

    var root: Node { Node(tape: self, index: 0) }

    // MARK: Reading

    /// The one pass that makes a tape (a value type: no exclusivity checks
    /// on the token arrays it fills).
    private struct Scanner {
        let base: UnsafePointer<UInt8>
        let count: Int
        var kinds: [Kind] = []
        var starts: [UInt32] = []
        var extents: [UInt32] = []
        var textStart = 0

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        mutating func scan() -> Bool {
            let base = base, count = count
            var at = TextDecoding.utf8ByteOrderMarkLength(UnsafeBufferPointer(start: base, count: count))
            textStart = at
            let estimate = count / 12
            kinds.reserveCapacity(estimate)
            starts.reserveCapacity(estimate)
            extents.reserveCapacity(estimate)
            var open: [(index: Int, isObject: Bool)] = []
            func skipSpace() {
                while at < count, base[at] == 0x20 || base[at] == 0x09 || base[at] == 0x0A || base[at] == 0x0D { at += 1 }
            }
            func add(_ kind: Kind, _ start: Int, _ extent: Int) {
                kinds.append(kind)
                starts.append(UInt32(truncatingIfNeeded: start))
                extents.append(UInt32(truncatingIfNeeded: extent))
            }
            /// A string at its opening quote; false when malformed.
            func string() -> Bool {
                guard let (length, escaped) = JSONTape.scanString(base, at + 1, count) else { return false }
                add(escaped ? .escapedString : .string, at + 1, length)
                at += length + 2
                return true
            }
            func number() -> Bool {
                guard let end = JSONTape.scanNumber(base, at, count) else { return false }
                add(.number, at, end - at)
                at = end
                return true
            }
            func literal(_ word: StaticString, _ kind: Kind) -> Bool {
                let length = word.utf8CodeUnitCount
                guard count - at >= length else { return false }
                for offset in 0..<length where base[at + offset] != word.utf8Start[offset] { return false }
                add(kind, at, length)
                at += length
                return true
            }
            /// An object's key and its colon, at the key's quote.
            func key() -> Bool {
                guard at < count, base[at] == UInt8(ascii: "\""), string() else { return false }
                skipSpace()
                guard at < count, base[at] == UInt8(ascii: ":") else { return false }
                at += 1
                return true
            }
            while true {
                // A value starts here.
                skipSpace()
                guard at < count else { return false }
                switch base[at] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard open.count < JSONParser.maximumDepth else { return false }
                    let isObject = base[at] == UInt8(ascii: "{")
                    open.append((kinds.count, isObject))
                    add(isObject ? .object : .array, at, 0)
                    at += 1
                    skipSpace()
                    if at < count, base[at] == UInt8(ascii: isObject ? "}" : "]") {
                        // Empty: closed below, as after a value.
                    } else {
                        if isObject {
                            guard key() else { return false }
                        }
                        continue
                    }
                case UInt8(ascii: "\""):
                    guard string() else { return false }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard number() else { return false }
                case UInt8(ascii: "t"):
                    guard literal("true", .true) else { return false }
                case UInt8(ascii: "f"):
                    guard literal("false", .false) else { return false }
                case UInt8(ascii: "n"):
                    guard literal("null", .null) else { return false }
                default:
                    return false
                }
                // After a value (or an empty container's opening): `,` or closing brackets.
                while true {
                    skipSpace()
                    guard let top = open.last else { return at == count }
                    guard at < count else { return false }
                    if base[at] == UInt8(ascii: ","), kinds.count > top.index + 1 {
                        at += 1
                        if top.isObject {
                            skipSpace()
                            guard key() else { return false }
                        }
                        break
                    }
                    guard base[at] == UInt8(ascii: top.isObject ? "}" : "]") else { return false }
                    at += 1
                    extents[top.index] = UInt32(truncatingIfNeeded: kinds.count)
                    open.removeLast()
                }
            }
        }
    }

    /// The contents of the string whose first byte (after its opening
    /// quote) is at `start`: their length up to the closing quote, and
    /// whether they hold escapes; nil when malformed (a control character, an
    /// unknown escape, a lone surrogate, no closing quote).
    static func scanString(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> (length: Int, escaped: Bool)? {
        var at = start
        var escaped = false
        while true {
            at += parlance_shim_json_plain_run(base + at, count - at)
            guard at < count else { return nil }
            if base[at] == UInt8(ascii: "\"") { return (at - start, escaped) }
            guard base[at] == UInt8(ascii: "\\"), count - at >= 2 else { return nil }   // a control character
            escaped = true
            let letter = base[at + 1]
            at += 2
            if JSONParser.simpleEscape(letter) != nil { continue }
            guard letter == UInt8(ascii: "u"), let value = hex4(base, at, count) else { return nil }
            at += 4
            if (0xDC00...0xDFFF).contains(value) { return nil }
            if (0xD800...0xDBFF).contains(value) {
                guard count - at >= 6, base[at] == UInt8(ascii: "\\"), base[at + 1] == UInt8(ascii: "u"),
                      let low = hex4(base, at + 2, count), (0xDC00...0xDFFF).contains(low) else { return nil }
                at += 6
            }
        }
    }

    /// Where the number starting at `start` ends (RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`); nil when malformed.
    static func scanNumber(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var at = start
        func digit(_ at: Int) -> Bool { at < count && base[at] >= 0x30 && base[at] <= 0x39 }
        if at < count, base[at] == UInt8(ascii: "-") { at += 1 }
        guard digit(at) else { return nil }
        if base[at] == UInt8(ascii: "0") {
            at += 1
            if digit(at) { return nil }
        } else {
            while digit(at) { at += 1 }
        }
        if at < count, base[at] == UInt8(ascii: ".") {
            at += 1
            guard digit(at) else { return nil }
            while digit(at) { at += 1 }
        }
        if at < count, base[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < count, base[at] == UInt8(ascii: "+") || base[at] == UInt8(ascii: "-") { at += 1 }
            guard digit(at) else { return nil }
            while digit(at) { at += 1 }
        }
        return at
    }

    /// A scanned string's contents decoded into `buffer` (emptied first), or
    /// nil when they hold a NUL (`\u0000`: the arena's texts are C strings).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into buffer: inout ScratchBytes) -> UnsafeBufferPointer<UInt8>? {
        buffer.count = 0
        buffer.reserve(raw.count)
        var nul = false
        decode(raw) { byte in
            nul = nul || byte == 0
            buffer.append(byte)
        }
        return nul ? nil : buffer.span
    }

    /// A scanned string's contents with their escapes decoded, appended to `out`.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, _ out: (UInt8) -> Void) {
        var at = 0
        while at < raw.count {
            let byte = raw[at]
            guard byte == UInt8(ascii: "\\") else {
                out(byte)
                at += 1
                continue
            }
            let letter = raw[at + 1]
            at += 2
            if let simple = JSONParser.simpleEscape(letter) {
                out(simple)
                continue
            }
            var value = hex4(raw.baseAddress!, at, raw.count) ?? 0xFFFD
            at += 4
            if (0xD800...0xDBFF).contains(value), let low = hex4(raw.baseAddress!, at + 2, raw.count) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                at += 6
            }
            UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}", into: out)
        }
    }

    /// Four hexadecimal digits at `at`, or nil.
    static func hex4(_ base: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> UInt32? {
        guard count - at >= 4 else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = base[at + offset]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: Values

    /// The token after token `index` and everything inside it.
    @inline(__always)
    func after(_ index: Int) -> Int {
        kinds[index] == .object || kinds[index] == .array ? Int(extents[index]) : index + 1
    }

    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(starts[index]), count: Int(extents[index]))
    }

    /// A string token's text, escapes decoded (they were checked when read).
    func string(_ index: Int) -> String {
        let raw = bytes(index)
        guard kinds[index] == .escapedString else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        Self.decode(raw) { out.append($0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether string token `index` is exactly `text` (compared undecoded
    /// when it has no escapes).
    func string(_ index: Int, is text: StaticString) -> Bool {
        guard kinds[index] == .string else { return kinds[index] == .escapedString && string(index) == text.description }
        let raw = bytes(index)
        guard raw.count == text.utf8CodeUnitCount else { return false }
        for offset in 0..<raw.count where raw[offset] != text.utf8Start[offset] { return false }
        return true
    }

    // MARK: Locations

    /// The last location worked out: readers ask in file order, so each
    /// answer counts lines and columns from the previous one — linear in
    /// the file over all answers, a file written on one line included.
    private var known = (offset: 0, line: 1, column: 1)

    /// `JSONParser`'s line and column of the byte at `offset`: lines end at
    /// LF, CR LF or a lone CR; columns count scalars from 1.
    func location(_ offset: Int) -> (line: Int, column: Int) {
        // From the last answer, forwards or backwards (a reader goes back
        // to a key after reading its value).
        func endsLine(_ at: Int) -> Bool { base[at] == 0x0A || (base[at] == 0x0D && !(at + 1 < count && base[at + 1] == 0x0A)) }
        func startsScalar(_ at: Int) -> Bool { base[at] & 0xC0 != 0x80 }
        let from = known.offset < textStart ? (offset: textStart, line: 1, column: 1) : known
        var line = from.line
        var column = from.column
        if offset >= from.offset {
            for at in from.offset..<offset {
                if endsLine(at) {
                    line += 1
                    column = 1
                } else if startsScalar(at) && base[at] != 0x0A && base[at] != 0x0D {
                    column += 1
                }
            }
        } else {
            var crossed = false
            for at in offset..<from.offset {
                if endsLine(at) {
                    line -= 1
                    crossed = true
                } else if startsScalar(at) && base[at] != 0x0A && base[at] != 0x0D {
                    column -= 1
                }
            }
            if crossed {
                // Back across a line end: the column from the line's start (rare: a reader goes back a key at most).
                var lineStart = offset
                while lineStart > textStart, base[lineStart - 1] != 0x0A, base[lineStart - 1] != 0x0D { lineStart -= 1 }
                column = 1
                for at in lineStart..<offset where startsScalar(at) { column += 1 }
            }
        }
        known = (offset, line, column)
        return (line, column)
    }

    /// Where token `index` begins in the file: a string at its quote.
    func location(ofToken index: Int) -> (line: Int, column: Int) {
        let start = Int(starts[index])
        return location(kinds[index] == .string || kinds[index] == .escapedString ? start - 1 : start)
    }

    /// A value on the tape.
    struct Node: JSONView {
        let tape: JSONTape
        let index: Int

        var kindName: String {
            switch tape.kinds[index] {
            case .null: "null"
            case .false, .true: "a boolean"
            case .number: "a number"
            case .string, .escapedString: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }

        var string: String? {
            tape.kinds[index] == .string || tape.kinds[index] == .escapedString ? tape.string(index) : nil
        }

        var number: String? { tape.kinds[index] == .number ? String(decoding: tape.bytes(index), as: UTF8.self) : nil }

        var bool: Bool? {
            switch tape.kinds[index] {
            case .true: true
            case .false: false
            default: nil
            }
        }

        var isObject: Bool { tape.kinds[index] == .object }

        var members: [Member] {
            guard tape.kinds[index] == .object else { return [] }
            var members: [Member] = []
            var key = index + 1
            let end = Int(tape.extents[index])
            while key < end {
                members.append(Member(tape: tape, keyIndex: key))
                key = tape.after(key + 1)
            }
            return members
        }

        var line: Int { tape.location(ofToken: index).line }
        var column: Int { tape.location(ofToken: index).column }
    }

    /// An object's member on the tape: its key decoded, its location worked
    /// out when asked for.
    struct Member: JSONViewMember {
        let tape: JSONTape
        let keyIndex: Int

        var key: String { tape.string(keyIndex) }
        func keyIs(_ text: StaticString) -> Bool { tape.string(keyIndex, is: text) }
        var value: Node { Node(tape: tape, index: keyIndex + 1) }
        var line: Int { tape.location(ofToken: keyIndex).line }
        var column: Int { tape.location(ofToken: keyIndex).column }
    }
}

/// What a reader of a JSON-based format needs of a value: the full
/// parser's `JSONNode` and the tape's `JSONTape.Node` both offer it.
protocol JSONView {
    associatedtype Member: JSONViewMember where Member.Value == Self
    /// "null", "a boolean", …, as `JSONValue.kindName`.
    var kindName: String { get }
    var string: String? { get }
    /// A number's spelling.
    var number: String? { get }
    var bool: Bool? { get }
    var isObject: Bool { get }
    /// An object's members in file order (none for other values).
    var members: [Member] { get }
    var line: Int { get }
    var column: Int { get }
}

protocol JSONViewMember {
    associatedtype Value
    var key: String { get }
    /// Whether the key is exactly `text` (without decoding it where it can).
    func keyIs(_ text: StaticString) -> Bool
    var value: Value { get }
    var line: Int { get }
    var column: Int { get }
}

extension JSONNode: JSONView {
    var kindName: String { value.kindName }
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }
    var number: String? {
        if case .number(let spelled) = value { return spelled }
        return nil
    }
    var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }
    var isObject: Bool {
        if case .object = value { return true }
        return false
    }
    var members: [JSONMember] {
        if case .object(let members) = value { return members }
        return []
    }
}

extension JSONMember: JSONViewMember {
    func keyIs(_ text: StaticString) -> Bool { key == text.description }
}
