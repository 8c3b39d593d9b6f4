import Testing
@testable import Parlance
import CParlanceShim

/// Keys compared in NFC (`NormalForm`): at load for parsed tables, and by a
/// second try in NFC when a lookup with a key not in NFC misses.
@Suite struct NormalFormTests {
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"

    @Test func normalizationItself() {
        #expect(!composed.unicodeScalars.elementsEqual(decomposed.unicodeScalars))
        #expect(NormalForm.nfc(decomposed).unicodeScalars.elementsEqual(composed.unicodeScalars))
        #expect(NormalForm.nfc("plain ASCII") == "plain ASCII")
        Array(composed.utf8).withUnsafeBytes { #expect(!NormalForm.needsNFC($0)) }
        Array(decomposed.utf8).withUnsafeBytes { #expect(NormalForm.needsNFC($0)) }
        // Below U+0300 everything is in NFC (checked against ICU for every pair of such characters' lead bytes).
        for scalar in (0x80..<0x300).compactMap(Unicode.Scalar.init) {
            let text = "a" + String(Character(scalar)) + "\u{E9}"
            Array(text.utf8).withUnsafeBytes { bytes in
                #expect(!NormalForm.needsNFC(bytes))
                #expect(parlance_icu_is_nfc(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) == 1)
            }
        }
        Array("Hangul \u{1100}\u{1161}".utf8).withUnsafeBytes { #expect(NormalForm.normalized($0) == Array("Hangul \u{AC00}".utf8)) }
    }

    @Test(arguments: [(true, false), (false, true), (true, true)])
    func eitherFormFindsTheOther(_ storeDecomposed: Bool, _ askDecomposed: Bool) throws {
        let stored = storeDecomposed ? decomposed : composed
        let asked = askDecomposed ? decomposed : composed
        let catalog = Catalog()
        try catalog.load(bytes: Array("\"\(stored)\" = \"coffee house\";\n".utf8), locale: "fr")
        let localizer = try Localizer(catalog: catalog, locales: ["fr"])
        #expect(localizer.lookup(asked) == "coffee house")
        #expect(localizer.explain(asked).locale == "fr")
        let po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"\(stored)\"\nmsgstr \"Kaffee\"\n"
        try catalog.load(bytes: Array(po.utf8), locale: "de", table: "app", format: .po)
        let german = try Localizer(catalog: catalog, locales: ["de"])
        #expect(german.lookup(asked, table: "app") == "Kaffee")
    }
}
