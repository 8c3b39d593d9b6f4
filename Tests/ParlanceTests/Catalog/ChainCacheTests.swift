import Testing
@testable import Parlance

/// The chains a catalog's localizers ask for, kept in a table that starts
/// small, grows as chains are added and starts over past its capacity:
/// every localizer serves its own chain throughout, and asking again gives
/// the same chain.
@Suite struct ChainCacheTests {
    @Test func manyChainsEachServeTheirOwn() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array("\"k\" = \"fr\";".utf8), locale: "fr")
        try catalog.load(bytes: Array("\"k\" = \"de\";".utf8), locale: "de")
        let letters = Array("abcghjklmnpqrstuvwxyz")
        var requests: [[String]] = []
        for first in letters {
            for second in letters where requests.count < 2 * ChainCache.capacity + 50 {
                requests.append(["q\(first)\(second)", requests.count.isMultiple(of: 2) ? "fr" : "de"])
            }
        }
        var localizers: [Localizer] = []
        for request in requests {
            let localizer = try Localizer(catalog: catalog, locales: request)
            #expect(localizer.text("k") == request[1], "\(request)")
            localizers.append(localizer)
        }
        for (request, localizer) in zip(requests, localizers) {
            #expect(localizer.text("k") == request[1], "\(request)")
            let again = try Localizer(catalog: catalog, locales: request)
            #expect(again.locales == localizer.locales, "\(request)")
            #expect(again.text("k") == request[1], "\(request)")
        }
    }
}
