import Testing
@testable import Parlance

private let real = Fixtures.repository + "/Tests/Fixtures/real/xliff/"

private func parse(_ text: String, locale: String? = nil) throws(ParlanceError) -> [XLIFFFile.Table] {
    try XLIFFFile.parse(Array(text.utf8), path: "t.xliff", locale: locale)
}

@Suite struct XLIFFTests {
    @Test func version12FilesAreTablesOfTheirTargetLanguage() throws {
        let tables = try parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="Hello" xml:space="preserve"><source>Hello</source><target state="translated">Hallo</target><note>Greeting</note></trans-unit>
                  <trans-unit id="New"><source>New</source><target state="new">New</target></trans-unit>
                  <trans-unit id="Todo"><source>Todo</source></trans-unit>
                  <trans-unit id="1" resname="Count: %d"><source>Count: %d</source><target>Anzahl: <x id="1" equiv-text="%d"/></target></trans-unit>
                  <group id="g"><trans-unit id="Nested"><source>N</source><target>  Verschachtelt  </target></trans-unit></group>
                  <trans-unit id="Bold"><source>B</source><target><g id="1">fett</g> und <ph id="2">&lt;br/&gt;</ph></target></trans-unit>
                </body>
              </file>
              <file original="App/en.lproj/Menu.strings" source-language="en" target-language="de"><body>
                <trans-unit id="Open"><source>Open</source><target>Öffnen</target></trans-unit>
              </body></file>
            </xliff>
            """)
        #expect(tables.map(\.name) == ["Localizable", "Menu"])
        #expect(tables.map(\.locale) == ["de", "de"])
        #expect(pairs(tables[0].entries) == ["Hello=Hallo", "Count: %d=Anzahl: %d", "Nested=  Verschachtelt  ", "Bold=fett und <br/>"])
        #expect(tables[0].entries[0].line == 5)
    }

    @Test func version2UnitsAndInlineCodes() throws {
        let tables = try parse("""
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
              <file id="messages.fr">
                <unit id="a1" name="greeting"><segment><source>Hi <ph id="1" equiv="%@" disp="name"/></source>
                  <target>Salut <ph id="1" equiv="%@" disp="name"/></target></segment></unit>
                <unit id="two"><segment><source>A.</source><target>Un.</target></segment><ignorable><source> </source><target> </target></ignorable>
                  <segment><source>B.</source><target>Deux.</target></segment></unit>
                <unit id="none"><segment><source>x</source></segment></unit>
                <unit id="span"><segment><source>x</source><target><pc id="1">gras</pc> <mrk id="m">mot</mrk></target></segment></unit>
              </file>
            </xliff>
            """)
        #expect(tables.map(\.name) == ["messages"])
        #expect(tables[0].locale == "fr")
        #expect(pairs(tables[0].entries) == ["greeting=Salut %@", "two=Un. Deux.", "span=gras mot"])
    }

    @Test func xcodesStringsdictUnitsBecomeTheEntryAgain() throws {
        let tables = try parse("""
            <xliff version="1.2"><file original="en.lproj/Localizable.stringsdict" source-language="en" target-language="ru"><body>
              <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source><target>%#@n@</target></trans-unit>
              <trans-unit id="/%d files:dict/n:dict/one:dict/:string"><source>%d file</source><target>%d файл</target></trans-unit>
              <trans-unit id="/%d files:dict/n:dict/few:dict/:string"><source>%d files</source><target>%d файла</target></trans-unit>
              <trans-unit id="/%d files:dict/n:dict/other:dict/:string"><source>%d files</source><target>%d файлов</target></trans-unit>
              <trans-unit id="/untranslated:dict/n:dict/other:dict/:string"><source>x</source><target>y</target></trans-unit>
            </body></file></xliff>
            """)
        #expect(tables[0].entries.count == 1)
        guard case .stringsdict(let format) = tables[0].entries[0].value else {
            Issue.record("not a stringsdict entry: \(tables[0].entries)")
            return
        }
        #expect(format.format == "%#@n@")
        #expect(format.variables["n"]?.rule == .plural(PluralForms([.one: "%d файл", .few: "%d файла", .other: "%d файлов"])))
        let catalog = Catalog()
        try catalog.load(bytes: Array("""
            <xliff version="1.2"><file original="en.lproj/Localizable.stringsdict" target-language="ru"><body>
              <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string"><source/><target>%#@n@</target></trans-unit>
              <trans-unit id="/%d files:dict/n:dict/one:dict/:string"><source/><target>%d файл</target></trans-unit>
              <trans-unit id="/%d files:dict/n:dict/many:dict/:string"><source/><target>%d файлов</target></trans-unit>
              <trans-unit id="/%d files:dict/n:dict/other:dict/:string"><source/><target>%d файла</target></trans-unit>
            </body></file></xliff>
            """.utf8), locale: nil, format: .xliff)
        #expect(try Localizer(catalog: catalog, locales: ["ru"]).format("%d files", [.int(25)]) == "25 файлов")
    }

    @Test func errorsAreLocated() {
        func failure(_ text: String, locale: String? = nil) -> String? { thrownError { _ = try parse(text, locale: locale) }?.description }
        #expect(failure("<x/>") == "t.xliff:1:1: an XLIFF document has an <xliff> root, not <x>")
        #expect(failure("<xliff version=\"1.2\">\n  <file original=\"a\"/></xliff>")
                == "t.xliff:2:3: <file> names no target language (target-language); give a locale")
        #expect(thrownError { _ = try parse("<xliff version=\"1.2\"><file target-language=\"!!\"/></xliff>") }?.code == .locale)
        #expect(try! parse("<xliff version=\"1.2\"><file original=\"a\"/></xliff>", locale: "it").map(\.locale) == ["it"])
    }

    @Test func realDocumentsLoad() throws {
        let catalog = Catalog()
        try catalog.load(path: real + "focus-ios-de.xliff")
        try catalog.load(path: real + "symfony-validator-validators.ru.xlf")
        try catalog.load(path: real + "bolt-validators.de.xlf")
        #expect(catalog.locales == ["de", "ru"])
        #expect(catalog.tables.contains("InfoPlist") && catalog.tables.contains("validators") && catalog.tables.contains("file"))
        let de = try Localizer(catalog: catalog, locales: ["de"])
        #expect(de.lookup("user.duplicate_email", table: "validators") == "Ein Benutzer mit der E-Mail {{ value }} existiert bereits")
        let ru = try Localizer(catalog: catalog, locales: ["ru"], development: "ru")
        // Symfony's units have numeric ids and no resname: the id is the key.
        #expect(ru.lookup("1", table: "file") == "Значение должно быть ложным.")
        #expect(ru.lookup("114", table: "file") == nil)   // needs-translation: not served
        
    }

    @Test func theDevelopmentLanguagesExportServesItsSources() throws {
        // Xcode's export of the development language: `new` targets copying
        // the sources, or none; the texts are the sources. Another language's
        // `new` target is still not served.
        let tables = try parse("""
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="en"><body>
                <trans-unit id="Hello"><source>Hello</source><target state="new">Hello</target></trans-unit>
                <trans-unit id="Bye"><source>Bye</source></trans-unit>
              </body></file>
              <file original="App/Localizable.xcstrings" source-language="en" target-language="de"><body>
                <trans-unit id="Hello"><source>Hello</source><target state="new">Hello</target></trans-unit>
              </body></file>
            </xliff>
            """)
        #expect(tables.map(\.locale) == ["en", "de"])
        #expect(pairs(tables[0].entries) == ["Hello=Hello", "Bye=Bye"])
        #expect(tables[1].entries.isEmpty)
    }

    @Test func documentsNamedForTheirDomainAndLanguage() {
        #expect(XLIFFTableFormat.domainAndLocale("security.de_CH.xlf")! == ("security", "de_CH"))
        #expect(XLIFFTableFormat.domainAndLocale("messages+intl-icu.fr.xlf")! == ("messages+intl-icu", "fr"))
        #expect(XLIFFTableFormat.domainAndLocale("app.sr@latin.xliff")! == ("app", "sr@latin"))
        for name in ["messages.xlf", "fr.xliff", "Localizable.strings.xliff", ".fr.xlf", "messages.f.xlf", "messages.fr_.xlf"] {
            #expect(XLIFFTableFormat.domainAndLocale(name) == nil, "\(name)")
        }
    }

    @Test func symfonyUnitsAreKeyedBySourceAndServeIt() throws {
        let tables = try XLIFFFile.parse(Array("""
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="file.ext" source-language="en" target-language="de"><body>
                <trans-unit id="1"><source>Hello</source><target>Hallo</target></trans-unit>
                <trans-unit id="2" resname="bye"><source>Bye</source><target state="new">Tschüss</target></trans-unit>
                <trans-unit id="3"><source>Todo</source></trans-unit>
                <trans-unit id="4"><source>Same</source><target state="needs-translation">Same</target></trans-unit>
                <trans-unit id="5"><source>Bold</source><target><g id="1">fett</g> und mehr</target></trans-unit>
              </body></file>
            </xliff>
            """.utf8), path: "translations/messages.de_AT.xlf", locale: "de-AT", localeWins: true, table: "messages", units: .symfony)
        #expect(tables.map(\.name) == ["messages"] && tables.map(\.locale) == ["de-AT"])
        // As Symfony's XliffFileLoader: a new target is served, a missing one
        // serves the source, SimpleXML's string value leaves child elements out.
        #expect(pairs(tables[0].entries) == ["Hello=Hallo", "bye=Tschüss", "Todo=Todo", "Bold= und mehr"])
    }
}
