import Foundation
import Testing
@testable import Parlance

/// The parser against the syntax fixtures of the specification, fluent.js
/// and fluent-rs (corpus3 `fluent-fixtures/`): every `.ftl` with a `.json`
/// beside it must parse to that syntax tree (spans and Junk annotations
/// aside, which those fixtures do not record).
@Suite struct FluentParserTests {
    static let fixtureFolders = [
        "projectfluent__fluent/test/fixtures",
        "projectfluent__fluent.js/fluent-syntax/test/fixtures_reference",
        "projectfluent__fluent-rs/fluent-syntax/tests/fixtures",
    ]

    static func sortedJSON(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    /// Fixtures whose trees still differ (docs/formats.md, Fluent): lone
    /// `\r` line ends and `\r\n` kept inside Junk, and leading dots.
    static let knownDifferences: Set<String> = ["cr_multikey.ftl", "cr_multilinevalue.ftl", "crlf.ftl", "leading_dots.ftl"]

    @Test func referenceFixtures() throws {
        let root = try #require(FluentReferenceData.fixtures, "corpus3 of the reference data is missing")
        var passed = 0, total = 0
        for folder in Self.fixtureFolders {
            for path in Fixtures.files(under: root + "/" + folder, extension: "ftl") {
                let expectedPath = String(path.dropLast(4)) + ".json"
                guard FileManager.default.fileExists(atPath: expectedPath) else { continue }
                total += 1
                let resource = FluentParser.parse(bytes: try FileSystem.read(path), path: path)
                let expected = try JSONSerialization.jsonObject(with: Data(try FileSystem.read(expectedPath)))
                let got = try Self.sortedJSON(FluentSyntaxJSON.resource(resource))
                let want = try Self.sortedJSON(expected)
                let name = String(path.split(separator: "/").last ?? "")
                if got == want { passed += 1 } else {
                    #expect(Self.knownDifferences.contains(name), "\(path)")
                }
            }
        }
        #expect(total >= 100)
        #expect(passed >= 103, "\(passed) of \(total)")
        print("Fluent syntax fixtures: \(passed) of \(total)")
    }

    @Test func junkCostsOneEntryWithALocatedError() {
        let resource = FluentParser.parse("a = A\nb = {\nc = C\n  .x = X\nd =\n", path: "t.ftl")
        let summary = resource.entries.map { entry -> String in
            switch entry {
            case .message(let m): return "message \(m.id)"
            case .term(let t): return "term \(t.id)"
            case .comment: return "comment"
            case .junk(let j): return "junk \(j.code) \(j.content.debugDescription)"
            }
        }
        #expect(summary == ["message a", "junk E0003 \"b = {\\n\"", "message c", "junk E0005 \"d =\\n\""])
        #expect(resource.errors.map(\.description) == [
            "t.ftl:3:1: Expected token: \"}\"",
            "t.ftl:5:4: Expected message \"d\" to have a value or attributes",
        ])
    }

    @Test func commentsAttachAsTheSpecificationSays() {
        let resource = FluentParser.parse("### Resource\n\n## Group\n# For a\na = A\n\n# Alone\n\nb = B\n")
        guard case .message(let a) = resource.entries[2] else { Issue.record("no message"); return }
        #expect(a.comment?.content == "For a")
        #expect(a.span.lowerBound == 23)
        guard case .comment(let alone) = resource.entries[3] else { Issue.record("no comment"); return }
        #expect(alone.content == "Alone" && alone.level == 1)
    }

    @Test func escapesAreReadWhenFormatted() {
        #expect(FluentEscapes.unescape(#"a\"b\\c\u0041\U01F602\uD800"#) == "a\"b\\cA\u{1F602}\u{FFFD}")
    }
}
