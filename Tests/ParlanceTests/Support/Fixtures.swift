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
