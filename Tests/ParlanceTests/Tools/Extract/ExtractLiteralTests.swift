import Testing
@testable import ParlanceTools

/// One snippet, what it must give: (key, context, plural, table) of each
/// message in `MessageID` order.
struct LiteralCase: CustomTestStringConvertible, Sendable {
    var language: SourceLanguage
    var source: String
    var messages: [[String?]]
    var testDescription: String { "\(language): \(source.prefix(40))" }

    init(_ language: SourceLanguage, _ source: String, _ messages: [[String?]]) {
        self.language = language
        self.source = source
        self.messages = messages
    }
}

func extracted(_ source: String, _ language: SourceLanguage, _ options: ExtractOptions = ExtractOptions()) -> ExtractionResult {
    Extractor.extract(source: source, path: "t", language: language, options: options)
}

/// The messages as (key, context, plural, table) rows, by `MessageID` (the
/// result keeps the order first found, which `messagesKeepTheOrderFirstFound` checks).
func rows(_ result: ExtractionResult) -> [[String?]] {
    result.messages.sorted { $0.id < $1.id }.map { [$0.key, $0.context, $0.plural, $0.table] }
}

@Suite struct ExtractLiteralTests {
    static let c: [LiteralCase] = [
        LiteralCase(.c, #"_("a" "b"  "c");"#, [["abc", nil, nil, nil]]),
        LiteralCase(.c, #"_("tab\there \"q\" \\ \x41\102\u00e9\U0001F600\?\a");"#, [["tab\there \"q\" \\ AB\u{e9}\u{1F600}?\u{7}", nil, nil, nil]]),
        LiteralCase(.c, #"_("\xc3\xa9 bytes"); _("\303\251 octal");"#, [["é bytes", nil, nil, nil], ["é octal", nil, nil, nil]]),
        LiteralCase(.c, "_(\"line \\\ncontinued\");", [["line continued", nil, nil, nil]]),
        LiteralCase(.c, #"x = '"'; _("after ' and \"");"#, [["after ' and \"", nil, nil, nil]]),
        LiteralCase(.c, "/* _(\"in comment\") */ // _(\"too\")\n_(\"real\");", [["real", nil, nil, nil]]),
        LiteralCase(.c, "#define X _(\"from macro\")\n#include \"_(x).h\"\n#if 0\n#endif\n", [["from macro", nil, nil, nil]]),
        LiteralCase(.c, "#define _(m) gettext(m)\n#define S \"not a call\"\n", []),
        LiteralCase(.cpp, #"_(R"(raw "q" \n)"); _(R"d(a)" b)d");"#, [["a)\" b", nil, nil, nil], ["raw \"q\" \\n", nil, nil, nil]]),
        LiteralCase(.cpp, #"_(u8"a" L"b" u"c" U"d"); x = 1'000; _("e");"#, [["abcd", nil, nil, nil], ["e", nil, nil, nil]]),
        LiteralCase(.c, #"R"x"; _("R is an identifier in C");"#, [["R is an identifier in C", nil, nil, nil]]),
        LiteralCase(.objc, #"NSLocalizedString(@"k" @"2", @"note");"#, [["k2", nil, nil, nil]]),
        LiteralCase(.objc, #"SPLocalizedStringPlural(@"%d x", @"ctx", n);"#, [["%d x", "ctx", "%d x", nil]]),
        LiteralCase(.c, #"dnpgettext("d", "c", "one", "many", n);"#, [["one", "c", "many", "d"]]),
        LiteralCase(.c, #"parlance_localizer_plural(l, "k", &n, NULL, "T"); parlance_localizer_format(l, &o, "f", "c", NULL, a, 1);"#,
                    [["f", "c", nil, nil], ["k", nil, "k", "T"]]),
        LiteralCase(.c, #"parlance_localizer_localize_marked(l, "^Save");"#, [["Save", nil, nil, nil]]),
        LiteralCase(.c, "const char *gettext(const char *msgid);\nchar *parlance_gettext(const char *msgid);", []),
    ]

    static let swift: [LiteralCase] = [
        LiteralCase(.swift, #"l.text("a\n\t\r\\\"\'\u{E9}")"#, [["a\n\t\r\\\"'\u{E9}", nil, nil, nil]]),
        LiteralCase(.swift, "l.text(\"\"\"\n    one\n      two\n    three \\\n    four\n    \"\"\")", [["one\n  two\nthree four", nil, nil, nil]]),
        LiteralCase(.swift, "l.text(\"\"\"\n\tx\n\t\"\"\")", [["x", nil, nil, nil]]),
        LiteralCase(.swift, ##"l.text(#"raw "q" \n"#)"##, [[#"raw "q" \n"#, nil, nil, nil]]),
        LiteralCase(.swift, ###"l.text(##"two "# in"##)"###, [[##"two "# in"##, nil, nil, nil]]),
        LiteralCase(.swift, ##"l.text(#"a\#nb"#)"##, [["a\nb", nil, nil, nil]]),
        LiteralCase(.swift, #"l.text("a" + "b", context: "c", table: "T")"#, [["ab", "c", nil, "T"]]),
        LiteralCase(.swift, "/* /* nested */ l.text(\"no\") */ l.text(\"yes\") // l.text(\"no\")", [["yes", nil, nil, nil]]),
        LiteralCase(.swift, #"l.plural("p", count: .int(2), table: "T")"#, [["p", nil, "p", "T"]]),
        LiteralCase(.swift, #"try l.format("f", [.int(1)], context: "c")"#, [["f", "c", nil, nil]]),
        LiteralCase(.swift, #"l.localizeMarked("^Print")"#, [["Print", nil, nil, nil]]),
        LiteralCase(.swift, #"NSLocalizedString("k", tableName: "T", bundle: .main, value: "v", comment: "n")"#, [["k", nil, nil, "T"]]),
        LiteralCase(.swift, #"String(localized: "s", table: "T"); String(describing: x)"#, [["s", nil, nil, "T"]]),
        LiteralCase(.swift, #"text("free function is not the method"); func text(_ k: String) {}"#, []),
        LiteralCase(.swift, #"l.text("a \("b") c")"#, []),
        LiteralCase(.swift, #"switch v { case .text("enum case"): break }; let e: V = .text("implicit member")"#, []),
        LiteralCase(.swift, #"l?.text("optional chain"); f().text("call result")"#, [["call result", nil, nil, nil], ["optional chain", nil, nil, nil]]),
    ]

    static let python: [LiteralCase] = [
        LiteralCase(.python, #"_('a' "b" '''c''' """d""")"#, [["abcd", nil, nil, nil]]),
        LiteralCase(.python, "_(\"one\"\n  'two')  # comment with 'quote\n", [["onetwo", nil, nil, nil]]),
        LiteralCase(.python, #"_("\a\x41\101\u00e9\U0001F600\q\'")"#, [["\u{7}AA\u{e9}\u{1F600}\\q'", nil, nil, nil]]),
        LiteralCase(.python, #"_(r"raw \n \" kept"); _(R'R too\d')"#, [["R too\\d", nil, nil, nil], ["raw \\n \\\" kept", nil, nil, nil]]),
        LiteralCase(.python, #"_(u"unicode prefix")"#, [["unicode prefix", nil, nil, nil]]),
        LiteralCase(.python, "_(\"\"\"multi\nline # not a comment\"\"\")", [["multi\nline # not a comment", nil, nil, nil]]),
        LiteralCase(.python, #"ngettext("a", "as", n); pgettext("c", "k"); npgettext("c", "o", "os", n); dgettext("d", "m")"#,
                    [["a", nil, "as", nil], ["k", "c", nil, nil], ["o", "c", "os", nil], ["m", nil, nil, "d"]]),
        // Methods of any object are looked for only when asked (`pythonMethodsOnlyThroughKeyword`).
        LiteralCase(.python, #"loc.text("k", context="c", table="T"); loc.lookup("l", "c2")"#, []),
        LiteralCase(.python, #"ugettext("u"); ungettext("a", "as", n); self.gettext("m")"#,
                    [["a", nil, "as", nil], ["m", nil, nil, nil], ["u", nil, nil, nil]]),
        // xgettext takes the literal of an f-string, of `"..." % x` and of `"...".format(x)`.
        LiteralCase(.python, #"_(f"Hi {name}"); _("%s here" % x); _("{n} there".format(n=1))"#,
                    [["%s here", nil, nil, nil], ["Hi {name}", nil, nil, nil], ["{n} there", nil, nil, nil]]),
        LiteralCase(.python, #"_("a" + "b")"#, [["ab", nil, nil, nil]]),
        LiteralCase(.python, "def text(self, key):\n    pass\n", []),
    ]

    @Test(arguments: c + swift + python)
    func literals(_ test: LiteralCase) {
        let result = extracted(test.source, test.language)
        #expect(rows(result) == test.messages)
    }

    @Test func swiftEscapesDecode() {
        #expect(SwiftLexer.decode(Array(#"\0\u{41}\q"#.utf8), hashes: 0) == "\0Aq")
        #expect(SwiftLexer.decode(Array(##"\n\#n"##.utf8), hashes: 1) == "\\n\n")
    }

    @Test func inttypesMacrosBecomeSegments() {
        let result = extracted("_(\"%\" PRIu64 \" of %\" PRIxFAST16 \" (%\" PRIdMAX \")\");\nx = l.text(\"a\" PRIu64)", .c)
        #expect(result.messages.map(\.key) == ["%<PRIu64> of %<PRIxFAST16> (%<PRIdMAX>)"])
        #expect(FormatStrings.isInttypesMacro("PRIXPTR") && FormatStrings.isInttypesMacro("PRIoLEAST8"))
        #expect(!FormatStrings.isInttypesMacro("PRIuFAST") && !FormatStrings.isInttypesMacro("PRIq64"))
        // Python and Swift join literals with `+`: a bare name there is not a literal.
        #expect(extracted("_(\"a\" PRIu64)", .python).messages.isEmpty)
    }

    @Test func referencesCarryLineNumbers() {
        let result = extracted("\n\n  _(\"a\"\n  \"b\")\n/* x\n y */ _(\"c\")\n", .c)
        #expect(result.messages.map { $0.references.map(\.line) } == [[3], [6]])
    }

    /// (source, language, expected diagnostics as line:col severity message-prefix)
    static let nonLiterals: [(String, SourceLanguage, [String])] = [
        ("x = 1;\n  gettext(name);", .c, ["2:11 warning non-literal key in call to gettext; not extracted"]),
        ("ngettext(\"a\", p, n);", .c, ["1:15 warning non-literal plural in call to ngettext"]),
        ("pgettext(ctx, \"a\");", .c, ["1:10 warning non-literal context in call to pgettext"]),
        ("let s = l.text(\"hi \\(name)\")", .swift, ["1:20 warning non-literal key in call to .text; not extracted (string interpolation)"]),
        ("let s = l.text(key)", .swift, ["1:16 note non-literal key in call to .text"]),
        ("x = _(b\"hi\")", .python, ["1:7 warning non-literal key in call to _; not extracted (byte string)"]),
        ("x = _(n % \"a\")", .python, ["1:7 warning non-literal key in call to _"]),
        ("x = _(a + \"b\")", .python, ["1:7 warning non-literal key in call to _"]),
        ("parlance_localizer_localize_marked(l, \"no caret\");", .c, ["1:39 warning text in call to parlance_localizer_localize_marked has no leading '^'"]),
        ("_(\"\");", .c, ["1:3 warning empty key in call to _"]),
        ("dgettext(\"../x\", \"m\");", .c, ["1:10 warning table name '../x' in call to dgettext is not a file name"]),
        ("_(\"unterminated);\n", .c, ["1:3 warning unterminated string literal"]),
        ("l.text(\"a\\0b\")", .swift, ["1:8 warning key in call to .text contains a NUL character"]),
    ]

    /// C, as xgettext reads it: the msgid is the first run of adjacent
    /// literals (with `<inttypes.h>` macros); the rest of the argument is not part of it.
    @Test func cTakesTheFirstRunOfLiteralsAsXgettextDoes() {
        let cases: [(String, String)] = [
            ("_(\"a\" PRIu65 \"b\");", "a"),          // not an <inttypes.h> macro: the run ends there
            ("_(\"a\" size \"b\");", "a"),
            ("_(\"git refs \" OPTS);", "git refs "),
            ("_(OPTS \"tail\");", "tail"),
            ("_(n > 1 ? \"many\" : \"one\");", "many"),
            ("_(\"%\" PRIu64 \" of \" \"x\");", "%<PRIu64> of x"),
        ]
        for (source, key) in cases {
            let result = extracted(source, .c)
            #expect(rows(result) == [[key, nil, nil, nil]], "\(source)")
            #expect(result.diagnostics.isEmpty, "\(source)")
        }
        // The reference is the line of the key's first literal, as xgettext writes it.
        #expect(extracted("_(\n  \"late\");", .c).messages.first?.references.first?.line == 2)
    }

    @Test func nonLiteralsAreReportedWithLineAndColumn() {
        for (source, language, expected) in Self.nonLiterals {
            let result = extracted(source, language)
            let got = result.diagnostics.map { "\($0.line):\($0.column) \($0.severity.rawValue) \($0.message)" }
            #expect(got.count == expected.count, "\(source)")
            for (g, e) in zip(got, expected) { #expect(g.hasPrefix(e), "\(source)") }
            #expect(!rows(result).contains { $0[0] == "a" || $0[0] == "b" } || language != .python, "\(source)")
        }
    }

    @Test func pythonMethodsOnlyThroughKeyword() throws {
        var options = ExtractOptions()
        options.keywords = try ["text", "lookup", "plural", "format", "localize_marked"].map(KeywordSpec.parse)
        let source = #"loc.text("k", context="c", table="T"); loc.lookup("l", "c2"); loc.plural("p", n, table="T"); "#
            + #"loc.format("f", 1, 2, context="c"); "{}".format("x"); codecs.lookup("utf-8"); x.text; loc.localize_marked("^M")"#
        #expect(rows(extracted(source, .python, options)) == [
            ["M", nil, nil, nil], ["f", "c", nil, nil], ["l", "c2", nil, nil], ["p", nil, "p", "T"], ["k", "c", nil, "T"]])
    }

    @Test func messagesKeepTheOrderFirstFound() {
        let result = extracted(#"_("b"); _("a"); _("c"); _("b")"#, .python)
        #expect(result.messages.map(\.key) == ["b", "a", "c"])
    }

    /// (language, source, flags): xgettext 0.21's decisions, checked with it.
    static let flagCases: [(SourceLanguage, String, [String])] = [
        (.c, "%d items", ["c-format"]), (.c, "100%%", ["c-format"]), (.c, "bad %y", []), (.c, "%1$s then %2$d", ["c-format"]),
        (.c, "%<PRIu64> bytes", ["c-format"]), (.c, "%s %1$s", []), (.c, "pct % d", ["c-format"]), (.c, "%m error", ["c-format"]),
        (.c, "%5.2f %-*d %lld %zu %hhx %Lf %p %c %%", ["c-format"]), (.c, "%I32d", []), (.c, "%'d", ["c-format"]), (.c, "% ", []),
        (.c, "plain", []), (.objc, "obj %@", ["objc-format"]), (.objc, "%d items", ["c-format"]),
        (.python, "a %s b", ["python-format"]), (.python, "named %(n)s", ["python-format"]), (.python, "brace {n}", ["python-brace-format"]),
        (.python, "both %s {x}", ["python-format", "python-brace-format"]), (.python, "bad % z", []), (.python, "{} anon", []),
        (.python, "{{literal}}", []), (.python, "{0.attr} {1[2]}", ["python-brace-format"]), (.python, "{x!r:>{w}}", []),
        (.python, "{a} }", ["python-brace-format"]), (.python, "%(a)s %s", []), (.python, "%", []), (.python, "%-5.3f %*d", ["python-format"]),
        (.python, "%(a)*d", []), (.python, "{0:%Y}", []), (.python, "{x.1}", []), (.python, "%a", []), (.python, "%ld", ["python-format"]),
    ]

    @Test func formatFlagsAreXgettexts() {
        for (language, text, flags) in Self.flagCases {
            #expect(FormatFlags.flags(key: text, plural: nil, language: language) == flags, "\(language) \(text)")
        }
        #expect(FormatFlags.flags(key: "one", plural: "%d many", language: .c) == ["c-format"])
        // A string printf's format argument is a format whatever it holds.
        #expect(extracted(#"fprintf(stderr, _("Bye.\n")); puts(_("Hi."));"#, .c).messages.map(\.formatFlags) == [["c-format"], []])
    }
}
