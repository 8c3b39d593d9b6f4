#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Parlance

/// Paths of the repository's fixtures, found from this file's location.
enum Fixtures {
    static let repository: String = {
        var path = #filePath
        for _ in 0..<4 { path = FileSystem.directoryName(path) }  // Tests/ParlanceTests/Support/Fixtures.swift
        return path
    }()

    static let examples = repository + "/Examples/catalog"

    /// The example catalog, loaded once per call.
    static func exampleCatalog() throws -> Catalog {
        let catalog = Catalog()
        try catalog.load(path: examples)
        return catalog
    }
}

extension Fixtures {
    /// Every file under `root` whose name ends in `.ext`, sorted (walked with opendir).
    static func files(under root: String, extension ext: String) -> [String] {
        var found: [String] = []
        var pending = [root]
        while let directory = pending.popLast() {
            guard let handle = opendir(directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = directory + "/" + name
                if entry.pointee.d_type == UInt8(DT_DIR) {
                    pending.append(path)
                } else if name.hasSuffix("." + ext) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}
