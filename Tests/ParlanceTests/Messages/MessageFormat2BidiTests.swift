import Testing
@testable import Parlance

@Suite struct MessageFormat2BidiTests {
    static let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"

    /// Source, locale, arguments, text with `isolate: true`.
    static let isolated: [(String, String, [String: FormatArgument], String)] = [
        // A string's direction is unknown: first-strong isolate.
        ("hello {$name}", "en", ["name": .string("world")], "hello \(fsi)world\(pdi)"),
        ("hello {world}", "en", [:], "hello \(fsi)world\(pdi)"),
        // A number is in the locale's direction: as is in an LTR message, RLI in an RTL one.
        ("n = {1 :number}", "en", [:], "n = 1"),
        ("n = {$n}", "en", ["n": .int(5)], "n = 5"),
        ("ن = {$n :number}", "ar", ["n": .int(5)], "ن = \(rli)٥\(pdi)"),
        // u:dir overrides and always isolates.
        ("hello {world :string u:dir=ltr}", "en", [:], "hello \(lri)world\(pdi)"),
        ("hello {world :string u:dir=rtl}", "en", [:], "hello \(rli)world\(pdi)"),
        ("hello {world :string u:dir=auto}", "en", [:], "hello \(fsi)world\(pdi)"),
        ("hello {world :string u:dir=inherit}", "en", [:], "hello \(fsi)world\(pdi)"),
        ("{1 :number u:dir=ltr}", "en", [:], "\(lri)1\(pdi)"),
        ("أهلاً {world :string u:dir=ltr}", "ar", [:], "أهلاً \(lri)world\(pdi)"),
        (".local $w = {world :string u:dir=rtl} {{hi {$w}}}", "en", [:], "hi \(rli)world\(pdi)"),
        // Fallbacks are isolated as unknown; markup is not isolated.
        ("{$missing}", "en", [:], "\(fsi){$missing}\(pdi)"),
        ("{#b}x{/b}", "he", [:], "x"),
    ]

    @Test(arguments: isolated)
    func defaultBidiStrategy(_ example: (String, String, [String: FormatArgument], String)) throws {
        let message = try MessageFormat2(example.0)
        #expect(message.format(example.2, locale: example.1, isolate: true).text == example.3)
    }

    @Test func noIsolationWhenNotAsked() throws {
        let message = try MessageFormat2("hello {world :string u:dir=rtl} {$n}")
        #expect(message.format(["n": .string("x")], locale: "ar").text == "hello world x")
    }

    @Test func messageDirectionFromLocale() {
        #expect(MF2Bidi.direction(ofLocale: "en") == .leftToRight)
        #expect(MF2Bidi.direction(ofLocale: "ar-EG") == .rightToLeft)
        #expect(MF2Bidi.direction(ofLocale: "he") == .rightToLeft)
        #expect(MF2Bidi.direction(ofLocale: "und") == .unknown)
    }
}
