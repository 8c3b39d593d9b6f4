import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// A layout family tells detection which of its formats a folder is, and
/// Base internationalization's documents are found through their registry.
@Suite struct LayoutFamilyTests {
    private func make(_ root: String, _ files: [String]) throws {
        for file in files { try writeBytes(root + "/" + file, Array("{}".utf8)) }
    }

    @Test func theFirstLanguageFolderWithTablesDecides() throws {
        let root = try temporaryDirectory()
        // Base.lproj holds no language; the first language folder with tables holds JSON.
        try make(root, ["Base.lproj/Main.strings", "de.lproj/Other.json"])
        #expect(CatalogLayout.detect(root) == .json)
        #expect(LayoutFamily.lproj.locale(member: "Base.lproj", CatalogPlace(root: root)) == nil)
        #expect(LayoutFamily.lproj.locale(member: "de.lproj", CatalogPlace(root: root)) == "de")
        // A folder holding both kinds is the registry's first member's.
        try make(root, ["de.lproj/Other.strings"])
        #expect(CatalogLayout.detect(root) == .strings)
        #expect(OutputFormat.json.readTogether == [.strings, .json])
    }

    @Test func baseDocumentsAreFoundByKindInTheBaseFolder() throws {
        let root = try temporaryDirectory()
        try make(root, ["Base.lproj/Main.xib", "Base.lproj/Main.storyboard", "Base.lproj/Other.xib"])
        // Each kind's extensions in order: the storyboard before the xib.
        #expect(OutputFormat.baseSource(root: root, table: "Main")?.path == root + "/Base.lproj/Main.storyboard")
        #expect(OutputFormat.baseSource(root: root, table: "Other")?.path == root + "/Base.lproj/Other.xib")
        #expect(OutputFormat.baseSource(root: root, table: "Missing") == nil)
        // Only a format that keeps Base-internationalized translations looks.
        #expect(OutputFormat.json.baseDocument(root: root, table: "Main") == nil)
        #expect(OutputFormat.strings.baseDocument(root: root, table: "Main") != nil)
    }
}
