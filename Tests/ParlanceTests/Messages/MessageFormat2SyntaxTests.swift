import Testing
@testable import Parlance

@Suite struct MessageFormat2SyntaxTests {
    typealias M = MessageFormat2

    private func parse(_ source: String) throws -> M.Message {
        try MessageFormat2(source).message
    }

    @Test func simpleMessageKeepsItsWhitespaceAndEscapes() throws {
        let message = try parse("  Hi \\{\\}\\|\\\\ {$name}!\n")
        #expect(message.declarations.isEmpty)
        #expect(message.body == .pattern(M.Pattern(parts: [
            .text("  Hi {}|\\ "),
            .expression(M.Expression(operand: .variable("name"), function: nil, attributes: [])),
            .text("!\n"),
        ])))
    }

    @Test func complexMessageModel() throws {
        let message = try parse("""
            .input {$count :integer minimumIntegerDigits=2 @note=|x|}
            .local $who = {|Ann \\| Bo| :string u:dir=ltr}
            .match $count
            0 {{none}}
            one {{{$who} has {#b}one{/b}{#img src=$url/}}}
            * {{many}}
            """)
        #expect(message.declarations == [
            M.Declaration(kind: .input, name: "count", expression: M.Expression(
                operand: .variable("count"),
                function: M.Function(name: "integer", options: [M.Option(name: "minimumIntegerDigits", value: .literal("2"))]),
                attributes: [M.Attribute(name: "note", value: "x")])),
            M.Declaration(kind: .local, name: "who", expression: M.Expression(
                operand: .literal("Ann | Bo"),
                function: M.Function(name: "string", options: [M.Option(name: "u:dir", value: .literal("ltr"))]),
                attributes: [])),
        ])
        guard case .matcher(let selectors, let variants) = message.body else {
            Issue.record("expected a matcher")
            return
        }
        #expect(selectors == ["count"])
        #expect(variants.map(\.keys) == [[.literal("0")], [.literal("one")], [.catchAll]])
        #expect(variants[1].pattern.parts == [
            .expression(M.Expression(operand: .variable("who"), function: nil, attributes: [])),
            .text(" has "),
            .markup(M.Markup(kind: .open, name: "b", options: [], attributes: [])),
            .text("one"),
            .markup(M.Markup(kind: .close, name: "b", options: [], attributes: [])),
            .markup(M.Markup(kind: .standalone, name: "img", options: [M.Option(name: "src", value: .variable("url"))],
                             attributes: [])),
        ])
    }

    @Test func functionOnlyExpressionsNamespacesAndAttributes() throws {
        let message = try parse("{:ns:now fmt=|iso| @a @b=1}")
        #expect(message.body == .pattern(M.Pattern(parts: [.expression(M.Expression(
            operand: nil,
            function: M.Function(name: "ns:now", options: [M.Option(name: "fmt", value: .literal("iso"))]),
            attributes: [M.Attribute(name: "a", value: nil), M.Attribute(name: "b", value: "1")]))])))
    }

    /// Messages that parse, with what they format to (no arguments, `en`).
    static let wellFormed: [(String, String)] = [
        ("", ""),
        ("{{}}", ""),
        ("  {{x}}  \n", "x"),
        (".input{$x}.local $y={a}{{ok}}", "ok"),
        ("{{.input {$x}}}", ".input {$x}"),
        ("{ a }", "a"),
        ("{|a\\|b\\\\|}", "a|b\\"),
        ("{||}", ""),
        ("{-1.5e3}", "-1.5e3"),
        ("{+}", "+"),
        ("{🥔}", "🥔"),
        ("{a @c = d}", "a"),
        ("hello {\u{3000}world\r}", "hello world"),
        ("{\u{200E} hello \u{200F}}", "hello"),
        (".local $\u{200E}x\u{200F} = {1} {{{$x}}}", "1"),
        (".local $x = {1} \u{200F} {{{$x}}}", "1"),
        ("{#b}bold{/b} {#br/} {/ns:x a=1}", "bold  "),
    ]

    @Test(arguments: wellFormed)
    func wellFormedMessages(_ example: (String, String)) throws {
        let message = try MessageFormat2(example.0)
        #expect(message.format([:], locale: "en").text == example.1)
    }

    /// Syntax errors: source, line, column (1-based, in scalars).
    static let syntaxErrors: [(String, Int, Int)] = [
        ("{", 1, 1),
        ("}", 1, 1),
        ("{}", 1, 2),
        ("{{", 1, 3),
        ("{{}}}", 1, 5),
        ("{{extra}} content", 1, 11),
        ("hello {42:func}", 1, 10),
        ("{|foo|@bar}", 1, 7),
        ("{:func @a=$x}", 1, 11),
        ("{$x opt}", 1, 5),
        ("{:f opt}", 1, 8),
        ("{:f opt=}", 1, 9),
        ("{|open}", 1, 2),
        ("bad \\n escape", 1, 5),
        ("{" + String(Unicode.Scalar(0xFDD0)!) + "}", 1, 2),
        (".local $x = |lit| {{}}", 1, 13),
        (".local bar = {1} {{}}", 1, 8),
        (".input {$x :f}\n.match$x * {{}}", 2, 7),
        (".input {$x :f}\n.match $x\n* {{}}\nextra", 4, 6),
        (".input {$x :f} .match $x** {{}}", 1, 25),
        (".input {$x :f} .match $x\u{61C}1 {{}} * {{}}", 1, 26),
        (".local $foo\u{200E}bar = {1} {{}}", 1, 13),
        (".unknown {1} {{}}", 1, 1),
        ("{{missing end", 1, 14),
        ("{{a}b}}", 1, 4),
        ("a\nb\r\n  {$}", 3, 5),
    ]

    @Test(arguments: syntaxErrors)
    func locatedSyntaxErrors(_ example: (String, Int, Int)) {
        #expect {
            _ = try MessageFormat2(example.0)
        } throws: { error in
            guard let error = error as? ParlanceError else { return false }
            return error.code == .syntax && error.message.hasPrefix("syntax-error: ")
                && error.line == example.1 && error.column == example.2
        }
    }

    @Test func errorDescriptionSaysWhereAndWhat() {
        do {
            _ = try MessageFormat2("ok\n{$x :f k}")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description == "2:9: syntax-error: expected '=' after the option name 'k'")
        }
    }

    @Test func namesAreComparedInNFC() throws {
        // D + dot below + dot above, in two orders: canonically equivalent.
        let message = try MessageFormat2(".local $\u{1E0A}\u{0323} = {foo} {{{$\u{1E0C}\u{0307}}}}")
        #expect(message.format([:], locale: "en").text == "foo")
        #expect(message.format([:], locale: "en").errors.isEmpty)
    }

    @Test func numberLiteralProduction() {
        for good in ["0", "-0", "1", "12", "0.5", "1.25", "1e3", "1E-3", "2.5e+10"] {
            #expect(MF2Characters.isNumberLiteral(good), "\(good)")
        }
        for bad in ["", "00", "01", "+1", ".5", "1.", "1e", "1e+", "0x1", "1.0e2.0", "-", "1_000"] {
            #expect(!MF2Characters.isNumberLiteral(bad), "\(bad)")
        }
    }
}
