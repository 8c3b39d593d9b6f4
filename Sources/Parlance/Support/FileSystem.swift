#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the loaders need, over libc (no Foundation).
package enum FileSystem {
    /// The whole contents of a regular file.
    package static func read(_ path: String) throws(ParlanceError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ParlanceError(.invalidArgument, "is a directory", path: path)
        }
        // One more byte than the file's size: reading it all then ends at EOF
        // without growing (and copying) the buffer; only a file that grew meanwhile grows it.
        var bytes: [UInt8] = []
        var capacity = max(Int(info.st_size), 0) + 1
        var failed = false
        while !failed {
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var filled = previous.count
                if filled > 0 { _ = UnsafeMutableBufferPointer(rebasing: buffer[..<filled]).initialize(from: previous) }
                while filled < buffer.count {
                    let n = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        break
                    }
                    if n == 0 { break }
                    filled += n
                }
                count = filled
            }
            guard !failed else { throw failure(path) }
            if bytes.count < capacity { return bytes }
            capacity *= 2   // the file grew while being read
        }
        throw failure(path)
    }

    /// `body` over a regular file's contents mapped read-only, without
    /// copying them; nil when the file cannot be mapped (missing, empty, not
    /// a regular file): the caller then reads it with `read`, which says why.
    static func withMappedFile<Result>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED else { return nil }
        defer { munmap(mapping, size) }
        return body(UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// `withMappedFile` for a reader that reads the file once, front to
    /// back: `release(offset)` says that the bytes before `offset` will not
    /// be read again, and the pages holding them leave the process's memory
    /// (a megabyte at a time; the file's pages stay in the page cache, and a
    /// page read again after all is read again from there).
    static func withMappedFile<Result>(_ path: String, readingOnce body: (UnsafeBufferPointer<UInt8>, (Int) -> Void) -> Result)
        -> Result? {
        withMappedFile(path) { bytes in
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            var released = 0
            return body(bytes) { offset in
                let end = min(offset, bytes.count) / page * page
                guard page > 0, end - released >= 1 << 20, let base = bytes.baseAddress else { return }
                _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
                released = end
            }
        }
    }

    package static func isDirectory(_ path: String) -> Bool { kind(path) == .directory }

    package static func isFile(_ path: String) -> Bool { kind(path) == .file }

    package static func exists(_ path: String) -> Bool { kind(path) != nil }

    /// Whether `stem.ext` is a regular file, asked without making its
    /// name a `String` (the path is built on the stack): libintl's search
    /// tries two extensions for each of up to six names, most of which
    /// have no file.
    package static func isFile(_ stem: String, extension ext: String) -> Bool {
        var stem = stem, ext = ext
        return stem.withUTF8 { stem in
            ext.withUTF8 { ext in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stem.count + ext.count + 2) { path in
                    guard let at = path.baseAddress else { return false }
                    if let bytes = stem.baseAddress { at.initialize(from: bytes, count: stem.count) }
                    at[stem.count] = UInt8(ascii: ".")
                    if let bytes = ext.baseAddress { (at + stem.count + 1).initialize(from: bytes, count: ext.count) }
                    at[stem.count + ext.count + 1] = 0
                    return kind(UnsafeRawPointer(at).assumingMemoryBound(to: CChar.self)) == .file
                }
            }
        }
    }

    /// What a path names, told by one `stat`.
    package enum Kind { case directory, file, other }

    /// What is at `path`: nil when nothing is (or it cannot be reached).
    /// `withCString`, not the implicit conversion, which copies the path
    /// into a new array in Embedded Swift: libintl's search asks this of
    /// every name it tries.
    package static func kind(_ path: String) -> Kind? {
        path.withCString { kind($0) }
    }

    /// What the NUL-terminated `path` names (`kind(_:)` of a path built
    /// in place).
    private static func kind(_ path: UnsafePointer<CChar>) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// Names in a directory, sorted, without `.` and `..`.
    package static func list(_ path: String) throws(ParlanceError) -> [String] {
        guard let dir = opendir(path) else { throw failure(path) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Exactly the name's bytes: the rest of d_name is not initialized.
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { base in
                    String(decoding: UnsafeBufferPointer(start: base, count: strlen(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))), as: UTF8.self)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last path component.
    package static func baseName(_ path: String) -> String { String(baseName(path[...])) }

    /// `baseName` as a slice of `path`: nothing copied, for the
    /// questions asked of every file a load reads (`placeLocale`).
    package static func baseName(_ path: Substring) -> Substring {
        // By bytes: a `/` is never part of another UTF-8 sequence.
        let utf8 = path.utf8
        let (start, end) = utf8.withContiguousStorageIfAvailable(baseNameBounds) ?? baseNameBounds(Array(utf8))
        return path[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    /// Where `baseName` is in a path's bytes: trailing slashes dropped
    /// (but a lone `/`), back to the slash before.
    private static func baseNameBounds<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> (Int, Int)
    where Bytes.Index == Int {
        var end = bytes.count
        while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        return (start, end)
    }

    /// The directory part of a path ("." for a bare name).
    package static func directoryName(_ path: String) -> String { String(directoryName(path[...])) }

    /// `directoryName` as a slice of `path` (or "." or "/").
    package static func directoryName(_ path: Substring) -> Substring {
        let utf8 = path.utf8
        let slash = utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) }
            ?? Array(utf8).lastIndex(of: UInt8(ascii: "/"))
        guard let slash else { return "." }
        return slash == 0 ? "/" : path[..<utf8.index(utf8.startIndex, offsetBy: slash)]
    }

    /// The dot a name's extension follows: its last, unless that is its
    /// first byte (".strings" has none). The one rule of extensions.
    private static func extensionDot(_ name: Substring) -> Substring.Index? {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return nil }
        return dot
    }

    /// `splitExtension(name).ext` as a slice of `name`: nothing copied.
    package static func fileExtension(_ name: Substring) -> Substring {
        guard let dot = extensionDot(name) else { return name[name.endIndex...] }
        return name[name.utf8.index(after: dot)...]
    }

    /// `splitExtension(name).stem` as a slice of `name`: nothing copied.
    package static func stem(_ name: Substring) -> Substring {
        name[..<(extensionDot(name) ?? name.endIndex)]
    }

    /// Whether `a` and `b` are equal but for the case of ASCII letters.
    package static func asciiCaseInsensitiveEqual(_ a: Substring, _ b: String) -> Bool {
        let other = b.utf8
        guard a.utf8.count == other.count else { return false }   // most names differ here
        var at = other.startIndex
        for x in a.utf8 {
            let y = other[at]
            other.formIndex(after: &at)
            let folded = x | 0x20
            guard x == y || (folded == y | 0x20 && folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")) else {
                return false
            }
        }
        return true
    }

    /// Splits "name.ext" into ("name", "ext"); ext is empty without a dot.
    package static func splitExtension(_ name: String) -> (stem: String, ext: String) {
        (String(stem(name[...])), String(fileExtension(name[...])))
    }

    /// Up to `count` bytes from the start of a file; empty when it cannot be read.
    static func readPrefix(_ path: String, count: Int) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        // pread, which the readers of files call anyway (one libc function
        // fewer bound at a first load); read for what cannot seek.
        var n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, count, 0) }
        if n < 0, errno == ESPIPE { n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, count) } }
        return n > 0 ? Array(bytes[..<n]) : []
    }

    /// Writes a file whole or not at all: a temporary file in the same
    /// folder, renamed over `path` once written.
    package static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(ParlanceError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(temporary) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let error = failure(temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    static func failure(_ path: String) -> ParlanceError {
        let code = errno
        let message = String(cString: strerror(code))
        return ParlanceError(code == ENOENT || code == ENOTDIR ? .notFound : .io, message, path: path)
    }
}
