import Testing
@testable import Parlance

/// How the Fluent syntax cuts a stored pattern into text and syntax
/// (what `parlance pseudo` changes and keeps).
@Suite struct FluentSegmentsTests {
    static func cut(_ text: String) -> [MessageSegment] { MessageSyntax.fluent.plugin.segments(of: text) ?? [] }

    @Test func aPatternOfTextAloneIsText() {
        #expect(Self.cut("Plain <b>text</b> %d") == [.text("Plain <b>text</b> %d")])
    }

    @Test func placeablesAreSyntaxWithTheirLiteralsAndCalls() {
        #expect(Self.cut("Hi { $name }, { -brand(case: \"gen}\") } { NUMBER($n, style: \"percent\") }{\"{\"}!") == [
            .text("Hi "), .syntax("{ $name }"), .text(", "), .syntax("{ -brand(case: \"gen}\") }"), .text(" "),
            .syntax("{ NUMBER($n, style: \"percent\") }{\"{\"}"), .text("!"),
        ])
    }

    @Test func variantsAreTextTheirKeysSyntax() {
        let source = "{ $n ->\n    [one] One { $n } file\n   *[other]\n        Many files\n}"
        #expect(Self.cut(source) == [
            .syntax("{ $n ->\n    [one] "), .text("One "), .syntax("{ $n }"), .text(" file"), .syntax("\n   *[other]"),
            .text("\n        Many files"), .syntax("\n}"),
        ])
    }

    @Test func theCutJoinsBackToTheSource() {
        let source = "\n    Line { $a ->\n        [x] { $b ->\n            [y] Deep\n           *[z] Deeper\n        }\n       *[w] W\n    } end"
        let joined = Self.cut(source).map { segment -> String in
            switch segment {
            case .text(let t): t
            case .syntax(let s): s
            }
        }.joined()
        #expect(joined == source)
        #expect(Self.cut(source).contains(.text(" Deeper")) == false)
        #expect(Self.cut(source).contains(.text("Deeper")))
    }
}
