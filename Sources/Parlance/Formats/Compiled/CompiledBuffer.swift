/// Bytes being laid out for a compiled catalog: little-endian integers and
/// 8-byte alignment.
struct CompiledBuffer {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ reference: CompiledStringPool.Reference) {
        append(reference.offset)
        append(reference.length)
    }

    mutating func align() {
        while bytes.count % CompiledFormat.alignment != 0 { bytes.append(0) }
    }

    mutating func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
        }
    }
}

/// The string pool: each distinct byte sequence once, NUL-terminated.
struct CompiledStringPool {
    struct Reference {
        var offset: UInt32
        var length: UInt32
        static let none = Reference(offset: CompiledFormat.absent, length: 0)
    }

    private(set) var bytes: [UInt8] = []
    private var known: [[UInt8]: UInt32] = [:]

    mutating func add(_ text: CText?) throws(ParlanceError) -> Reference {
        guard let text else { return .none }
        return try add(Array(UnsafeRawBufferPointer(start: text.pointer, count: text.count)))
    }

    mutating func add(_ text: String) throws(ParlanceError) -> Reference {
        try add(Array(text.utf8))
    }

    mutating func add(_ text: [UInt8]) throws(ParlanceError) -> Reference {
        guard text.count < Int(UInt32.max) else { throw Self.tooLarge }
        if let offset = known[text] { return Reference(offset: offset, length: UInt32(text.count)) }
        guard bytes.count + text.count + 1 < Int(CompiledFormat.absent) else { throw Self.tooLarge }
        let offset = UInt32(bytes.count)
        bytes += text
        bytes.append(0)
        known[text] = offset
        return Reference(offset: offset, length: UInt32(text.count))
    }

    private static var tooLarge: ParlanceError {
        ParlanceError(.resource, "the catalog's strings exceed the compiled format's 4 GiB")
    }
}
