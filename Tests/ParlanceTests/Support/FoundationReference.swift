import Foundation
@testable import Parlance

/// CoreFoundation's own property list parsers (through swift-corelibs-foundation),
/// the reference the loaders are compared with.
enum FoundationReference {
    /// Foundation's reading of `bytes` as a string table; nil when it rejects
    /// them or the result is not a dictionary of strings.
    static func table(_ bytes: [UInt8]) -> [String: String]? {
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
            return nil
        }
        return plist as? [String: String]
    }

    /// Parlance's reading of `bytes` as a string table; nil when it throws.
    static func parlanceTable(_ bytes: [UInt8]) -> [String: String]? {
        guard let entries = try? StringsFile.parse(bytes, path: "ref.strings") else { return nil }
        return table(entries)
    }

    static func serialize(_ plist: Any, _ format: PropertyListSerialization.PropertyListFormat) throws -> [UInt8] {
        [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0))
    }

    private static func table(_ entries: [ParsedEntry]) -> [String: String] {
        var result: [String: String] = [:]
        for entry in entries { if case .text(let t) = entry.value { result[entry.key] = t } }
        return result
    }
}


