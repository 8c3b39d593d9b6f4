import Testing
@testable import ParlanceTools

/// `parlance extract` over UI documents: the texts `InterfaceDocument` finds, as messages.
@Suite struct ExtractDocumentsTests {
    @Test func gtkBuilderTextsAreMessagesWithContextsCommentsAndTheInterfaceDomain() {
        let result = Extractor.extract(source: InterfaceDocumentFixtures.gtk, path: "src/window.ui", language: .gtkBuilder)
        let found = Dictionary(uniqueKeysWithValues: result.messages.map { (($0.context ?? "") + "|" + $0.key, $0) })
        #expect(Set(found.keys) == ["|Files & Folders", "verb|Open", "|Open", "|Print", "|_Quit"])
        #expect(found["|Files & Folders"]?.notes == ["The window's title"])
        #expect(found["|Files & Folders"]?.table == "app")
        #expect(found["|Print"]?.table == nil)
        #expect(found["verb|Open"]?.references == [SourceMessage.Reference(path: "src/window.ui", line: 6)])
        #expect(found["|Open"]?.references == [SourceMessage.Reference(path: "src/window.ui", line: 7)])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func interfaceBuilderTextsAreTheirDocumentsTableKeyedByObject() {
        let result = Extractor.extract(source: InterfaceDocumentFixtures.storyboard, path: "Base.lproj/Main.storyboard",
                                       language: .interfaceBuilder)
        let found = Dictionary(uniqueKeysWithValues: result.messages.map { ($0.key, $0) })
        #expect(Set(found.keys) == ["lb1-aa-bbb.text", "Print", "tf1-aa-bbb.placeholder"])
        #expect(found["lb1-aa-bbb.text"]?.table == "Main")
        #expect(found["lb1-aa-bbb.text"]?.defaultValue == "Hello")
        #expect(found["tf1-aa-bbb.placeholder"]?.defaultValue == "Your name")
        #expect(found["Print"]?.table == nil)
    }

    @Test func aMalformedDocumentIsALocatedErrorAndGivesNothing() {
        let result = Extractor.extract(source: "<interface>\n<object>\n</interface>", path: "w.ui", language: .gtkBuilder)
        #expect(result.messages.isEmpty)
        #expect(result.diagnostics.map(\.description) == ["w.ui:3:1: error: expected </object>"])
    }

    @Test func documentsAreFoundByTheirExtensions() {
        #expect(SourceLanguage.of(path: "a/b/window.ui") == .gtkBuilder)
        #expect(SourceLanguage.of(path: "old.glade") == .gtkBuilder)
        #expect(SourceLanguage.of(path: "Base.lproj/Main.storyboard") == .interfaceBuilder)
        #expect(SourceLanguage.of(path: "View.xib") == .interfaceBuilder)
    }
}

enum InterfaceDocumentFixtures {
    static let gtk = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface domain="app">
          <object class="GtkWindow">
            <property name="title" translatable="yes" comments="The window's title">Files &amp; Folders</property>
            <child><object class="GtkLabel">
                <property name="label" translatable="yes" context="verb">Open</property>
                <property name="tooltip-text" translatable="true">Open</property>
                <property name="name" translatable="no">Open</property>
                <property name="label2">^Print</property>
            </object></child>
          </object>
          <menu id="m"><section><item><attribute name="label" translatable="yes">_Quit</attribute></item></section></menu>
        </interface>
        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
          <scenes><scene sceneID="s1"><objects><viewController id="vc1"><view key="view" id="v1"><subviews>
            <label text="Hello" id="lb1-aa-bbb"/>
            <button id="bt1-aa-bbb"><state key="normal" title="^Print"/></button>
            <textField placeholder="Your name" id="tf1-aa-bbb"/>
          </subviews></view></viewController></objects></scene></scenes>
        </document>
        """
}

/// Base internationalization through extract and merge: the storyboard is the
/// development table; each other language gets `<Name>.strings` keyed by object.
@Suite struct BaseInternationalizationMergeTests {
    @Test func extractedStoryboardTextsFillEveryLanguageButTheDevelopmentOne() throws {
        let directory = try temporaryDirectory()
        let storyboard = directory + "/Base.lproj/Main.storyboard"
        try writeBytes(storyboard, Array(InterfaceDocumentFixtures.storyboard.utf8))
        try writeBytes(directory + "/fr.lproj/Main.strings", Array("\"lb1-aa-bbb.text\" = \"Bonjour\";\n".utf8))
        let result = Extractor.extract(source: InterfaceDocumentFixtures.storyboard, path: "Base.lproj/Main.storyboard",
                                       language: .interfaceBuilder)
        let messages = result.messages.filter { $0.table == "Main" }
        let report = try Merger.merge(messages: messages, into: directory, format: .strings, locales: ["de"],
                                      developmentLocale: "en", options: MergeOptions())
        #expect(!FileSystemTools.exists(directory + "/en.lproj/Main.strings"), "\(report.summary)")
        #expect(report.file(directory + "/fr.lproj/Main.strings")?.added == ["tf1-aa-bbb.placeholder"])
        #expect(report.file(directory + "/de.lproj/Main.strings")?.added == ["lb1-aa-bbb.text", "tf1-aa-bbb.placeholder"])
        // The translation stays; the new key carries the storyboard's text, marked untranslated.
        let fr = try readText(directory + "/fr.lproj/Main.strings")
        #expect(fr.contains("\"lb1-aa-bbb.text\" = \"Bonjour\";"))
        #expect(fr.contains("\"tf1-aa-bbb.placeholder\" = \"Your name\";"))
        let de = try localizer(directory, locales: ["de"])
        #expect(de.lookup("lb1-aa-bbb.text", table: "Main") == "Hello")
    }
}
