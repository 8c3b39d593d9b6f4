import Testing
@testable import Parlance

/// The source text's plural form (gettext's `msgid_plural`): used when no
/// table of the chain has the key, chosen by the development language's rule.
@Suite struct SourcePluralTests {
    let catalog: Catalog

    init() throws { catalog = try Fixtures.exampleCatalog() }

    @Test func aMissingKeyTakesTheSourcePluralByTheDevelopmentRule() throws {
        let fr = try Localizer(catalog: catalog, locales: ["fr"], development: "en")
        let key = "You have %d new message.", plural = "You have %d new messages."
        #expect(fr.plural(key, count: .int(1), plural: plural) == key)
        #expect(fr.plural(key, count: .int(0), plural: plural) == plural)
        #expect(fr.plural(key, count: .decimal("1.0"), plural: plural) == plural)   // a visible fraction digit: other
        #expect(fr.plural(key, count: .int(5)) == key)                          // no plural given: the key
        #expect(try fr.format(key, [.int(5)], plural: plural) == "You have 5 new messages.")
        #expect(try fr.format(key, [.int(1)], plural: plural) == "You have 1 new message.")
        // French as the development language: 0 is `one` (gettext's `n != 1` would say plural).
        let frenchSource = try Localizer(catalog: catalog, locales: ["de"], development: "fr")
        #expect(frenchSource.plural("%d chat", count: .int(0), plural: "%d chats") == "%d chat")
        #expect(frenchSource.plural("%d chat", count: .int(2), plural: "%d chats") == "%d chats")
    }

    @Test func aKeyATableHasIgnoresTheSourcePlural() throws {
        let fr = try Localizer(catalog: catalog, locales: ["fr"], development: "en")
        #expect(try fr.format("files.count", [.int(3)], plural: "unused") == fr.format("files.count", [.int(3)]))
        #expect(fr.plural("files.count", count: .int(3), plural: "unused") == fr.plural("files.count", count: .int(3)))
    }
}
