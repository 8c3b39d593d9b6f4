#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory operations the tools need beyond the core's reader.
enum FileSystemTools {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Names in a directory, sorted, without `.` and `..`; empty when it cannot be read.
    static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func join(_ parts: String...) -> String {
        parts.dropFirst().reduce(parts[0]) { $0.hasSuffix("/") ? $0 + $1 : $0 + "/" + $1 }
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if let slash = trimmed.lastIndex(of: "/") { return String(trimmed[trimmed.index(after: slash)...]) }
        return String(trimmed)
    }

    /// "name.ext" → ("name", "ext").
    static func splitExtension(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

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
