#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Parlance

/// Writes files so that a reader, or a crash, sees the old contents or the
/// new ones and never a mix: the bytes go to `PATH.tmp-XXXXXX` in the same
/// directory, are flushed with `fsync`, and the temporary file is renamed
/// over `PATH` (then the directory is synced so the rename is durable).
///
/// A file that existed keeps its permission bits; a new one gets 0644 less
/// the umask. When anything fails before the rename the temporary file is
/// removed and `PATH` is untouched.
public enum AtomicFile {
    /// Writes `bytes` to `path`, creating missing parent directories.
    /// `beforeRename` runs after the temporary file is complete and synced,
    /// just before the rename; an error it throws aborts the write (tests use
    /// it to simulate an interrupted run).
    public static func write(_ bytes: [UInt8], to path: String,
                             beforeRename: (() throws -> Void)? = nil) throws {
        let directory = FileSystemTools.directoryName(path)
        try FileSystemTools.createDirectories(directory)
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ToolError.io("cannot create a temporary file", path: path) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            var info = stat()
            let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o666 & ~currentUmask()
            guard fchmod(fd, mode) == 0 else { throw ToolError.io("cannot set permissions", path: temporary) }
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { raw in
                    Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ToolError.io("write failed: \(String(cString: strerror(errno)))", path: temporary)
                }
                written += n
            }
            guard fsync(fd) == 0 else { throw ToolError.io("fsync failed", path: temporary) }
        }
        try beforeRename?()
        guard rename(temporary, path) == 0 else {
            throw ToolError.io("cannot rename over the file: \(String(cString: strerror(errno)))", path: path)
        }
        renamed = true
        let dirfd = open(directory, O_RDONLY | O_DIRECTORY)
        if dirfd >= 0 {
            _ = fsync(dirfd)
            close(dirfd)
        }
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

/// A failure of the tools outside parsing: I/O, bad input combinations.
public struct ToolError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }

    static func io(_ message: String, path: String) -> ToolError { ToolError("\(path): \(message)") }
}
