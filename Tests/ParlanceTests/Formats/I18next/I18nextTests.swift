import Testing
@testable import Parlance

private func catalog(_ files: [String: String]) throws -> Catalog {
    let root = try temporaryDirectory("i18next")
    for (path, text) in files { try writeBytes(root + "/" + path, Array(text.utf8)) }
    let catalog = Catalog()
    try catalog.load(path: root)
    return catalog
}

@Suite struct I18nextTests {
    @Test func flatteningKeepsSuffixesAndPaths() throws {
        let entries = try I18nextFile.parse(Array("""
            {"nav": {"home": "Home", "list": ["a", "b"]}, "n_one": "one", "num": 42, "flag": true, "gone": null, "empty": ""}
            """.utf8), path: "en/common.json")
        #expect(pairs(entries) == ["nav.home=Home", "nav.list.0=a", "nav.list.1=b", "n_one=one", "num=42", "flag=true", "empty="])
        #expect(entries[0].line == 1 && entries[0].column == 10)
        let error = thrownError { _ = try I18nextFile.parse(Array("[]".utf8), path: "en/x.json") }
        #expect(error?.description == "en/x.json:1:1: an i18next namespace must be an object at the top level, not an array")
    }

    @Test func candidatesInI18nextsOrder() throws {
        let catalog = try catalog([
            "locales/en/common.json": """
                {"friend": "A friend", "friend_male": "A boyfriend", "friend_one": "{{count}} friend",
                 "friend_other": "{{count}} friends", "friend_male_one": "{{count}} boyfriend", "friend_male_other": "{{count}} boyfriends",
                 "msg_zero": "No messages", "msg_one": "One message", "msg_other": "{{count}} messages",
                 "place_ordinal_one": "{{count}}st", "place_ordinal_two": "{{count}}nd", "place_ordinal_few": "{{count}}rd",
                 "place_ordinal_other": "{{count}}th"}
                """,
            "locales/ru/common.json": #"{"msg_one": "{{count}} сообщение", "msg_few": "{{count}} сообщения", "msg_other": "{{count}} сообщения"}"#,
        ])
        #expect(catalog.locales == ["en", "ru"])
        let en = try Localizer(catalog: catalog, locales: ["en"])
        func t(_ key: String, _ values: [String: FormatArgument], context: String? = nil, _ loc: Localizer? = nil) throws -> String {
            try (loc ?? en).format(key, named: values, context: context, table: "common")
        }
        #expect(try t("friend", [:]) == "A friend")
        #expect(try t("friend", [:], context: "male") == "A boyfriend")
        #expect(try t("friend", ["count": .int(2)], context: "male") == "2 boyfriends")
        #expect(try t("friend", ["count": .int(1)], context: "unknown") == "1 friend")
        #expect(try t("msg", ["count": .int(0)]) == "No messages")          // _zero for exactly 0
        #expect(try t("msg", ["count": .double(0)]) == "No messages")
        #expect(try t("place", ["count": .int(22), "ordinal": .int(1)]) == "22nd")
        #expect(try t("place", ["count": .int(13), "ordinal": .int(1)]) == "13th")
        let ru = try Localizer(catalog: catalog, locales: ["ru"])
        #expect(try t("msg", ["count": .int(3)], ru) == "3 сообщения")
        #expect(try t("msg", ["count": .int(5)], ru) == "5 messages")   // no _many in ru: en, not ru's _other
        #expect(try t("absent", [:], ru) == "absent")
        // Plain lookups take the same candidates.
        #expect(en.text("friend", context: "male", table: "common") == "A boyfriend")
        #expect(en.plural("friend", count: .int(3), table: "common") == "{{count}} friends")
    }

    @Test func interpolationAndNesting() throws {
        let catalog = try catalog([
            "en/app.json": """
                {"hi": "Hello, {{name}}!", "raw": "Hello, {{- name}}!", "spaced": "{{ name }}/{{missing}}",
                 "nav": {"home": "Home"}, "inbox": "Inbox: $t(msg)", "with": "$t(msg, {'count': {{n}} })",
                 "msg_one": "one message", "msg_other": "{{count}} messages", "self": "X $t(self) Y",
                 "other_ns": "$t(common:title)", "price": "{{price}}"}
                """,
            "en/common.json": #"{"title": "Common title"}"#,
        ])
        let en = try Localizer(catalog: catalog, locales: ["en"])
        func t(_ key: String, _ values: [String: FormatArgument] = [:]) throws -> String {
            try en.format(key, named: values, table: "app")
        }
        #expect(try t("hi", ["name": .string("<b>A&B</b> 'q\" /")]) == "Hello, &lt;b&gt;A&amp;B&lt;&#x2F;b&gt; &#39;q&quot; &#x2F;!")
        #expect(try t("hi", ["name": .string("<b>"), "escapeValue": .int(0)]) == "Hello, <b>!")
        #expect(try t("raw", ["name": .string("<b>")]) == "Hello, <b>!")
        #expect(try t("spaced", ["name": .string("N")]) == "N/{{missing}}")
        #expect(try t("hi", ["name": .string("{{name}} $t(nav.home)")]) == "Hello, {{name}} $t(nav.home)!")
        #expect(try t("inbox", ["count": .int(4)]) == "Inbox: 4 messages")
        #expect(try t("with", ["n": .int(1)]) == "one message")
        #expect(try t("self") == "X X  Y Y")
        #expect(try t("other_ns") == "Common title")
        #expect(try t("price", ["price": .double(1.5)]) == "1.5")
        #expect(try t("price", ["price": .double(7)]) == "7")
    }

    @Test func namespacesInFoldersAreTablesNamedByTheirPath() throws {
        let root = try temporaryDirectory("i18next-nested")
        let files = [
            "locales/en/common.json": #"{"title": "Title", "open": "$t(components/dialog:ok)"}"#,
            "locales/en/components/dialog.json": #"{"ok": "OK", "files_one": "{{count}} file", "files_other": "{{count}} files"}"#,
            "locales/en/components/forms/login.json": #"{"user": "User"}"#,
            "locales/en/.hidden/x.json": #"{"x": "hidden"}"#,
            "locales/pl/components/dialog.json": #"{"ok": "Dobrze"}"#,
        ]
        for (path, text) in files { try writeBytes(root + "/" + path, Array(text.utf8)) }
        let catalog = Catalog()
        try catalog.load(path: root)
        #expect(catalog.tables == ["common", "components/dialog", "components/forms/login"])
        #expect(catalog.locales == ["en", "pl"])
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try en.format("files", named: ["count": .int(2)], table: "components/dialog") == "2 files")
        #expect(en.text("user", table: "components/forms/login") == "User")
        #expect(try en.format("open", named: [:], table: "common") == "OK")   // i18next's ns:key, the namespace holding "/"
        let pl = try Localizer(catalog: catalog, locales: ["pl", "en"])
        #expect(pl.text("ok", table: "components/dialog") == "Dobrze")

        // A malformed nested namespace is a located error, and what was loaded keeps serving.
        try writeBytes(root + "/locales/pl/components/dialog.json", Array("{\"ok\": \"Nie\",\n  \"bad\": }".utf8))
        let error = thrownError { try catalog.load(path: root) }
        #expect(error?.description.hasPrefix(root + "/locales/pl/components/dialog.json:2:") == true, "\(String(describing: error))")
        #expect(pl.text("ok", table: "components/dialog") == "Dobrze")

        // A compiled catalog keeps the names.
        let compiled = CompiledFixtures.path("i18next-nested")
        try catalog.writeWholeCatalog(to: compiled)
        let served = Catalog()
        try served.load(path: compiled)
        #expect(served.tables == catalog.tables)
        #expect(try Localizer(catalog: served, locales: ["pl", "en"]).text("ok", table: "components/dialog") == "Dobrze")
    }

    @Test func tableNamesHoldSlashesBetweenSegmentsOnly() {
        for name in ["translation", "components/dialog", "a/b/c", "with space", "a.b"] { #expect(TableName.isValid(name), "\(name)") }
        for name in ["", "/a", "a/", "a//b", "./a", "a/../b", "..", "a\u{0}b"] { #expect(!TableName.isValid(name), "\(name)") }
        let catalog = Catalog()
        #expect(throws: ParlanceError.self) { try catalog.load(bytes: Array("{}".utf8), locale: "en", table: "../x", format: .i18next) }
        #expect((try? catalog.load(bytes: Array(#"{"k": "v"}"#.utf8), locale: "en", table: "a/b", format: .i18next)) != nil)
        #expect(catalog.tables == ["a/b"])
    }

    @Test func positionalTablesRefuseNamedValues() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array(#""k" = "v %@";"#.utf8), locale: "en")
        let error = thrownError { _ = try Localizer(catalog: catalog, locales: ["en"]).format("k", named: ["a": .int(1)]) }
        #expect(error?.code == .format)
    }
}

/// The quick reader (`I18nextQuickReader`, the path of catalogs) gives the
/// full reader's table (`I18nextFile.parse` as a table stores it) for every
/// namespace it takes, and takes every well-formed one without duplicate
/// key paths; it leaves the rest to the full reader.
@Suite struct I18nextQuickReaderTests {
    typealias Rows = [String: String]

    static func rows(_ entries: [StoredEntry]) -> [String] {
        entries.map { entry -> String in
            guard case .text(let text) = entry.value else { return entry.storedKey.string + "=unexpected" }
            return entry.storedKey.string + "=" + text.string
        }
    }

    /// nil: the quick reader refused; else whether both readers agree.
    static func agree(_ text: [UInt8], _ name: String) throws -> Bool? {
        guard let quick = I18nextFile.quickTable(text) else { return nil }
        let full = TableSource(id: name, format: .i18next, order: 0, parsed: try TableFormat.i18next.read(text, path: name, quick: false))
        return rows(quick.entries) == rows(full.entries)
    }

    @Test func realNamespacesAndFixtures() throws {
        var taken = 0
        for path in try FileSystem.list(Fixtures.repository + "/Tests/Fixtures/real/i18next").sorted() {
            for (file, text) in try Self.jsonFiles(Fixtures.repository + "/Tests/Fixtures/real/i18next/" + path) {
                guard let agreed = try Self.agree(text, file) else { continue }
                #expect(agreed, "\(file)")
                taken += 1
            }
        }
        #expect(taken > 0)
    }

    static func jsonFiles(_ path: String) throws -> [(String, [UInt8])] {
        if FileSystem.isFile(path) { return path.hasSuffix(".json") ? [(path, try FileSystem.read(path))] : [] }
        guard FileSystem.isDirectory(path) else { return [] }
        return try FileSystem.list(path).sorted().flatMap { try jsonFiles(path + "/" + $0) }
    }

    @Test func documentsTakenOrLeft() throws {
        let taken: [String] = [
            #"{}"#, #"{"a": {}}"#, #"{"a": [], "b": "x"}"#,
            #"{"nav": {"home": "Home", "list": ["a", "b", {"c": "d"}]}, "n_one": "one", "num": -1.5e+3, "flag": true, "off": false, "gone": null, "empty": ""}"#,
            "\u{FEFF}{\"bom\": \"yes\"}",
            #"{"esc": "q\" b\\ s\/ \b\f\n\r\t é \u00e9 \ud83d\ude00", "k\u0065y": "v"}"#,
            "{\"Cafe\u{301}\": \"decomposed key, stored in NFC\", \"x\": \"Cafe\u{301} text kept\"}",
            " \r\n\t{ \"spaced\" :\n \"out\" , \"list\" : [ 1 , 2 ] } \n",
            #"{"long": "\#(String(repeating: "abcdefghij", count: 40))"}"#,
        ]
        for text in taken {
            #expect(try Self.agree(Array(text.utf8), "en/x.json") == true, "\(text)")
        }
        let left: [String] = [
            #"[]"#, #""text""#, #"{"a": "b",}"#, #"{"a" "b"}"#, #"{"a": 01}"#, #"{"a": "\ud800"}"#, #"{"a": "\udc00"}"#,
            #"{"a": "x\u0000y"}"#, "{\"a\": \"raw\ttab\"}", #"{"a": "b"} x"#, #"{"a": "b", "a": "c"}"#,
            #"{"a.b": "flat", "a": {"b": "nested"}}"#, #"{"a": tru}"#, #"{"a": "\x"}"#, #"{"a": "b""#,
            String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600),
            // Names with a `.` that i18next might not reach: the full reader decides.
            #"{"exact": {"Loading...": "x"}}"#, #"{"A. B.": ""}"#, #"{"a.b": {"c": "x"}}"#, #"{"a.b": 0}"#,
        ]
        for text in left {
            #expect(I18nextFile.quickTable(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(try Self.agree(Array(#"{"Loading...": "Loading…", "a": {"b": "x"}}"#.utf8), "en/x.json") == true)
    }

    /// The runtime serves the keys i18next's lookup reaches (`getPath`, then
    /// `deepFind`); the tools read all of them.
    @Test func keysI18nextCannotReachAreNotServed() throws {
        let text = #"""
            {"exact": {"Loading": "Loading", "Loading...": "Loading…", "Saving...": "Saving…"},
             "A": "", "A. B.": "", "C. D.": "", "Done.": "Done", "x": {"y.z": "deep", "y": {"w": "w"}}, "p.q": "flat"}
            """#
        let served = try I18nextFile.read(Array(text.utf8), path: "en/x.json").entries.map(\.key)
        #expect(served == ["exact.Loading", "exact.Saving...", "A", "C. D.", "Done.", "x.y.w", "p.q"])
        let all = try I18nextFile.parse(Array(text.utf8), path: "en/x.json").map(\.key)
        #expect(all.count == 10 && all.contains("exact.Loading...") && all.contains("x.y.z"))
    }

    /// i18next compares a nested key as written with the one the message's
    /// caller asked for: `$t(ns:self)` inside `self` goes round twice.
    @Test func selfNestingAsI18nextComparesKeys() throws {
        let catalog = try catalog(["en/ns.json": #"{"self": "a $t(ns:self) b", "plain": "again $t(plain)", "one": "1 $t(two)", "two": "2 $t(one)"}"#])
        let en = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try en.format("self", named: [:], table: "ns") == "a a a  b b b")
        #expect(try en.format("plain", named: [:], table: "ns") == "again again ")
        #expect(try en.format("one", named: [:], table: "ns") == "1 2 ")
    }

    /// Options `Intl.NumberFormat` refuses leave the value as it is.
    @Test func numberOptionsIntlRefuses() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array(#"""
            {"u": "{{v, number(style: unit; unitDisplay: long;)}}", "k": "{{v, number(style: unit; unit: kilometer)}}",
             "d": "{{v, number(minimumFractionDigits: 3; maximumFractionDigits: 1)}}", "c": "{{v, currency()}}",
             "s": "{{v, number(signDisplay: bogus)}}", "ok": "{{v, number(maximumFractionDigits: 0)}}"}
            """#.utf8), locale: "de", table: "app", format: .i18next)
        let de = try Localizer(catalog: catalog, locales: ["de"])
        for key in ["u", "d", "c", "s"] {
            #expect(try de.format(key, named: ["v": .double(1234.5)], table: "app") == "1234.5", "\(key)")
        }
        #expect(try de.format("k", named: ["v": .double(1234.5)], table: "app") == "1.234,5 km")
        #expect(try de.format("ok", named: ["v": .double(1234.5)], table: "app") == "1.235")
        #expect(IntlNumberOptions.refused(["style": "unit", "unit": "kilometer-per-hour"], style: "unit") == false)
        #expect(IntlNumberOptions.refused(["minimumIntegerDigits": "22"], style: "decimal") == true)
        #expect(JavaScriptNumber.number(" 0x10 ") == 16 && JavaScriptNumber.number("").isZero && JavaScriptNumber.number("nan").isNaN)
        #expect(JavaScriptNumber.parseInt("12px") == 12 && JavaScriptNumber.parseInt("px").isNaN)
    }

    /// A text that would pass 16 MiB is refused as it is built, not after.
    @Test func fanOutIsRefusedAtTheOutputLimit() throws {
        var messages = (0..<8).map { level in
            "\"b\(level)\": \"" + Array(repeating: "$t(b\(level + 1))", count: 8).joined(separator: " ") + "\""
        }
        messages.append("\"b8\": \"" + String(repeating: "x", count: 1_000_000) + "\"")
        let catalog = Catalog()
        try catalog.load(bytes: Array(("{" + messages.joined(separator: ",") + "}").utf8), locale: "en", table: "app",
                         format: .i18next)
        let en = try Localizer(catalog: catalog, locales: ["en"])
        let error = thrownError { _ = try en.format("b0", named: [:], table: "app") }
        #expect(error?.code == .resource)
        #expect(error?.message.contains("longer than 16 MiB") == true)
        #expect(try en.format("b7", named: [:], table: "app").utf8.count == 8_000_007)
    }
}

@Suite struct I18nextListTests {
    /// `.list` arguments: i18next's `list` formatter in the language's words
    /// (the Python suite compares with i18next itself), `String(array)` when
    /// shown plainly, and the language's "and" list in a printf, ICU and
    /// MessageFormat 2 message; a list is never a plural count.
    @Test func listsInEverySyntax() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array(#"{"team": "{{who, list}} | {{who, list(type: disjunction; style: short)}} | {{who}}"}"#.utf8),
                         locale: "de", table: "app", format: .i18next)
        try catalog.load(bytes: Array(#""p" = "Team: %@"; "icu" = "{who} ({n, plural, one {# Person} other {# Personen}})";"#.utf8),
                         locale: "de", table: "Printf", format: .strings)
        try catalog.load(bytes: Array(#""icu" = "{who} ({n, plural, one {# Person} other {# Personen}})";"#.utf8),
                         locale: "de", table: "Icu", format: .strings)
        catalog.setMessageSyntax(.icu, table: "Icu")
        try catalog.load(bytes: Array(#""mf" = "Team: {$who}";"#.utf8), locale: "de", table: "Mf", format: .strings)
        catalog.setMessageSyntax(.messageFormat2, table: "Mf")
        let de = try Localizer(catalog: catalog, locales: ["de"])
        let team = FormatArgument.list(["Ann", "Bob", "Cy"])
        #expect(try de.format("team", named: ["who": team], table: "app") == "Ann, Bob und Cy | Ann, Bob oder Cy | Ann,Bob,Cy")
        #expect(try de.format("p", [team], table: "Printf") == "Team: Ann, Bob und Cy")
        #expect(try de.format("icu", named: ["who": team, "n": .int(3)], table: "Icu") == "Ann, Bob und Cy (3 Personen)")
        #expect(try de.format("mf", named: ["who": team], table: "Mf") == "Team: Ann, Bob und Cy")
        #expect(throws: ParlanceError.self) { try de.format("icu", named: ["who": team, "n": team], table: "Icu") }
    }
}
