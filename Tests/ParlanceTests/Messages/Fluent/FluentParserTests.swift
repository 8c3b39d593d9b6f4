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

    /// Fixtures whose trees still differ (docs/formats.md, Fluent): none.
    static let knownDifferences: Set<String> = []

    /// A fixture's text as a checkout of its repository has it: the
    /// specification's `.gitattributes` has `crlf.ftl` written with `\r\n`
    /// line ends (`eol=crlf`), and the copies in the reference data (and in
    /// fluent.js and fluent-rs, whose recorded trees hold those `\r\n`) are
    /// the stored text, with `\n`.
    static func checkedOut(_ bytes: [UInt8], name: String) -> [UInt8] {
        guard name == "crlf.ftl", !bytes.contains(13) else { return bytes }
        return bytes.flatMap { $0 == 10 ? [13, 10] : [$0] }
    }

    @Test func referenceFixtures() throws {
        let root = try #require(FluentReferenceData.fixtures, "corpus3 of the reference data is missing")
        var passed = 0, total = 0
        for folder in Self.fixtureFolders {
            for path in Fixtures.files(under: root + "/" + folder, extension: "ftl") {
                let expectedPath = String(path.dropLast(4)) + ".json"
                guard FileManager.default.fileExists(atPath: expectedPath) else { continue }
                total += 1
                let name = String(path.split(separator: "/").last ?? "")
                let resource = FluentParser.parse(bytes: Self.checkedOut(try FileSystem.read(path), name: name), path: path)
                let expected = try JSONSerialization.jsonObject(with: Data(try FileSystem.read(expectedPath)))
                let got = try Self.sortedJSON(FluentSyntaxJSON.resource(resource))
                let want = try Self.sortedJSON(expected)
                if got == want { passed += 1 } else {
                    #expect(Self.knownDifferences.contains(name), "\(path)")
                }
            }
        }
        #expect(total == 111)
        #expect(passed == total, "\(passed) of \(total)")
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
