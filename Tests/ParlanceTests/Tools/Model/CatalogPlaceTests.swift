import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// What a format lists of a catalog directory is read once for a place
/// (`CatalogPlace.listing`) and kept for as long as the place lives: a
/// folder of files × languages is read once, not once per language. A
/// file written after the first listing is seen by a new place only.
@Suite struct CatalogPlaceTests {
    /// A listing that counts its readings, by folder.
    private struct Counted: FolderListing {
        static let readings = Locked<[String: Int]>([:])
        let names: [String]

        init(_ place: CatalogPlace) {
            Self.readings.withLock { $0[place.root, default: 0] += 1 }
            names = FileSystemTools.list(place.root)
        }
    }

    @Test func aListingIsReadOncePerPlaceAndSharedByItsCopies() throws {
        let root = try temporaryDirectory()
        try writeBytes(root + "/a.txt", [])
        let place = CatalogPlace(root: root)
        let layout = CatalogLayout(root: root, format: .ts)
        let copy = place
        #expect(place.listing(Counted.self).names == ["a.txt"])
        #expect(copy.listing(Counted.self).names == ["a.txt"])
        #expect(Counted.readings.withLock { $0[root] } == 1)
        try writeBytes(root + "/b.txt", [])
        #expect(place.listing(Counted.self).names == ["a.txt"])
        #expect(CatalogPlace(root: root).listing(Counted.self).names == ["a.txt", "b.txt"])
        #expect(layout.place.listing(Counted.self).names == ["a.txt", "b.txt"])
        #expect(Counted.readings.withLock { $0[root] } == 3)
    }

    private static func ts(_ language: String) -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE TS>
        <TS version="2.1" language="\(language)">
        <context><name>Main</name><message><source>Open</source><translation>x</translation></message></context>
        </TS>

        """.utf8)
    }

    static let locales = ["en", "de", "fr", "pt_BR", "zh_Hant"]

    /// Every question the tools ask of a `.ts` folder is answered from one
    /// reading of it: a file added after it is not seen by the same place.
    @Test func aTSFolderIsReadOnce() throws {
        let root = try temporaryDirectory()
        for table in ["app", "dialogs", "help"] {
            for locale in Self.locales { try writeBytes("\(root)/\(table)_\(locale).ts", Self.ts(locale)) }
        }
        try writeBytes(root + "/dialogs.ts", Self.ts(""))
        try writeBytes(root + "/notes_de.ts", Array("not a TS document".utf8))
        let layout = CatalogLayout(root: root, format: .ts, development: "fr")
        #expect(layout.rules.holds(layout.place))
        #expect(layout.locales() == ["de", "en", "fr", "pt_BR", "zh_Hant"])
        for locale in Self.locales { #expect(layout.tables(locale: locale) == ["app", "dialogs", "help"]) }
        #expect(layout.tables(locale: "pt-BR") == ["app", "dialogs", "help"])
        #expect(layout.templates() == ["dialogs"])
        #expect(try layout.rules.developmentSources(layout.place, table: "dialogs")?.isTemplate == true)
        #expect(try layout.rules.developmentSources(layout.place, table: "app")?.path == root + "/app_fr.ts")

        try writeBytes(root + "/app_it.ts", Self.ts("it"))
        try writeBytes(root + "/help.ts", Self.ts(""))
        #expect(!layout.locales().contains("it") && layout.tables(locale: "it").isEmpty && layout.templates() == ["dialogs"])
        let fresh = CatalogLayout(root: root, format: .ts, development: "fr")
        #expect(fresh.locales().contains("it") && fresh.tables(locale: "it") == ["app"] && fresh.templates() == ["dialogs", "help"])
    }

    /// The same for Java bundles: the root bundle is the development
    /// locale's table, and a file named in Java's old way (`iw` for `he`)
    /// is found for its locale.
    @Test func aBundleFolderIsReadOnce() throws {
        let root = try temporaryDirectory()
        for table in ["messages", "errors"] {
            try writeBytes("\(root)/\(table).properties", Array("a = b\n".utf8))
            for locale in ["de", "fr_CA", "en"] { try writeBytes("\(root)/\(table)_\(locale).properties", Array("a = c\n".utf8)) }
        }
        try writeBytes(root + "/messages_iw.properties", Array("a = e\n".utf8))
        let layout = CatalogLayout(root: root, format: .javaProperties, development: "en")
        #expect(layout.rules.holds(layout.place))
        #expect(layout.locales() == ["en", "de", "fr-CA", "he"])
        for locale in ["en", "de", "fr-CA", PropertiesFile.rootLocale] { #expect(layout.tables(locale: locale) == ["errors", "messages"]) }
        #expect(layout.tables(locale: "he") == ["messages"])
        #expect(layout.paths(locale: "he", table: "messages") == [root + "/messages_iw.properties"])
        #expect(layout.paths(locale: "en", table: "errors") == [root + "/errors.properties"])
        #expect(layout.paths(locale: "fr-CA", table: "errors") == [root + "/errors_fr_CA.properties"])

        try writeBytes(root + "/errors_it.properties", Array("a = d\n".utf8))
        #expect(!layout.locales().contains("it") && layout.tables(locale: "it").isEmpty)
        let fresh = CatalogLayout(root: root, format: .javaProperties, development: "en")
        #expect(fresh.locales().contains("it") && fresh.tables(locale: "it") == ["errors"])
    }
}
