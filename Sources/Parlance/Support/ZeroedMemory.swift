#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed memory whose pages cost nothing until they are written: the
/// per-message tables a served file keeps (which keys were found, which
/// texts were checked), touched only as lookups reach them. `calloc` does
/// not give that for a block it takes from the heap: it clears it, writing
/// every page (16 KB to 128 KB tables, where glibc does not map a block of
/// its own). A block of at least `mappedFrom` bytes is anonymous memory
/// from the kernel instead; a smaller one is `calloc`'s. A mapped block of
/// at most `presentUpTo` bytes is made present in the same call: a lookup
/// reads a slot before it writes one, so each page of it would fault twice
/// (the shared zero page, then a page of its own), and a few lookups reach
/// every page of so small a table.
enum ZeroedMemory {
    static let mappedFrom = 4 << 10
    static let presentUpTo = 32 << 10

    static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes >= mappedFrom else { return calloc(max(bytes, 1), 1) }
        var flags = MAP_PRIVATE | MAP_ANONYMOUS
        #if os(Linux)
        if bytes <= presentUpTo { flags |= MAP_POPULATE }
        #endif
        guard let block = mmap(nil, bytes, PROT_READ | PROT_WRITE, flags, -1, 0),
              block != MAP_FAILED else { return nil }
        return block
    }

    /// Frees a block `allocate(bytes)` gave, with the same `bytes`.
    static func deallocate(_ block: UnsafeMutableRawPointer, _ bytes: Int) {
        if bytes >= mappedFrom { munmap(block, bytes) } else { free(block) }
    }
}
