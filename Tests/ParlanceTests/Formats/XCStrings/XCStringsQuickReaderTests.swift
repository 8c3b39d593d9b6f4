import Testing
@testable import Parlance

/// The quick String Catalog reader (the catalogs' path) gives exactly the
/// tables the full reader gives — languages in order, keys, texts, plural
/// forms, entry order — for every catalog it takes, and takes none the full
/// reader refuses; it leaves every other catalog (device variations,
/// substitutions, a key twice…) to the full reader.
@Suite struct XCStringsQuickReaderTests {
    typealias Tables = [String]

    /// A table's entries as rows, in the table's own order (plural groups after).
    static func rows(_ table: Table) -> [String] {
        table.storage.allEntries.map { "\($0.storedKey.string.debugDescription) = \(describe($0.value))" }
            + table.storage.allGroups.map { "group \($0.key.string.debugDescription) = \(describe($0.entry.value))" }
    }

    static func describe(_ value: StoredValue) -> String {
        switch value {
        case .text(let text): return "text \(text.string.debugDescription)"
        case .plural(let forms, let keys):
            return "plural " + forms.map { $0?.string.debugDescription ?? "-" }.joined(separator: " ")
                + (keys.map { " keys " + $0.map { $0?.string ?? "-" }.joined(separator: " ") } ?? "")
        case .stringsdict(let format, let other):
            return "stringsdict " + XCStringsTapeTests.describe(.stringsdict(format)) + " other \(other.string.debugDescription)"
        case .gettextPlural(let texts): return "gettext " + texts.map(\.string.debugDescription).joined(separator: " ")
        }
    }

    /// Each language and its rows: the source's entries in their order, then the
    /// table a catalog builds from it (sorted: a table of `(context##category)key`
    /// variants merges its entries through a dictionary).
    static func tables(_ sources: [(locale: String, parsed: ParsedTable)]) -> Tables {
        sources.flatMap { source in
            let source = (locale: source.locale,
                          table: TableSource(id: "t.xcstrings", format: .xcstrings, order: 0, parsed: source.parsed))
            let table = Table(locale: source.locale, name: "T", sources: [source.table])
            return ["[\(source.locale)]"]
                + source.table.entries.map { "\($0.storedKey.string.debugDescription) = \(describe($0.value))" }
                + ["[\(source.locale) table]"] + rows(table).sorted()
                + source.table.notes.map { "note \($0.key.string.debugDescription) = \($0.note.debugDescription)" }.sorted()
        }
    }

    /// The full reader's tables, or its error.
    static func full(_ bytes: [UInt8], states: XCStringsStates, only: String?) -> Result<Tables, ParlanceError> {
        do throws(ParlanceError) {
            let contents = try XCStringsFile.parse(bytes, path: "t.xcstrings", states: states)
            return .success(tables(contents.localizations.filter { only == nil || $0.locale == only }
                .map { ($0.locale, ParsedTable(entries: $0.entries)) }))
        } catch {
            return .failure(error)
        }
    }

    /// Checks one catalog under the given states and language; returns whether the quick reader took it.
    @discardableResult
    static func check(_ bytes: [UInt8], _ name: String, states: XCStringsStates = .served, only: String? = nil) -> Bool {
        let quick = bytes.withUnsafeBufferPointer { XCStringsFile.quickTables($0, states: states, only: only) }
        guard let quick else { return false }
        switch full(bytes, states: states, only: only) {
        case .success(let expected):
            #expect(tables(quick.map { ($0.locale, ParsedTable(prebuilt: $0.table)) }) == expected, "\(name)")
            #expect(quick.allSatisfy { $0.table.index != nil }, "\(name)")
        case .failure(let error):
            Issue.record("\(name): the quick reader took a catalog the full reader refuses: \(error)")
        }
        return true
    }

    static func catalog(_ strings: String, source: String = "en") -> [UInt8] {
        Array("{\"sourceLanguage\" : \"\(source)\", \"strings\" : {\(strings)}, \"version\" : \"1.0\"}".utf8)
    }

    static func unit(_ value: String, _ state: String = "translated") -> String {
        "{\"stringUnit\" : {\"state\" : \"\(state)\", \"value\" : \"\(value)\"}}"
    }

    @Test func everyConstruct() {
        let de = "\"localizations\" : {\"de\" : \(Self.unit("Hallo"))}"
        let cases: [(String, [UInt8], Bool)] = [
            ("plain", Self.catalog("\"Hello\" : {\(de)}"), true),
            ("empty strings", Self.catalog(""), true),
            ("no strings", Array("{\"sourceLanguage\" : \"en\"}".utf8), true),
            ("empty body", Self.catalog("\"\" : {}, \"k\" : {}"), true),
            ("comments", Self.catalog("\"a\" : {\"comment\" : \"A \\\"quoted\\\" note\\n\\u00e9\", \(de)}, \"b\" : {\(de), \"comment\" : \"first\", \"comment\" : \"second\"}, \"c\" : {\"comment\" : \"dropped\", \"comment\" : 7, \(de)}, \"d\" : {\"comment\" : \"on the source\", \"localizations\" : {\"en\" : \(Self.unit("D"))}}"), true),
            ("comment, extraction state", Self.catalog("\"k\" : {\"comment\" : [1, {\"a\" : null}], \"extractionState\" : \"manual\", \(de)}"), true),
            ("source localization", Self.catalog("\"k\" : {\"localizations\" : {\"en\" : \(Self.unit("Key", "new")), \"de\" : \(Self.unit("Schlüssel"))}}"), true),
            ("states", Self.catalog("\"a\" : {\"localizations\" : {\"de\" : \(Self.unit("A", "new")), \"fr\" : \(Self.unit("A", "needs_review"))}}, \"b\" : {\"localizations\" : {\"fr\" : \(Self.unit("B", "stale")), \"de\" : \(Self.unit("B", "odd"))}}, \"c\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : \"no state\"}}}}"), true),
            ("no value", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\"}}}}"), true),
            ("not to translate", Self.catalog("\"k\" : {\(de), \"shouldTranslate\" : false}, \"j\" : {\"shouldTranslate\" : true, \(de)}"), true),
            ("plural", Self.catalog("\"%lld files\" : {\"localizations\" : {\"de\" : {\"variations\" : {\"plural\" : {\"one\" : \(Self.unit("%lld Datei")), \"other\" : \(Self.unit("%lld Dateien")), \"zero\" : \(Self.unit("Keine"))}}}}}"), true),
            ("plural without a served other", Self.catalog("\"n\" : {\"localizations\" : {\"de\" : {\"variations\" : {\"plural\" : {\"one\" : \(Self.unit("eins")), \"other\" : \(Self.unit("viele", "new"))}}}}}"), true),
            ("variations win", Self.catalog("\"n\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : \"unit\"}, \"variations\" : {\"plural\" : {\"other\" : \(Self.unit("plural"))}}}}}"), true),
            ("escapes", Self.catalog("\"a\\nb \\\"q\\\" \\u00e9 \\ud83d\\ude00\" : {\"localizations\" : {\"de\" : \(Self.unit("x\\ty\\\\z \\u2026"))}}"), true),
            ("decomposed keys", Self.catalog("\"e\u{301}\" : {\(de)}, \"e\\u0301x\" : {}"), true),
            ("variant-like keys", Self.catalog("\"(ctx)key\" : {\(de)}, \"(ctx##one)n\" : {\(de)}, \"(ctx##other)n\" : {}"), true),
            ("languages named alike", Self.catalog("\"a\" : {\"localizations\" : {\"pt_BR\" : \(Self.unit("A")), \"zh-Hans\" : \(Self.unit("A"))}}, \"b\" : {\"localizations\" : {\"pt-BR\" : \(Self.unit("B"))}}"), true),
            ("a language left empty", Self.catalog("\"a\" : {\"localizations\" : {\"ja\" : \(Self.unit("A", "new"))}}"), true),
            ("source not en", Self.catalog("\"a\" : {\"localizations\" : {\"en\" : \(Self.unit("A"))}}", source: "de_DE"), true),
            ("byte order mark, CR LF", Array("\u{FEFF}{\r\n\"sourceLanguage\" : \"en\",\r\n\"strings\" : {\r\n\"a\" : {\r\n}\r\n}\r\n}\r\n".utf8), true),
            // Read by the full reader's localization reader, in place:
            ("device", Self.catalog("\"d\" : {\"localizations\" : {\"de\" : {\"variations\" : {\"device\" : {\"mac\" : \(Self.unit("Mac")), \"other\" : \(Self.unit("Andere"))}}}}}"), true),
            ("plural by device", Self.catalog("\"d\" : {\"localizations\" : {\"de\" : {\"variations\" : {\"plural\" : {\"other\" : {\"variations\" : {\"device\" : {\"other\" : \(Self.unit("x"))}}}}}}}}"), true),
            ("substitutions", Self.catalog("\"s\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : \"%#@n@\"}, \"substitutions\" : {\"n\" : {\"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : {\"plural\" : {\"other\" : \(Self.unit("%arg x"))}}}}}}}"), true),
            ("a unit twice", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : \"a\"}, \"stringUnit\" : {\"value\" : \"b\"}}}}"), true),
            ("value twice", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : \"a\", \"value\" : \"b\"}}}}"), true),
            ("escaped member name", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"string\\u0055nit\" : {\"value\" : \"a\"}}}}"), true),
            ("NUL", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : \(Self.unit("a\\u0000b"))}}"), true),
            ("the source twice", Self.catalog("\"k\" : {\"localizations\" : {\"en\" : \(Self.unit("A")), \"EN\" : \(Self.unit("B"))}}"), true),
            ("unknown variations", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"variations\" : {\"width\" : {}, \"plural\" : {\"other\" : \(Self.unit("p"))}}}}}"), true),
            // To the full reader:
            ("a key twice", Self.catalog("\"k\" : {\(de)}, \"k\" : {\(de)}"), false),
            ("a language twice", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : \(Self.unit("A")), \"de\" : \(Self.unit("B"))}}"), false),
            ("strings first", Array("{\"strings\" : {}, \"sourceLanguage\" : \"en\"}".utf8), false),
            ("no source language", Array("{\"strings\" : {}}".utf8), false),
            ("unknown category", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"variations\" : {\"plural\" : {\"several\" : {}}}}}}"), false),
            ("no language", Self.catalog("\"k\" : {\"localizations\" : {\"xx-!!\" : {}}}"), false),
            ("flag of the wrong kind", Self.catalog("\"k\" : {\"shouldTranslate\" : \"no\"}"), false),
            ("value of the wrong kind", Self.catalog("\"k\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : 3}}}}"), false),
            ("trailing comma", Self.catalog("\"k\" : {},"), false),
            ("text after", Self.catalog("") + Array(" x".utf8), false),
            ("not an object", Array("[]".utf8), false),
            ("empty", [], false),
        ]
        for (name, bytes, taken) in cases {
            #expect(Self.check(bytes, name) == taken, "\(name)")
            for states in [XCStringsStates.all, [.translated], []] { Self.check(bytes, name, states: states) }
            for only in ["de", "en", "fr"] { Self.check(bytes, name + " only \(only)", only: only) }
        }
    }

    @Test func randomCatalogsReadAsTheFullReader() {
        var writer = Writer(rng: SeededGenerator(seed: 0x5C57_2026))
        var taken = 0
        let count = 1500
        for index in 0..<count {
            let bytes = Array(writer.catalog().utf8)
            let states = [XCStringsStates.served, .all, [.translated, .new], []][index % 4]
            let only = index % 7 == 0 ? "de" : nil
            if Self.check(bytes, "random \(index): \(String(decoding: bytes, as: UTF8.self))", states: states, only: only) {
                taken += 1
            }
        }
        // The writer favours what only the full reader reads, but most catalogs are of the common shapes.
        #expect(taken * 3 > count, "\(taken) of \(count)")
    }

    @Test func realCatalogsAndFixtures() throws {
        var taken = 0, files = 0
        for root in ["Tests/Fixtures", "Tests/fuzz/corpus/xcstrings", "Examples"] {
            for path in Fixtures.files(under: Fixtures.repository + "/" + root, extension: "xcstrings") {
                files += 1
                let bytes = try FileSystem.read(path)
                var took = false
                for states in [XCStringsStates.served, .all] where Self.check(bytes, path, states: states) { took = true }
                Self.check(bytes, path + " only de", only: "de")
                if took { taken += 1 }
            }
        }
        #expect(files >= 10)
        #expect(taken * 3 > files * 2, "\(taken) of \(files)")
    }

    /// A catalog loaded through the quick reader answers as one loaded through the full reader.
    @Test func catalogsServeTheSame() throws {
        let path = Fixtures.repository + "/Tests/Fixtures/real/xcstrings/NetNewsWire-Localizable.xcstrings"
        let bytes = try FileSystem.read(path)
        #expect(bytes.withUnsafeBufferPointer { XCStringsFile.quickTables($0, states: .served, only: nil) } != nil)
        let quick = Catalog()
        try quick.load(path: path)
        let contents = try XCStringsFile.parse(bytes, path: path)
        for localization in contents.localizations {
            let localizer = try Localizer(catalog: quick, locales: [localization.locale])
            for entry in localization.entries {
                guard case .text(let text) = entry.value else { continue }
                #expect(localizer.text(entry.key, table: "NetNewsWire-Localizable") == text, "\(localization.locale) \(entry.key)")
            }
        }
    }

    /// A catalog of several megabytes, read from its mapping (which lets its
    /// pages go as it is read), serves what the full reader reads.
    @Test func largeFilesReadInPlace() throws {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in 0..<30_000 {
            if index > 0 { text += ",\n" }
            let value = index % 10 == 0
                ? "\"variations\" : { \"plural\" : { \"one\" : \(Self.unit("%lld Grüße \(index)")), \"other\" : \(Self.unit("%lld Grüße \(index)n")) } }"
                : "\"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Schlüssel \\\"\(index)\\\" – ß\" }"
            text += "    \"Key \(index) é\" : {\n      \"localizations\" : {\n        \"de\" : { \(value) }\n      }\n    }"
        }
        text += "\n  },\n  \"version\" : \"1.0\"\n}\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 4 << 20)
        let root = try temporaryDirectory("xcstrings-large")
        try writeBytes(root + "/Large.xcstrings", bytes)
        let quick = FileSystem.withMappedFile(root + "/Large.xcstrings", readingOnce: {
            XCStringsFile.quickTables($0, states: .served, only: nil, release: $1)
        }) ?? nil
        let tables = try #require(quick)
        #expect(Self.tables(tables.map { ($0.locale, ParsedTable(prebuilt: $0.table)) })
                == (try Self.full(bytes, states: .served, only: nil).get()))
        let catalog = Catalog()
        try catalog.load(path: root + "/Large.xcstrings")
        let de = try Localizer(catalog: catalog, locales: ["de"])
        #expect(de.text("Key 29999 é", table: "Large") == "Schlüssel \"29999\" – ß")
        #expect(de.plural("Key 29990 é", count: .int(1), table: "Large") == "%lld Grüße 29990")
    }

    /// Random String Catalogs: mostly the shapes Xcode writes, with now and
    /// then what only the full reader reads or what no reader takes.
    struct Writer {
        var rng: SeededGenerator

        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

        mutating func text() -> String {
            let pieces = ["a", "Grüße", "e\u{301}", "\\n", "\\\"", "\\u00e9", "\\ud83d\\ude00", "%lld", "%@", " ", "(", "##",
                          "\\t", "ß", "\\/", "😀", "x"]
            var out = ""
            for _ in 0..<Int.random(in: 0..<5, using: &rng) { out += pick(pieces) }
            if chance(1) { out += "\\u0000" }
            return out
        }

        mutating func space() -> String { pick(["", " ", "\n  ", "\r\n", "\t"]) }

        mutating func unit() -> String {
            var members: [String] = []
            if !chance(10) { members.append("\"state\" :\(space())\"\(pick(["translated", "new", "needs_review", "stale", "odd"]))\"") }
            if !chance(5) { members.append("\"value\" : \"\(text())\"") }
            if chance(3) { members.append("\"value\" : 3") }
            if chance(3) { members.append("\"extra\" : [true, null, -1.5e3]") }
            if chance(50) { members.reverse() }
            return "{\(space())" + members.joined(separator: ",\(space())") + "\(space())}"
        }

        mutating func localization() -> String {
            if chance(4) { return "{\"stringUnit\" : \(unit()), \"substitutions\" : {\"n\" : {\"argNum\" : 1}}}" }
            if chance(4) { return "{\"variations\" : {\"device\" : {\"mac\" : {\"stringUnit\" : \(unit())}, \"other\" : {\"stringUnit\" : \(unit())}}}}" }
            if chance(20) {
                var forms: [String] = []
                for category in ["zero", "one", "few", "other", "other"] where chance(60) {
                    forms.append("\"\(category)\" : {\"stringUnit\" : \(unit())}")
                }
                if chance(2) { forms.append("\"several\" : {}") }
                let variations = "{\"plural\" : {\(forms.joined(separator: ", "))}}"
                return chance(10) ? "{\"stringUnit\" : \(unit()), \"variations\" : \(variations)}" : "{\"variations\" : \(variations)}"
            }
            if chance(2) { return "{}" }
            return "{\(space())\"stringUnit\" :\(space())\(unit())\(space())}"
        }

        mutating func body() -> String {
            var members: [String] = []
            if chance(20) { members.append("\"comment\" : \(pick(["\"A note\"", "3", "null", "[\"x\"]"]))") }
            if chance(10) { members.append("\"extractionState\" : \"manual\"") }
            if chance(10) { members.append("\"shouldTranslate\" : \(pick(["false", "true", "false", "\"no\""]))") }
            if !chance(10) {
                var languages: [String] = []
                for language in ["de", "en", "fr", "pt-BR", "pt_BR", "zh-Hans", "DE", "xx-!!"] where chance(language.count > 2 ? 5 : 50) {
                    languages.append("\"\(language)\" : \(localization())")
                }
                members.append("\"localizations\" : {\(languages.joined(separator: ",\(space())"))}")
            }
            members.shuffle(using: &rng)
            return "{" + members.joined(separator: ",\(space())") + "}"
        }

        mutating func catalog() -> String {
            var keys: [String] = []
            for _ in 0..<Int.random(in: 0..<8, using: &rng) { keys.append(text()) }
            if chance(5), let first = keys.first { keys.append(first) }
            let strings = keys.map { "\"\($0)\" :\(space())\(body())" }.joined(separator: ",\(space())")
            var top = ["\"sourceLanguage\" : \"\(pick(["en", "en", "de", "en_US"]))\"", "\"strings\" : {\(space())\(strings)\(space())}",
                       "\"version\" : \"1.0\""]
            if chance(3) { top.swapAt(0, 1) }
            var document = "{\(space())" + top.joined(separator: ",\(space())") + "\(space())}"
            if chance(2) { document += "," }
            return document
        }
    }
}
