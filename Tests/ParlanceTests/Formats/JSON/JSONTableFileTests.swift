import Testing
@testable import Parlance

func parseTable(_ text: String) throws(ParlanceError) -> [ParsedEntry] {
    try JSONTableFile.parse(Array(text.utf8), path: "en.json")
}

func tableError(_ text: String) -> ParlanceError? {
    do {
        _ = try parseTable(text)
        return nil
    } catch {
        return error
    }
}

func texts(_ entries: [ParsedEntry]) -> [String: String] {
    var result: [String: String] = [:]
    for entry in entries {
        if case .text(let text) = entry.value { result[entry.key] = text }
    }
    return result
}

@Suite struct JSONTableFileTests {
    @Test func nestedObjectsFlattenToDottedPaths() throws {
        let entries = try parseTable("""
            {
              "login": {
                "title": "Sign in",
                "form": { "user": "User name", "password": "Password" }
              },
              "a.b": "dotted key",
              "(menu)open": "Open"
            }
            """)
        #expect(entries == [
            ParsedEntry(key: "login.title", value: .text("Sign in"), line: 3, column: 5),
            ParsedEntry(key: "login.form.user", value: .text("User name"), line: 4, column: 15),
            ParsedEntry(key: "login.form.password", value: .text("Password"), line: 4, column: 36),
            ParsedEntry(key: "a.b", value: .text("dotted key"), line: 6, column: 3),
            ParsedEntry(key: "(menu)open", value: .text("Open"), line: 7, column: 3),
        ])
    }

    @Test func emptyTablesAndGroups() throws {
        #expect(try parseTable("{}") == [])
        #expect(try parseTable(#"{"a": {}, "b": {"c": {}}}"#) == [])
        #expect(try parseTable("\u{FEFF}{\"a\": \"x\"}").map(\.key) == ["a"])
    }

    @Test func pluralObjects() throws {
        let entries = try parseTable("""
            {"files": {"one": "%d file", "few": "%d files (few)", "other": "%d files"},
             "zero": {"zero": "none", "other": "some"},
             "group": {"one": "x", "title": "y"}}
            """)
        #expect(entries.count == 4)
        #expect(entries[0] == ParsedEntry(
            key: "files", value: .plural(PluralForms([.one: "%d file", .few: "%d files (few)", .other: "%d files"])),
            line: 1, column: 2))
        #expect(entries[1].value == .plural(PluralForms([.zero: "none", .other: "some"])))
        // An object with a key that is not a category is a group.
        #expect(entries[2...].map(\.key) == ["group.one", "group.title"])
    }

    @Test func pluralObjectWithDuplicateCategoryKeepsTheLast() throws {
        let entries = try parseTable(#"{"n": {"one": "a", "other": "b", "one": "c"}}"#)
        #expect(entries == [ParsedEntry(key: "n", value: .plural(PluralForms([.one: "c", .other: "b"])),
                                        line: 1, column: 2)])
    }

    @Test func topLevelCategoryKeysAreOrdinaryKeys() throws {
        #expect(try parseTable(#"{"one": "1", "other": "2"}"#).map(\.value) == [.text("1"), .text("2")])
    }

    @Test func duplicateKeysAreAllReturnedInOrder() throws {
        let entries = try parseTable(#"{"a": "1", "b": {"c": "2"}, "a": "3", "b.c": "4"}"#)
        #expect(entries.map(\.key) == ["a", "b.c", "a", "b.c"])
        #expect(entries.map(\.value) == [.text("1"), .text("2"), .text("3"), .text("4")])
    }

    static let errors: [(String, ParlanceError)] = [
        ("[]", ParlanceError(.syntax, "a JSON table must be an object at the top level, not an array",
                             path: "en.json", line: 1, column: 1)),
        ("  \"x\"", ParlanceError(.syntax, "a JSON table must be an object at the top level, not a string",
                                  path: "en.json", line: 1, column: 3)),
        (#"{"a": {"b": 3}}"#, ParlanceError(.syntax, "value of 'a.b' is a number; expected a string or an object",
                                            path: "en.json", line: 1, column: 13)),
        ("{\"a\": true}", ParlanceError(.syntax, "value of 'a' is a boolean; expected a string or an object",
                                        path: "en.json", line: 1, column: 7)),
        ("{\n\"a\": null}", ParlanceError(.syntax, "value of 'a' is null; expected a string or an object",
                                          path: "en.json", line: 2, column: 6)),
        (#"{"a": ["x"]}"#, ParlanceError(.syntax, "value of 'a' is an array; expected a string or an object",
                                         path: "en.json", line: 1, column: 7)),
        (#"{"n": {"one": "a", "few": "b"}}"#, ParlanceError(.syntax, "plural entry 'n' has no 'other' form",
                                                            path: "en.json", line: 1, column: 2)),
        (#"{"g": {"n": {"one": "a", "other": 2}}}"#,
         ParlanceError(.syntax, "plural form 'other' of 'g.n' is a number; expected a string",
                       path: "en.json", line: 1, column: 35)),
        (#"{"n": {"one": {"x": "y"}, "other": "b"}}"#,
         ParlanceError(.syntax, "plural form 'one' of 'n' is an object; expected a string",
                       path: "en.json", line: 1, column: 15)),
        (#"{"": "x"}"#, ParlanceError(.syntax, "empty key", path: "en.json", line: 1, column: 2)),
        (#"{"a": {"": "x"}}"#, ParlanceError(.syntax, "empty key in 'a'", path: "en.json", line: 1, column: 8)),
        (#"{"a": "x",}"#, ParlanceError(.syntax, "unexpected '}'; expected a string key",
                                        path: "en.json", line: 1, column: 11)),
    ]

    @Test(arguments: errors)
    func errorsNameTheKeyPathAndPosition(_ example: (String, ParlanceError)) {
        #expect(tableError(example.0) == example.1)
    }

    @Test func invalidUTF8IsAnEncodingError() {
        #expect(throws: ParlanceError(.encoding, "invalid UTF-8 byte 0xFF", path: "x.json", line: 1, column: 9)) {
            try JSONTableFile.parse(Array(#"{"a": "x"#.utf8) + [0xFF, 0x22, 0x7D], path: "x.json")
        }
    }
}
