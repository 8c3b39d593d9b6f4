import Foundation
import Testing
@testable import Parlance

/// The path names a load asks of every file (`FileSystem.baseName`,
/// `directoryName`, read by bytes on slices) and the table-name check
/// (one pass over bytes) answer as their definitions, spelled out here
/// on whole strings, for every path of up to six characters of `a`, `/`,
/// `.` and `é`.
@Suite struct FileSystemPathTests {
    static let paths: [String] = {
        var all = [""]
        var last = [""]
        for _ in 0..<6 {
            last = last.flatMap { prefix in ["a", "/", ".", "\u{E9}"].map { prefix + $0 } }
            all += last
        }
        return all
    }()

    /// The last component, trailing slashes dropped (a lone `/` kept).
    static func baseName(_ path: String) -> String {
        var name = path
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        guard let slash = name.lastIndex(of: "/") else { return name }
        return String(name[name.index(after: slash)...])
    }

    /// Up to the last slash: "." without one, "/" for the root's.
    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Not empty, no NUL, no empty, `.` or `..` segment.
    static func isValidTableName(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains(0)
            && name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    @Test func baseAndDirectoryNamesAreTheirDefinitions() {
        #expect(Self.paths.count == 5461)
        for path in Self.paths {
            #expect(FileSystem.baseName(path) == Self.baseName(path), "\(path)")
            #expect(FileSystem.directoryName(path) == Self.directoryName(path), "\(path)")
            // On a slice that does not start its string, as placeLocale asks.
            let framed = "x/" + path
            let slice = framed[framed.index(framed.startIndex, offsetBy: 2)...]
            #expect(String(FileSystem.baseName(slice)) == Self.baseName(path), "\(path)")
            #expect(String(FileSystem.directoryName(slice)) == Self.directoryName(path), "\(path)")
        }
    }

    /// A name's stem and extension by definition: split at its last dot,
    /// unless that dot is its first byte.
    static func split(_ name: String) -> (stem: String, ext: String) {
        let bytes = Array(name.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return (name, "") }
        return (String(decoding: bytes[..<dot], as: UTF8.self), String(decoding: bytes[(dot + 1)...], as: UTF8.self))
    }

    /// The stem and extension, by bytes on a slice and as `splitExtension`
    /// gives them, are their definition's, and the ASCII comparison
    /// `lowercased()`'s, for every name of up to six of `a / . é` and of
    /// `A`, `m`, `O`, `.`, `é`.
    @Test func extensionsAreSplitExtensionsAndCompareAsLowercased() {
        var names = Self.paths
        var last = [""]
        for _ in 0..<5 {
            last = last.flatMap { prefix in ["A", "m", "O", ".", "\u{E9}"].map { prefix + $0 } }
            names += last
        }
        let registered = ["mo", "a", "", "moo", "\u{E9}"]
        for name in names {
            let framed = "x/" + name
            let slice = framed[framed.index(framed.startIndex, offsetBy: 2)...]
            let ext = FileSystem.fileExtension(slice)
            let defined = Self.split(name)
            #expect(String(ext) == defined.ext, "\(name)")
            #expect(String(FileSystem.stem(slice)) == defined.stem, "\(name)")
            #expect(FileSystem.splitExtension(name) == defined, "\(name)")
            guard ext.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            for other in registered where other.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(FileSystem.asciiCaseInsensitiveEqual(ext, other) == (ext.lowercased() == other), "\(name) \(other)")
            }
        }
        // A dot then a combining mark is one character, but still the dot.
        #expect(FileSystem.splitExtension("a.\u{301}x") == ("a", "\u{301}x"))
        #expect(FileSystem.asciiCaseInsensitiveEqual("MO"[...], "mo"))
        #expect(!FileSystem.asciiCaseInsensitiveEqual("@"[...], "`"))   // 0x40 | 0x20 is 0x60: not letters
        #expect(!FileSystem.asciiCaseInsensitiveEqual("[o"[...], "{o"))
    }

    /// `isFile(stem, extension:)` is `isFile` of the joined name: a file,
    /// not a folder, not a name missing, whatever the stem's bytes.
    @Test func aFileIsFoundByStemAndExtensionAsByItsName() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for stem in ["app", "é ü", "a.b", ""] {
            try writeBytes("\(root)/d/\(stem).mo", [0])
            try FileManager.default.createDirectory(atPath: "\(root)/d/\(stem).po", withIntermediateDirectories: true)
        }
        for stem in ["app", "é ü", "a.b", "", "missing"] {
            for ext in ["mo", "po", "m", "mo.x", ""] {
                #expect(FileSystem.isFile("\(root)/d/\(stem)", extension: ext) == FileSystem.isFile("\(root)/d/\(stem).\(ext)"),
                        "\(stem) \(ext)")
            }
        }
        #expect(FileSystem.isFile("\(root)/d/app", extension: "mo"))
        #expect(!FileSystem.isFile("\(root)/d/app", extension: "po"))
    }

    @Test(arguments: [("", "", "."), ("/", "", "/"), ("a", "a", "."), ("a/b", "b", "a"), ("a/b//", "b", "a/b/"),
                      ("/x", "x", "/"), ("dé/ü.lproj/T.strings", "T.strings", "dé/ü.lproj"), ("//", "", "/")])
    func baseAndDirectoryNames(_ path: String, _ base: String, _ directory: String) {
        #expect(FileSystem.baseName(path) == base)
        #expect(FileSystem.directoryName(path) == directory)
    }

    @Test func tableNamesAreValidAsTheirDefinition() {
        for name in Self.paths + ["a\u{0}b", "\u{0}", "a/\u{0}", ".../a", "a/...", "..a", "a..", "é/.."] {
            #expect(TableName.isValid(name) == Self.isValidTableName(name), "\(name)")
        }
    }
}
