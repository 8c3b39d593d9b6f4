/// NUL-terminated UTF-8 text at a stable address, as the C API hands it out.
///
/// A `CText` points into a `TextArena`; it stays valid while the arena lives.
public struct CText: Sendable, Hashable {
    /// Safe to share: the bytes are written once, before the CText exists, and never change.
    nonisolated(unsafe) public let pointer: UnsafePointer<CChar>
    public let count: Int

    /// A Swift copy of the text.
    public var string: String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    public static func == (a: CText, b: CText) -> Bool { a.pointer == b.pointer }
    public func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}

/// Owns the memory of many `CText`s, allocated in blocks and freed together.
/// The first block is small and each next one twice the last, up to 64 KiB:
/// an arena of a few names (a chain's locales, a small table) takes a few
/// hundred bytes of the heap, not a 64 KiB block whose pages the next
/// allocations would land past (a fresh page costs a fault).
///
/// `@unchecked Sendable`: `append` is only called while a table is being built
/// on one thread (or under `SharedTextArena`'s lock); afterwards the arena is
/// only read, and its blocks never move.
package final class TextArena: @unchecked Sendable {
    private var blocks: [UnsafeMutablePointer<CChar>] = []
    private var cursor: UnsafeMutablePointer<CChar>? = nil
    private var remaining = 0
    /// The size of the next block.
    private var blockSize = 256
    private static let largestBlock = 64 * 1024

    package init() {}

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// Copies `text` into the arena with a terminating NUL.
    package func append(_ text: String) -> CText {
        var text = text
        return text.withUTF8 { append(bytes: $0) }
    }

    func append(bytes: UnsafeBufferPointer<UInt8>) -> CText {
        let needed = bytes.count + 1
        if needed > remaining {
            let size = max(needed, blockSize)
            let block = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            blocks.append(block)
            if needed >= Self.largestBlock {
                // A large text gets a block of its own; keep filling the current one.
                copy(bytes, to: block)
                return CText(pointer: UnsafePointer(block), count: bytes.count)
            }
            cursor = block
            remaining = size
            blockSize = min(2 * blockSize, Self.largestBlock)
        }
        let start = cursor!
        copy(bytes, to: start)
        cursor = start + needed
        remaining -= needed
        return CText(pointer: UnsafePointer(start), count: bytes.count)
    }

    private func copy(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<CChar>) {
        if let base = bytes.baseAddress {
            UnsafeMutableRawPointer(destination).copyMemory(from: base, byteCount: bytes.count)
        }
        destination[bytes.count] = 0
    }
}
