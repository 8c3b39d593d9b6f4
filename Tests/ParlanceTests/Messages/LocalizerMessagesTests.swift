import Testing
@testable import Parlance
@testable import ParlanceTools

/// Messages through a localizer: the table's syntax chooses the formatter,
/// options choose numbers and isolation.
@Suite struct LocalizerMessagesTests {
    static let fixtures = Fixtures.repository + "/Tests/Fixtures/messages"

    private func localizer(_ locales: [String]) throws -> Localizer {
        let catalog = Catalog()
        try catalog.load(path: Self.fixtures)
        catalog.setMessageSyntax(.icu, table: "Messages")
        catalog.setMessageSyntax(.messageFormat2, table: "Messages2")
        return try Localizer(catalog: catalog, locales: locales)
    }

    @Test func icuMessagesFormatByTheTablesLocale() throws {
        let en = try localizer(["en"])
        func files(_ count: FormatArgument, _ loc: Localizer? = nil) throws -> String {
            try (loc ?? en).format("files", named: ["count": count, "folder": .string("Docs")], table: "Messages")
        }
        #expect(try files(.int(0)) == "No files in Docs")
        #expect(try files(.int(1)) == "1 file in Docs")
        #expect(try files(.int(12345)) == "12,345 files in Docs")
        // Every digit of a decimal reaches ICU.
        #expect(try files(.decimal("12345678901234567890")) == "12,345,678,901,234,567,890 files in Docs")
        #expect(try en.format("place", named: ["n": .int(22)], table: "Messages") == "22nd place")
        #expect(try en.format("invite", named: ["host": .string("Ann"), "guests": .int(3), "guest": .string("Bo")],
                              table: "Messages") == "Ann invited Bo and 2 others")
        // ar: its digits Arabic-Indic, and no isolates unless asked for (ICU gives none).
        let ar = try localizer(["ar"])
        #expect(try files(.int(3), ar) == "\u{663} ملفات في Docs")
        ar.formatOptions = FormatOptions(isolation: .automatic)
        #expect(try files(.int(3), ar) == "\u{663} ملفات في \u{2068}Docs\u{2069}")
        ar.formatOptions = FormatOptions()
        #expect(try ar.catalog.messageSyntax(table: "Messages") == .icu)
        #expect(try ar.catalog.messageSyntax(table: "Localizable") == .printf)
    }

    @Test func icuErrorsAreLocatedInTheMessage() throws {
        let ar = try localizer(["ar"])
        let error = thrownError { _ = try ar.format("invite", named: ["host": .string("A")], table: "Messages") }
        #expect(error?.code == .format)
        #expect(error?.message.hasPrefix("ar/Messages: 'invite': 1:28: not valid ICU MessageFormat") == true)
    }

    @Test func messageFormat2MessagesFormat() throws {
        let en = try localizer(["en"])
        let fr = try localizer(["fr"])
        func files(_ loc: Localizer, _ count: Int64) throws -> String {
            try loc.format("files", named: ["count": .int(count), "folder": .string("Docs")], table: "Messages2")
        }
        #expect(try files(en, 0) == "No files in Docs")
        #expect(try files(en, 1) == "One file in Docs")
        #expect(try files(en, 1200) == "1,200 files in Docs")
        #expect(try files(fr, 1) == "Un fichier dans Docs")
        #expect(try files(fr, 1200) == "1\u{202F}200 fichiers dans Docs")
        // A message that does not parse is a located error; a missing variable is a resolution error.
        let parse = thrownError { _ = try fr.format("greet", named: ["name": .int(1)], table: "Messages2") }
        #expect(parse?.message.hasPrefix("fr/Messages2: 'greet': 1:27: syntax-error") == true)
        let unresolved = thrownError { _ = try en.format("greet", named: [:], table: "Messages2") }
        #expect(unresolved?.message.contains("unresolved-variable") == true)
        // MessageFormat 2 takes named values only.
        let positional = en.formatReportingErrors("greet", [.string("x")], table: "Messages2")
        #expect(positional.errors.first?.message.contains("MessageFormat 2, which takes named values") == true)
    }

    @Test func isolationAndNumbersPerLocalizerAndPerCall() throws {
        let catalog = Catalog()
        let he = try Localizer(catalog: catalog, locales: ["he"])
        let en = try Localizer(catalog: catalog, locales: ["en"])
        // Missing keys format themselves, in the chain's first locale; isolated when asked for.
        #expect(try he.format("%@ (%d)", [.string("abc"), .int(5)]) == "abc (5)")
        #expect(try he.format("%@ (%d)", [.string("abc"), .int(5)], options: FormatOptions(isolation: .automatic))
                == "\u{2068}abc\u{2069} (\u{2068}5\u{2069})")
        #expect(try en.format("%@ (%d)", [.string("abc"), .int(5)]) == "abc (5)")
        let directional = FormatOptions(isolation: .directional)
        #expect(try en.format("%@|%@|%@", [.string("abc"), .string("שלום"), .string("42")], options: directional)
                == "\u{2066}abc\u{2069}|\u{2067}שלום\u{2069}|\u{2068}42\u{2069}")
        #expect(try he.format("%@", [.string("x")], options: FormatOptions(isolation: .off)) == "x")
        en.formatOptions = FormatOptions(numbers: .locale, isolation: .firstStrong)
        #expect(en.formatOptions == FormatOptions(numbers: .locale, isolation: .firstStrong))
        #expect(try en.format("%d|%.1f|%x", [.int(1234567), .double(0.25), .int(255)])
                == "\u{2068}1,234,567\u{2069}|\u{2068}0.2\u{2069}|\u{2068}ff\u{2069}")
        #expect(try en.format("%d", [.int(1234567)], options: FormatOptions(numbers: .c, isolation: .off)) == "1234567")
        #expect(try en.format("%d", [.int(1234567)], options: FormatOptions(isolation: .off)) == "1,234,567")
    }

    @Test func lintParsesMessagesAndComparesArgumentsAndArms() throws {
        let declared = try MessageCheck.Declared(["Messages=icu", "Messages2=mf2"])
        let findings = try CatalogLinter.lintReportingFiles(catalog: Self.fixtures, developmentLocale: "en", syntaxes: declared)
            .findings.map { $0.description.replacingPrefix(Self.fixtures + "/") }
        #expect(findings.contains("ar.lproj/Messages.strings:3:1: error: 'invite': message 1:28: not valid ICU MessageFormat (U_PATTERN_SYNTAX_ERROR)"))
        #expect(findings.contains("ru.lproj/Messages.strings:3:1: error: 'invite': argument 'extra' is not in the source message"))
        #expect(findings.contains("ru.lproj/Messages.strings:3:1: error: 'invite': argument 'guests' is select here, plural in the source message"))
        #expect(findings.contains("ru.lproj/Messages.strings:1:1: warning: 'files': plural 'count' lacks 'few', 'many', which ru uses (those counts get 'other')"))
        #expect(findings.contains("fr.lproj/Messages2.strings:1:1: warning: 'files': plural 'count' has 'few', which fr never uses"))
        #expect(findings.contains { $0.hasPrefix("fr.lproj/Messages2.strings:2:1: error: 'greet': message 1:27: not valid MessageFormat 2") })
        #expect(!findings.contains { $0.contains("ar.lproj/Messages.strings:1:1") })   // ar's plural arms are complete
        // Without the declaration the messages are printf texts: no message findings.
        let plain = try CatalogLinter.lint(catalog: Self.fixtures, developmentLocale: "en").map(\.description)
        #expect(!plain.contains { $0.contains("ICU MessageFormat") || $0.contains("MessageFormat 2") })
    }
}

private extension String {
    func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
