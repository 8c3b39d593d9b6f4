#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes (or bytes handed over) copied once into private,
/// read-only memory, for the readers that serve a file in place (`.mo`,
/// compiled catalogs). A mapping of the file itself would be cheaper to
/// open, but a file rewritten in place under it (`cp`, `install`: same
/// inode, truncated, then written) changes what was validated, and a page
/// past the new end raises SIGBUS at the next lookup. A private copy keeps
/// serving exactly what was loaded, whatever happens to the file; a library
/// cannot install a SIGBUS handler behind its host's back.
///
/// `@unchecked Sendable`: the memory is read-only (`PROT_READ`) from the
/// end of `init` until deinit.
final class PrivateBytes: @unchecked Sendable {
    let base: UnsafeRawPointer
    /// The bytes held: the file's size when it was read.
    let count: Int
    private let allocated: Int

    private init(_ mapping: UnsafeMutableRawPointer, count: Int, allocated: Int) {
        mprotect(mapping, allocated, PROT_READ)
        base = UnsafeRawPointer(mapping)
        self.count = count
        self.allocated = allocated
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), allocated) }

    /// Anonymous memory for `size` bytes (untouched pages cost nothing).
    private static func allocate(_ size: Int, path: String?) throws(ParlanceError) -> UnsafeMutableRawPointer {
        guard let mapping = mmap(nil, max(size, 1), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapping != MAP_FAILED else {
            throw ParlanceError(.resource, "out of memory for \(size) bytes", path: path)
        }
        return mapping
    }

    /// The contents of the open file `fd`, `size` bytes by its `fstat`:
    /// fewer when it shrank meanwhile (the caller's checks then see a short
    /// file), never more.
    static func read(_ fd: Int32, size: Int, path: String) throws(ParlanceError) -> PrivateBytes {
        let mapping = try allocate(size, path: path)
        var filled = 0
        while filled < size {
            let n = pread(fd, mapping + filled, size - filled, off_t(filled))
            if n < 0 {
                if errno == EINTR { continue }
                let error = FileSystem.failure(path)
                munmap(mapping, max(size, 1))
                throw error
            }
            if n == 0 { break }
            filled += n
        }
        return PrivateBytes(mapping, count: filled, allocated: max(size, 1))
    }

    /// A copy of `bytes`.
    static func copy(_ bytes: UnsafeRawBufferPointer) throws(ParlanceError) -> PrivateBytes {
        let mapping = try allocate(bytes.count, path: nil)
        if let source = bytes.baseAddress { mapping.copyMemory(from: source, byteCount: bytes.count) }
        return PrivateBytes(mapping, count: bytes.count, allocated: max(bytes.count, 1))
    }
}
