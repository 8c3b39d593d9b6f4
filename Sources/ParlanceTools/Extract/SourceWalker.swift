#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source file to scan: the path to open and its language.
struct SourceFile: Equatable {
    var path: String
    var language: SourceLanguage
}

/// Finds the source files under the paths given: directories are walked
/// recursively in sorted order, without following symbolic links to
/// directories, skipping hidden directories and build output; files the
/// extractor does not read are left out. A file named explicitly must have
/// a known extension.
struct SourceWalker {
    static let skippedDirectories: Set<String> = [".build", "build", "node_modules", "__pycache__"]

    var excludes: [String]

    func files(under paths: [String]) throws -> [SourceFile] {
        var files: [SourceFile] = []
        for path in paths {
            guard let kind = Self.kind(of: path) else {
                throw ExtractError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if kind == .directory {
                try walk(path, relative: "", into: &files)
            } else if !isExcluded(relative: Self.baseName(path)) {
                guard let language = SourceLanguage.of(path: path) else {
                    throw ExtractError("'\(path)': not a C, C++, Objective-C, Swift or Python file nor a UI document (.ui, .glade, .xib, .storyboard) (by its extension)")
                }
                files.append(SourceFile(path: path, language: language))
            }
        }
        return files
    }

    private func walk(_ directory: String, relative: String, into files: inout [SourceFile]) throws {
        guard let handle = opendir(directory) else {
            throw ExtractError("cannot read directory '\(directory)': \(String(cString: strerror(errno)))")
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(handle)
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            guard !isExcluded(relative: rel) else { continue }
            switch Self.kind(of: path, followLinks: false) {
            case .directory?:
                if !Self.skippedDirectories.contains(name) { try walk(path, relative: rel, into: &files) }
            case .file?:
                if let language = SourceLanguage.of(path: name) { files.append(SourceFile(path: path, language: language)) }
            case nil:
                continue  // a dangling link, or a link to a directory
            }
        }
    }

    /// `fnmatch` on the path relative to the directory given and on the
    /// last component.
    func isExcluded(relative: String) -> Bool {
        let name = Self.baseName(relative)
        return excludes.contains { fnmatch($0, relative, 0) == 0 || fnmatch($0, name, 0) == 0 }
    }

    private enum Kind { case file, directory }

    /// A regular file or directory (following links unless told not to,
    /// in which case a link to a regular file still counts as a file).
    private static func kind(of path: String, followLinks: Bool = true) -> Kind? {
        var info = stat()
        if !followLinks {
            guard lstat(path, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                return .file
            }
        } else if stat(path, &info) != 0 {
            return nil
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return followLinks ? .file : nil
        }
    }

    static func baseName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if let slash = trimmed.lastIndex(of: "/") { return String(trimmed[trimmed.index(after: slash)...]) }
        return String(trimmed)
    }
}

/// A failure that stops extraction: an unreadable path, a bad option.
public struct ExtractError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
