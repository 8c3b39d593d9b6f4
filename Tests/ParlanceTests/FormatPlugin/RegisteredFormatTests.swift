import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// A format defined in the tests alone (`KeyValueFormat/`), registered at
/// run time: the runtime's APIs and every command serve it with no edit
/// anywhere else.
@Suite struct RegisteredFormatTests {
    init() { #expect(KeyValueFormat.registered) }

    /// A catalog folder of `en.kv` and `fr.kv`.
    static func catalog() throws -> String {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/en.kv", Array("""
            # Greeting on the home screen
            greeting=Hello, %@!
            files[one]=%d file
            files[other]=%d files
            only.en=Only in English

            """.utf8))
        try writeBytes(directory + "/fr.kv", Array("""
            greeting=Bonjour, %@ !
            files[one]=%d fichier
            files[other]=%d fichiers

            """.utf8))
        return directory
    }

    @Test func registrationRefusesATakenNumberOrName() {
        #expect(!TableFormat.register(KeyValueTableFormat.shared))
        #expect(!OutputFormat.register(KeyValueToolFormat()))
        #expect(TableFormat(name: "kv")?.rawValue == 900)
        #expect(TableFormat(fileExtension: "KV") == KeyValueTableFormat.shared.format)
        #expect(OutputFormat(rawValue: "kv") != nil)
    }

    @Test func catalogLoadsTheFolderAndLooksUp() throws {
        let directory = try Self.catalog()
        #expect(try TableFormat.files(inFolder: directory).map { "\($0.locale ?? "-")/\($0.table ?? "-")" } == ["en/Localizable", "fr/Localizable"])
        let fr = try localizer(directory, locales: ["fr"])
        #expect(fr.text("greeting") == "Bonjour, %@ !")
        #expect(try fr.format("greeting", [.string("Ada")]) == "Bonjour, Ada !")
        #expect(try fr.format("files", [.int(3)]) == "3 fichiers")
        #expect(fr.text("only.en") == "Only in English")
        let explained = fr.explain("only.en")
        #expect(explained.found && explained.fallback && explained.locale == "en" && explained.table == "Localizable")
        // One file, and bytes: the format by extension, the locale by the file's name.
        let catalog = Catalog()
        try catalog.load(path: directory + "/fr.kv")
        #expect(try Localizer(catalog: catalog, locales: ["fr"]).text("greeting") == "Bonjour, %@ !")
    }

    @Test func aBadLineIsALocatedError() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/de.kv", Array("ok=gut\nno separator\n".utf8))
        let catalog = Catalog()
        #expect {
            try catalog.load(path: directory)
        } throws: { error in
            guard let error = error as? ParlanceError else { return false }
            return error.code == .syntax && error.line == 2 && error.path == directory + "/de.kv"
        }
    }

    @Test func getAndExplainServeIt() throws {
        let directory = try Self.catalog()
        #expect(runTool(["get", "--catalog", directory, "--locale", "fr", "--arg", "Ada", "greeting"]).out == "Bonjour, Ada !\n")
        let explain = runTool(["get", "--explain", "--catalog", directory, "--locale", "fr", "only.en"])
        #expect(explain.status == 0)
        #expect(explain.out.contains("locale: en (fallback)") && explain.out.contains("table: Localizable"))
    }

    @Test func lintAndStatsServeIt() throws {
        let directory = try Self.catalog()
        try writeBytes(directory + "/de.kv", Array("greeting=Hallo!\n".utf8))
        let lint = runTool(["lint", "--catalog", directory])
        // The German greeting lost its placeholder: lint finds it in the kv file.
        #expect(lint.status != 0)
        #expect(lint.out.contains("de.kv"))
        let stats = runTool(["stats", "--format", "json", directory])
        #expect(stats.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) is [Any])
        // French lacks one of English's three entries.
        #expect(runTool(["stats", directory]).out.contains("fr"))
    }

    @Test func mergeWritesIt() throws {
        let directory = try Self.catalog()
        try writeBytes(directory + "/messages.kv", Array("greeting=Hello, %@!\nnew.key=Brand new\n".utf8))
        let merge = runTool(["merge", "--format", "kv", "--locale", "fr", "--from", directory + "/messages.kv", "-o", directory])
        #expect(merge.status == 0, "\(merge.err)")
        let fr = try readText(directory + "/fr.kv")
        #expect(fr.contains("new.key=Brand new\n"))
        #expect(fr.hasPrefix("greeting=Bonjour, %@ !\n"))
    }

    @Test func convertReadsAndWritesIt() throws {
        let directory = try Self.catalog()
        let po = directory + "/fr.po"
        #expect(runTool(["convert", "--quiet", directory + "/fr.kv", po]).status == 0)
        #expect(try readText(po).contains("msgstr \"Bonjour, %@ !\""))
        let back = directory + "/back.kv"
        let convert = runTool(["convert", "--quiet", "--from-locale", "fr", po, back])
        #expect(convert.status == 0, "\(convert.err)")
        let written = try KeyValueFile.parse(try readBytes(back), path: nil)
        #expect(written.first { $0.key == "greeting" }?.value == .text("Bonjour, %@ !"))
    }

    /// convert's usage text lists the formats it writes from the registry: this one and every built-in.
    @Test func convertUsageListsIt() throws {
        let help = runTool(["convert", "--help"]).out
        let line = try #require(help.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("FORMAT:") })
        let names = line.split(separator: ":")[1].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " .")) }
        #expect(names.contains("kv"), "\(line)")
        for tools in OutputFormat.registry.map(\.tools) {
            for format in tools.tableFormats where tools.converter(for: format) != nil {
                #expect(names.contains(tools.convertName(format)), "\(format.fileExtension): \(line)")
            }
        }
        for name in names { #expect(TableFormat(name: name).flatMap(OutputFormat.converter(for:)) != nil, "\(name)") }
    }

    @Test func pseudoWritesIt() throws {
        let directory = try Self.catalog()
        let pseudo = runTool(["pseudo", "--quiet", "-o", directory, directory])
        #expect(pseudo.status == 0, "\(pseudo.err)")
        let written = try KeyValueFile.parse(try readBytes(directory + "/en-XA.kv"), path: nil)
        #expect(written.count == 3)
        #expect(written.first { $0.key == "greeting" }.map { $0.value != .text("Hello, %@!") } == true)
    }
}

/// A message syntax defined in the tests alone (`BracesSyntax/`),
/// registered at run time: `MessageSyntax(name:)`, `Catalog.setMessageSyntax`
/// and both formatting calls serve it.
@Suite struct RegisteredMessageSyntaxTests {
    init() { #expect(BracesSyntax.registered) }

    @Test func formatsPositionalAndNamedValues() throws {
        #expect(!MessageSyntax.register(BracesSyntax()))
        let syntax = try #require(MessageSyntax(name: "braces"))
        #expect(MessageSyntax(rawValue: 900) == syntax && syntax.description == "braces" && syntax.takesNamedValues)
        #expect(MessageSyntax(name: "icu") == .icu && MessageSyntax(rawValue: 3) == .messageFormat2)
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/fr.lproj/Localizable.strings", Array("\"hello\" = \"Bonjour {name} ({0})\";\n".utf8))
        let catalog = Catalog()
        try catalog.load(path: directory)
        catalog.setMessageSyntax(syntax)
        #expect(catalog.messageSyntax() == syntax)
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(try fr.format("hello", named: ["name": .string("Ada"), "0": .int(2)]) == "Bonjour Ada (2)")
        #expect(fr.formatReportingErrors("hello", [.string("x")]).text == "Bonjour {name} (x)")
        #expect(throws: ParlanceError.self) { try fr.format("hello", named: [:]) }
    }
}
