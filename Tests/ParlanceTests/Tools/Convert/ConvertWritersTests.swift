import Testing
@testable import Parlance
@testable import ParlanceTools

/// Each new writer's output read back by the runtime's reader gives the
/// texts written, for texts made of everything the formats escape.
@Suite struct ConvertWritersTests {
    static let alphabet: [String] = ["a", "Z", " ", "  ", "\n", "\t", "\"", "'", "\\", "@", "?", "&", "<", ">", "/", "%d", "%@",
                                     "{{x}}", "$t(a)", "é", "日本", "😀", "\u{301}", ";", ":", "#", "\r\n", "."]

    static func texts(seed: UInt64, count: Int) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in (0..<(next() % 8)).map { _ in alphabet[next() % alphabet.count] }.joined() }
    }

    @Test func androidTextsCompileBack() throws {
        let texts = Self.texts(seed: 1, count: 400)
        let entries = texts.enumerated().map { ConvertEntry(key: "k\($0.offset)", context: nil, value: .text($0.element)) }
        let read = try AndroidResourcesFile.parse(Array(AndroidWriter.document(entries, toolsLocale: nil).utf8), path: "strings.xml")
        let mismatch = zip(read.map(\.value), texts.map { EntryValue.text($0) }).first { $0.0 != $0.1 }
        #expect(read.count == texts.count && mismatch == nil, "\(String(describing: mismatch))")
    }

    @Test func xliffTextsReadBack() throws {
        let texts = Self.texts(seed: 2, count: 400).filter { !$0.isEmpty }
        let entries = texts.enumerated().map { ConvertEntry(key: "k\($0.offset) \($0.element)", context: nil, value: .text($0.element)) }
        let document = XLIFFWriter.document(sourceLanguage: "en", targetLanguage: "de",
                                            tables: [XLIFFWriter.Table(name: "T", entries: entries, sources: [:])])
        let read = try XLIFFFile.parse(Array(document.utf8), path: "de.xliff")
        #expect(read.map(\.name) == ["T"])
        let keys = zip(read[0].entries.map(\.key), entries.map(\.key)).first { $0.0 != $0.1 }
        #expect(keys == nil, "\(String(describing: keys))")
        let values = zip(read[0].entries.map(\.value), texts.map { EntryValue.text($0) }).first { $0.0 != $0.1 }
        #expect(read[0].entries.count == texts.count && values == nil, "\(String(describing: values))")
    }

    /// A table with nothing translated is still a `<file>` naming its table
    /// and language (the schemas want one; the reader needs one to know them).
    @Test(arguments: [XLIFFVersion.v12, .v20])
    func xliffOfAnEmptyTableNamesItsTable(_ version: XLIFFVersion) throws {
        let document = XLIFFWriter.document(sourceLanguage: "en", targetLanguage: "de",
                                            tables: [XLIFFWriter.Table(name: "Menu", entries: [], sources: [:])], version: version)
        #expect(document.contains(version == .v12 ? "<file original=\"Menu.strings\" source-language=\"en\" target-language=\"de\""
                                                  : "<file id=\"f1\" original=\"Menu.strings\">\n    <group id=\"g1\"/>"))
        let read = try XLIFFFile.parse(Array(document.utf8), path: "de.xliff")
        #expect(read.map(\.name) == ["Menu"] && read.map(\.locale) == ["de"] && read[0].entries.isEmpty)
    }

    /// A plural with only `one`: carried where the target's runtime falls
    /// back for the other counts as the source's does, written and listed
    /// where it shows an empty text, left out and listed where it is not served.
    @Test func pluralsWithoutOtherAreCarriedOrListed() throws {
        let entry = ListedEntry(key: "minutes_left", context: nil, value: .plural(PluralForms([.one: "%d min"])), comment: nil)
        let expected: [String: (written: Bool, listed: Bool)] = [
            "android": (true, false), "i18next": (true, false), "strings": (true, true), "stringsdict": (true, true),
            "po": (true, true), "xliff": (true, true), "xcstrings": (false, true), "json": (false, true),
        ]
        for (name, want) in expected {
            let format = try #require(TableFormat(name: name))
            let target = try #require(OutputFormat.converter(for: format)).target(file: false)
            var losses: [ConversionLoss] = []
            let ready = ConvertValues.prepare(entry, locale: "ckb", table: "Localizable", formula: nil, target: target, losses: &losses)
            #expect((ready != nil, !losses.isEmpty) == want, "\(name)")
            #expect(losses.allSatisfy { $0.what.contains("no 'other' form (only one)") }, "\(name)")
        }
    }

    /// A Qt context with its disambiguation (`MainWindow`, U+0004, `verb`)
    /// has no place in a msgctxt, which ends at U+0004: gettext's target
    /// says so, and the entry is left out of a `.po` with that reason; a
    /// context without one goes to msgctxt; the formats that spell a
    /// context their own way carry both.
    @Test func contextsHoldingU0004AreLeftOutOfPo() throws {
        let disambiguated = ListedEntry(key: "Close", context: "MainWindow\u{4}verb", value: .text("Fermer"), comment: nil)
        let plain = ListedEntry(key: "Close", context: "MainWindow", value: .text("Fermer"), comment: nil)
        for name in ["po", "qt_ts", "strings", "json", "xliff", "i18next"] {
            let format = try #require(TableFormat(name: name))
            let target = try #require(OutputFormat.converter(for: format)).target(file: false)
            for entry in [disambiguated, plain] {
                var losses: [ConversionLoss] = []
                let ready = ConvertValues.prepare(entry, locale: "fr", table: "app", formula: nil, target: target, losses: &losses)
                if name == "po" && entry.context!.contains("\u{4}") {
                    #expect(ready == nil)
                    #expect(losses.map(\.what) == ["a context holding U+0004 (Qt's context and disambiguation), which a msgctxt cannot hold; left out"])
                    #expect(losses.map(\.context) == [entry.context])
                } else {
                    #expect(ready != nil && losses.isEmpty, "\(name): \(losses.map(\.what))")
                }
            }
        }
        let gettext = try #require(TableFormat(name: "po"))
        let po = try #require(OutputFormat.converter(for: gettext)).target(file: false)
        var losses: [ConversionLoss] = []
        #expect(ConvertValues.prepare(plain, locale: "fr", table: "app", formula: nil, target: po, losses: &losses)?.context == "MainWindow")
    }

    @Test func stringCatalogsReadBack() throws {
        let texts = Self.texts(seed: 3, count: 200)
        let forms = PluralForms([.one: "%lld Datei", .other: "%lld Dateien"])
        let entries = texts.enumerated().map { ConvertEntry(key: "k\($0.offset)", context: nil, value: .text($0.element)) }
            + [ConvertEntry(key: "files", context: nil, value: .plural(forms))]
        let document = XCStringsLocalization.catalog(sourceLanguage: "en", path: "T.xcstrings", [("de", entries)])
        let read = try XCStringsFile.parse(Array(document.utf8), path: "T.xcstrings")
        let german = try #require(read.localizations.first { $0.locale == "de" })
        let byKey = Dictionary(german.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(entries.allSatisfy { byKey[$0.key] == $0.value })
        #expect(!document.hasSuffix("\n") && document.contains("\"sourceLanguage\" : \"en\""))
    }

    @Test func i18nextPluralsAndTexts() throws {
        let entries = [ConvertEntry(key: "a", context: nil, value: .text("x {{y}}")),
                       ConvertEntry(key: "n", context: nil, value: .plural(PluralForms([.one: "one", .other: "many"])))]
        let read = try I18nextFile.parse(Array(I18nextWriter.document(entries).utf8), path: "de/t.json")
        #expect(pairs(read) == ["a=x {{y}}", "n_one=one", "n_other=many"])
    }

    @Test func stringsdictEntriesFlattenWhenTheyHaveOneVariable() {
        let one = StringsdictFormat(format: "Found %#@n@.", variables: [
            "n": .init(name: "n", valueType: "d", rule: .plural(PluralForms([.one: "%d file", .other: "%d files"])))])
        #expect(ConvertValues.flattened(one) == PluralForms([.one: "Found %d file.", .other: "Found %d files."]))
        let two = StringsdictFormat(format: "%@ has %#@n@", variables: one.variables)
        #expect(ConvertValues.flattened(two) == nil)
    }

    @Test(arguments: [("en", true, "values"), ("de", false, "values-de"), ("pt-BR", false, "values-pt-rBR"),
                      ("sr-Latn", false, "values-b+sr+Latn"), ("zh-Hans-CN", false, "values-b+zh+Hans+CN")])
    func androidFolders(_ locale: String, _ isDefault: Bool, _ folder: String) {
        #expect(AndroidWriter.folder(locale, isDefault: isDefault) == folder)
        if !isDefault { #expect(AndroidFolder.locale(folder) == locale) }
    }
}
