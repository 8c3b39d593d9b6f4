import Foundation
@testable import Parlance

/// corpus3 of the reference data (Fluent fixtures and real `.ftl` files),
/// unpacked once under build/reference-data as the Python tests do
/// (Tests/python/conftest.py `_unpacked`, same stamp file).
enum FluentReferenceData {
    static let corpus3: String? = {
        let target = Fixtures.repository + "/build/reference-data"
        if FileManager.default.fileExists(atPath: target + "/.corpus3") {
            return target + "/corpus3"
        }
        let env = ProcessInfo.processInfo.environment["PARLANCE_REFERENCE_DATA"]
        let archives = [env, FileSystem.directoryName(Fixtures.repository) + "/shared/reference-data", "/work/shared/reference-data"]
            .compactMap { $0 }.map { $0 + "/corpus3.tar.xz" }
        guard let archive = archives.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["-xJf", archive, "-C", target]
        guard (try? tar.run()) != nil else { return nil }
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else { return nil }
        _ = FileManager.default.createFile(atPath: target + "/.corpus3", contents: Data())
        return target + "/corpus3"
    }()

    static var fixtures: String? { corpus3.map { $0 + "/fluent-fixtures" } }
}
