import Foundation
import Testing
@testable import Parlance

/// The gettext suites (`swift test --filter Gettext`) and the tools they
/// compare with: GNU msgfmt, iconv, Python's `gettext.c2py` and glibc.
@Suite enum GettextTests {}

enum GettextTools {
    static let fixtures = Fixtures.repository + "/Tests/Fixtures/gettext"
    static let msgfmt = "/usr/bin/msgfmt"

    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs a program to completion; stdin from `input`, output through files.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8] = [],
                    environment: [String: String]? = nil) throws -> Output {
        let base = NSTemporaryDirectory() + "parlance-run-" + UUID().uuidString
        let inPath = base + ".in", outPath = base + ".out", errPath = base + ".err"
        defer { for path in [inPath, outPath, errPath] { try? FileManager.default.removeItem(atPath: path) } }
        try Data(input).write(to: URL(fileURLWithPath: inPath))
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle(forReadingAtPath: inPath)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: [UInt8](try Data(contentsOf: URL(fileURLWithPath: outPath))),
                      stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }

    static func which(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        return nil
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "parlance-gettext-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `.mo` bytes compiled by GNU msgfmt from `.po` bytes.
    static func compile(_ po: [UInt8], bigEndian: Bool = false, in directory: String) throws -> [UInt8] {
        let source = directory + "/in-\(UUID().uuidString).po", output = source + ".mo"
        try Data(po).write(to: URL(fileURLWithPath: source))
        let result = try run(msgfmt, ["--endianness=" + (bigEndian ? "big" : "little"), "-o", output, source])
        guard result.status == 0 else { throw ToolFailure(message: "msgfmt failed: \(result.stderr)") }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// `text` (UTF-8) converted by iconv to `charset`.
    static func iconv(_ text: [UInt8], to charset: String) throws -> [UInt8] {
        let result = try run("/usr/bin/iconv", ["-f", "UTF-8", "-t", charset], input: text)
        guard result.status == 0 else { throw ToolFailure(message: "iconv failed: \(result.stderr)") }
        return result.stdout
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A table as comparable values: (context, msgid) → value, plus plural IDs.
struct GettextSnapshot: Equatable, CustomStringConvertible {
    var values: [String: EntryValue]
    var pluralIDs: [String: String]
    var pluralCount: Int
    var header: [GettextTable.HeaderField]
    var charset: String

    init(_ table: GettextTable) {
        var values: [String: EntryValue] = [:]
        for entry in table.entries { values[ContextKey.gettext(entry.msgid, context: entry.context)] = entry.value }
        self.values = values
        pluralIDs = table.pluralIDs
        pluralCount = table.formula.pluralCount
        header = table.header
        charset = table.charset
    }

    var description: String {
        values.keys.sorted().map { "\($0.debugDescription) = \(values[$0]!)" }.joined(separator: "\n")
    }
}

extension ParsedEntry {
    var msgid: String { key }
}

/// The entry for `msgid` (and `context`) in a table.
func entry(_ table: GettextTable, _ msgid: String, context: String? = nil) -> EntryValue? {
    table.entries.first { $0.key == msgid && $0.context == context }?.value
}

/// A minimal `.mo` writer (no hash table), for catalogs msgfmt refuses to
/// write and for corrupting on purpose.
enum MOWriter {
    /// `sorted: false` keeps the pairs' order (a file binary search misreads).
    static func write(_ pairs: [(original: [UInt8], translation: [UInt8])], bigEndian: Bool = false,
                      revision: UInt32 = 0, sorted keepSorted: Bool = true) -> [UInt8] {
        let sorted = keepSorted ? pairs.sorted { $0.original.lexicographicallyPrecedes($1.original) } : pairs
        var out: [UInt8] = []
        func word(_ value: UInt32) {
            let b = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            out += bigEndian ? b : b.reversed()
        }
        let count = UInt32(sorted.count)
        let originals: UInt32 = 28, translations = originals + 8 * count
        var offset = translations + 8 * count
        word(0x9504_12DE); word(revision); word(count); word(originals); word(translations); word(0); word(offset)
        var strings: [UInt8] = []
        var descriptors: [(UInt32, UInt32)] = []
        for string in sorted.map(\.original) + sorted.map(\.translation) {
            descriptors.append((UInt32(string.count), offset))
            strings += string + [0]
            offset += UInt32(string.count + 1)
        }
        for (length, at) in descriptors { word(length); word(at) }
        return out + strings
    }

    /// A catalog with one plural message "s"/"p" whose forms are "0", "1"...
    static func pluralCatalog(header: String, forms: Int) -> [UInt8] {
        let translation = (0..<max(forms, 1)).map { Array(String($0).utf8) }.joined(separator: [0])
        return write([([], Array(header.utf8)), (Array("s\0p".utf8), Array(translation))])
    }
}
