/// A compiled catalog's mapping, read with bounds checks: offsets come from
/// the file, so each is checked against the mapping before it is followed.
///
/// A file read as its bytes are first needed (`PrivateBytes`) is read
/// through `readable`: asked before a slot, a record or a payload is read
/// (`CompiledTable`), and by `reference` before a string is.
///
/// `@unchecked Sendable`: the mapping is read-only and outlives every copy
/// (its `CompiledCatalogFile` is retained by the tables that use it).
struct CompiledMemory: @unchecked Sendable {
    let base: UnsafeRawPointer
    let size: Int
    /// The string pool.
    let strings: UnsafeRawPointer
    let stringsSize: Int
    /// The private copy being read as needed; nil when every byte is there.
    var privateCopy: Unmanaged<PrivateBytes>? = nil

    /// Whether `length` bytes at `offset` (inside the file) can be read,
    /// reading them first if need be.
    @inline(__always)
    func readable(_ offset: Int, _ length: Int) -> Bool {
        guard let privateCopy else { return true }
        return privateCopy._withUnsafeGuaranteedRef { $0.readable(offset, length) }
    }

    /// True when `length` bytes at `offset` lie inside the mapping.
    @inline(__always)
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= size && length <= size &- offset
    }

    /// A little-endian `UInt32` at an offset already checked.
    @inline(__always)
    func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }

    @inline(__always)
    func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }

    /// An offset field as an `Int`; -1 (never in bounds) when it does not fit.
    @inline(__always)
    func offset(_ at: Int) -> Int {
        let value = u64(at)
        return value <= UInt64(Int.max) ? Int(value) : -1
    }

    enum Reference {
        case absent
        case text(CText)
        /// Outside the pool, or not followed by its NUL.
        case invalid
    }

    /// The string reference (pool offset, length) stored at an offset already checked.
    @inline(__always)
    func reference(at offset: Int) -> Reference {
        let start = u32(offset)
        if start == CompiledFormat.absent { return .absent }
        let length = Int(u32(offset &+ 4))
        let begin = Int(start)
        guard begin < stringsSize, length < stringsSize - begin,
              privateCopy == nil || readable(base.distance(to: strings) + begin, length + 1),
              strings.load(fromByteOffset: begin + length, as: UInt8.self) == 0 else { return .invalid }
        return .text(CText(pointer: (strings + begin).assumingMemoryBound(to: CChar.self), count: length))
    }

    /// The text at a reference, nil when absent or invalid.
    @inline(__always)
    func text(at offset: Int) -> CText? {
        if case .text(let text) = reference(at: offset) { return text }
        return nil
    }
}
