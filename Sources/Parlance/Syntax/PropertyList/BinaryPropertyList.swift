/// A reader for binary property lists (`bplist00`), the form compiled app
/// bundles ship `.strings` and `.stringsdict` files in.
///
/// Layout: the 8-byte header, the objects, a table of object offsets, and a
/// 32-byte trailer giving the offset and reference sizes, the object count,
/// the top object and where the offset table starts. Every size, offset,
/// count and reference is checked against the buffer before it is used, so
/// a truncated or corrupt file is a `.syntax` error, never a crash. Objects
/// are decoded once each (shared references cost nothing more); a reference
/// cycle or nesting deeper than `maxDepth` is an error.
///
/// Read: booleans, integers (1 to 16 bytes, within Int64), reals, dates,
/// data, ASCII and UTF-16BE strings, arrays, sets (as arrays) and
/// dictionaries with string keys. Null, fill and UID objects are errors.
struct BinaryPropertyList {
    static let maxDepth = 512

    private let bytes: [UInt8]
    private let path: String?
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    /// Objects lie in `8..<objectsEnd`; the offset table starts at `objectsEnd`.
    private var objectsEnd = 0
    private var cache: [PropertyListValue?] = []
    private var visiting: [Bool] = []

    static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> PropertyListValue {
        var reader = BinaryPropertyList(bytes: bytes, path: path)
        let top = try reader.readTrailer()
        return try reader.object(top, depth: 1)
    }

    private init(bytes: [UInt8], path: String?) {
        self.bytes = bytes
        self.path = path
    }

    private func corrupt(_ detail: String) -> ParlanceError {
        ParlanceError(.syntax, "corrupt binary property list: \(detail)", path: path)
    }

    /// Big-endian unsigned integer of `size` (1...8) bytes at `offset`, bounds already checked.
    private func uint(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }

    /// Validates the trailer and returns the top object's index.
    private mutating func readTrailer() throws(ParlanceError) -> Int {
        guard bytes.count >= 8 + 1 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw corrupt("too short")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = uint(at: trailer + 8, size: 8)
        let top = uint(at: trailer + 16, size: 8)
        let tableStart = uint(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw corrupt("bad offset or reference size")
        }
        guard count >= 1, count <= UInt64(bytes.count), top < count else { throw corrupt("bad object count") }
        guard tableStart >= 9, tableStart <= UInt64(trailer),
              count * UInt64(offsetSize) <= UInt64(trailer) - tableStart else {
            throw corrupt("offset table out of bounds")
        }
        objectCount = Int(count)
        objectsEnd = Int(tableStart)
        cache = Array(repeating: nil, count: objectCount)
        visiting = Array(repeating: false, count: objectCount)
        return Int(top)
    }

    /// The offset of object `index`, checked to lie among the objects.
    private func offset(of index: Int) throws(ParlanceError) -> Int {
        let raw = uint(at: objectsEnd + index * offsetSize, size: offsetSize)
        guard raw >= 8, raw < UInt64(objectsEnd) else { throw corrupt("object offset out of bounds") }
        return Int(raw)
    }

    /// Checks that `length` bytes starting at `start` lie among the objects.
    private func check(_ start: Int, _ length: Int) throws(ParlanceError) {
        guard length >= 0, start <= objectsEnd, length <= objectsEnd - start else {
            throw corrupt("object runs past the end of the data")
        }
    }

    private mutating func object(_ index: Int, depth: Int) throws(ParlanceError) -> PropertyListValue {
        if let cached = cache[index] { return cached }
        guard !visiting[index] else { throw corrupt("reference cycle") }
        guard depth <= Self.maxDepth else { throw corrupt("nested deeper than \(Self.maxDepth) levels") }
        visiting[index] = true
        let value = try decode(at: try offset(of: index), depth: depth)
        visiting[index] = false
        cache[index] = value
        return value
    }

    private mutating func decode(at start: Int, depth: Int) throws(ParlanceError) -> PropertyListValue {
        let marker = bytes[start]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw corrupt("unsupported object 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            return .integer(try integer(at: start, info: info))
        case 0x2:
            guard info == 2 || info == 3 else { throw corrupt("bad real size") }
            try check(start + 1, 1 << info)
            let raw = uint(at: start + 1, size: 1 << info)
            return .real(info == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33 else { throw corrupt("bad date marker") }
            try check(start + 1, 8)
            guard let text = Self.iso8601(sinceReferenceDate: Double(bitPattern: uint(at: start + 1, size: 8))) else {
                throw corrupt("date out of range")
            }
            return .date(text)
        case 0x4:
            let (count, body) = try length(at: start, info: info)
            try check(body, count)
            return .data(Array(bytes[body..<body + count]))
        case 0x5:
            let (count, body) = try length(at: start, info: info)
            try check(body, count)
            let ascii = bytes[body..<body + count]
            guard ascii.allSatisfy({ $0 < 0x80 }) else { throw corrupt("non-ASCII byte in an ASCII string") }
            return .string(String(decoding: ascii, as: UTF8.self))
        case 0x6:
            let (count, body) = try length(at: start, info: info)
            guard count <= objectsEnd else { throw corrupt("string too long") }
            try check(body, count * 2)
            let units = (0..<count).map { UInt16(bytes[body + 2 * $0]) << 8 | UInt16(bytes[body + 2 * $0 + 1]) }
            // Lone surrogates become U+FFFD, as for `\U` escapes in text files.
            return .string(String(decoding: units, as: UTF16.self))
        case 0xA, 0xB, 0xC:
            let references = try references(at: start, info: info, perEntry: 1)
            var items: [PropertyListValue] = []
            items.reserveCapacity(references.count)
            for reference in references { items.append(try object(reference, depth: depth + 1)) }
            return .array(items)
        case 0xD:
            let references = try references(at: start, info: info, perEntry: 2)
            let half = references.count / 2
            var members: [PropertyListValue.Member] = []
            members.reserveCapacity(half)
            for i in 0..<half {
                guard case .string(let key) = try object(references[i], depth: depth + 1) else {
                    throw corrupt("dictionary key is not a string")
                }
                members.append(.init(key: key, value: try object(references[half + i], depth: depth + 1)))
            }
            return .dict(members)
        default:
            throw corrupt("unsupported object 0x\(String(marker, radix: 16))")
        }
    }

    /// The integer object at `start` (marker 0x1n, 2^n bytes big-endian).
    private func integer(at start: Int, info: Int) throws(ParlanceError) -> Int64 {
        guard info <= 4 else { throw corrupt("bad integer size") }
        let size = 1 << info
        try check(start + 1, size)
        switch size {
        case 1, 2, 4: return Int64(uint(at: start + 1, size: size))
        case 8: return Int64(bitPattern: uint(at: start + 1, size: 8))
        default:
            // 128-bit: representable only when the high half is the sign extension of the low half.
            let high = uint(at: start + 1, size: 8)
            let low = Int64(bitPattern: uint(at: start + 9, size: 8))
            guard (high == 0 && low >= 0) || (high == UInt64.max && low < 0) else {
                throw corrupt("integer out of range")
            }
            return low
        }
    }

    /// The count of the object at `start` (its low nibble, or an integer
    /// object following the marker when the nibble is 0xF) and where its body begins.
    private func length(at start: Int, info: Int) throws(ParlanceError) -> (count: Int, body: Int) {
        guard info == 0xF else { return (info, start + 1) }
        try check(start + 1, 1)
        let marker = bytes[start + 1]
        guard marker >> 4 == 0x1 else { throw corrupt("bad length marker") }
        let value = try integer(at: start + 1, info: Int(marker & 0x0F))
        guard value >= 0, value <= Int64(objectsEnd) else { throw corrupt("bad length") }
        return (Int(value), start + 2 + (1 << Int(marker & 0x0F)))
    }

    /// The object references of an array, set (`perEntry` 1) or dictionary (2), each checked.
    private func references(at start: Int, info: Int, perEntry: Int) throws(ParlanceError) -> [Int] {
        let (count, body) = try length(at: start, info: info)
        let total = count * perEntry
        guard total <= objectsEnd else { throw corrupt("container too large") }
        try check(body, total * referenceSize)
        var result: [Int] = []
        result.reserveCapacity(total)
        for i in 0..<total {
            let reference = uint(at: body + i * referenceSize, size: referenceSize)
            guard reference < UInt64(objectCount) else { throw corrupt("object reference out of range") }
            result.append(Int(reference))
        }
        return result
    }
}

extension BinaryPropertyList {
    /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 2001-01-01T00:00:00Z (whole
    /// seconds, rounded down); nil outside years 1...9999.
    static func iso8601(sinceReferenceDate seconds: Double) -> String? {
        let unix = seconds + 978_307_200
        // Years 1 and 9999 in Unix seconds.
        guard unix.isFinite, unix >= -62_135_596_800, unix < 253_402_300_800 else { return nil }
        var total = Int64(unix)  // toward zero; then down (no libm in the core)
        if Double(total) > unix { total -= 1 }
        let time = DateText.CivilTime(milliseconds: total * 1000)
        return "\(time.date)T\(time.time)Z"
    }
}
