import Testing
@testable import Parlance

/// The resolver's own rules, in small cases.
@Suite struct FluentBundleTests {
    static func bundle(_ source: String, locale: String = "en-US") -> FluentBundle {
        let bundle = FluentBundle(locale: locale)
        bundle.add(FluentParser.parse(source))
        return bundle
    }

    @Test func isolatesPlaceablesByDefault() {
        let bundle = Self.bundle("hi = Hello, { $name }!\n")
        #expect(bundle.format("hi", arguments: ["name": .string("Ann")])?.text == "Hello, \u{2068}Ann\u{2069}!")
        bundle.useIsolating = false
        #expect(bundle.format("hi", arguments: ["name": .string("Ann")])?.text == "Hello, Ann!")
    }

    @Test func missingThingsLeaveTextAndErrors() {
        let bundle = Self.bundle("a = { $x } { b } { -c }\n")
        bundle.useIsolating = false
        let result = bundle.format("a")
        #expect(result?.text == "{$x} {b} {-c}")
        #expect(result?.errors.map(\.description) == ["Unknown variable: $x", "Unknown message: b", "Unknown term: -c"])
    }

    @Test func cyclesAndBombsStop() {
        let cycle = Self.bundle("a = { b }\nb = { a }\n")
        #expect(cycle.format("a")?.errors.map(\.kind) == [.cyclic])
        var source = "lol0 = LOL\n"
        for i in 1...5 { source += "lol\(i) = " + String(repeating: "{ lol\(i - 1) } ", count: 10) + "\n" }
        let bomb = Self.bundle(source).format("lol5")
        #expect(bomb?.errors.contains { $0.kind == .tooManyPlaceables } == true)
        #expect((bomb?.text.utf8.count ?? 0) < 2_000)
    }

    @Test func exactNumbersBeforePluralCategories() {
        let source = "n = { $n ->\n    [one] one\n    [0] zero\n   *[other] other\n}\np = { $n ->\n    [few] few\n   *[other] other\n}\n"
        let bundle = Self.bundle(source)
        #expect(bundle.format("n", arguments: ["n": .number(FluentNumber(0))])?.text == "zero")
        #expect(bundle.format("n", arguments: ["n": .number(FluentNumber(1))])?.text == "one")
        #expect(bundle.format("n", arguments: ["n": .number(FluentNumber(7))])?.text == "other")
        #expect(Self.bundle(source, locale: "pl").format("p", arguments: ["n": .number(FluentNumber(3))])?.text == "few")
    }

    @Test func termsTakeTheirOwnArguments() {
        let bundle = Self.bundle("""
        -brand = { $case ->
           *[nom] Firefox
            [gen] Firefoxu
        }
            .gender = masculine
        a = { -brand(case: "gen") } { -brand.gender ->
            [masculine] he
           *[other] it
        }

        """)
        bundle.useIsolating = false
        #expect(bundle.format("a")?.text == "Firefoxu he")
        #expect(bundle.format("a")?.errors.isEmpty == true)
    }

    @Test func numberOptionsGoThroughICU() {
        let bundle = Self.bundle("""
        a = { NUMBER($n, minimumFractionDigits: 2) }
        b = { NUMBER($n, style: "percent") }
        c = { NUMBER($n, useGrouping: "false") }
        d = { NUMBER($n, style: "currency", currency: "EUR") }
        e = { $n }

        """)
        let n: [String: FluentValue] = ["n": .number(FluentNumber(1234.5))]
        #expect(bundle.format("a", arguments: n)?.text == "1,234.50")
        #expect(bundle.format("b", arguments: ["n": .number(FluentNumber(0.25))])?.text == "25%")
        #expect(bundle.format("c", arguments: n)?.text == "1234.5")
        #expect(bundle.format("d", arguments: n)?.text == "€1,234.50")
        #expect(bundle.format("e", arguments: n)?.text == "1,234.5")
    }

    @Test func datetimeOptions() {
        let bundle = Self.bundle("a = { DATETIME($d, dateStyle: \"long\", timeZone: \"UTC\") }\nb = { DATETIME($d, year: \"numeric\", month: \"short\", timeZone: \"UTC\") }\n")
        let d: [String: FluentValue] = ["d": .date(epochMilliseconds: 1_700_000_000_000)]
        #expect(bundle.format("a", arguments: d)?.text == "November 14, 2023")
        #expect(bundle.format("b", arguments: d)?.text == "Nov 2023")
    }

    @Test func customFunctions() {
        let bundle = Self.bundle("a = { UPPER(\"x\", \"y\") }\n")
        bundle.addFunction("UPPER") { positional, _, _ in
            var text = ""
            for case .string(let s) in positional { text += s.uppercased() }
            return .string(text)
        }
        #expect(bundle.format("a")?.text == "XY")
    }
}
