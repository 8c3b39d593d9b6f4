import Testing
@testable import Parlance

/// Every lookup kind goes through the one walk (`Localizer.find`): the
/// device, the retry in NFC and the miss reports apply to each alike.
@Suite struct OneWalkTests {
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>Tap</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@d@</string>
        <key>d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string>
        <key>iphone</key><string>Tippen</string><key>other</key><string>Klicken</string></dict></dict>
        <key>Caf\u{E9}</key><dict><key>NSStringLocalizedFormatKey</key><string>Kaffee</string></dict>
        </dict></plist>
        """

    func localizer() throws -> Localizer {
        let catalog = Catalog()
        try catalog.load(bytes: Array(Self.stringsdict.utf8), locale: "de", format: .stringsdict)
        catalog.setMessageSyntax(.i18next)   // so that format(_:named:) reads these plain texts
        return try Localizer(catalog: catalog, locales: ["de"])
    }

    /// Every kind's answer for one key.
    func answers(_ localizer: Localizer, _ key: String) throws -> [String] {
        [localizer.text(key), localizer.lookup(key) ?? key, localizer.explain(key).text,
         try localizer.format(key, []), try localizer.format(key, named: [:])]
    }

    @Test func aDeviceChoosesForEveryKind() throws {
        let localizer = try localizer()
        #expect(try answers(localizer, "Tap") == Array(repeating: "Klicken", count: 5))
        localizer.device = .iphone
        #expect(try answers(localizer, "Tap") == Array(repeating: "Tippen", count: 5))
    }

    @Test func aKeyNotInNFCIsFoundByEveryKind() throws {
        #expect(try answers(localizer(), "Cafe\u{301}") == Array(repeating: "Kaffee", count: 5))
    }

    @Test func everyKindReportsItsMissOnce() throws {
        let localizer = try localizer()
        let misses = Locked<[String]>.make([])
        localizer.onMiss { miss in misses.withLock { $0.append(miss.key) } }
        #expect(try answers(localizer, "Absent") == Array(repeating: "Absent", count: 5))
        #expect(misses.withLock { $0 } == Array(repeating: "Absent", count: 5))
    }
}
