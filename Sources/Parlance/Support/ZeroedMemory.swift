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
/// from the kernel instead; a smaller one is `calloc`'s.
enum ZeroedMemory {
    static let mappedFrom = 16 << 10

    static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes >= mappedFrom else { return calloc(max(bytes, 1), 1) }
        guard let block = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              block != MAP_FAILED else { return nil }
        return block
    }

    /// Frees a block `allocate(bytes)` gave, with the same `bytes`.
    static func deallocate(_ block: UnsafeMutableRawPointer, _ bytes: Int) {
        if bytes >= mappedFrom { munmap(block, bytes) } else { free(block) }
    }
}
