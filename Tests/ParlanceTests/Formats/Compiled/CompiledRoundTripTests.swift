import Foundation
import Testing
@testable import Parlance

/// A compiled catalog answers every lookup exactly as the catalog it was
/// compiled from.
@Suite struct CompiledRoundTripTests {
    @Test func examplesCatalog() throws {
        // .strings (UTF-8 and UTF-16), .stringsdict, JSON with key paths and plural objects.
        let source = try Fixtures.exampleCatalog()
        let (compiled, path) = try CompiledFixtures.roundTrip(source)
        defer { unlink(path) }
        let chains = source.locales.map { [$0] } + [["fr-CA", "en"], ["ru", "fr"], ["pt"]]
        try CompiledFixtures.expectSameAnswers(source, compiled, chains: chains)
        #expect(compiled.state.tables.values.allSatisfy { $0.servedInPlace?.format == .compiled })
    }

    @Test func gettextTrees() throws {
        // .po files in several charsets with contexts, Plural-Forms formulas
        // (one broken, one with fewer forms than it claims).
        let source = Catalog()
        try source.load(path: try GettextCatalogTests.localeDirectory())
        let (compiled, path) = try CompiledFixtures.roundTrip(source)
        defer { unlink(path) }
        for (id, table) in source.state.tables {
            #expect(compiled.state.tables[id]?.gettextFormula == table.gettextFormula, "\(id)")
        }
        try CompiledFixtures.expectSameAnswers(source, compiled, chains: source.locales.map { [$0] } + [["de-AT"]])
    }

    @Test func mappedMoTrees() throws {
        // UTF-8 .mo files are served in place; compiling them writes every entry.
        let source = Catalog()
        try source.load(path: try MappedCatalogTests.moDirectory())
        #expect(source.state.tables.values.contains { $0.servedInPlace != nil })
        let (compiled, path) = try CompiledFixtures.roundTrip(source)
        defer { unlink(path) }
        for (id, table) in source.state.tables {
            #expect(!table.allEntries.isEmpty, "\(id)")
            #expect(compiled.state.tables[id]?.allEntries.count == table.allEntries.count, "\(id)")
            #expect(compiled.state.tables[id]?.gettextFormula == table.gettextFormula, "\(id)")
        }
        try CompiledFixtures.expectSameAnswers(source, compiled, chains: source.locales.map { [$0] })
    }

    @Test func mixedConventionsInOneTable() throws {
        // A table with both key-value and gettext sources keeps both ways of spelling a context.
        let source = Catalog()
        try source.load(bytes: Array("\"(menu)Open\" = \"Ouvrir…\";\n\"Open\" = \"Ouvrir\";".utf8), locale: "fr")
        try source.load(bytes: Array("""
            msgid ""
            msgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

            msgctxt "toolbar"
            msgid "Open"
            msgstr "Ouvrir (barre)"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d fichier"
            msgstr[1] "%d fichiers"
            """.utf8), locale: "fr", table: "Localizable", format: .po)
        let (compiled, path) = try CompiledFixtures.roundTrip(source)
        defer { unlink(path) }
        let fr = try Localizer(catalog: compiled, locales: ["fr"])
        #expect(fr.text("Open", context: "menu") == "Ouvrir…")
        #expect(fr.text("Open", context: "toolbar") == "Ouvrir (barre)")
        #expect(fr.plural("%d file", count: .int(0)) == "%d fichier")
        try CompiledFixtures.expectSameAnswers(source, compiled, chains: [["fr"]])
    }

    @Test func compiledCatalogsCompileAgainToTheSameBytes() throws {
        let source = try Fixtures.exampleCatalog()
        let (compiled, first) = try CompiledFixtures.roundTrip(source)
        let second = CompiledFixtures.path()
        defer { unlink(first); unlink(second) }
        try compiled.writeWholeCatalog(to: second)
        #expect(try FileSystem.read(first) == FileSystem.read(second))
    }

    @Test func reloadingSwapsTheTablesAndFilesLoadedLaterOverride() throws {
        let one = Catalog()
        try one.load(bytes: Array("\"a\" = \"A1\";\n\"b\" = \"B1\";".utf8), locale: "fr")
        let path = CompiledFixtures.path()
        defer { unlink(path) }
        try one.writeWholeCatalog(to: path)
        let catalog = Catalog()
        try catalog.load(path: path)
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(fr.text("a") == "A1")

        let two = Catalog()
        try two.load(bytes: Array("\"a\" = \"A2\";".utf8), locale: "fr")
        try two.writeWholeCatalog(to: path)
        try catalog.load(path: path)
        #expect(fr.text("a") == "A2")
        #expect(fr.lookup("b") == nil)  // the table was replaced as a whole

        try catalog.load(bytes: Array("\"c\" = \"C\";\n\"a\" = \"A3\";".utf8), locale: "fr")
        #expect(fr.text("a") == "A3")  // a later file overrides the compiled table
        #expect(fr.text("c") == "C")
        try catalog.load(bytes: Array("\"c\" = \"C\";".utf8), locale: "fr")
        #expect(fr.text("a") == "A2")  // and the compiled entries stay underneath
    }

    @Test func loadingRecognisesTheFormat() throws {
        let path = CompiledFixtures.path()
        defer { unlink(path) }
        try (try Fixtures.exampleCatalog()).writeWholeCatalog(to: path)
        let renamed = path + ".bin"
        defer { unlink(renamed) }
        #expect(rename(path, renamed) == 0)
        let catalog = Catalog()
        try catalog.load(path: renamed)  // by its magic, whatever the name
        try catalog.load(path: renamed, format: .compiled)
        #expect(catalog.locales == ["ar", "en", "fr", "ja", "ru"])
        #expect(throws: ParlanceError.self) { try catalog.load(path: renamed, locale: "fr") }
        #expect(throws: ParlanceError.self) { try catalog.load(bytes: [0x50, 0x52, 0x4C, 0x43], locale: "fr", format: .compiled) }
    }

    /// A `.mo` is read without sniffing first (its reader refuses foreign
    /// bytes): a compiled catalog named `.mo` is still found by its magic
    /// once that reader refuses it, and a broken `.mo` keeps its own error.
    @Test func aCompiledCatalogNamedForAReaderThatRefusesItIsStillFound() throws {
        let path = CompiledFixtures.path()
        defer { unlink(path) }
        try (try Fixtures.exampleCatalog()).writeWholeCatalog(to: path)
        let folder = NSTemporaryDirectory() + "parlance-named-mo-\(UUID().uuidString)/fr/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let named = folder + "/messages.mo"
        #expect(rename(path, named) == 0)
        let catalog = Catalog()
        try catalog.load(path: named)
        #expect(catalog.locales == ["ar", "en", "fr", "ja", "ru"])
        #expect(catalog.state.tables.values.allSatisfy { $0.servedInPlace?.format == .compiled })
        #expect(throws: ParlanceError.self) { try catalog.load(path: named, locale: "fr") }

        let broken = folder + "/broken.mo"
        try Data([0xDE, 0x12, 0x04, 0x95] + [UInt8](repeating: 0xFF, count: 40)).write(to: URL(fileURLWithPath: broken))
        var caught: ParlanceError? = nil
        do { try Catalog().load(path: broken) } catch { caught = error }
        #expect(caught?.code == .syntax)
        #expect(caught?.path == broken)
        let foreign = folder + "/foreign.mo"
        try Data(Array("msgid \"greeting\"\nmsgstr \"Bonjour tout le monde\"\n".utf8)).write(to: URL(fileURLWithPath: foreign))
        caught = nil
        do { try Catalog().load(path: foreign) } catch { caught = error }
        #expect(caught?.message.contains("bad magic number") == true, "\(String(describing: caught))")
    }
}
