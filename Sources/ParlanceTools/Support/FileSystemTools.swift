#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import Parlance

/// The directory operations the tools need beyond the core's reader.
enum FileSystemTools {
    // Path and stat helpers are the core's (`Parlance.FileSystem`); only
    // the writing operations live here.
    static func exists(_ path: String) -> Bool { FileSystem.exists(path) }
    /// The bytes of the file at `path`, or nil when there is none: how a
    /// document opens a file that may be new.
    static func readIfPresent(_ path: String) throws -> [UInt8]? {
        exists(path) ? try FileSystem.read(path) : nil
    }
    /// The working directory ("." when it cannot be read).
    static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }
    static func isDirectory(_ path: String) -> Bool { FileSystem.isDirectory(path) }
    static func isFile(_ path: String) -> Bool { FileSystem.isFile(path) }

    /// Names in a directory, sorted, without `.` and `..`; empty when it cannot be read.
    static func list(_ path: String) -> [String] { (try? FileSystem.list(path)) ?? [] }

    static func join(_ parts: String...) -> String { parts.dropFirst().reduce(parts[0], FileSystem.join) }
    static func directoryName(_ path: String) -> String { FileSystem.directoryName(path) }
    static func baseName(_ path: String) -> String { FileSystem.baseName(path) }
    /// `path` from `root` (`a/b.json` of `ROOT/a/b.json`), nil when it is not below `root`.
    static func relative(_ path: String, under root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// "name.ext" → ("name", "ext").
    static func splitExtension(_ name: String) -> (stem: String, ext: String) { FileSystem.splitExtension(name) }

    /// `mkdir -p`.
    static func createDirectories(_ path: String) throws {
        if path.isEmpty || isDirectory(path) { return }
        try createDirectories(directoryName(path))
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw ToolError.io("cannot create directory: \(String(cString: strerror(errno)))", path: path)
        }
    }

    static func remove(_ path: String) throws {
        guard unlink(path) == 0 else {
            throw ToolError.io("cannot delete: \(String(cString: strerror(errno)))", path: path)
        }
    }
}
