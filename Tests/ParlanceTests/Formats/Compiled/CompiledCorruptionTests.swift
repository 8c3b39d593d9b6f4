import Foundation
import Testing
@testable import Parlance

/// Damaged compiled files give errors or misses, never a crash, and
/// `verify` finds the damage.
@Suite struct CompiledCorruptionTests {
    /// A small compiled catalog with every kind of entry.
    static func smallFile() throws -> [UInt8] {
        let catalog = Catalog()
        try catalog.load(path: Fixtures.examples + "/ru.lproj/Localizable.strings")
        try catalog.load(path: Fixtures.examples + "/ru.lproj/Localizable.stringsdict")
        try catalog.load(path: Fixtures.examples + "/fr.lproj/Menu.json")
        try catalog.load(path: Fixtures.repository + "/Tests/Fixtures/libintl/ru.po", locale: "ru", table: "demo")
        return try CompiledCatalogWriter.encode(catalog.contents)
    }

    static func write(_ bytes: [UInt8]) throws -> String {
        let path = CompiledFixtures.path("damaged")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Looks up everything the original catalog holds in whatever opened.
    static func exercise(_ catalog: Catalog, keys: [(String, String?, String?)]) throws {
        for locale in ["ru", "fr"] {
            let localizer = try Localizer(catalog: catalog, locales: [locale])
            for (key, context, table) in keys {
                _ = localizer.text(key, context: context, table: table)
                _ = localizer.explain(key, context: context, table: table)
                for n in [0, 1, 2, 5, 21] {
                    _ = localizer.explain(key, count: .int(Int64(n)), context: context, table: table)
                    _ = localizer.formatReportingErrors(key, [.int(Int64(n))], context: context, table: table)
                }
                _ = key.withCString { k in localizer.lookupText(key: UnsafeRawBufferPointer(start: k, count: strlen(k)), context: nil, table: nil) }
            }
        }
    }

    static func allKeys(_ bytes: [UInt8]) throws -> [(String, String?, String?)] {
        let path = try write(bytes)
        defer { unlink(path) }
        let catalog = Catalog()
        try catalog.load(path: path)
        var keys: [(String, String?, String?)] = []
        for (id, table) in catalog.state.tables {
            for (key, context) in CompiledFixtures.queries(table) {
                keys.append((key, context, id.name == Catalog.defaultTable ? nil : id.name))
            }
        }
        return keys
    }

    /// Sets the checksum to match the (modified) contents.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var buffer = CompiledBuffer(bytes: bytes)
        buffer.put(CompiledCatalogFile.checksum(of: bytes), at: CompiledFormat.Header.checksum)
        return buffer.bytes
    }

    @Test func everyTruncationFailsToOpen() throws {
        let bytes = try Self.smallFile()
        let path = try Self.write(bytes)
        defer { unlink(path) }
        for length in (0..<bytes.count).reversed() {
            #expect(truncate(path, off_t(length)) == 0)
            #expect(throws: ParlanceError.self, "length \(length)") { try Catalog().load(path: path, format: .compiled) }
        }
    }

    @Test func flippedBytesNeverCrashAndVerifyFindsThem() throws {
        let original = try Self.smallFile()
        let keys = try Self.allKeys(original)
        var generator = SeededGenerator(seed: 0x5052_4C43)
        var opened = 0
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
            // Half the rounds keep the checksum right, so only the structure can tell.
            let resealed = round % 2 == 1
            if resealed { bytes = Self.resealed(bytes) }
            let path = try Self.write(bytes)
            defer { unlink(path) }
            let catalog = Catalog()
            guard (try? catalog.load(path: path)) != nil else { continue }
            opened += 1
            try Self.exercise(catalog, keys: keys)
            if !resealed {
                #expect(throws: ParlanceError.self, "round \(round)") { try CompiledCatalogFile(path: path).verify() }
            } else {
                _ = try? CompiledCatalogFile(path: path).verify()
            }
        }
        #expect(opened > 100)  // most damage is past the header and directory
    }

    @Test func everyByteDamagedInTurnNeverCrashes() throws {
        let original = try Self.smallFile()
        let keys = try Self.allKeys(original)
        for offset in stride(from: 0, to: original.count, by: 5) {
            var bytes = original
            bytes[offset] ^= 0xFF
            let path = try Self.write(Self.resealed(bytes))
            defer { unlink(path) }
            let catalog = Catalog()
            guard (try? catalog.load(path: path)) != nil else { continue }
            try Self.exercise(catalog, keys: keys)
            _ = try? CompiledCatalogFile(path: path).verify()
        }
    }

    @Test func headerChecks() throws {
        let original = try Self.smallFile()
        func opening(_ change: (inout CompiledBuffer) -> Void) throws -> ParlanceError? {
            var buffer = CompiledBuffer(bytes: original)
            change(&buffer)
            let path = try Self.write(Self.resealed(buffer.bytes))
            defer { unlink(path) }
            do { _ = try CompiledCatalogFile(path: path) } catch { return error }
            return nil
        }
        #expect(try opening { _ in } == nil)
        #expect(try opening { $0.bytes[0] = UInt8(ascii: "X") }?.message.contains("magic") == true)
        #expect(try opening { $0.put(UInt16(2), at: CompiledFormat.Header.version) }?.message.contains("version 2") == true)
        #expect(try opening { $0.put(UInt32(0x0403_0201), at: CompiledFormat.Header.byteOrder) }?.message.contains("byte order") == true)
        #expect(try opening { $0.put(UInt32(1), at: CompiledFormat.Header.flags) } != nil)
        #expect(try opening { $0.put(UInt64(7), at: CompiledFormat.Header.hashCheck) }?.message.contains("hash") == true)
        #expect(try opening { $0.put(UInt64(original.count + 8), at: CompiledFormat.Header.fileSize) } != nil)
        // Misaligned sections.
        #expect(try opening { $0.put(UInt64(CompiledFormat.Header.size + 4), at: CompiledFormat.Header.directoryOffset) } != nil)
        #expect(try opening { $0.put(UInt64(original.count - 4), at: CompiledFormat.Header.stringsOffset) } != nil)
        let firstTable = CompiledFormat.Header.size
        for field in [CompiledFormat.Directory.slotsOffset, CompiledFormat.Directory.entriesOffset,
                      CompiledFormat.Directory.groupSlotsOffset, CompiledFormat.Directory.groupsOffset] {
            let value = CompiledBuffer(bytes: original).bytes[(firstTable + field)..<(firstTable + field + 8)]
                .reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(try opening { $0.put(value + 4, at: firstTable + field) } != nil, "field \(field)")
            #expect(try opening { $0.put(UInt64(original.count + 8), at: firstTable + field) } != nil, "field \(field)")
        }
        // A slot count that is not a power of two; a table count past the file.
        #expect(try opening { $0.put(UInt32(12), at: firstTable + CompiledFormat.Directory.slotCount) } != nil)
        #expect(try opening { $0.put(UInt32.max, at: CompiledFormat.Header.tableCount) } != nil)
        #expect(try opening { $0.put(UInt32.max, at: firstTable + CompiledFormat.Directory.entryCount) } != nil)
    }

    @Test func aDamagedFileIsALoadErrorAndTheCatalogKeepsServing() throws {
        let catalog = try Fixtures.exampleCatalog()
        let path = try Self.write([UInt8]("PRLC".utf8) + [UInt8](repeating: 0, count: 200))
        defer { unlink(path) }
        #expect(throws: ParlanceError.self) { try catalog.load(path: path) }
        #expect(try Localizer(catalog: catalog, locales: ["fr"]).text("greeting") == "Bonjour !")
    }
}
