import Testing
@testable import Parlance

/// One `.strings` input and the entries it must give, in file order.
struct StringsCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var expected: [String]
    var testDescription: String { name }
}

/// One `.strings` input that must be rejected at `line:column`.
struct StringsErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { name }
}

extension LoadingTests {
    @Suite struct StringsParserTests {
        static let grammar: [StringsCase] = [
            .init(name: "empty file", source: "", expected: []),
            .init(name: "only white space", source: " \n\t\r\n\u{2028}\u{2029}\u{0B}\u{0C}", expected: []),
            .init(name: "only comments", source: "// one\n/* two */ /**/ //", expected: []),
            .init(name: "double quotes", source: "\"a\" = \"b\";", expected: ["a=b"]),
            .init(name: "single quotes", source: "'a' = 'b \"c\"';", expected: ["a=b \"c\""]),
            .init(name: "no spaces", source: "\"a\"=\"b\";\"c\"=\"d\";", expected: ["a=b", "c=d"]),
            .init(name: "unquoted tokens", source: "a_$/:.-Z9 = x.y/z:1-2$_;", expected: ["a_$/:.-Z9=x.y/z:1-2$_"]),
            .init(name: "unquoted value keeps slashes", source: "a = b//c;", expected: ["a=b//c"]),
            .init(name: "shorthand", source: "\"Done\";\nOK ;", expected: ["Done=Done", "OK=OK"]),
            .init(name: "wrapper", source: "{ \"a\" = \"b\"; c = d; }", expected: ["a=b", "c=d"]),
            .init(name: "empty wrapper", source: " {} // done", expected: []),
            .init(name: "raw newlines in strings", source: "\"a\nb\" = \"c\r\nd\";", expected: ["a\nb=c\r\nd"]),
            .init(name: "comments everywhere", source: "/*x*/\"a\"/*y*/=//z\n\"b\"/**/;//end", expected: ["a=b"]),
            .init(name: "comment markers in strings", source: "\"/*a*/\" = \"//b\";", expected: ["/*a*/=//b"]),
            .init(name: "line separators are space", source: "a\u{2028}=\u{2029}b\u{2028};", expected: ["a=b"]),
            .init(name: "duplicates in order", source: "a = 1; b = 2; a = 3;", expected: ["a=1", "b=2", "a=3"]),
            .init(name: "empty strings", source: "\"\" = \"\";", expected: ["="]),
            .init(name: "non-ASCII text", source: "\"ключ\" = \"値 😀\";", expected: ["ключ=値 😀"]),
        ]

        @Test(arguments: grammar)
        func grammarRule(_ c: StringsCase) throws {
            #expect(pairs(try parseStrings(c.source)) == c.expected)
        }

        static let escapes: [StringsCase] = [
            .init(name: "C escapes", source: #""k" = "\a\b\f\n\r\t\v";"#, expected: ["k=\u{07}\u{08}\u{0C}\n\r\t\u{0B}"]),
            .init(name: "quotes and backslash", source: #""k" = "\"\'\\";"#, expected: ["k=\"'\\"]),
            .init(name: "other characters stand for themselves", source: #""k" = "\q\%\é";"#, expected: ["k=q%é"]),
            .init(name: "backslash newline", source: "\"k\" = \"a\\\nb\";", expected: ["k=a\nb"]),
            .init(name: "backslash CR LF keeps the LF", source: "\"k\" = \"a\\\r\nb\";", expected: ["k=a\r\nb"]),
            .init(name: "\\U four digits", source: #""k" = "\U00e9\U20AC";"#, expected: ["k=é€"]),
            .init(name: "\\U fewer digits", source: #""k" = "\U41g\U7";"#, expected: ["k=Ag\u{07}"]),
            .init(name: "\\U at most four", source: #""k" = "\U00411";"#, expected: ["k=A1"]),
            .init(name: "\\U without digits is NUL", source: #""k" = "\Ux";"#, expected: ["k=\u{0}x"]),
            .init(name: "\\U surrogate pair", source: #""k" = "\UD83D\UDE00";"#, expected: ["k=😀"]),
            .init(name: "\\U lone high surrogate", source: #""k" = "\UD83Dx";"#, expected: ["k=\u{FFFD}x"]),
            .init(name: "\\U lone low surrogate", source: #""k" = "\UDE00";"#, expected: ["k=\u{FFFD}"]),
            .init(name: "\\U reversed pair", source: #""k" = "\UDE00\UD83D";"#, expected: ["k=\u{FFFD}\u{FFFD}"]),
            .init(name: "octal ASCII", source: #""k" = "\101\60\0";"#, expected: ["k=A0\u{0}"]),
            .init(name: "octal at most three digits", source: #""k" = "\1011";"#, expected: ["k=A1"]),
            .init(name: "octal NeXTSTEP high half", source: #""k" = "\200\341\351\274\376\377";"#,
                  expected: ["k=\u{A0}\u{C6}\u{D8}\u{2026}\u{0}\u{0}"]),
            .init(name: "octal wraps at 256", source: #""k" = "\501";"#, expected: ["k=A"]),
            .init(name: "escapes in keys", source: #""\t\U263A" = x;"#, expected: ["\t☺=x"]),
            .init(name: "escapes in single quotes", source: #"'k' = '\'\n';"#, expected: ["k='\n"]),
        ]

        @Test(arguments: escapes)
        func escape(_ c: StringsCase) throws {
            #expect(pairs(try parseStrings(c.source)) == c.expected)
        }

        static let errors: [StringsErrorCase] = [
            .init(name: "missing ';' at end", source: "\"a\" = \"b\"", line: 1, column: 10, message: "missing ';'"),
            .init(name: "missing ';' before next key", source: "a = b\nc = d;", line: 1, column: 6, message: "missing ';'"),
            .init(name: "missing ';' after shorthand key", source: "x;\n  \"key\"", line: 2, column: 8, message: "missing ';'"),
            .init(name: "missing ';' inside wrapper", source: "{\n a = b\n}", line: 2, column: 7, message: "missing ';'"),
            .init(name: "unterminated string", source: "a = b;\n  c = \"d;\n", line: 2, column: 7, message: "unterminated string"),
            .init(name: "unterminated string after backslash", source: "'a\\", line: 1, column: 1, message: "unterminated string"),
            .init(name: "unterminated comment", source: "a = b;\n x /* c = d;", line: 2, column: 4, message: "unterminated comment"),
            .init(name: "unterminated comment inside the wrapper", source: "{ a = b;\n /*/ }", line: 2, column: 2,
                  message: "unterminated comment"),
            .init(name: "missing value", source: "a = ", line: 1, column: 5, message: "unexpected end of file, expected a value"),
            .init(name: "bad value", source: "a = @;", line: 1, column: 5, message: "unexpected '@', expected a value"),
            .init(name: "dict value", source: "a = { b = c; };", line: 1, column: 5, message: "the value of \"a\" must be a string, not '{'"),
            .init(name: "array value", source: "a = (b);", line: 1, column: 5, message: "the value of \"a\" must be a string, not '('"),
            .init(name: "data value", source: "a = <00>;", line: 1, column: 5, message: "the value of \"a\" must be a string, not '<'"),
            .init(name: "neither = nor ;", source: "a b;", line: 1, column: 3, message: "unexpected 'b', expected '=' or ';' after the key"),
            .init(name: "junk before any entry", source: "\n@ a = b;", line: 2, column: 1, message: "unexpected '@', expected a key"),
            .init(name: "stray semicolon", source: "; a = b;", line: 1, column: 1, message: "unexpected ';', expected a key"),
            .init(name: "stray closing brace", source: "} a = b;", line: 1, column: 1, message: "unexpected '}', expected a key"),
            .init(name: "missing closing brace", source: "{ a = b;", line: 1, column: 1, message: "missing '}' to close the '{'"),
            .init(name: "junk after the wrapper", source: "{ a = b; } c = d;", line: 1, column: 12, message: "unexpected 'c' after the closing '}'"),
            .init(name: "lone string", source: "\"a\"", line: 1, column: 4, message: "missing ';'"),
            .init(name: "non-ASCII junk", source: "é", line: 1, column: 1, message: "unexpected U+00E9, expected a key"),
            .init(name: "columns count scalars", source: "\"😀é\" = \"x\" y", line: 1, column: 11, message: "missing ';'"),
            .init(name: "CR LF is one line end", source: "a = b;\r\n\r\nc", line: 3, column: 2, message: "missing ';'"),
            .init(name: "CR alone ends a line", source: "a = b;\r\rc", line: 3, column: 2, message: "missing ';'"),
        ]

        @Test(arguments: errors)
        func error(_ c: StringsErrorCase) {
            let error = thrownError { _ = try parseStrings(c.source) }
            #expect(error == ParlanceError(.syntax, c.message, path: "t.strings", line: c.line, column: c.column))
        }

        @Test func entriesCarryTheirKeyPosition() throws {
            let entries = try parseStrings("/* header */\n\"a\" = \"b\";\n  c = d; 'e';\r\n\t\"f\"\n=\n\"g\";")
            #expect(entries.map { [$0.line, $0.column] } == [[2, 1], [3, 3], [3, 10], [4, 2]])
        }

        @Test func errorDescriptionNamesThePlace() {
            let error = thrownError { _ = try parseStrings("a = b") }
            #expect(error?.description == "t.strings:1:6: missing ';'")
        }
    }
}
