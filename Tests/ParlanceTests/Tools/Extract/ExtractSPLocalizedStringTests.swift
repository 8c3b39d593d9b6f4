import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// Every macro of SPLocalizedString.h, and spgenstrings' way of writing
/// plurals: `(context##category)key` entries in the `.strings` table that
/// SPLocalizedString's runtime (and Parlance's) reads.
@Suite struct ExtractSPLocalizedStringTests {
    static let source = """
        #import "SPLocalizedString.h"

        - (void)doSomething {
            SPLocalizedString(@"Test", @"Test title in some context");
            SPLocalizedString(@"Test", @"Test title in other context");
            SPLocalizedStringFromTable(@"Hello world!", @"Another text from another table", @"OtherTable");
            SPLocalizedStringFromTableInBundle(@"In a bundle", @"Bundle context", @"OtherTable", bundle);
            SPLocalizedStringWithDefaultValue(@"greeting", @"Home screen", nil, bundle, @"Hello!");
            SPLocalizedStringPlural(@"%d people is following you", @"Followers label description", 7);
            SPLocalizedStringPluralFromTable(@"%d new messages", @"Inbox", n, @"OtherTable");
            SPLocalizedStringPluralFromTableInBundle(@"%d photos", @"Album", n, @"OtherTable", bundle);
            SPLocalizedStringPluralWithDefaultValue(@"%d songs", @"Playlist", n, nil, bundle, @"%d song");
        }

        """

    @Test func everyMacroIsExtracted() throws {
        let result = Extractor.extract(source: Self.source, path: "SPExample.m", language: .objc)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let found = Set(result.messages.map { [$0.key, $0.context, $0.table, $0.plural, $0.defaultValue] })
        #expect(found == [
            ["Test", "Test title in some context", nil, nil, nil],
            ["Test", "Test title in other context", nil, nil, nil],
            ["Hello world!", "Another text from another table", "OtherTable", nil, nil],
            ["In a bundle", "Bundle context", "OtherTable", nil, nil],
            ["greeting", "Home screen", nil, nil, "Hello!"],
            ["%d people is following you", "Followers label description", nil, "%d people is following you", nil],
            ["%d new messages", "Inbox", "OtherTable", "%d new messages", nil],
            ["%d photos", "Album", "OtherTable", "%d photos", nil],
            ["%d songs", "Playlist", nil, "%d songs", "%d song"],
        ])
    }

    @Test func spgenstringsPluralsGoToTheStringsTable() throws {
        let directory = try temporaryDirectory("sp-plurals")
        try FileManager.default.createDirectory(atPath: directory + "/src", withIntermediateDirectories: true)
        try writeFile(directory + "/src/SPExample.m", Self.source)
        let out = directory + "/out"
        let result = runTool(["extract", "--sp-plurals", "--locale", "ru", "--quiet", "-o", out, directory + "/src"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.isEmpty, "--quiet: \(result.out)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out).filter { $0.contains(".") }.sorted()
        #expect(files == ["en.lproj", "en.lproj/Localizable.strings", "en.lproj/OtherTable.strings",
                          "ru.lproj", "ru.lproj/Localizable.strings", "ru.lproj/OtherTable.strings"])
        // Foundation reads every file with the entries spgenstrings writes.
        func plist(_ path: String) throws -> [String: String] {
            try #require(try PropertyListSerialization.propertyList(
                from: Data(contentsOf: URL(fileURLWithPath: out + "/" + path)), format: nil) as? [String: String])
        }
        let english = try plist("en.lproj/Localizable.strings")
        #expect(english["(Test title in some context)Test"] == "Test")
        #expect(english["(Home screen)greeting"] == "Hello!")
        #expect(english["(Followers label description##one)%d people is following you"] == "%d people is following you")
        #expect(english["(Followers label description##other)%d people is following you"] == "%d people is following you")
        #expect(english["(Playlist##one)%d songs"] == "%d song")
        // The default value stands for every form, as SPLocalizedString's runtime uses it.
        #expect(english["(Playlist##other)%d songs"] == "%d song")
        #expect(try plist("en.lproj/OtherTable.strings")["(Another text from another table)Hello world!"] == "Hello world!")
        let russian = try plist("ru.lproj/OtherTable.strings")
        #expect(Set(russian.keys.filter { $0.hasPrefix("(Inbox##") }) ==
                ["(Inbox##one)%d new messages", "(Inbox##few)%d new messages", "(Inbox##many)%d new messages",
                 "(Inbox##other)%d new messages"])
        // The runtime resolves them as SPLocalizedString's plural groups.
        let english2 = try localizer(out, locales: ["en"])
        #expect(english2.plural("%d songs", count: .int(1), context: "Playlist") == "%d song")
        #expect(english2.plural("%d people is following you", count: .int(4), context: "Followers label description")
                == "%d people is following you")
        // Merging again changes nothing.
        let again = runTool(["extract", "--sp-plurals", "--locale", "ru", "-o", out, directory + "/src"])
        #expect(again.status == 0 && !again.out.contains("+ ") && !again.out.contains("- "), "\(again.out)")
    }

    @Test func withoutTheOptionPluralsGoToStringsdict() throws {
        let directory = try temporaryDirectory("stringsdict-plurals")
        try FileManager.default.createDirectory(atPath: directory + "/src", withIntermediateDirectories: true)
        try writeFile(directory + "/src/SPExample.m", Self.source)
        let out = directory + "/out"
        #expect(runTool(["extract", "--quiet", "-o", out, directory + "/src"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/en.lproj/Localizable.stringsdict"))
    }
}
