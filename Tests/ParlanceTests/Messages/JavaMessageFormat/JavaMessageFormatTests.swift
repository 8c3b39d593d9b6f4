import Testing
@testable import Parlance

/// Expected texts are what OpenJDK 17 prints for
/// `new MessageFormat(pattern, Locale.US).format(arguments)` (TZ=UTC).
private func format(_ pattern: String, _ arguments: [FormatArgument], locale: String = "en-US") -> String {
    JavaMessageFormat.format(pattern, arguments, locale: locale).text
}

private func errors(_ pattern: String, _ arguments: [FormatArgument]) -> [ParlanceError] {
    JavaMessageFormat.format(pattern, arguments, locale: "en-US").errors
}

@Suite struct JavaMessageFormatTests {
    @Test func plainArgumentsByType() {
        #expect(format("{0}", [.int(3)]) == "3")
        #expect(format("{0}", [.double(1234.5)]) == "1,234.5")
        #expect(format("{0}", [.double(1.23456)]) == "1.235")
        #expect(format("{0}", [.string("x")]) == "x")
        #expect(format("{0,,}", [.int(3)]) == "3")
        #expect(format("{0} and {1}", [.int(1), .string("x")]) == "1 and x")
    }

    @Test func missingArgumentsStayAsJavaPrintsThem() {
        #expect(format("{1}", [.int(3)]) == "{1}")
        #expect(format("{01}", []) == "{1}")
        #expect(format("{+1}", []) == "{1}")
        #expect(format("{9999}", []) == "{9999}")
    }

    @Test func quoting() {
        #expect(format("it''s {0}", [.int(3)]) == "it's 3")
        #expect(format("'{0}' {0}", [.int(3)]) == "{0} 3")
        #expect(format("'unterminated {0}", [.int(3)]) == "unterminated {0}")
        #expect(format("x}y", []) == "x}y")
    }

    @Test func numberStyles() {
        #expect(format("{0,number,#,##0.00}", [.double(1234.5)]) == "1,234.50")
        #expect(format("{0,number,#,##0.00}", [.int(3)]) == "3.00")
        #expect(format("{0,number, integer}", [.double(1234.5)]) == "1,234")
        #expect(format("{0, number}", [.double(1234.5)]) == "1,234.5")
        #expect(format("{0,number,percent}", [.double(1234.5)]) == "123,450%")
        #expect(format("{0,number,currency}", [.int(3)]) == "$3.00")
        #expect(format("{0,number}", [.double(1234.5)], locale: "de") == "1.234,5")
        // A language without locale data is formatted with the root's, as Java formats it.
        #expect(format("{0}", [.double(1234.5)], locale: "us") == "1,234.5")
    }

    @Test func choice() {
        let pattern = "{0,choice,0#none|1#one|1<many {0}}"
        #expect(format(pattern, [.int(0)]) == "none")
        #expect(format(pattern, [.int(1)]) == "one")
        #expect(format(pattern, [.int(3)]) == "many 3")
        #expect(format(pattern, [.double(1234.5)]) == "many 1,234.5")
        #expect(format("{0,choice,0#none|1#one|1<many {0,number,integer}}", [.double(1234.5)]) == "many 1,234")
        #expect(format("{0,choice,-\u{221E}<neg|0#zero|0<pos}", [.int(3)]) == "pos")
        #expect(format("{0,choice,-\u{221E}<neg|0#zero|0<pos}", [.int(-1)]) == "neg")
        #expect(format("{0,choice,0#a|1\u{2264}b}", [.int(3)]) == "b")
        #expect(format("{0,choice,0#a|x}", [.int(3)]) == "a")
        #expect(format("{0,choice,0#'{'literal}", [.int(0)]) == "{literal")
    }

    @Test func datesAsNumbersOfMilliseconds() {
        #expect(format("{0,date}", [.int(3)]).hasPrefix("Jan 1, 1970") || format("{0,date}", [.int(3)]).contains("1970"))
    }

    @Test func whatJavaRefusesIsTextWithAnError() {
        for pattern in ["{0", "{ 0}", "{0 }", "{10000}", "{0,foo}", "{0,choice,a#b}", "{0,choice,}"] {
            #expect(format(pattern, [.int(3)]) == pattern, "\(pattern)")
            #expect(errors(pattern, [.int(3)]).count == 1, "\(pattern)")
        }
        #expect(errors("{0", []).first?.column == 1)
        // A value of the wrong kind shows as text.
        #expect(format("{0,number} left", [.string("x")]) == "x left")
        #expect(errors("{0,number}", [.string("x")]).count == 1)
        #expect(errors("{0,choice,0#a}", [.string("x")]).count == 1)
        // Java drops an argument left open inside nested braces without an error.
        #expect(format("a {0,choice,1#{x", [.int(3)]) == "a ")
        #expect(errors("a {0,choice,1#{x", [.int(3)]).isEmpty)
    }
}
