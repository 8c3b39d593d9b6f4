import Foundation
import Testing
@testable import Parlance

/// `Plural-Forms` headers of real languages (as in gettext's manual and
/// Launchpad/Weblate catalogs) and a few that exercise every operator.
let realPluralForms: [(language: String, header: String)] = [
    ("ja", "nplurals=1; plural=0;"),
    ("en", "nplurals=2; plural=(n != 1);"),
    ("fr", "nplurals=2; plural=(n > 1);"),
    ("is", "nplurals=2; plural=(n%10!=1 || n%100==11);"),
    ("mk", "nplurals=2; plural= n==1 || n%10==1 ? 0 : 1;"),
    ("ru", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    ("pl", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    ("cs", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
    ("lv", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);"),
    ("lt", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    ("ro", "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);"),
    ("sl", "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);"),
    ("cy", "nplurals=4; plural=(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3;"),
    ("mt", "nplurals=4; plural=(n==1 ? 0 : n==0 || ( n%100>1 && n%100<11) ? 1 : (n%100>10 && n%100<20 ) ? 2 : 3);"),
    ("ga", "nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4);"),
    ("ar", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"),
    ("ops", "nplurals=7; plural=n*3/2%7+(!n)-(n<5)+(n>=3)*2<=9?n%7:!(n==4)&&n!=5||n<=6?3:4;"),
    ("assoc", "nplurals=9; plural=n%2 ? n%3 ? 1 : 2 : n%5 ? 3 : n%7 ? 4 : 5 + 1 * 2 - 1 % 3;"),
]

/// n = 0...1000 and values around 2^32, 2^63 and 2^64.
let pluralTestValues: [UInt64] = Array(0...1000) + [
    4_294_967_295, 4_294_967_296, 4_294_967_297, 1_000_000_000_000_000_001, 9_223_372_036_854_775_807,
    9_223_372_036_854_775_808, 12_345_678_901_234_567_890, 18_446_744_073_709_551_614, 18_446_744_073_709_551_615,
]

/// The expression of a `Plural-Forms` value: after `plural=`, up to `;`.
func pluralExpression(_ header: String) -> String {
    let after = header.components(separatedBy: "plural=").dropFirst().joined(separator: "plural=")
    return after.components(separatedBy: ";")[0]
}

/// glibc's `ngettext`, through a C program compiled at test time, reading
/// `.mo` catalogs from a temporary directory (locale C.UTF-8, LANGUAGE=xx).
enum GlibcReference {
    static let reason: Comment = "needs gcc and the C.UTF-8 locale"

    static let available: Bool = {
        guard GettextTools.which("gcc") != nil,
              let locales = try? GettextTools.run("/usr/bin/locale", ["-a"]).text else { return false }
        return locales.split(separator: "\n").contains { $0 == "C.utf8" || $0 == "C.UTF-8" }
    }()

    static let program: String? = {
        guard let directory = try? GettextTools.temporaryDirectory() else { return nil }
        let source = """
            #include <libintl.h>
            #include <locale.h>
            #include <stdio.h>
            #include <stdlib.h>
            int main(int argc, char **argv) {
                static unsigned long values[4096];
                int count = 0;
                setlocale(LC_ALL, "");
                while (count < 4096 && scanf("%lu", &values[count]) == 1) count++;
                for (int d = 2; d < argc; d++) {
                    bindtextdomain(argv[d], argv[1]);
                    for (int i = 0; i < count; i++)
                        printf("%s%s", i ? " " : "", dngettext(argv[d], "s", "p", values[i]));
                    printf("\\n");
                    fflush(stdout);
                }
                return 0;
            }
            """
        try? source.write(toFile: directory + "/ngettext.c", atomically: true, encoding: .utf8)
        let result = try? GettextTools.run("/usr/bin/gcc", ["-O0", "-o", directory + "/ngettext", directory + "/ngettext.c"])
        return result?.status == 0 ? directory + "/ngettext" : nil
    }()

    /// For each catalog (a header and its number of forms), the translation
    /// index glibc picks for each value; nil when the program crashed.
    static func indices(_ headers: [(header: String, forms: Int)], _ values: [UInt64]) throws -> [[Int]]? {
        guard let program else { throw GettextTools.ToolFailure(message: "could not compile the ngettext program") }
        let directory = try GettextTools.temporaryDirectory()
        let messages = directory + "/xx/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        var domains: [String] = []
        for (index, catalog) in headers.enumerated() {
            domains.append("f\(index)")
            let bytes = MOWriter.pluralCatalog(header: catalog.header, forms: catalog.forms)
            try Data(bytes).write(to: URL(fileURLWithPath: messages + "/f\(index).mo"))
        }
        let input = Array(values.map(String.init).joined(separator: "\n").utf8)
        let result = try GettextTools.run(program, [directory] + domains, input: input,
                                          environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": "xx"])
        guard result.status == 0 else { return nil }
        return result.text.split(separator: "\n").map { $0.split(separator: " ").map { Int($0) ?? -1 } }
    }
}

/// Reports the first n where two lists of indices differ (not the whole lists).
func expectSame(_ values: [UInt64], _ ours: [Int], _ reference: [Int], _ what: String,
                sourceLocation: SourceLocation = #_sourceLocation) {
    guard ours.count == reference.count else {
        Issue.record("\(what): \(ours.count) results, the reference gave \(reference.count)", sourceLocation: sourceLocation)
        return
    }
    if let i = ours.indices.first(where: { ours[$0] != reference[$0] }) {
        Issue.record("\(what): n=\(values[i]) gives \(ours[i]), the reference \(reference[i])", sourceLocation: sourceLocation)
    }
}

extension GettextTests {
    @Suite struct PluralFormulaTests {
        @Test func realFormulasMatchPython() throws {
            let values = pluralTestValues
            let script = """
                import sys, gettext
                ns = [int(x) for x in sys.stdin.read().split()]
                for expr in sys.argv[1:]:
                    f = gettext.c2py(expr)
                    print(' '.join(str(f(n)) for n in ns))
                """
            let python = try #require(GettextTools.which("python3") ?? ProcessInfo.processInfo.environment["PATH"]?
                .split(separator: ":").map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) })
            let result = try GettextTools.run(python, ["-c", script] + realPluralForms.map { pluralExpression($0.header) },
                                              input: Array(values.map(String.init).joined(separator: " ").utf8))
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.text.split(separator: "\n")
            try #require(lines.count == realPluralForms.count)
            for (line, form) in zip(lines, realPluralForms) {
                let formula = try #require(GettextPluralFormula.parse(header: form.header), "\(form.language)")
                let expected = line.split(separator: " ").map { UInt64($0) }
                // Python's integers do not wrap: the synthetic formulas are compared where C's do not either.
                let compared = form.language == "ops" ? 1001 : values.count
                let ours = values.prefix(compared).map { formula.evaluate($0).map { Int(clamping: $0) } ?? -1 }
                expectSame(values, ours, expected.prefix(compared).map { $0.map { Int(clamping: $0) } ?? -2 }, form.language)
            }
        }

        @Test(.enabled(if: GlibcReference.available, GlibcReference.reason))
        func realFormulasMatchGlibc() throws {
            let catalogs = realPluralForms.map { form in
                (header: "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: \(form.header)\n",
                 forms: GettextPluralFormula.parse(header: form.header)?.pluralCount ?? 2)
            }
            let glibc = try #require(try GlibcReference.indices(catalogs, pluralTestValues))
            try #require(glibc.count == catalogs.count)
            for ((catalog, form), indices) in zip(zip(catalogs, realPluralForms), glibc) {
                let formula = GettextPluralFormula.fromHeader(catalog.header)
                expectSame(pluralTestValues, pluralTestValues.map(formula.translationIndex), indices, form.language)
            }
        }

        /// Headers libintl reads differently from what they seem to say; the
        /// same catalogs through glibc's ngettext for n = 0...12.
        static let oddHeaders: [String] = [
            "Plural-Forms: nplurals=3; plural=n%3;",
            "Plural-Forms: nplurals=2; plural=n%3;",             // index 2 >= nplurals: translation 0
            "Plural-Forms: nplurals=0; plural=n;",               // every index >= 0: translation 0
            "Plural-Forms: plural=n%3;",                         // no nplurals: germanic
            "Plural-Forms: nplurals=3;",                         // no plural: germanic
            "Plural-Forms: nplurals=3; plural=n%3 x;",           // garbage after the expression: germanic
            "Plural-Forms: nplurals=3; plural=n%3; garbage",     // after ';' nothing is read
            "Plural-Forms: nplurals=x; plural=n%3;",             // not a number: germanic
            "Plural-Forms: nplurals= \t3; plural=\t n %\t3 ;",   // spaces and tabs
            "Plural-Forms: nplurals=3 plural=n%3",               // no ';' needed
            "Plural-Forms: nplurals=3; plural=(n%3;",            // unbalanced: germanic
            "Plural-Forms: nplurals=3; plural=n%3)",             // unbalanced: germanic
            "Plural-Forms: nplurals=3; plural=;",                // empty: germanic
            "Plural-Forms: nplurals=3; plural=n = 1;",           // '=' alone: germanic
            "Plural-Forms: nplurals=3; plural=n & 1;",           // '&' alone: germanic
            "Plural-Forms: nplurals=3; plural=n ? 1 : 2 : 0;",   // dangling ':': germanic
            "Plural-Forms: nplurals=3; plural=n ? 1;",           // missing ':': germanic
            "Plural-Forms: nplurals=4; plural=!!n + !n*3;",
            "Plural-Forms: nplurals=3; plural=n-1;",             // wraps for n = 0
            "Plural-Forms: nplurals=3; plural=18446744073709551617 + n;",  // the literal wraps to 1
            "X-Note: plural=n%3;\nPlural-Forms: nplurals=3; plural=0;",   // first 'plural=' wins
            "Plural-Forms: nplurals=3; plural=n%3\nX: ;",        // newline ends it
            "Plural-Forms: nplurals=3; plural=n ? 2 : 1 ? 0 : 1;",
            "Plural-Forms: nplurals=3; plural=n < 2 == 1;",      // (n < 2) == 1
            "Plural-Forms: nplurals=3; plural=n || 0 && 0;",
            "Plural-Forms: nplurals=3; plural=10 - 4 - 3 - n;",  // left-associative
            "Plural-Forms: nplurals=3; plural=12 / 3 / 2 % n;",  // n == 0: division by zero
        ]

        @Test func oddHeadersByHand() throws {
            func indices(_ header: String) -> [Int] {
                let formula = GettextPluralFormula.fromHeader(header)
                return (0...5).map { formula.translationIndex(for: $0) }
            }
            #expect(indices(Self.oddHeaders[0]) == [0, 1, 2, 0, 1, 2])
            #expect(indices(Self.oddHeaders[1]) == [0, 1, 0, 0, 1, 0])
            #expect(indices(Self.oddHeaders[2]) == [0, 0, 0, 0, 0, 0])
            for germanic in [3, 4, 5, 7, 10, 11, 12, 13, 14, 15, 16] {
                #expect(GettextPluralFormula.parse(header: Self.oddHeaders[germanic]) == nil, "\(Self.oddHeaders[germanic])")
                #expect(indices(Self.oddHeaders[germanic]) == [1, 0, 1, 1, 1, 1])
            }
            #expect(indices(Self.oddHeaders[6]) == [0, 1, 2, 0, 1, 2])
            #expect(indices(Self.oddHeaders[8]) == [0, 1, 2, 0, 1, 2])
            #expect(indices(Self.oddHeaders[9]) == [0, 1, 2, 0, 1, 2])
            #expect(indices(Self.oddHeaders[17]) == [3, 1, 1, 1, 1, 1])
            #expect(GettextPluralFormula.fromHeader(Self.oddHeaders[18]).evaluate(0) == UInt64.max)
            #expect(indices(Self.oddHeaders[18]) == [0, 0, 1, 2, 0, 0])
            #expect(indices(Self.oddHeaders[19]) == [1, 2, 0, 0, 0, 0])
            #expect(indices(Self.oddHeaders[20]) == [0, 1, 2, 0, 1, 2])  // the first "plural=" is X-Note's
            #expect(indices(Self.oddHeaders[21]) == [0, 1, 2, 0, 1, 2])
            #expect(indices(Self.oddHeaders[24]) == [0, 1, 1, 1, 1, 1])
            #expect(indices(Self.oddHeaders[25]) == [0, 2, 1, 0, 0, 0])  // 3 - n: 3 >= nplurals, and wraps for n > 3
            #expect(GettextPluralFormula.fromHeader(Self.oddHeaders[25]).evaluate(2) == 1)
            #expect(GettextPluralFormula.fromHeader(Self.oddHeaders[26]).evaluate(0) == nil)
            #expect(GettextPluralFormula.fromHeader(Self.oddHeaders[26]).evaluate(3) == 2)
        }

        @Test(.enabled(if: GlibcReference.available, GlibcReference.reason))
        func oddHeadersMatchGlibc() throws {
            // Division by zero crashes glibc 2.36 (SIGFPE); it is compared separately below.
            let headers = Self.oddHeaders.filter { !$0.contains("/ 3 / 2 % n") }
            let values: [UInt64] = Array(0...12) + [UInt64.max]
            let catalogs = headers.map { (header: $0, forms: 4) }
            let glibc = try #require(try GlibcReference.indices(catalogs, values))
            for (header, indices) in zip(headers, glibc) {
                let formula = GettextPluralFormula.fromHeader(header)
                // The catalog has 4 forms; glibc falls back to form 0 past them, as libintl does.
                let ours = values.map { n -> Int in let i = formula.translationIndex(for: n); return i < 4 ? i : 0 }
                expectSame(values, ours, indices, header)
            }
        }

        @Test func divisionByZeroSelectsTheFirstForm() {
            let formula = GettextPluralFormula.fromHeader("nplurals=3; plural=n/(n-5) ? 1 : 2;")
            #expect(formula.evaluate(5) == nil)
            #expect(formula.translationIndex(for: 5) == 0)
            #expect(formula.index(for: 5) == 0)
            #expect(formula.translationIndex(for: 4) == 2)   // 4 / (2^64 - 1) == 0
            #expect(formula.translationIndex(for: 10) == 1)
            // Short-circuits never evaluate the division.
            let guarded = GettextPluralFormula.fromHeader("nplurals=3; plural=n == 0 || 6 % n == 0 ? 2 : 1;")
            #expect(guarded.translationIndex(for: 0) == 2)
            #expect(guarded.translationIndex(for: 4) == 1)
            // The failure is not a value of 0: the whole evaluation fails.
            let whole = GettextPluralFormula.fromHeader("nplurals=3; plural=n % 0 == 0 ? 2 : 1;")
            #expect(whole.translationIndex(for: 7) == 0)
        }

        @Test func indexAtOrBeyondPluralCountSelectsTheFirstForm() {
            let formula = GettextPluralFormula.fromHeader("nplurals=2; plural=n;")
            #expect(formula.index(for: 7) == 7)
            #expect(formula.translationIndex(for: 7) == 0)
            #expect(formula.translationIndex(for: 1) == 1)
            #expect(formula.index(for: UInt64.max) == Int.max)
            let saturated = GettextPluralFormula.fromHeader("nplurals=99999999999999999999999; plural=n;")
            #expect(saturated.pluralCount == Int.max)
            #expect(saturated.translationIndex(for: 1 << 40) == 1 << 40)
            #expect(saturated.translationIndex(for: UInt64.max) == 0)  // not below ULONG_MAX
        }

        @Test func germanicIsTheDefault() {
            #expect(GettextPluralFormula.germanic.pluralCount == 2)
            #expect((0...3).map(GettextPluralFormula.germanic.translationIndex) == [1, 0, 1, 1])
            #expect(GettextPluralFormula.fromHeader("") == .germanic)
            #expect(GettextPluralFormula.fromHeader("Content-Type: text/plain; charset=UTF-8\n") == .germanic)
            #expect(GettextPluralFormula.parse(header: "nplurals=2; plural=n != 1;") == .germanic)
            // Text after a NUL is not seen.
            #expect(GettextPluralFormula.parse(header: "X: 1\n\0Plural-Forms: nplurals=3; plural=n%3;") == nil)
        }

        @Test func evaluationDepthIsLimitedToOneHundredNodes() {
            func chain(_ depth: Int) -> GettextPluralFormula {
                // `!!...!n`: a path of `depth` nodes.
                GettextPluralFormula.fromHeader("nplurals=2; plural=" + String(repeating: "!", count: depth - 1) + "n;")
            }
            #expect(chain(99).evaluate(1) == 1)
            #expect(chain(100).evaluate(1) == 0)
            #expect(chain(101).evaluate(1) == nil)
            #expect(chain(101).translationIndex(for: 1) == 0)
        }

        @Test func parserStackIsLimitedLikeBison() {
            func nested(_ depth: Int) -> GettextPluralFormula? {
                GettextPluralFormula.parse(header: "nplurals=2; plural=" + String(repeating: "(", count: depth) + "n"
                                           + String(repeating: ")", count: depth) + ";")
            }
            #expect(nested(9996)?.evaluate(1) == 1)
            #expect(nested(9997) == nil)
        }

        @Test(.enabled(if: GlibcReference.available, GlibcReference.reason))
        func parserStackLimitMatchesGlibc() throws {
            let headers = [9990, 9996, 9997, 10005].map {
                "Plural-Forms: nplurals=2; plural=" + String(repeating: "(", count: $0) + "n"
                    + String(repeating: ")", count: $0) + ";"
            }
            let glibc = try #require(try GlibcReference.indices(headers.map { ($0, 2) }, [0, 1]))
            for (header, indices) in zip(headers, glibc) {
                let formula = GettextPluralFormula.fromHeader(header)
                #expect([0, 1].map(formula.translationIndex) == indices, "\(header.count) characters")
            }
        }

        @Test(.enabled(if: GlibcReference.available, GlibcReference.reason))
        func glibcRaisesSIGFPEOnDivisionByZero() throws {
            // Recorded so that a glibc that stops crashing gets noticed: Parlance
            // follows gettext 0.23 (translation 0) rather than crashing.
            let result = try GlibcReference.indices([("Plural-Forms: nplurals=2; plural=1 / n;", 2)], [0])
            #expect(result == nil)
        }
    }
}

/// The `n != 1` spellings read without the parser give what the parser
/// gives, and only where it would end the expression.
@Suite struct GermanicShortcutTests {
    @Test(arguments: GettextPluralFormula.germanicSpellings)
    func theShortcutGivesTheParsersFormula(spelling: String) {
        for ending in ["", ";", ";\n", "\n", "; extra", "\0(n > 1)"] {
            let header = Array("Plural-Forms: nplurals=2; plural=\(spelling)\(ending)".utf8)
            let plural = header.firstOccurrence(of: "plural=")!.upperBound
            let cut = Array(header.prefix { $0 != 0 })   // as `parse(header:)` cuts it
            #expect(GettextPluralFormula.isGermanic(cut, from: plural))
            #expect(GettextPluralFormula.expression(cut, from: plural, limit: 2) == .germanic, "\(spelling)\(ending)")
            #expect(GettextPluralFormula.parse(header: header) == .germanic)
        }
        // Longer expressions that start alike, and other counts, go to the parser.
        for (other, counts) in [(" ? 1 : 0", 2), ("0", 2), (" && n != 2", 2), ("", 3)] {
            let header = Array("nplurals=\(counts); plural=\(spelling)\(other);".utf8)
            let plural = header.firstOccurrence(of: "plural=")!.upperBound
            let parsed = GettextPluralFormula.expression(header, from: plural, limit: UInt64(counts))
            #expect(GettextPluralFormula.parse(header: header) == parsed, "\(spelling)\(other) / \(counts)")
        }
    }
}
