import Testing
@testable import Parlance

/// `{key.path}` references in JSON tables.
@Suite struct JSONReferenceTests {
    @Test func referencesAreReplacedByTheEntrysText() throws {
        let entries = try parseTable("""
            {"welcome": "Welcome to {brand.name}, {user}!",
             "brand": {"name": "{brand.short} Cloud", "short": "Parlance"},
             "files": {"one": "{brand.short}: one file", "other": "{brand.short}: {count} files"}}
            """)
        #expect(texts(entries) == [
            "welcome": "Welcome to Parlance Cloud, {user}!",
            "brand.name": "Parlance Cloud",
            "brand.short": "Parlance",
        ])
        #expect(entries[3].value == .plural(PluralForms([.one: "Parlance: one file", .other: "Parlance: {count} files"])))
    }

    @Test func unknownAndPluralReferencesStayVerbatim() throws {
        let entries = try parseTable("""
            {"n": {"one": "a", "other": "b"}, "t": "{n} {missing.key} {count} {a-b_c.0}"}
            """)
        #expect(texts(entries)["t"] == "{n} {missing.key} {count} {a-b_c.0}")
    }

    @Test func textsThatAreNotReferences() throws {
        let entries = try parseTable(#"""
            {"x": "X", "a b": "no",
             "t1": "{{x}} and {x}", "t2": "{{ x }} {{x}", "t3": "{} {a b} { x} {x }",
             "t4": "{count, plural, one {# x} other {# xs}}", "t5": "{x", "t6": "{{x}}{x}}"}
            """#)
        let result = texts(entries)
        #expect(result["t1"] == "{{x}} and X")
        #expect(result["t2"] == "{{ x }} {{x}")
        #expect(result["t3"] == "{} {a b} { x} {x }")
        #expect(result["t4"] == "{count, plural, one {# x} other {# xs}}")
        #expect(result["t5"] == "{x")
        #expect(result["t6"] == "{{x}}X}")
    }

    @Test func theLastEntryOfANameIsTheTarget() throws {
        let entries = try parseTable(#"{"a": "1", "t": "{a}", "a": "2", "p": "x", "u": "{p}", "p": {"other": "y"}}"#)
        #expect(entries.map(\.value) == [.text("1"), .text("2"), .text("2"), .text("x"), .text("{p}"),
                                         .plural(PluralForms([.other: "y"]))])
    }

    @Test func earlierDuplicatesAreExpandedToo() throws {
        let entries = try parseTable(#"{"a": "<{b}>", "b": "B", "a": "[{b}]"}"#)
        #expect(entries.map(\.value) == [.text("<B>"), .text("B"), .text("[B]")])
    }

    static let cycles: [(String, ParlanceError)] = [
        (#"{"a": "{a}"}"#, ParlanceError(.reference, "reference cycle: a → a", path: "en.json", line: 1, column: 7)),
        ("{\"a\": \"x{b}\",\n \"b\": \"y{a}\"}",
         ParlanceError(.reference, "reference cycle: a → b → a", path: "en.json", line: 1, column: 7)),
        ("{\"r\": \"{x}\",\n \"x\": \"{y}\",\n \"y\": \"{z.w}\", \"z\": {\"w\": \"{x}\"}}",
         ParlanceError(.reference, "reference cycle: x → y → z.w → x", path: "en.json", line: 2, column: 7)),
        ("{\"n\": {\"one\": \"{a}\", \"other\": \"b\"},\n \"a\": \"{a}\"}",
         ParlanceError(.reference, "reference cycle: a → a", path: "en.json", line: 2, column: 7)),
    ]

    @Test(arguments: cycles)
    func cyclesAreLocatedAtTheirFirstString(_ example: (String, ParlanceError)) {
        #expect(tableError(example.0) == example.1)
    }

    /// `k0` → `k1` → … → `k<arrows>` = "end", one key per line, in file order or reversed.
    static func chain(arrows: Int, reversed: Bool) -> String {
        var lines = (0..<arrows).map { "\"k\($0)\": \"<{k\($0 + 1)}>\"" } + ["\"k\(arrows)\": \"end\""]
        if reversed { lines.reverse() }
        return "{\n" + lines.joined(separator: ",\n") + "\n}"
    }

    @Test(arguments: [false, true])
    func chainsOf32ReferencesExpand(reversed: Bool) throws {
        let entries = try parseTable(Self.chain(arrows: 32, reversed: reversed))
        #expect(texts(entries)["k0"] == String(repeating: "<", count: 32) + "end" + String(repeating: ">", count: 32))
    }

    @Test(arguments: [false, true])
    func chainsPast32ReferencesAreErrors(reversed: Bool) {
        // The error is at the first string, in file order, whose expansion
        // goes too deep: k0 in file order; k7 (33 levels above "end") reversed.
        let arrows = 40
        let line = reversed ? 2 + 33 : 2
        #expect(tableError(Self.chain(arrows: arrows, reversed: reversed)) ==
                ParlanceError(.reference, "references nest deeper than 32 levels", path: "en.json", line: line, column: 7))
        // 33 is the first length that fails.
        #expect(tableError(Self.chain(arrows: 33, reversed: reversed))?.code == .reference)
    }

    @Test func longCyclesFailAtTheDepthLimit() {
        let keys = (0..<50).map { "\"c\($0)\": \"{c\(($0 + 1) % 50)}\"" }
        #expect(tableError("{" + keys.joined(separator: ", ") + "}")?.message == "references nest deeper than 32 levels")
    }

    @Test func exponentialExpansionHitsTheSizeLimit() {
        // a0 would be 2^30 copies of "x".
        let keys = (0..<30).map { "\"a\($0)\": \"{a\($0 + 1)}{a\($0 + 1)}\"" } + ["\"a30\": \"x\""]
        let error = tableError("{" + keys.joined(separator: ", ") + "}")
        #expect(error?.code == .resource)
    }

    @Test func sharedTargetsAreExpandedOnce() throws {
        // Every entry reaches the same 30-deep chain: memoized, this is linear.
        var keys = (0..<30).map { "\"d\($0)\": \"{d\($0 + 1)}.\"" } + ["\"d30\": \"base\""]
        keys += (0..<5_000).map { "\"e\($0)\": \"{d0} \($0)\"" }
        let entries = try parseTable("{" + keys.joined(separator: ", ") + "}")
        #expect(texts(entries)["e4999"] == "base" + String(repeating: ".", count: 30) + " 4999")
    }
}
