import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// A fresh directory under /tmp for one test.
func temporaryDirectory(_ name: String = #function) throws -> String {
    let cleaned = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "parlance-\(cleaned)-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func readBytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

func readText(_ path: String) throws -> String { String(decoding: try readBytes(path), as: UTF8.self) }

func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A localizer over everything under `directory`.
func localizer(_ directory: String, locales: [String], development: String = "en") throws -> Localizer {
    let catalog = Catalog()
    try catalog.load(path: directory)
    return try Localizer(catalog: catalog, locales: locales, development: development)
}

/// Runs a program and returns its exit status and standard error.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

enum ToolFixtures {
    static let root = Fixtures.repository + "/Tests/Fixtures/tools"
}

/// Messages as `parlance extract` would hand them over.
enum SampleMessages {
    static let all: [SourceMessage] = [
        SourceMessage(key: "greeting", notes: ["Greeting on the home screen"],
                      references: [.init(path: "src/home.c", line: 12)], defaultValue: "Hello, %@!"),
        SourceMessage(key: "Name", context: "Name label in login screen", references: [.init(path: "src/login.c", line: 3)]),
        SourceMessage(key: "Quote \"this\" \\ and\nnewline"),
        SourceMessage(key: "%d file", plural: "%d files", notes: ["File count"],
                      references: [.init(path: "src/files.c", line: 40)]),
    ]
}
