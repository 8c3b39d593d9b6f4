import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// extract → merge → load → lookup, through every writable format, and a
/// second extraction that must keep a hand-made translation.
@Suite struct ExtractRoundTripTests {
    static let source = """
        #include <parlance.h>
        void show(parlance_localizer *loc, long n) {
            /* TRANSLATORS: the window title */
            puts(parlance_localizer_text(loc, "Inbox", NULL, NULL));
            puts(parlance_localizer_text(loc, "Open", "menu", NULL));
            puts(SPLocalizedStringPlural("%d messages", "inbox count", n));
        }
        """

    func tree() throws -> (source: String, out: String) {
        let root = NSTemporaryDirectory() + "parlance-roundtrip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: root + "/src/app.c"))
        return (root + "/src", root + "/out")
    }

    @Test(arguments: ["strings", "json", "po"])
    func roundTrip(_ format: String) throws {
        let (source, out) = try tree()
        let first = runTool(["extract", "--format", format, "--locale", "fr", "--quiet", "-o", out, source])
        #expect(first.status == 0, "\(first.err)")
        let table = format == "po" ? "messages" : "Localizable"

        let catalog = Catalog()
        try catalog.load(path: out)
        if format == "po" {
            // gettext's source language is the msgids: a template, and untranslated French.
            #expect(FileManager.default.fileExists(atPath: out + "/messages.pot"))
            #expect(try Localizer(catalog: catalog, locales: ["fr"]).lookup("Inbox", table: table) == nil)
        } else {
            let en = try Localizer(catalog: catalog, locales: ["en"])
            #expect(en.lookup("Inbox", table: table) == "Inbox")
            #expect(en.lookup("Open", context: "menu", table: table) == "Open")
        }

        // A translator translates; extracting again keeps the translation.
        let translated: String
        switch format {
        case "strings":
            let path = out + "/fr.lproj/Localizable.strings"
            translated = try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: "\"Inbox\" = \"Inbox\";", with: "\"Inbox\" = \"Boîte de réception\";")
            try Data(translated.utf8).write(to: URL(fileURLWithPath: path))
        case "json":
            let path = out + "/fr.lproj/Localizable.json"
            translated = try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: "\"Inbox\": \"Inbox\"", with: "\"Inbox\": \"Boîte de réception\"")
            try Data(translated.utf8).write(to: URL(fileURLWithPath: path))
        default:
            let path = out + "/fr/LC_MESSAGES/messages.po"
            translated = try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: "msgid \"Inbox\"\nmsgstr \"\"", with: "msgid \"Inbox\"\nmsgstr \"Boîte de réception\"")
            try Data(translated.utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(translated.contains("Boîte de réception"))
        let second = runTool(["extract", "--format", format, "--locale", "fr", "--quiet", "-o", out, source])
        #expect(second.status == 0, "\(second.err)")
        let reloaded = Catalog()
        try reloaded.load(path: out)
        let fr = try Localizer(catalog: reloaded, locales: ["fr"])
        #expect(fr.text("Inbox", table: table) == "Boîte de réception")
    }
}
