import Testing
@testable import Parlance

private func parse(_ text: String) throws(ParlanceError) -> [ParsedEntry] {
    try AndroidResourcesFile.parse(Array(text.utf8), path: "values/strings.xml")
}

@Suite struct XMLDocumentTests {
    @Test func elementsAttributesTextAndCDATA() throws {
        let document = try XMLDocument.parse(Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE r [ <!ENTITY x "y"> ]>
            <!-- a comment -->
            <r a="1 &amp; 2" b='&#169;&#x1F600;'>te&lt;xt<![CDATA[<b>&amp;</b>]]><x:g id="n"/>\r\nend</r>
            """.utf8), path: "t.xml")
        let root = document.root
        #expect(root.name == "r")
        #expect(root.attribute("a") == "1 & 2")
        #expect(root.attribute("b") == "©😀")
        #expect(root.children == [
            .text("te<xt", cdata: false), .text("<b>&amp;</b>", cdata: true),
            .element(XMLElement(name: "x:g", attributes: [XMLAttribute(name: "id", value: "n", offset: 165, valueRange: 169..<170)],
                               offset: 160, contentRange: 173..<173)),
            .text("\nend", cdata: false),
        ])
        #expect(root.elements.first?.localName == "g")
        #expect(root.textContent == "te<xt<b>&amp;</b>\nend")
        // The ranges give the bytes as written: values between their quotes, content between the tags.
        func written(_ range: Range<Int>) -> String { String(decoding: document.text.bytes[range], as: UTF8.self) }
        #expect(root.attributes.map { written($0.valueRange) } == ["1 &amp; 2", "&#169;&#x1F600;"])
        #expect(written(root.contentRange) == "te&lt;xt<![CDATA[<b>&amp;</b>]]><x:g id=\"n\"/>\r\nend")
    }

    @Test(arguments: [
        ("<r>", "1:1: <r> is not closed"),
        ("<r></s>", "1:4: expected </r>"),
        ("<r>&nbsp;</r>", "1:4: unknown entity &nbsp;"),
        ("<r a=\"<\"/>", "1:7: '<' in an attribute value"),
        ("<r a=\"1\" a=\"2\"/>", "1:10: attribute a appears twice in <r>"),
        ("<r/><s/>", "1:5: content after the root element"),
        ("x<r/>", "1:1: text outside the root element"),
        ("", "1:1: no root element"),
        ("<r>\n  <!-- open", "2:3: comment is not closed"),
        // `-->` is looked for after `<!--`: its own dashes do not close it.
        ("<r><!--></r>", "1:4: comment is not closed"),
        ("<!--><r/>", "1:1: comment is not closed"),
        ("<r><?></r>", "1:4: processing instruction is not closed"),
        ("<r>&#0;</r>", "1:4: &#0; is not a character"),
        ("<r a=1/>", "1:6: the value of attribute a must be quoted"),
    ])
    func errorsAreLocated(_ text: String, _ expected: String) {
        let error = thrownError { _ = try XMLDocument.parse(Array(text.utf8), path: nil) }
        #expect(error?.description == expected)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "<a>", count: 600) + String(repeating: "</a>", count: 600)
        let error = thrownError { _ = try XMLDocument.parse(Array(text.utf8), path: nil) }
        #expect(error?.message == "elements nested deeper than 512 levels")
    }

    @Test func utf16FilesAreRead() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<r>é</r>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try XMLDocument.parse(bytes, path: nil).root.textContent == "é")
    }
}

@Suite struct AndroidResourcesTests {
    /// Texts that need no compiling come back as they are; every text
    /// compiles as the scalar-by-scalar reading does, trimmed or not.
    @Test func compiledTextsAgreeWithTheFullReading() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", " ", "  ", "\\", "\\n", "\\u00e9", "\\'", "\"", "\t", "\n", "é", "l'", "@"]
        for _ in 0..<4000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for trimming in [true, false] {
                #expect(AndroidText.compile(text, trimming: trimming) == AndroidText.decode(text, trimming: trimming), "\(text)")
            }
        }
    }

    @Test func stringsPluralsAndArrays() throws {
        let entries = try parse("""
            <resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
                <string name="app_name" translatable="false">Notes</string>
                <plurals name="notes">
                    <item quantity="one">%d note</item>
                    <item quantity="other">%d notes</item>
                </plurals>
                <string-array name="sizes"><item>Small</item><item>Large</item></string-array>
                <item type="string" name="extra">Extra</item>
                <color name="accent">#ff0000</color>
                <string name="welcome">Hello <xliff:g id="name" example="Ana">%1$s</xliff:g>, <b>welcome</b>!</string>
                <string name="alias">@string/app_name</string>
            </resources>
            """)
        #expect(pairs(entries) == [
            "app_name=Notes", "notes=<plural(Parlance.PluralForms(forms: [nil, Optional(\"%d note\"), nil, nil, nil, Optional(\"%d notes\")]))>",
            "sizes[0]=Small", "sizes[1]=Large", "extra=Extra", "welcome=Hello %1$s, welcome!", "alias=@string/app_name",
        ])
        #expect(entries[0].line == 2 && entries[0].column == 5)
    }

    @Test(arguments: [
        (#"It\'s"#, "It's"),
        (#"  two   words  "#, "two words"),
        ("line\n   break", "line break"),
        (#""  kept  spaces  ""#, "  kept  spaces  "),
        (#"say \"hi\""#, #"say "hi""#),
        (#"\@home \?mark \\ back"#, #"@home ?mark \ back"#),
        (#"a\nb\tc"#, "a\nb\tc"),
        (#"caf\u00e9 \u12"#, "café u12"),
        ("it's", "it's"),
        (#"a "b c" d"#, "a b c d"),
        (#"end "#, "end"),
    ])
    func textAsAapt2CompilesIt(_ raw: String, _ expected: String) {
        #expect(AndroidText.compile(raw) == expected)
    }

    @Test(arguments: [
        ("values", ""), ("values-de", "de"), ("values-pt-rBR", "pt-BR"), ("values-b+sr+Latn", "sr-Latn"),
        ("values-zh-rTW", "zh-TW"), ("values-night", nil), ("values-v21", nil), ("values-de-land", nil), ("layout", nil),
        ("values-fil", "fil"),
    ] as [(String, String?)])
    func folderLocales(_ folder: String, _ locale: String?) {
        #expect(AndroidFolder.locale(folder) == locale)
    }

    @Test func theDefaultFolderIsItsToolsLocaleElseEnglish() {
        #expect(AndroidFolder.defaultLocale(Array(#"<resources xmlns:tools="t" tools:locale="fr">"#.utf8)) == "fr")
        #expect(AndroidFolder.defaultLocale(Array("<resources>".utf8)) == "en")
    }

    @Test func badResourcesAreLocated() {
        func failure(_ text: String) -> String? { thrownError { _ = try parse(text) }?.description }
        #expect(failure("<root/>") == "values/strings.xml:1:1: an Android resource file has a <resources> root, not <root>")
        #expect(failure("<resources>\n<string>x</string></resources>") == "values/strings.xml:2:1: <string> has no name")
        #expect(failure("<resources><plurals name=\"p\"><item quantity=\"lots\">x</item></plurals></resources>")
                == "values/strings.xml:1:30: <item> of plurals \"p\" needs a quantity: zero, one, two, few, many or other")
    }

    /// `getQuantityString`: the device locale's rules choose the quantity,
    /// also in the default folder's plurals; no explicit zero.
    @Test func quantitiesFollowTheDeviceLocale() throws {
        let root = try temporaryDirectory("android-quantities")
        try writeBytes(root + "/res/values/strings.xml", Array(#"<resources><plurals name="n"><item quantity="zero">no files</item><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals></resources>"#.utf8))
        try writeBytes(root + "/res/values-ru/strings.xml", Array(#"<resources><string name="hi">Привет</string></resources>"#.utf8))
        let catalog = Catalog()
        try catalog.load(path: root)
        let ru = try Localizer(catalog: catalog, locales: ["ru"])
        #expect(ru.plural("n", count: .int(21)) == "%d file")     // ru: 21 is "one"
        #expect(ru.plural("n", count: .int(5)) == "%d files")     // ru "many": not in the bag, other
        #expect(try ru.format("n", [.int(21)]) == "21 file")
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(en.plural("n", count: .int(0)) == "%d files")     // en has no zero category
        #expect(en.plural("n", count: .int(1)) == "%d file")
    }

    @Test func pluralsWithoutOtherLoadAsAapt2TakesThem() throws {
        let entries = try parse("<resources><plurals name=\"p\"><item quantity=\"one\">%d plik</item><item quantity=\"few\">%d pliki</item></plurals><string name=\"s\">x</string></resources>")
        #expect(entries.count == 2)
        let catalog = Catalog()
        try catalog.load(bytes: Array("<resources><plurals name=\"p\"><item quantity=\"one\">%d plik</item><item quantity=\"few\">%d pliki</item></plurals></resources>".utf8),
                         locale: "pl", format: .android)
        let pl = try Localizer(catalog: catalog, locales: ["pl"])
        #expect(try pl.format("p", [.int(1)]) == "1 plik")
        #expect(try pl.format("p", [.int(3)]) == "3 pliki")
        #expect(pl.explain("p", count: .int(5)).found == false)   // many: no item, no other
    }

    @Test func aResFolderLoadsEveryLocale() throws {
        let root = try temporaryDirectory("android-res")
        try writeBytes(root + "/res/values/strings.xml", Array(#"<resources><string name="hi">Hello</string><plurals name="n"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals></resources>"#.utf8))
        try writeBytes(root + "/res/values-ru/strings.xml", Array(#"<resources><plurals name="n"><item quantity="zero">нет файлов</item><item quantity="one">%d файл</item><item quantity="few">%d файла</item><item quantity="many">%d файлов</item><item quantity="other">%d файла</item></plurals></resources>"#.utf8))
        try writeBytes(root + "/res/values-b+sr+Latn/strings.xml", Array(#"<resources><string name="hi">Zdravo</string><string name="ref">@string/more</string><string name="up">@string/base</string></resources>"#.utf8))
        try writeBytes(root + "/res/values-b+sr+Latn/more.xml", Array(#"<resources><string name="more">Više</string></resources>"#.utf8))
        try writeBytes(root + "/res/values/base.xml", Array(#"<resources><string name="base">Base</string></resources>"#.utf8))
        try writeBytes(root + "/res/values-night/strings.xml", Array(#"<resources><string name="hi">Night</string></resources>"#.utf8))
        try writeBytes(root + "/res/values/colors.xml", Array(#"<resources><color name="c">#fff</color></resources>"#.utf8))
        let catalog = Catalog()
        try catalog.load(path: root)
        #expect(catalog.locales == ["en", "ru", "sr-Latn"])
        let ru = try Localizer(catalog: catalog, locales: ["ru"])
        #expect(try ru.format("n", [.int(5)]) == "5 файлов")
        #expect(ru.text("hi") == "Hello")
        let sr = try Localizer(catalog: catalog, locales: ["sr-Latn-RS"])
        #expect(sr.text("hi") == "Zdravo")
        #expect(sr.text("ref") == "Više")     // a reference to another file of the folder
        #expect(sr.text("up") == "Base")      // and to the default folder
        // A zero item is only for languages whose CLDR rules have zero, as Android chooses.
        #expect(try ru.format("n", [.int(0)]) == "0 файлов")
        // One file, its locale from its folder.
        let single = Catalog()
        try single.load(path: root + "/res/values-ru/strings.xml")
        #expect(single.locales == ["ru"])
    }
}
