import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

@Suite struct PseudoTests {
    static let samples = ["Hello, %@!", "%1$@ sent %2$d photos to %3$@", "Saved {{count}} of {total} in {login.title}",
                          "%#@files@ selected", "100%% done, $t(app.name) <b>bold</b>", "%lld items remaining today"]

    func placeholders(_ text: String) throws -> [String] {
        try FormatSpecifier.placeholders(in: text).map(\.raw)
    }

    func kept(_ text: String) -> [String] {
        Pseudolocalizer.split(text).compactMap { if case .placeholder(let raw) = $0 { return raw }; return nil }
    }

    @Test(arguments: Pseudolocalizer.Style.allCases)
    func placeholdersAreKeptExactly(style: Pseudolocalizer.Style) throws {
        for sample in Self.samples {
            let pseudo = Pseudolocalizer.transform(sample, style: style)
            #expect(try placeholders(pseudo) == placeholders(sample), "\(sample) → \(pseudo)")
            #expect(kept(pseudo) == kept(sample), "\(sample) → \(pseudo)")
            #expect(pseudo != sample)
        }
        #expect(kept("Saved {{count}} of {total} in {login.title}") == ["{{count}}", "{total}", "{login.title}"])
    }

    @Test func accentedTextGrowsByAboutFortyPercent() {
        let text = "The quick brown fox jumps over the lazy dog while the settings screen loads slowly"
        let pseudo = Pseudolocalizer.transform(text, style: .accented)
        let growth = Double(pseudo.unicodeScalars.count) / Double(text.unicodeScalars.count)
        #expect(growth >= 1.35 && growth <= 1.45, "\(growth)")
        #expect(pseudo.hasPrefix("[Ţĥé ǫûîçķ ƀŕöŵñ ƒöẋ") && pseudo.hasSuffix("]"))
        #expect(Pseudolocalizer.transform("%#@files@", style: .accented) == "%#@files@")
    }

    @Test func bidiWrapsRunsInOverrides() {
        let pseudo = Pseudolocalizer.transform("Send %d files", style: .bidi)
        #expect(pseudo == "\u{200F}\u{202E}Send\u{202C}\u{200F} %d \u{200F}\u{202E}files\u{202C}\u{200F}")
    }

    @Test func writesAPseudoLocaleTheRuntimeLoads() throws {
        let directory = try temporaryDirectory()
        let result = runTool(["pseudo", "--quiet", "-o", directory, Fixtures.examples])
        #expect(result.status == 0, "\(result.err)")
        let pseudo = try localizer(directory, locales: ["en-XA"])
        #expect(pseudo.text("greeting") == "[Ĥéļļö! ]" || pseudo.text("greeting").hasPrefix("[Ĥéļļö!"))
        #expect(pseudo.text("welcome.user").contains("%@"))
        #expect(pseudo.plural("files.count", count: .int(3)) == "[%d ƒîļéš]")
        #expect(pseudo.text("login.subtitle", table: "Menu").contains("ţö"))
        let json = try readText(directory + "/en-XA.lproj/Menu.json")
        #expect(json.contains("\"subtitle\": \"[{login.title} ţö {app.name}]\""))

        let po = try temporaryDirectory()
        #expect(runTool(["pseudo", "--quiet", "--locale", "ar-XB", "--format", "po", "-o", po, Fixtures.examples]).status == 0)
        let path = po + "/ar_XB/LC_MESSAGES/Menu.po"
        #expect(try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", path]).status == 0)
        let (entries, _) = try POFile.parse(try readBytes(path), path: path)
        #expect(entries.first { $0.msgid == "items" }?.msgstr.count == 6)
        #expect(runTool(["pseudo", "--locale", "xx", "-o", po, Fixtures.examples]).status == 2)
    }
}
