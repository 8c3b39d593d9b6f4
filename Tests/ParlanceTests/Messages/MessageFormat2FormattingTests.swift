import Testing
@testable import Parlance

@Suite struct MessageFormat2FormattingTests {
    typealias Kind = MessageFormat2Error.Kind

    private func format(_ source: String, _ arguments: [String: FormatArgument] = [:],
                        locale: String = "en") throws -> (String, [Kind]) {
        let result = try MessageFormat2(source).format(arguments, locale: locale)
        return (result.text, result.errors.map(\.kind))
    }

    /// Source, arguments, text, errors.
    static let fallbacks: [(String, [String: FormatArgument], String, [Kind])] = [
        ("hello {$place}", [:], "hello {$place}", [.unresolvedVariable]),
        ("hello {$place}", ["place": .string("world")], "hello world", []),
        ("{a :ns:f}", [:], "{|a|}", [.unknownFunction]),
        ("{|C:\\\\ \\|x| :ns:f}", [:], "{|C:\\\\ \\|x|}", [.unknownFunction]),
        ("{:ns:f}", [:], "{:ns:f}", [.unknownFunction]),
        ("{$x :ns:f}", [:], "{$x}", [.unresolvedVariable, .unknownFunction]),
        (".local $var = {|val| :ns:f} {{{$var}}}", [:], "{$var}", [.unknownFunction]),
        (".local $t = {:ns:now} {{{$t :ns:pretty}}}", [:], "{$t}", [.unknownFunction, .unknownFunction]),
        ("{horse :number}", [:], "{|horse|}", [.badOperand]),
        ("{$n :number}", ["n": .string("1e2x")], "{$n}", [.badOperand]),
        ("{:number}", [:], "{:number}", [.badOperand]),
        ("{$x :number}", [:], "{$x}", [.unresolvedVariable, .badOperand]),
        ("{42 :number minimumFractionDigits=foo}", [:], "42", [.badOption]),
        ("{42 :number minimumFractionDigits=$nope}", [:], "42", [.unresolvedVariable, .badOption]),
        ("{#b}{$x}{/b}", [:], "{$x}", [.unresolvedVariable]),
        ("{#b u:dir=rtl}x{/b}", [:], "x", [.badOption]),
        ("{x :string u:dir=sideways}", [:], "x", [.badOption]),
        // Unused declarations are not resolved, so they report nothing.
        (".local $unused = {$missing :ns:f} {{fine}}", [:], "fine", []),
    ]

    @Test(arguments: fallbacks)
    func fallbackValuesAndErrors(_ example: (String, [String: FormatArgument], String, [Kind])) throws {
        let (text, errors) = try format(example.0, example.1)
        #expect(text == example.2)
        #expect(errors == example.3)
    }

    @Test func expressionsAreResolvedOnce() throws {
        // $x is used three times but its unknown function is reported once.
        let (text, errors) = try format(".local $x = {a :ns:f} {{{$x} {$x} {$x}}}")
        #expect(text == "{$x} {$x} {$x}")
        #expect(errors == [.unknownFunction])
    }

    @Test func markupFormatsToNothing() throws {
        #expect(try format("Click {#link href=|x| @a}here{/link}{#br/}.").0 == "Click here.")
    }

    @Test func stringSelectionAndFormatting() throws {
        let source = ".input {$g :string}\n.match $g\nmale {{He}}\nfemale {{She}}\n|two words| {{Both}}\n* {{They}}"
        #expect(try format(source, ["g": .string("female")]).0 == "She")
        #expect(try format(source, ["g": .string("two words")]).0 == "Both")
        #expect(try format(source, ["g": .string("other")]).0 == "They")
        #expect(try format(source, ["g": .int(1)]).0 == "They")
        // The selector is compared in NFC with the (NFC) keys.
        let nfc = ".local $x = {\u{1E0A}\u{0323} :string}\n.match $x\n\u{1E0C}\u{0307} {{right}}\n* {{wrong}}"
        #expect(try format(nfc).0 == "right")
        #expect(try format("{$n :string}", ["n": .double(1.5)]).0 == "1.5")
    }

    /// Number selection: exact match first, then the plural category, then `*`.
    static let numberSelectionCases: [(String, FormatArgument, String, String)] = [
        (".input {$n :number}\n.match $n\n1 {{exact}}\none {{one}}\n* {{other}}", .int(1), "en", "exact"),
        (".input {$n :number}\n.match $n\none {{one}}\n1 {{exact}}\n* {{other}}", .int(1), "en", "exact"),
        (".input {$n :number}\n.match $n\n1 {{exact}}\none {{one}}\n* {{other}}", .int(21), "ru", "one"),
        (".input {$n :number}\n.match $n\n1 {{exact}}\none {{one}}\n* {{other}}", .int(5), "en", "other"),
        (".input {$n :number}\n.match $n\none {{one}}\nfew {{few}}\nmany {{many}}\n* {{other}}", .int(3), "cs", "few"),
        (".input {$n :number}\n.match $n\none {{one}}\nfew {{few}}\nmany {{many}}\n* {{other}}", .double(2.4), "cs", "many"),
        (".input {$n :number select=ordinal}\n.match $n\none {{st}}\ntwo {{nd}}\nfew {{rd}}\n* {{th}}", .int(22), "en", "nd"),
        (".input {$n :number select=ordinal}\n.match $n\none {{st}}\ntwo {{nd}}\nfew {{rd}}\n* {{th}}", .int(13), "en", "th"),
        (".input {$n :number select=exact}\n.match $n\none {{one}}\n* {{other}}", .int(1), "en", "other"),
        (".input {$n :number select=exact}\n.match $n\n1 {{exact}}\n* {{other}}", .int(1), "en", "exact"),
        (".input {$n :integer}\n.match $n\n1 {{exact}}\n* {{other}}", .double(1.2), "en", "exact"),
        (".input {$n :number minimumFractionDigits=1}\n.match $n\none {{one}}\n* {{other}}", .int(1), "en", "other"),
        (".input {$n :number minimumFractionDigits=1}\n.match $n\n1.0 {{1.0}}\n* {{other}}", .int(1), "en", "1.0"),
        (".input {$n :number}\n.match $n\n1000 {{k}}\n* {{other}}", .string("1e3"), "en", "k"),
        (".input {$n :number}\n.match $n\n12345678901234567890 {{big}}\n* {{other}}",
         .decimal("12345678901234567890"), "en", "big"),
        (".input {$n :percent}\n.match $n\n50 {{half}}\n* {{other}}", .double(0.5), "en", "half"),
    ]

    @Test(arguments: numberSelectionCases)
    func numberSelection(_ example: (String, FormatArgument, String, String)) throws {
        let (text, errors) = try format(example.0, ["n": example.1], locale: example.2)
        #expect(text == example.3)
        #expect(errors.isEmpty)
    }

    @Test func multipleSelectorsAndVariantOrder() throws {
        let source = """
            .input {$a :integer}
            .input {$b :string}
            .match $a $b
            * *       {{fallback}}
            one *     {{one-any}}
            * female  {{any-female}}
            one female {{one-female}}
            1 *       {{1-any}}
            """
        // Earlier selectors decide first: `1 *` beats `one female` beats `one *`.
        #expect(try format(source, ["a": .int(1), "b": .string("female")]).0 == "1-any")
        #expect(try format(source, ["a": .int(21), "b": .string("female")]).0 == "any-female")
        #expect(try format(source, ["a": .int(21), "b": .string("male")]).0 == "fallback")
        let noExact = source.replacingOccurrences("1 *       {{1-any}}", with: "")
        #expect(try format(noExact, ["a": .int(1), "b": .string("female")]).0 == "one-female")
        #expect(try format(noExact, ["a": .int(1), "b": .string("male")]).0 == "one-any")
    }

    static let selectionErrorCases: [(String, [String: FormatArgument], String, [Kind])] = [
        (".input {$n :number}\n.match $n\nhorse {{h}}\n1 {{one}}\n* {{other}}", ["n": .int(1)], "one", [.badVariantKey]),
        (".local $a = {a :ns:f}\n.match $a\na {{a}}\n* {{other}}", [:], "other", [.unknownFunction, .badSelector]),
        (".input {$n :number}\n.match $n\n1 {{one}}\n* {{other}}", [:], "other",
         [.unresolvedVariable, .badOperand, .badSelector]),
        (".local $d = {|2024-05-01| :date}\n.match $d\n* {{due {$d}}}", [:], "due May 1, 2024", [.badSelector]),
        (".input {$n :number select=$how}\n.match $n\n1 {{one}}\n* {{other}}", ["n": .int(1), "how": .string("exact")],
         "other", [.badOption, .badSelector]),
        (".local $s = {1 :integer select=exact}\n.local $t = {$s :integer}\n.match $t\n1 {{one}}\n* {{other {$t}}}", [:],
         "other 1", [.badOption, .badSelector]),
    ]

    @Test(arguments: selectionErrorCases)
    func selectionErrors(_ example: (String, [String: FormatArgument], String, [Kind])) throws {
        let (text, errors) = try format(example.0, example.1)
        #expect(text == example.2)
        #expect(errors == example.3)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
