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

/// A small deterministic generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
