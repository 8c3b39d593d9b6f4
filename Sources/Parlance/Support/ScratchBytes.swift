/// A growable byte buffer the quick readers decode into (a field with
/// escapes, a key path), reused from one field to the next: `count = 0`
/// empties it without giving its memory back. Its owner calls `free()`.
struct ScratchBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>? = nil
    private var capacity = 0
    var count = 0

    /// Room for `extra` more bytes.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        capacity = max(64, (count + extra) * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        if let base {
            grown.update(from: base, count: count)
            base.deallocate()
        }
        base = grown
    }

    mutating func append(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length)
        if length > 0 { (base! + count).update(from: bytes, count: length) }
        count += length
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base![count] = byte
        count += 1
    }

    /// The bytes held.
    var span: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func free() { base?.deallocate() }
}
