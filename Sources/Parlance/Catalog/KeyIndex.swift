#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a lookup key, in up to four pieces so that a context can be
/// spelled into it without building a string: `(` context `)` key for
/// key-value tables, context `\u{4}` key for gettext tables.
struct KeyBytes {
    var p0: UnsafeRawBufferPointer
    var p1 = UnsafeRawBufferPointer(start: nil, count: 0)
    var p2 = UnsafeRawBufferPointer(start: nil, count: 0)
    var p3 = UnsafeRawBufferPointer(start: nil, count: 0)

    var count: Int { p0.count + p1.count + p2.count + p3.count }

    /// FNV-1a, 64 bits, over the pieces in order.
    @inline(__always)
    var hash: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        Self.mix(p0, &h)
        if p1.count > 0 { Self.mix(p1, &h) }
        if p2.count > 0 { Self.mix(p2, &h) }
        if p3.count > 0 { Self.mix(p3, &h) }
        return h
    }

    @inline(__always)
    private static func mix(_ piece: UnsafeRawBufferPointer, _ h: inout UInt64) {
        guard let base = piece.baseAddress else { return }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        for index in 0..<piece.count {
            h = (h ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
        }
    }

    /// True when `stored` holds exactly these bytes.
    @inline(__always)
    func equals(_ stored: CText) -> Bool {
        guard stored.count == count else { return false }
        let base = UnsafeRawPointer(stored.pointer)
        var offset = 0
        return Self.same(base, &offset, p0) && Self.same(base, &offset, p1) && Self.same(base, &offset, p2)
            && Self.same(base, &offset, p3)
    }

    @inline(__always)
    private static func same(_ base: UnsafeRawPointer, _ offset: inout Int, _ piece: UnsafeRawBufferPointer) -> Bool {
        guard piece.count > 0, let start = piece.baseAddress else { return true }
        defer { offset += piece.count }
        return memcmp(base + offset, start, piece.count) == 0
    }
}

private let openParenthesis: StaticString = "("
private let closeParenthesis: StaticString = ")"
private let endOfTransmission: StaticString = "\u{4}"

extension KeyBytes {
    /// `(context)key`.
    static func composite(context: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) -> KeyBytes {
        KeyBytes(p0: UnsafeRawBufferPointer(start: openParenthesis.utf8Start, count: 1), p1: context,
                 p2: UnsafeRawBufferPointer(start: closeParenthesis.utf8Start, count: 1), p3: key)
    }

    /// `context\u{4}key`.
    static func gettext(context: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) -> KeyBytes {
        KeyBytes(p0: context, p1: UnsafeRawBufferPointer(start: endOfTransmission.utf8Start, count: 1), p2: key)
    }
}

/// An open-addressing hash index from key bytes to entries, built once when
/// a table is made and read without locks or allocation afterwards.
///
/// `@unchecked Sendable`: all memory is written in `init` and only read later.
final class KeyIndex: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Int32>
    private let hashes: UnsafeMutablePointer<UInt64>
    private let keys: UnsafeMutablePointer<CText>
    private let values: UnsafeMutablePointer<StoredEntry>
    private let mask: Int
    let count: Int

    /// `items` must have distinct keys.
    init(_ items: [(key: CText, entry: StoredEntry)]) {
        count = items.count
        var capacity = 8
        while capacity < items.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: -1, count: capacity)
        hashes = .allocate(capacity: max(items.count, 1))
        keys = .allocate(capacity: max(items.count, 1))
        values = .allocate(capacity: max(items.count, 1))
        for (index, item) in items.enumerated() {
            let hash = KeyBytes(p0: UnsafeRawBufferPointer(start: item.key.pointer, count: item.key.count)).hash
            (hashes + index).initialize(to: hash)
            (keys + index).initialize(to: item.key)
            (values + index).initialize(to: item.entry)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    deinit {
        slots.deallocate()
        hashes.deallocate()
        (keys).deinitialize(count: count)
        keys.deallocate()
        values.deinitialize(count: count)
        values.deallocate()
    }

    @inline(__always)
    func find(_ key: KeyBytes) -> StoredEntry? {
        let hash = key.hash
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            if hashes[index] == hash && key.equals(keys[index]) { return values[index] }
            slot = (slot + 1) & mask
        }
    }

    /// Every entry, in insertion order.
    var entries: UnsafeBufferPointer<StoredEntry> { UnsafeBufferPointer(start: values, count: count) }
}
