import Testing
@testable import Parlance

/// `UniqueStrings` keeps first-added order and each string once, on both
/// sides of the length where it starts keeping a `Set`.
@Suite struct UniqueStringsTests {
    @Test(arguments: [0, 1, UniqueStrings.linearUpTo, UniqueStrings.linearUpTo + 1, 200])
    func keepsOrderAndEachStringOnce(distinct: Int) {
        let names = (0..<distinct).map { "l\($0)" }
        var unique = UniqueStrings()
        var added: [String] = []
        // Each name twice, the second time after later ones: only the first counts.
        for (index, name) in names.enumerated() {
            if unique.insert(name) { added.append(name) }
            if index > 0 {
                let again = unique.insert(names[index - 1])
                #expect(!again)
            }
        }
        #expect(added == names)
        #expect(unique.list == names)
        for name in names { #expect(unique.contains(name)) }
        #expect(!unique.contains("l\(distinct)"))
        #expect(!unique.contains(""))
        #expect(UniqueStrings(names + names.reversed()).list == names)
    }
}
