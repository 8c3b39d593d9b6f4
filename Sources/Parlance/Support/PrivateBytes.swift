internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes (or bytes handed over) in private memory, for the readers
/// that serve a file in place (`.mo`, compiled catalogs). A mapping of the
/// file itself would be cheaper to open, but a file rewritten in place under
/// it (`cp`, `msgfmt -o` over it: same inode, truncated, then written)
/// changes what was validated, and a page past the new end raises SIGBUS at
/// the next lookup; a library cannot install a SIGBUS handler behind its
/// host's back. So the bytes served are always a private copy — read when
/// first needed, not at open, so that opening a large file costs what
/// opening a small one costs:
///
/// - A file of at most `wholeLimit` bytes is read whole at open (one
///   `pread`), and its descriptor closed.
/// - A larger one keeps its descriptor (the one it was opened with) and is
///   read a page at a time (`pageShift`), the first time a reader asks for
///   bytes in it (`readable`); a run of unread pages asked for together is
///   one read. A fresh page of private memory costs more to make present
///   than to read into (about 2 µs against 0.2), so a lookup reads only
///   the few pages it needs, whatever the file's size, and a reader's
///   first lookups may read their few bytes alone instead (`piece`).
///   After each read the file's
///   identity (size and modification time) is compared with the one it
///   had at open: a file
///   changed since then is read no more, and the bytes not read yet stay
///   unreadable (their lookups miss) rather than mixing two files. A file
///   replaced by a new one (`mv`, `install`, a package upgrade) is no
///   change: the descriptor still reads the old one. Once every page has
///   been read the descriptor is closed and the memory made read-only.
/// - At most `lazyLimit` files at a time keep a descriptor, and a file
///   read a page at a time takes one only while fewer than `pageLimit` are
///   held (a process loading hundreds of small catalogs holds at most 16
///   for them, and its first ones open cheaply); past that, a file is
///   read whole at open.
///
/// Readers ask `readable(_:_:)` before touching bytes, except where a byte
/// range was made readable before (a message found before, a translation
/// validated before): those paths read without asking.
///
/// `@unchecked Sendable`: a page is written once, under the lock, before
/// its bit is published (release); readers read a page only after seeing
/// its bit (acquire). The memory is read-only once every page is read.
final class PrivateBytes: @unchecked Sendable {
    let base: UnsafeRawPointer
    /// The bytes held: the file's size when it was opened.
    let count: Int
    private let allocated: Int
    /// A bit per page, set once it is read (nil: every byte was read at
    /// open): 4 KiB of bits for a 128 MiB file, cleared by `calloc`.
    private let pagesRead: UnsafeMutablePointer<UInt8>?
    /// The file still being read (nil once read whole, or changed).
    private let source: Locked<LazySource?>

    /// log2 of the size read at a time: a page.
    static let pageShift = 12
    static let wholeLimit = 16 << 10
    /// A file of at most this size is small: it keeps a descriptor only
    /// while fewer than `pageLimit` are held.
    static let smallLimit = 256 << 10
    static let lazyLimit = 64
    /// A run of pages read at once is made present first (`populate`)
    /// when longer than this: 8 pages. Measured on a 1,000-message `.mo`,
    /// reading its 6-page index into fresh pages took 46 µs with the
    /// open's other calls, 50 µs when they were made present first; from
    /// about 16 pages the one call wins.
    static let populateLimit = 8 << pageShift
    static let pageLimit = 16
    /// How many files keep a descriptor now.
    private static let holding = Locked(0)

    /// The file a lazily read copy reads from, and what it was at open.
    private struct LazySource {
        let fd: Int32
        let identity: FileIdentity
        /// Pages not read yet.
        var left: Int
        /// `PrivateBytes.pagesRead`, made with the source.
        let pagesRead: UnsafeMutablePointer<UInt8>
        /// Bytes of pieces read so far (`piece`), at most `pieceLimit`.
        var pieceBytes = 0
    }

    /// At most this many bytes of a file are read as pieces (`piece`): the
    /// header and a first few lookups of a `.mo`.
    static let pieceLimit = 2 << 10
    /// The blocks pieces are read into, freed with the copy (each block's
    /// first word is the block before), its size and the bytes left free
    /// in the last: changed only under `source`'s lock, while the file is
    /// read lazily.
    private var pieceBlocks: (last: UnsafeMutableRawPointer?, end: Int, free: Int) = (nil, 0, 0)
    /// Whether the file changed since it was opened (`stop`), changed only
    /// under `source`'s lock.
    private var changedSinceOpen = false

    private init(_ mapping: UnsafeMutableRawPointer, count: Int, allocated: Int, lazy: LazySource?) {
        base = UnsafeRawPointer(mapping)
        self.count = count
        self.allocated = allocated
        if let lazy {
            pagesRead = lazy.pagesRead
        } else {
            pagesRead = nil
            mprotect(mapping, allocated, PROT_READ)
        }
        source = Locked(lazy)
    }

    deinit {
        if let fd = source.withLock({ $0?.fd }) { Self.release(fd) }
        var block = pieceBlocks.last
        while let current = block {
            block = current.load(as: UnsafeMutableRawPointer?.self)
            free(current)
        }
        free(pagesRead)
        munmap(UnsafeMutableRawPointer(mutating: base), allocated)
    }

    /// Anonymous memory for `size` bytes. Untouched pages cost nothing;
    /// `filled` ones (about to be written whole) are made present in the
    /// same call, as one page fault each would cost a few microseconds
    /// (30 of them for a 120 KB `.mo`, most of a small file's open).
    private static func allocate(_ size: Int, path: String?, filled: Bool) throws(ParlanceError)
        -> UnsafeMutableRawPointer {
        var flags = MAP_PRIVATE | MAP_ANONYMOUS
        #if os(Linux)
        if filled { flags |= MAP_POPULATE }
        #endif
        guard let mapping = mmap(nil, max(size, 1), PROT_READ | PROT_WRITE, flags, -1, 0),
              mapping != MAP_FAILED else {
            throw ParlanceError(.resource, "out of memory for \(size) bytes", path: path)
        }
        return mapping
    }

    /// The contents of the open file `fd`, whose `fstat` is `info`, which
    /// this takes over: read whole now when at most `whole` bytes (and the
    /// descriptor closed), else as they are first needed, through `fd`,
    /// kept until then. A reader whose every lookup asks `readable` while
    /// the file is not read to its end (a compiled catalog: some 40 ns a
    /// lookup) gives `smallLimit`, so that a small file is read whole.
    /// Fewer bytes than `info` gives when the file shrank while being read
    /// whole (the caller's checks then see a short file), never more.
    static func read(consuming fd: Int32, info: stat, path: String, whole limit: Int = wholeLimit)
        throws(ParlanceError) -> PrivateBytes {
        let size = Int(info.st_size)
        let whole = size <= limit
        let mapping: UnsafeMutableRawPointer
        do throws(ParlanceError) {
            mapping = try allocate(size, path: path, filled: whole)
        } catch {
            close(fd)
            throw error
        }
        if !whole, claim(limit: size <= smallLimit ? pageLimit : lazyLimit) {
            let pages = (size + (1 << pageShift) - 1) >> pageShift
            guard let bits = calloc((pages + 7) / 8, 1) else {
                release(fd)
                munmap(mapping, size)
                throw ParlanceError(.resource, "out of memory for \(size) bytes", path: path)
            }
            return PrivateBytes(mapping, count: size, allocated: size,
                                lazy: LazySource(fd: fd, identity: FileIdentity(info), left: pages,
                                                 pagesRead: bits.assumingMemoryBound(to: UInt8.self)))
        }
        defer { close(fd) }
        if !whole { populate(mapping, size) } // past lazyLimit: read whole after all
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
        return PrivateBytes(mapping, count: filled, allocated: max(size, 1), lazy: nil)
    }

    /// A copy of `bytes`.
    static func copy(_ bytes: UnsafeRawBufferPointer) throws(ParlanceError) -> PrivateBytes {
        let mapping = try allocate(bytes.count, path: nil, filled: true)
        if let source = bytes.baseAddress { mapping.copyMemory(from: source, byteCount: bytes.count) }
        return PrivateBytes(mapping, count: bytes.count, allocated: max(bytes.count, 1), lazy: nil)
    }

    /// Whether a lazily read file may keep its descriptor: while fewer
    /// than `limit` files hold one.
    private static func claim(limit: Int) -> Bool {
        holding.withLock { held in
            guard held < limit else { return false }
            held += 1
            return true
        }
    }

    private static func release(_ fd: Int32) {
        close(fd)
        holding.withLock { $0 -= 1 }
    }

    /// Whether bytes `offset ..< offset + length` (inside `count`, checked
    /// by the caller) can be read: true at once when they were read before,
    /// else after reading their pages; false when the file changed before
    /// they could be read.
    @inline(__always)
    func readable(_ offset: Int, _ length: Int) -> Bool {
        guard let pagesRead, length > 0 else { return true }
        let first = offset >> Self.pageShift, last = (offset + length - 1) >> Self.pageShift
        if last - first < 2, parlance_shim_bit_load(pagesRead, first) == 1, parlance_shim_bit_load(pagesRead, last) == 1 {
            return true
        }
        return read(pagesRead, first, last)
    }

    /// The error of a reader that needed bytes `readable` refused: the file
    /// changed since it was opened.
    static func changed(_ path: String?) -> ParlanceError {
        ParlanceError(.io, "the file changed while it was being read", path: path)
    }

    /// Whether bytes are read as they are first needed (else every byte is
    /// there, and `readable` need not be asked).
    var readsLazily: Bool { pagesRead != nil }

    /// Whether every byte can be read, after reading what was not (for the
    /// readers that walk a whole file at open).
    func readableWhole() -> Bool { count == 0 || readable(0, count) }

    /// Reads pages `first ... last` not read yet: under the lock, each into
    /// its place, then checks that the file is still the one opened before
    /// publishing them.
    @inline(never)
    private func read(_ pagesRead: UnsafeMutablePointer<UInt8>, _ first: Int, _ last: Int) -> Bool {
        func isRead(_ page: Int) -> Bool { parlance_shim_bit_load(pagesRead, page) == 1 }
        return source.withLock { source in
            guard let file = source else { return (first...last).allSatisfy(isRead) }
            let mapping = UnsafeMutableRawPointer(mutating: base)
            // Each run of unread pages in one read.
            var page = first, reading = 0
            while page <= last {
                guard !isRead(page) else {
                    page += 1
                    continue
                }
                var next = page + 1
                while next <= last, !isRead(next) { next += 1 }
                let start = page << Self.pageShift, end = min(count, next << Self.pageShift)
                // A few pages fault in as the read fills them (inside the
                // kernel's copy), for less than a call to make them present
                // costs; a longer run is made present in that one call.
                if end - start > Self.populateLimit { Self.populate(mapping + start, end - start) }
                var at = start
                while at < end {
                    let n = pread(file.fd, mapping + at, end - at, off_t(at))
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { break }
                    at += n
                }
                guard at == end else { return stop(&source) }
                reading += next - page
                page = next
            }
            var now = stat()
            guard fstat(file.fd, &now) == 0, FileIdentity(now) == file.identity else { return stop(&source) }
            for page in first...last { parlance_shim_bit_set(pagesRead, page) }
            source!.left -= reading
            if source!.left == 0 {
                Self.release(file.fd)
                source = nil
                mprotect(mapping, allocated, PROT_READ)
            }
            return true
        }
    }

    /// Bytes `offset ..< offset + length` (inside `count`, checked by the
    /// caller) without reading their pages: where their pages were read,
    /// in the copy; else, while the file is read lazily and fewer than
    /// `pieceLimit` bytes were read so, `pread` alone into a small block of
    /// the heap, which holds them until the copy goes. nil when they cannot
    /// be had so (the caller reads pages instead), or the read fell short.
    ///
    /// A page of fresh memory costs more to make present than a read costs
    /// (about 3.5 µs against 0.6 on this project's test machine), and a
    /// first lookup in a `.mo` reads four or five pages a few bytes each:
    /// the header and a program's first lookups read their bytes alone.
    /// Pieces are not checked against the file one by one: the reader
    /// calls `piecesHold` before it trusts what it read.
    func piece(_ offset: Int, _ length: Int) -> UnsafeRawPointer? {
        guard let pagesRead else { return base + offset }
        if length > 0 {
            let first = offset >> Self.pageShift, last = (offset + length - 1) >> Self.pageShift
            if (first...last).allSatisfy({ parlance_shim_bit_load(pagesRead, $0) == 1 }) { return base + offset }
        }
        return source.withLock { source -> UnsafeRawPointer? in
            guard let file = source, length <= Self.pieceLimit - file.pieceBytes,
                  let target = pieceRoom(length) else { return nil }
            var at = 0
            while at < length {
                let n = pread(file.fd, target + at, length - at, off_t(offset + at))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return nil }
                at += n
            }
            source!.pieceBytes += length
            return UnsafeRawPointer(target)
        }
    }

    /// Whether the file is still the one opened, for a reader that read
    /// pieces: false (and the file read no more) when it changed.
    func piecesHold() -> Bool {
        guard pagesRead != nil else { return true }
        return source.withLock { source in
            guard let file = source else { return !changedSinceOpen }   // read whole, or changed
            var now = stat()
            guard fstat(file.fd, &now) == 0, FileIdentity(now) == file.identity else { return stop(&source) }
            return true
        }
    }

    /// Room for `length` bytes of a piece (under `source`'s lock): in the
    /// last block, else in a new one of at least 512 bytes.
    private func pieceRoom(_ length: Int) -> UnsafeMutableRawPointer? {
        if let last = pieceBlocks.last, pieceBlocks.free >= length {
            defer { pieceBlocks.free -= length }
            return last + (pieceBlocks.end - pieceBlocks.free)
        }
        let link = MemoryLayout<UnsafeMutableRawPointer?>.stride
        let end = max(512, link + length)
        guard let block = malloc(end) else { return nil }
        block.storeBytes(of: pieceBlocks.last, as: UnsafeMutableRawPointer?.self)
        pieceBlocks = (block, end, end - link - length)
        return block + link
    }

    /// Makes the pages of bytes about to be read present in one call
    /// (`MADV_POPULATE_WRITE`, Linux 5.14; on an older kernel the call
    /// fails and each page faults in as it is written, as before).
    private static func populate(_ start: UnsafeMutableRawPointer, _ length: Int) {
        #if os(Linux)
        #if arch(x86_64)
        let page = 4096   // x86-64's only base page size: no getpagesize to bind
        #else
        let page = Int(getpagesize())
        #endif
        let first = Int(bitPattern: start) & ~(page - 1)
        let end = (Int(bitPattern: start) + length + page - 1) & ~(page - 1)
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, 23 /* MADV_POPULATE_WRITE */)
        #endif
    }

    /// The file changed (or could not be read) since it was opened: it is
    /// read no more, and what was not read stays unreadable.
    private func stop(_ source: inout LazySource?) -> Bool {
        if let file = source { Self.release(file.fd) }
        source = nil
        changedSinceOpen = true
        return false
    }
}

/// What tells a file rewritten in place from the one opened: its size and
/// modification time (truncating or writing sets it). Not its change time,
/// which also moves when the file is renamed over or unlinked (its link
/// count changes) while its bytes stay the same.
struct FileIdentity: Equatable {
    let size: Int
    let modified: timespec

    init(_ info: stat) {
        size = Int(info.st_size)
        modified = info.st_mtim
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
