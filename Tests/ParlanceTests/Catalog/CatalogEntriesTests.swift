import Testing
@testable import Parlance

@Suite struct CatalogEntriesTests {
    @Test func entriesAreSortedAndGroupVariants() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array("""
            "b" = "B";
            "(menu)a" = "A in menu";
            "a" = "A";
            "(ctx##one)n" = "one n";
            "(ctx##other)n" = "%d n";
            """.utf8), locale: "fr")
        let entries = try #require(try catalog.entries(locale: "fr", table: "Localizable"))
        #expect(entries == [
            TableEntry(key: "a", value: .text("A")),
            TableEntry(key: "a", context: "menu", value: .text("A in menu")),
            TableEntry(key: "b", value: .text("B")),
            TableEntry(key: "n", context: "ctx", value: .plural(PluralForms([.one: "one n", .other: "%d n"]))),
        ])
        #expect(try catalog.entries(locale: "fr", table: "Other") == nil)
        #expect(try catalog.entries(locale: "de", table: "Localizable") == nil)
    }

    @Test func gettextAndStringsdictEntries() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array("""
            msgid ""
            msgstr "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            msgctxt "menu"
            msgid "Open"
            msgstr "Открыть"

            msgid "file"
            msgid_plural "files"
            msgstr[0] "файл"
            msgstr[1] "файла"
            msgstr[2] "файлов"
            """.utf8), locale: "ru", format: .po)
        let entries = try #require(try catalog.entries(locale: "ru", table: "Localizable"))
        #expect(entries == [
            TableEntry(key: "Open", context: "menu", value: .text("Открыть")),
            TableEntry(key: "file", value: .gettextPlural(["файл", "файла", "файлов"])),
        ])
        let examples = try Fixtures.exampleCatalog()
        let files = try #require(try examples.entries(locale: "fr", table: "Localizable")?.first { $0.key == "files.count" })
        #expect(files.text == "%#@files@")
        #expect(files.pluralForms?[.other] == "%d fichiers")
    }
}
