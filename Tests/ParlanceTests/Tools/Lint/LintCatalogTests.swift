import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

@Suite struct LintCatalogTests {
    static let catalog = ToolFixtures.root + "/lint-catalog"

    func findings() throws -> [String] {
        try CatalogLinter.lint(catalog: Self.catalog, developmentLocale: "en").map {
            $0.description.replacingOccurrences(of: Self.catalog + "/", with: "")
        }
    }

    @Test func placeholderTypesAndPositions() throws {
        let all = try findings()
        #expect(all.contains("fr.lproj/Localizable.strings:1:1: error: 'greeting': '%d' for argument 1 does not match '%@' in the source text"))
        #expect(all.contains("ja.lproj/Localizable.strings:2:1: error: 'count': '%2$@' for argument 2 does not match '%d' in the source text"))
        // "%2$d sur %1$d" reorders "%d of %d": fine.
        #expect(!all.contains { $0.hasPrefix("fr.lproj/Localizable.strings:2:") })
        #expect(!all.contains { $0.hasPrefix("ru.lproj/Localizable.strings:") })
    }

    @Test func pluralCategoriesFollowCLDR() throws {
        let all = try findings()
        #expect(all.contains("ru.lproj/Localizable.stringsdict:5:2: error: plural entry 'files' lacks 'few', 'many', which ru uses"))
        #expect(all.contains("ja.lproj/Localizable.stringsdict:5:2: warning: plural entry 'files' has 'one', which ja never uses"))
        #expect(all.contains("ja.lproj/Menu.json:4:3: warning: plural entry 'items' has 'many', which ja never uses"))
        #expect(!all.contains { $0.hasPrefix("en.lproj/Localizable.stringsdict:") })
    }

    @Test func missingExtraAndDuplicateKeys() throws {
        let all = try findings()
        #expect(all.contains("fr.lproj/Localizable.strings:3:1: warning: 'extra' is not in the development locale"))
        #expect(all.contains("fr.lproj/Localizable.strings: warning: 'only.en' is missing in fr (source at en.lproj/Localizable.strings:6:1)"))
        #expect(all.contains("ru.lproj/Menu: warning: 'title' is missing in ru (source at en.lproj/Menu.json:2:3)"))
        #expect(all.contains("ja.lproj/Localizable.stringsdict:5:2: warning: duplicate key 'files' (also at ja.lproj/Localizable.strings:4:1); this one wins"))
    }

    @Test func jsonReferencesAndCycles() throws {
        #expect(try findings().contains("en.lproj/Menu.json:3:3: warning: '{menu.missing}' names no entry of this table; it stays as written"))
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en.lproj/Menu.json", Array("{\n  \"a\": \"{b.c}\",\n  \"b\": { \"c\": \"{a}\" }\n}\n".utf8))
        let result = try CatalogLinter.lint(catalog: directory, developmentLocale: "en")
        #expect(result.map(\.description) == ["\(directory)/en.lproj/Menu.json:2:8: error: reference cycle: a → b.c → a"])
    }

    @Test func gettextPluralCountAndPlaceholders() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/app.pot", Array("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "%s has %d files"
            msgstr ""

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] ""
            msgstr[1] ""

            """.utf8))
        try writeBytes(directory + "/ru/LC_MESSAGES/app.po", Array("""
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            msgid "%s has %d files"
            msgstr "%2$d файлов у %1$s"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d файл"
            msgstr[1] "%f файла"

            """.utf8))
        let result = try CatalogLinter.lint(catalog: directory, developmentLocale: "en").map(\.description)
        let path = directory + "/ru/LC_MESSAGES/app.po"
        #expect(result == [
            "\(path):9:1: error: '%d file' has 2 plural forms; the header's nplurals is 3",
            "\(path):9:1: error: '%d file': '%f' for argument 1 does not match '%d' in the source text",
        ])
    }

    @Test func lintCommandOnACatalog() throws {
        let result = runTool(["lint", "--catalog", Self.catalog])
        #expect(result.status == 1)
        #expect(result.out.contains("\(Self.catalog)/en.lproj/Localizable.strings: OK\n"))
        #expect(result.out.contains("\(Self.catalog)/ru.lproj/Localizable.strings: OK\n"))
        let positional = runTool(["lint", "--quiet", "--format", "json", Self.catalog])
        #expect(positional.status == 1 && positional.out.hasPrefix("[{\"path\":"))
        let clean = runTool(["lint", "--quiet", ToolFixtures.root + "/stats-catalog"])
        #expect(clean.status == 0)
    }

    /// Malformed placeholders Apple's runtime renders anyway (and so does
    /// Parlance's formatting) are still reported: a warning saying what they
    /// render as; a source's and its translations' alike.
    @Test func malformedPlaceholdersAreReported() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en.lproj/Localizable.strings",
                       Array("\"greek\" = \"%1η files\";\n\"percent\" = \"100%\";\n\"fine\" = \"%d%% done\";\n".utf8))
        try writeBytes(directory + "/fr.lproj/Localizable.strings",
                       Array("\"greek\" = \"%1η fichiers\";\n\"percent\" = \"100 %\";\n\"fine\" = \"%d %% fait\";\n".utf8))
        let findings = try CatalogLinter.lint(catalog: directory, developmentLocale: "en")
        let malformed = findings.filter { $0.message.contains("renders it as") }
        #expect(malformed.count == 4, "\(findings)")
        #expect(malformed.allSatisfy { $0.severity == .warning })
        #expect(malformed.contains { $0.message.contains("'greek'") && $0.message.contains("as '1'") && $0.line == 1 })
        #expect(malformed.contains { $0.message.contains("'percent'") && $0.message.contains("as nothing") })
        #expect(!findings.contains { $0.message.contains("'fine'") })
    }

    @Test func placeholderRules() {
        func messages(_ source: String, _ translation: String, mayOmit: Bool = false) -> [String] {
            PlaceholderCheck.compare(source: source, translation: translation, mayOmit: mayOmit).map(\.message)
        }
        #expect(messages("%@ and %@", "%2$@ et %1$@").isEmpty)
        #expect(messages("%d", "%i").isEmpty && messages("%d", "%u").isEmpty && messages("%f", "%.2lf").isEmpty)
        #expect(messages("%d", "%ld") == ["'%ld' for argument 1 does not match '%d' in the source text"])
        #expect(messages("%@", "%s") == ["'%s' for argument 1 does not match '%@' in the source text"])
        #expect(messages("%d files", "%d %d") == ["'%d' uses argument 2, which the source text does not have"])
        #expect(messages("%d files", "files") == ["argument 1 ('%d' in the source text) is missing"])
        #expect(messages("%d files", "one file", mayOmit: true).isEmpty)
        #expect(messages("%d", "%y") == ["unknown conversion '%y'"])
        #expect(messages("Hi {{name}}", "Salut {{nom}}") == ["'{{nom}}' is not in the source text", "'{{name}}' of the source text is missing"])
    }
}
