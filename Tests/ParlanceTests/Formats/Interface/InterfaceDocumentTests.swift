import Testing
@testable import Parlance

/// A localizer over tables given as text: (locale, table, format, text).
private func localizer(_ tables: [(String, String, TableFormat, String)], locales: [String]) throws -> Localizer {
    let catalog = Catalog()
    for (locale, table, format, text) in tables { try catalog.load(bytes: Array(text.utf8), locale: locale, table: table, format: format) }
    return try Localizer(catalog: catalog, locales: locales)
}

private func localize(_ document: String, name: String?, kind: InterfaceDocument.Kind? = nil, by localizer: Localizer)
    throws -> (text: String, missing: [String]) {
    let read = try InterfaceDocument(bytes: Array(document.utf8), name: name, kind: kind)
    let (bytes, missing) = read.localized(by: localizer)
    return (String(decoding: bytes, as: UTF8.self), missing.map(\.key))
}

@Suite struct InterfaceDocumentTests {
    static let gtk = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- A window. -->
        <interface domain="app">
          <object class="GtkWindow">
            <property name="title" translatable="yes" comments="The window's title">Files &amp; Folders</property>
            <property name="icon-name">folder</property>
            <child>
              <object class="GtkLabel">
                <property name="label" translatable="yes" context="verb">Open</property>
                <property name="tooltip-text" translatable="true">Open</property>
                <property name="name" translatable="no">Open</property>
                <property name="label2">^Print</property>
              </object>
            </child>
          </object>
          <menu id="m"><section><item><attribute name="label" translatable="yes">_Quit</attribute></item></section></menu>
        </interface>
        """

    @Test func gtkBuilderTextsAreTheTranslatableElementsWithTheirContextsAndComments() throws {
        let document = try InterfaceDocument(bytes: Array(Self.gtk.utf8), name: "src/window.ui")
        #expect(document.kind == .gtkBuilder)
        #expect(document.table == "app")
        #expect(document.texts.map(\.key) == ["Files & Folders", "Open", "Open", "Print", "_Quit"])
        #expect(document.texts.map(\.context) == [nil, "verb", nil, nil, nil])
        #expect(document.texts[0].comment == "The window's title")
        #expect(document.texts.map(\.marking) == [.translatable, .translatable, .translatable, .caret, .translatable])
        #expect(document.texts.map(\.table) == ["app", "app", "app", nil, "app"])
        #expect(document.texts.map { "\($0.line):\($0.column)" } == ["5:77", "9:66", "10:59", "12:33", "16:74"])
    }

    @Test func gtkBuilderDocumentsAreLocalizedInPlace() throws {
        let fr = try localizer([
            ("fr", "app", .po, """
                msgid "Files & Folders"
                msgstr "Fichiers <et> \\"dossiers\\""
                msgctxt "verb"
                msgid "Open"
                msgstr "Ouvrir"
                msgid "Open"
                msgstr "Ouvert"
                """),
            ("fr", "Localizable", .strings, "\"Print\" = \"Imprimer\";"),
        ], locales: ["fr"])
        let (text, missing) = try localize(Self.gtk, name: "window.ui", by: fr)
        #expect(text == Self.gtk
            .replacingOccurrences(of: ">Files &amp; Folders<", with: ">Fichiers &lt;et&gt; \"dossiers\"<")
            .replacingOccurrences(of: "context=\"verb\">Open<", with: "context=\"verb\">Ouvrir<")
            .replacingOccurrences(of: "translatable=\"true\">Open<", with: "translatable=\"true\">Ouvert<")
            .replacingOccurrences(of: ">^Print<", with: ">Imprimer<"))
        #expect(missing == ["_Quit"])
    }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <subviews>
                                    <label text="Hello" id="lb1-aa-bbb"><accessibility key="accessibilityConfiguration" label="Greeting"/></label>
                                    <button id="bt1-aa-bbb"><state key="normal" title="^Print"/></button>
                                    <textField placeholder='Your "name"' id="tf1-aa-bbb"/>
                                    <segmentedControl id="sg1-aa-bbb"><segments><segment title="One"/><segment title="Two"/></segments></segmentedControl>
                                    <textView id="tv1-aa-bbb"><string key="text">Line one
        Line two</string></textView>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Settings" id="ni1-aa-bbb"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func interfaceBuilderTextsAreKeyedByObjectAndProperty() throws {
        let document = try InterfaceDocument(bytes: Array(Self.storyboard.utf8), name: "App/Base.lproj/Main.storyboard")
        #expect(document.kind == .interfaceBuilder)
        #expect(document.table == "Main")
        #expect(document.texts.map { $0.objectKey ?? "-" } == [
            "lb1-aa-bbb.text", "lb1-aa-bbb.accessibilityLabel", "bt1-aa-bbb.normalTitle", "tf1-aa-bbb.placeholder",
            "sg1-aa-bbb.segmentTitles[0]", "sg1-aa-bbb.segmentTitles[1]", "tv1-aa-bbb.text", "ni1-aa-bbb.title",
        ])
        #expect(document.texts.map(\.key) == ["Hello", "Greeting", "Print", "Your \"name\"", "One", "Two", "Line one\nLine two", "Settings"])
        #expect(document.texts[2].marking == .caret)
    }

    @Test func interfaceBuilderDocumentsTakeTheirOwnTableThenImplicitLocalization() throws {
        let de = try localizer([
            ("de", "Main", .strings, """
                "lb1-aa-bbb.text" = "Hallo";
                "tf1-aa-bbb.placeholder" = "Ihr \\"Name\\"";
                "sg1-aa-bbb.segmentTitles[1]" = "Zwei";
                "tv1-aa-bbb.text" = "Zeile eins\\nZeile zwei";
                """),
            ("de", "Localizable", .strings, "\"Print\" = \"Drucken\"; \"Settings\" = \"Einstellungen\";"),
        ], locales: ["de"])
        let (text, missing) = try localize(Self.storyboard, name: "Main.storyboard", by: de)
        #expect(text == Self.storyboard
            .replacingOccurrences(of: "text=\"Hello\"", with: "text=\"Hallo\"")
            .replacingOccurrences(of: "title=\"^Print\"", with: "title=\"Drucken\"")
            .replacingOccurrences(of: "placeholder='Your \"name\"'", with: "placeholder='Ihr \"Name\"'")
            .replacingOccurrences(of: "title=\"Two\"", with: "title=\"Zwei\"")
            .replacingOccurrences(of: "Line one\nLine two", with: "Zeile eins\nZeile zwei")
            .replacingOccurrences(of: "title=\"Settings\"", with: "title=\"Einstellungen\""))
        #expect(missing == ["Greeting", "One"])
        // Without a name there is no document table: only implicit localization and carets.
        #expect(try localize(Self.storyboard, name: nil, by: de).missing.count == 6)
    }

    @Test func attributeValuesAreEscapedForTheirQuotesAndKeepTheirLineEnds() throws {
        let it = try localizer([("it", "Localizable", .strings, "\"A\" = \"x 'y' \\\"z\\\" & <w>\\n\\tv\";")], locales: ["it"])
        #expect(try localize("<document><label id='l' text='^A'/></document>", name: "V.xib", by: it).text
                == "<document><label id='l' text='x &#39;y&#39; \"z\" &amp; &lt;w&gt;&#10;&#9;v'/></document>")
        #expect(try localize("<document><label id=\"l\" text=\"^A\"/></document>", name: "V.xib", by: it).text
                == "<document><label id=\"l\" text=\"x 'y' &quot;z&quot; &amp; &lt;w&gt;&#10;&#9;v\"/></document>")
    }

    static let json = """
        {"type": "window", "title": "Settings", "children": [
          {"type": "button", "label": "^Save", "id": "Save"},
          {"type": "label", "text": "Open", "context": "verb", "comment": "A button"},
          ["^Cancel", "Plain"],
          {"type": "field", "placeholder": "Name\\u0021", "value": "Open"}
        ], "footer": "\\u00c9t\\u00e9"}
        """

    @Test func jsonTreesTakeCaretsAnywhereAndConventionalMembers() throws {
        let document = try InterfaceDocument(bytes: Array(Self.json.utf8), name: "settings.json")
        #expect(document.kind == .json)
        #expect(document.texts.map(\.key) == ["Settings", "Save", "Open", "Cancel", "Name!", "Été"])
        #expect(document.texts.map(\.marking) == [.conventional, .caret, .conventional, .caret, .conventional, .conventional])
        #expect(document.texts[2].context == "verb")
        #expect(document.texts[2].comment == "A button")
        let ja = try localizer([("ja", "Localizable", .strings, """
            "Settings" = "設定"; "Save" = "保存"; "(verb)Open" = "開く"; "Name!" = "名前 \\"\\\\\\n";
            """)], locales: ["ja"])
        let (text, missing) = try localize(Self.json, name: "settings.json", by: ja)
        #expect(text == Self.json
            .replacingOccurrences(of: "\"Settings\"", with: "\"設定\"")
            .replacingOccurrences(of: "\"^Save\"", with: "\"保存\"")
            .replacingOccurrences(of: "\"text\": \"Open\"", with: "\"text\": \"開く\"")
            .replacingOccurrences(of: "\"^Cancel\"", with: "\"Cancel\"")
            .replacingOccurrences(of: "\"Name\\u0021\"", with: "\"名前 \\\"\\\\\\n\""))
        #expect(missing == ["Cancel", "Été"])
    }

    @Test func theKindComesFromTheNameOrTheContent() throws {
        #expect(InterfaceDocument.kind(forName: "a/b.glade") == .gtkBuilder)
        #expect(InterfaceDocument.kind(forName: "View.XIB") == .interfaceBuilder)
        #expect(InterfaceDocument.kind(forName: "x.strings") == nil)
        #expect(try InterfaceDocument(bytes: Array("<interface/>".utf8)).kind == .gtkBuilder)
        #expect(try InterfaceDocument(bytes: Array("<document/>".utf8)).kind == .interfaceBuilder)
        #expect(try InterfaceDocument(bytes: Array(" [\"^A\"]".utf8)).kind == .json)
        #expect(try InterfaceDocument(bytes: Array("<document/>".utf8), kind: .gtkBuilder).kind == .gtkBuilder)
    }

    @Test func badDocumentsAreLocatedErrors() {
        func failure(_ text: String, name: String) -> String? {
            thrownError { _ = try InterfaceDocument(bytes: Array(text.utf8), name: name) }?.description
        }
        #expect(failure("<interface>\n  <object>\n</interface>", name: "w.ui") == "w.ui:3:1: expected </object>")
        #expect(failure("{\"title\": \"x\",\n }", name: "v.json")?.hasPrefix("v.json:2:2:") == true)
        #expect(failure("<html/>", name: "page.xml") == "page.xml:1:1: <html> is the root of no known UI document (GtkBuilder <interface>, Interface Builder <document>)")
        #expect(failure("<interface>\u{FFFF}", name: "w.ui") != nil)
    }

    @Test func aDocumentWithNothingToLocalizeIsCopiedAsItIs() throws {
        let en = try localizer([("en", "Localizable", .strings, "\"A\" = \"B\";")], locales: ["en"])
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<interface>\r\n  <object class=\"GtkBox\"/>\r\n</interface>\r\n"
        #expect(try localize(text, name: "w.ui", by: en).text == text)
    }
}
