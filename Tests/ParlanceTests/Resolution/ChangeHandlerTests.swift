import Synchronization
import Testing
@testable import Parlance

/// `Localizer.onChange`: told after a switch to a different chain and after
/// loads, with no lock held (handlers look up and switch), and removable.
@Suite struct ChangeHandlerTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func catalog() throws -> Catalog {
        let catalog = Catalog()
        try catalog.load(bytes: bytes("\"Print\" = \"Imprimer\";"), locale: "fr")
        try catalog.load(bytes: bytes("\"Print\" = \"印刷\";"), locale: "ja")
        return catalog
    }

    @Test func switchesAndLoadsAreToldWithFreshLookups() throws {
        let catalog = try catalog()
        let localizer = try Localizer(catalog: catalog, locales: ["en"])
        let told = Mutex<[String]>([])
        let id = localizer.onChange { changed, change in
            told.withLock { $0.append("\(change == .locales ? "locales" : "catalog") \(changed.text("Print"))") }
        }
        try localizer.setLocales(["fr"])
        try localizer.setLocales(["fr"])            // the same chain: nobody is told
        try catalog.load(bytes: bytes("\"Print\" = \"Imprimer !\";"), locale: "fr")
        #expect(told.withLock { $0 } == ["locales Imprimer", "catalog Imprimer !"])
        #expect(localizer.removeChangeHandler(id))
        #expect(!localizer.removeChangeHandler(id))
        try localizer.setLocales(["ja"])
        #expect(told.withLock { $0.count } == 2)
    }

    @Test func aHandlerMaySwitchAgain() throws {
        let localizer = try Localizer(catalog: try catalog(), locales: ["en"])
        let order = Mutex<[String]>([])
        localizer.onChange { changed, _ in
            let first = changed.locales[0]
            order.withLock { $0.append(first) }
            if first == "ja" { try? changed.setLocales(["fr"]) }
        }
        try localizer.setLocales(["ja"])
        #expect(order.withLock { $0 } == ["ja", "fr"])
        #expect(localizer.text("Print") == "Imprimer")
    }

    @Test func aLocalizerGoneIsNotTold() throws {
        let catalog = try catalog()
        let told = Mutex(0)
        do {
            let localizer = try Localizer(catalog: catalog, locales: ["fr"])
            localizer.onChange { _, _ in told.withLock { $0 += 1 } }
        }
        try catalog.load(bytes: bytes("\"Print\" = \"Imprimer\";"), locale: "fr")
        #expect(told.withLock { $0 } == 0)
    }
}
