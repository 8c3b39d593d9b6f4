import Testing
@testable import Parlance

private let fixture = Fixtures.repository + "/Tests/Fixtures/xcstrings/Localizable.xcstrings"

private func catalog(states: XCStringsStates? = nil) throws -> Catalog {
    let catalog = Catalog()
    if let states { catalog.xcstringsStates = states }
    try catalog.load(path: fixture)
    return catalog
}

private func parse(_ text: String, states: XCStringsStates = .served) throws(ParlanceError) -> XCStringsFile.Contents {
    try XCStringsFile.parse(Array(text.utf8), path: "t.xcstrings", states: states)
}

@Suite struct XCStringsTests {
    @Test func everyLanguageIsATable() throws {
        let catalog = try catalog()
        #expect(catalog.locales == ["de", "en", "fr", "pt-BR", "ru", "zh-Hans"])
        #expect(catalog.tables == ["Localizable"])
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(fr.text("Delete") == "Supprimer")
        #expect(fr.text("welcome.title") == "Bienvenue")
        #expect(try Localizer(catalog: catalog, locales: ["zh-Hans-CN"]).text("Delete") == "删除")
        #expect(try Localizer(catalog: catalog, locales: ["zh-CN"]).text("Delete") == "删除")
        #expect(try Localizer(catalog: catalog, locales: ["pt-BR"]).text("Delete") == "Excluir")
    }

    @Test func theSourceLanguageServesEveryKey() throws {
        let en = try Localizer(catalog: try catalog(), locales: ["en"])
        #expect(en.lookup("Delete") == "Delete")            // no en localization: the key
        #expect(en.lookup("welcome.title") == "Welcome")    // its own value
        #expect(en.lookup("Parlance") == "Parlance")        // shouldTranslate false
        #expect(en.lookup("Missing") == nil)
    }

    @Test func theSourceTextIsServedWhateverItsState() throws {
        let contents = try parse("""
            {"sourceLanguage": "en", "strings": {"mY6-Zh-2Uc.title": {"localizations": {
              "en": {"stringUnit": {"state": "new", "value": "Print"}},
              "de": {"stringUnit": {"state": "new", "value": "Print"}}}}}}
            """, states: .translated)
        #expect(contents.localizations.map(\.locale) == ["en", "de"])
        #expect(contents.localizations.map(\.entries.count) == [1, 0])
        #expect(contents.localizations[0].entries.map(\.value) == [.text("Print")])
    }

    @Test func keysNotToBeTranslatedStayInTheSourceLanguage() throws {
        let contents = try parse("""
            {"sourceLanguage": "en", "strings": {"App": {"shouldTranslate": false,
              "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Appy"}},
                                "de": {"stringUnit": {"state": "translated", "value": "Äppy"}}}}}}
            """)
        #expect(contents.localizations.map(\.entries.count) == [1, 0])
        #expect(contents.localizations[0].entries.map(\.value) == [.text("Appy")])
    }

    @Test func pluralVariationsFollowTheLocalesRules() throws {
        let catalog = try catalog()
        let ru = try Localizer(catalog: catalog, locales: ["ru"])
        #expect(try ru.format("%lld files", [.int(1)]) == "1 файл")
        #expect(try ru.format("%lld files", [.int(3)]) == "3 файла")
        #expect(try ru.format("%lld files", [.int(5)]) == "5 файлов")
        #expect(try ru.format("%lld files", [.int(21)]) == "21 файл")
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try en.format("%lld files", [.int(0)]) == "No files")   // Apple's zero for integer 0
        #expect(try en.format("%lld files", [.int(1)]) == "1 file")
        #expect(try en.format("%lld files", [.int(2)]) == "2 files")
        #expect(en.plural("%lld files", count: .int(7)) == "%lld files")
    }

    @Test func deviceVariationsFollowTheLocalizersDevice() throws {
        let catalog = try catalog()
        let en = try Localizer(catalog: catalog, locales: ["en"])
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        // No device set: `other`'s text.
        #expect(en.device == nil)
        #expect(en.text("Tap to continue") == "Tap to continue")
        #expect(fr.text("Tap to continue") == "Cliquez pour continuer")
        en.device = .mac
        fr.device = .mac
        #expect(en.text("Tap to continue") == "Click to continue")
        #expect(fr.text("Tap to continue") == "Cliquez pour continuer")   // no `mac` text: `other`
        fr.device = .iphone
        #expect(fr.text("Tap to continue") == "Touchez pour continuer")
        #expect(try fr.format("Tap to continue", []) == "Touchez pour continuer")
        fr.device = nil
        #expect(fr.text("Tap to continue") == "Cliquez pour continuer")
    }

    @Test func deviceAndPluralVariationsNest() throws {
        let nestedDocument = """
            {"sourceLanguage": "en", "strings": {
              "%lld items": {"localizations": {"en": {"variations": {"device": {
                "iphone": {"stringUnit": {"state": "translated", "value": "phone"}},
                "other": {"variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}}}}}}},
              "%@ sent %lld files": {"localizations": {"en": {"variations": {"plural": {
                "one": {"variations": {"device": {
                  "mac": {"stringUnit": {"state": "translated", "value": "%@ sent a file to your Mac"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%@ sent a file"}}}}},
                "other": {"variations": {"device": {
                  "mac": {"stringUnit": {"state": "translated", "value": "%@ sent %lld files to your Mac"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%@ sent %lld files"}}}}}}}}}},
              "%@ and %lld": {"localizations": {"en": {"variations": {"device": {
                "ipad": {"stringUnit": {"state": "translated", "value": "%@ and %lld on iPad"}},
                "other": {"stringUnit": {"state": "translated", "value": "%@ and %lld"}}}}}}}}}
            """
        let nested = try parse(nestedDocument)
        #expect(nested.localizations.count == 1)
        let catalog = Catalog()
        try catalog.load(bytes: Array(nestedDocument.utf8), locale: nil, table: "Localizable", format: .xcstrings)
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try en.format("%lld items", [.int(1)]) == "1 item")
        #expect(try en.format("%lld items", [.int(4)]) == "4 items")
        #expect(en.plural("%lld items", count: .int(4)) == "%lld items")
        #expect(en.text("%lld items") == "%lld items")
        #expect(try en.format("%@ sent %lld files", [.string("Ana"), .int(1)]) == "Ana sent a file")
        #expect(try en.format("%@ sent %lld files", [.string("Ana"), .int(3)]) == "Ana sent 3 files")
        #expect(try en.format("%@ and %lld", [.string("Ana"), .int(3)]) == "Ana and 3")
        en.device = .iphone
        #expect(try en.format("%lld items", [.int(4)]) == "phone")
        #expect(en.text("%lld items") == "phone")
        en.device = .mac
        #expect(try en.format("%@ sent %lld files", [.string("Ana"), .int(1)]) == "Ana sent a file to your Mac")
        #expect(try en.format("%@ sent %lld files", [.string("Ana"), .int(3)]) == "Ana sent 3 files to your Mac")
        // Numbered: the texts of a plural that counts argument 2 name their own arguments.
        #expect(en.plural("%@ sent %lld files", count: .int(3)) == "%1$@ sent %2$lld files to your Mac")
        en.device = .ipad
        #expect(try en.format("%@ and %lld", [.string("Ana"), .int(3)]) == "Ana and 3 on iPad")
    }

    @Test func substitutionsBecomePositionalVariables() throws {
        let catalog = try catalog()
        let en = try Localizer(catalog: catalog, locales: ["en"])
        let key = "%@ has %lld photos in %lld albums"
        #expect(try en.format(key, [.string("Ana"), .int(1), .int(2)]) == "Ana has 1 photo in 2 albums")
        #expect(try en.format(key, [.string("Ana"), .int(5), .int(1)]) == "Ana has 5 photos in 1 album")
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(try fr.format(key, [.string("Ana"), .int(3), .int(1)]) == "1 album de Ana contiennent 3 photos")
        #expect(XCStringsReader.numbering("%#@a@ and %%#@a@ %2$#@b@ %#@c@", ["a": 3, "c": 1]) == "%3$#@a@ and %%#@a@ %2$#@b@ %1$#@c@")
        #expect(XCStringsReader.argument("%arg of %%arg, %arg", "lld") == "%lld of %%arg, %lld")
    }

    @Test func statesChooseWhatIsServed() throws {
        let byDefault = try catalog()
        let de = try Localizer(catalog: byDefault, locales: ["de"])
        #expect(de.lookup("Delete") == "Löschen")      // needs_review
        #expect(de.lookup("Copy") == "Kopieren")       // stale
        let fr = try Localizer(catalog: byDefault, locales: ["fr"], development: "de")
        #expect(fr.text("Copy") == "Kopieren")         // fr is new: not served, de is next

        let strict = try catalog(states: .translated)
        let strictDE = try Localizer(catalog: strict, locales: ["de"])
        #expect(strictDE.lookup("Delete") == "Delete")  // falls back to en, the key
        #expect(strictDE.lookup("Copy") == "Copy")
        // A plural whose `other` is not served is not served at all.
        let strictFR = try Localizer(catalog: strict, locales: ["fr"])
        #expect(try strictFR.format("%@ has %lld photos in %lld albums", [.string("Ana"), .int(2), .int(2)])
                == "Ana has 2 photos in 2 albums")

        let every = try catalog(states: .all)
        #expect(try Localizer(catalog: every, locales: ["fr"]).lookup("Copy") == "Copy")
    }

    @Test func oneLanguageFromBytes() throws {
        let catalog = Catalog()
        let bytes = try FileSystem.read(fixture)
        try catalog.load(bytes: bytes, locale: "fr", table: "App", format: .xcstrings)
        #expect(catalog.locales == ["fr"])
        #expect(try Localizer(catalog: catalog, locales: ["fr"]).text("Delete", table: "App") == "Supprimer")
        try catalog.load(bytes: bytes, locale: nil, table: "App", format: .xcstrings)
        #expect(catalog.locales.count == 6)
    }

    @Test func directoriesFindCatalogsBesideAndInMulLproj() throws {
        let root = try temporaryDirectory("xcstrings-dir")
        try writeBytes(root + "/mul.lproj/Menu.xcstrings", try FileSystem.read(fixture))
        try writeBytes(root + "/Localizable.xcstrings", Array("""
            {"sourceLanguage": "en", "strings": {"OK": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "In Ordnung"}}}}}}
            """.utf8))
        let catalog = Catalog()
        try catalog.load(path: root)
        let de = try Localizer(catalog: catalog, locales: ["de"])
        #expect(de.text("OK") == "In Ordnung")
        #expect(de.text("Delete", table: "Menu") == "Löschen")
    }

    @Test func badCatalogsAreLocatedAndChangeNothing() throws {
        func failure(_ text: String) -> ParlanceError? { thrownError { _ = try parse(text) } }
        #expect(failure("[]")?.message.contains("must be an object") == true)
        #expect(failure(#"{"strings": {}}"#)?.message == "no \"sourceLanguage\"")
        let badValue = failure("""
            {"sourceLanguage": "en", "strings": {
              "a": {"localizations": {"fr": {"stringUnit": {"value": 3}}}}}}
            """)
        #expect(badValue?.line == 2)
        #expect(badValue?.column == 58)
        #expect(badValue?.path == "t.xcstrings")
        let badLocale = failure(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"!!": {}}}}}"#)
        #expect(badLocale?.code == .locale)
        #expect(failure(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"fr": {"variations": {"plural": {"lots": {}}}}}}}}"#)?
            .message == "unknown plural category \"lots\" in \"a\"")

        let catalog = try catalog()
        let broken = try temporaryDirectory("xcstrings-bad") + "/Localizable.xcstrings"
        try writeBytes(broken, Array(#"{"sourceLanguage": "en", "strings": {"Delete": 1}}"#.utf8))
        let error = thrownError { try catalog.load(path: broken) }
        #expect(error?.description == "\(broken):1:48: string \"Delete\" is a number; expected an object")
        #expect(try Localizer(catalog: catalog, locales: ["fr"]).text("Delete") == "Supprimer")
    }

    @Test func reloadingReplacesTheFilesTables() throws {
        let path = try temporaryDirectory("xcstrings-reload") + "/Localizable.xcstrings"
        try writeBytes(path, Array(#"{"sourceLanguage":"en","strings":{"A":{"localizations":{"fr":{"stringUnit":{"value":"un"}}}}}}"#.utf8))
        let catalog = Catalog()
        try catalog.load(path: path)
        let fr = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(fr.text("A") == "un")
        try writeBytes(path, Array(#"{"sourceLanguage":"en","strings":{"B":{"localizations":{"fr":{"stringUnit":{"value":"deux"}}}}}}"#.utf8))
        try catalog.load(path: path)
        #expect(fr.lookup("A") == nil)
        #expect(fr.text("B") == "deux")
        // A language the file no longer has leaves with it; other files' tables stay.
        try catalog.load(bytes: Array(#""A" = "un (strings)";"#.utf8), locale: "fr", table: "Localizable", format: .strings)
        try FileSystem.writeAtomically(path, Array(#"{"sourceLanguage":"en","strings":{"B":{}}}"#.utf8))
        try catalog.load(path: path)
        #expect(catalog.locales == ["en", "fr"])
        #expect(fr.lookup("B") == "B")
        #expect(fr.lookup("A") == "un (strings)")
        try FileSystem.writeAtomically(path, Array(#"{"sourceLanguage":"de","strings":{}}"#.utf8))
        try catalog.load(path: path)
        #expect(catalog.locales == ["de", "fr"])
    }
}

private func contents(_ contents: XCStringsFile.Contents, _ locale: String) -> [EntryValue] {
    contents.localizations.first { $0.locale == locale }?.entries.map(\.value) ?? []
}

/// String Catalogs are read from a tape of the document (`JSONTape`) when it
/// takes it: the same contents, and the same located errors, as through the
/// full parser's tree; and the tape takes exactly the documents the full
/// parser accepts.
@Suite struct XCStringsTapeTests {
    typealias Outcome = Result<[String], ParlanceError>

    /// The contents as comparable rows (entries with their locations), or the error.
    static func outcome(_ read: () throws(ParlanceError) -> XCStringsFile.Contents) -> Outcome {
        do throws(ParlanceError) {
            let contents = try read()
            return .success([contents.sourceLanguage] + contents.localizations.flatMap { localization in
                localization.entries.map { "\(localization.locale) \($0.line):\($0.column) \($0.key) = \(describe($0.value))" }
            })
        } catch {
            return .failure(error)
        }
    }

    /// A value's description with a stringsdict's variables in name order (a dictionary's own order varies).
    static func describe(_ value: EntryValue) -> String {
        guard case .stringsdict(let format) = value else { return "\(value)" }
        return format.format + " " + format.variables.keys.sorted().map { name in
            let variable = format.variables[name]!
            guard case .device(let texts) = variable.rule else { return "\(name): \(variable)" }
            return "\(name): device " + texts.keys.sorted().map { "\($0)=\(texts[$0]!)" }.joined(separator: ",")
        }.joined(separator: "; ")
    }

    static func check(_ bytes: [UInt8], _ name: String, states: XCStringsStates = .served) -> Bool {
        let taped = bytes.withUnsafeBufferPointer { JSONTape.read($0) != nil }
        let viaTape = outcome { () throws(ParlanceError) in try XCStringsFile.parse(bytes, path: name, states: states) }
        let viaTree = outcome { () throws(ParlanceError) in
            try XCStringsFile.contents(try JSONParser.parse(bytes, path: name), path: name, states: states)
        }
        switch (viaTape, viaTree) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(name)")
        case (.failure(let a), .failure(let b)): #expect(a.description == b.description, "\(name)")
        default: Issue.record("\(name): \(viaTape) against \(viaTree)")
        }
        return taped
    }

    @Test func realCatalogsAndFixtures() throws {
        var taped = 0
        let folders = ["/Tests/Fixtures/xcstrings", "/Tests/Fixtures/real/xcstrings"].map { Fixtures.repository + $0 }
        for folder in folders {
            for name in try FileSystem.list(folder).sorted() where name.hasSuffix(".xcstrings") {
                let bytes = try FileSystem.read(folder + "/" + name)
                for states in [XCStringsStates.served, .all] where Self.check(bytes, name, states: states) { taped += 1 }
            }
        }
        #expect(taped >= 2 * 9)
    }

    @Test func errorsAreLocatedAlike() {
        let documents = [
            "{\"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"value\" : 3 } } } } } }",
            "\u{FEFF}{\r\n  \"sourceLanguage\" : \"en\",\r\n  \"strings\" : {\r\n    \"Grüße\" : { \"shouldTranslate\" : \"no\" }\r\n  }\r\n}",
            "{\n\"sourceLanguage\" : \"en\",\r\"strings\" : {\n  \"ä\" : { \"localizations\" : { \"xx-!!\" : {} } }\n}}",
            "{\"sourceLanguage\" : 1}",
            "[]",
            "{\"sourceLanguage\" : \"en\", \"strings\" : { \"k\" : { \"localizations\" : { \"ru\" : { \"variations\" : { \"plural\" : { \"several\" : {} } } } } } } }",
            "{\"sourceLanguage\" : \"en\", \"strings\" : { \"k\" : { \"localizations\" : { \"ru\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 0 } } } } } } }",
            "{\"sourceLanguage\" : \"en\", \"strings\" : { \"k\\u00e9\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\\ud83d\\ude00 \\\"x\\\"\" } } } } } }",
            "{\"sourceLanguage\" : \"en\", \"strings\" : {}, }",
            "{\"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : \"\\ud800\" } }",
        ]
        for (index, text) in documents.enumerated() { _ = Self.check(Array(text.utf8), "doc\(index).xcstrings") }
    }

    @Test func tapeTakesWhatTheParserAccepts() {
        let documents = [
            "{}", "[]", "\"s\"", "0", "-0.5e+10", "true", "null", " [1, [2, {\"a\": []}], {}] ", "{\"a\": 1,}", "[1,]", "[,1]",
            "{\"a\" 1}", "{\"a\": 01}", "[1.]", "[1e]", "[-]", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\udc00\"]", "[\"\\ud800\\u0041\"]",
            "[\"tab\there\"]", "[tru]", "[1] 2", "", " ", "{\"a\": {\"b\": [1, 2, {\"c\": null}]}}", "\u{FEFF}[1]",
            String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        ]
        for text in documents {
            let bytes = Array(text.utf8)
            let taped = bytes.withUnsafeBufferPointer { JSONTape.read($0) != nil }
            let parsed = (try? JSONParser.parse(bytes, path: nil)) != nil
            #expect(taped == parsed, "\(text.prefix(40))")
        }
    }
}
