import Testing
@testable import Parlance

/// The public format enums written by hand — the C header's
/// `parlance_format`, the C++ header's `table_format`, the Python
/// binding's `FORMATS` and `_ffi.FORMAT_*` — list exactly the registry's
/// formats, with the same numbers and names. (Formats registered at run
/// time, such as the tests' `kv`, are in no public enum.)
@Suite struct FormatRegistryTests {
    static let registry: [String: Int32] = Dictionary(uniqueKeysWithValues: TableFormat.registry.builtIn.map { ($0.name, $0.id) })

    static func text(_ path: String) throws -> String {
        String(decoding: try FileSystem.read(Fixtures.repository + "/" + path), as: UTF8.self)
    }

    @Test func registryNamesAndNumbersAreDistinct() {
        #expect(Self.registry.count == TableFormat.registry.builtIn.count)
        #expect(Set(TableFormat.registered.map { $0.id }).count == TableFormat.registered.count)
        for format in TableFormat.allCases {
            #expect(TableFormat(rawValue: format.rawValue) == format)
            #expect(TableFormat(name: format.description) == format)
        }
    }

    @Test func cHeader() throws {
        var found: [String: Int32] = [:]
        for line in try Self.text("include/parlance.h").split(separator: "\n") {
            guard let match = line.firstMatch(of: /^\s*PARLANCE_FORMAT_([A-Z0-9_]+)\s*=\s*(\d+)/), match.1 != "AUTO" else { continue }
            found[match.1.lowercased()] = Int32(match.2)
        }
        #expect(found == Self.registry)
    }

    @Test func cxxHeader() throws {
        var found: [String: Int32] = [:]
        for line in try Self.text("include/parlance.hpp").split(separator: "\n") {
            guard let match = line.firstMatch(of: /^\s*([a-z0-9_]+)\s*=\s*PARLANCE_FORMAT_([A-Z0-9_]+)/), match.2 != "AUTO" else { continue }
            #expect(match.1.lowercased() == match.2.lowercased())
            found[String(match.1)] = Self.registry[match.2.lowercased()]
        }
        #expect(Set(found.keys) == Set(Self.registry.keys))
    }

    @Test func pythonBinding() throws {
        var numbers: [String: Int32] = [:]
        for line in try Self.text("bindings/python/parlance/_ffi.py").split(separator: "\n") {
            guard let match = line.firstMatch(of: /^FORMAT_([A-Z0-9_]+) = (\d+)$/), match.1 != "AUTO", match.1 != "OPTIONS_VERSION"
            else { continue }
            numbers[match.1.lowercased()] = Int32(match.2)
        }
        #expect(numbers == Self.registry)
        var names: [String: Int32] = [:]
        for line in try Self.text("bindings/python/parlance/catalog.py").split(separator: "\n") {
            guard let match = line.firstMatch(of: /^\s*"([a-z0-9_]+)": _ffi\.FORMAT_([A-Z0-9_]+),/) else { continue }
            names[String(match.1)] = numbers[match.2.lowercased()]
        }
        #expect(names == Self.registry)
    }
}
