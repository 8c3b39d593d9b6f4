import Foundation
import Testing
@testable import ParlanceTools

enum ExtractFixtures {
    static let tree = Fixtures.repository + "/Tests/Fixtures/extract"
    /// The Python binding's methods, looked for only when asked.
    static let bindingKeywords = ["text", "lookup", "plural", "format", "localize_marked"].flatMap { ["--keyword", $0] }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "parlance-extract-\(UInt32.random(in: 0...UInt32.max))"
    }
}

@Suite struct ExtractCommandTests {
    let tree = ExtractFixtures.tree

    @Test func listMatchesTheCheckedInListing() throws {
        let result = runTool(["extract", "--list", "--relative-to", tree] + ExtractFixtures.bindingKeywords + [tree])
        #expect(result.status == 0)
        #expect(result.out == (try ExtractFixtures.read(tree + "/expected.tsv")))
        #expect(result.err == (try ExtractFixtures.read(tree + "/expected.stderr")))
    }

    @Test func listIsDeterministic() {
        let first = runTool(["extract", "--list", "--relative-to", tree, tree])
        // The same files in the same order: messages keep the order first found, as xgettext's do.
        let second = runTool(["extract", "--list", "--relative-to", tree, tree + "/c", tree + "/cpp",
                              tree + "/objc", tree + "/python", tree + "/swift"])
        #expect(first.out == second.out)
        #expect(!first.out.contains("skipped"))  // hidden, build and __pycache__ directories, .txt files
    }

    @Test func potFilesMatchTheCheckedInOnes() throws {
        let out = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = runTool(["extract", "--format", "pot", "--relative-to", tree, "-o", out] + ExtractFixtures.bindingKeywords + [tree])
        #expect(result.status == 0)
        let expected = try FileManager.default.contentsOfDirectory(atPath: tree + "/expected").sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == expected)
        #expect(expected.contains("messages.pot") && expected.contains("errors.pot"))
        for name in expected {
            #expect(try ExtractFixtures.read(out + "/" + name) == ExtractFixtures.read(tree + "/expected/" + name), "\(name)")
        }
    }

    @Test func dryRunWritesNothing() {
        let out = ExtractFixtures.temporaryDirectory()
        let result = runTool(["extract", "--format", "pot", "--dry-run", "--quiet", "-o", out, tree + "/objc"])
        #expect(result.status == 0)
        #expect(result.out.contains("would write \(out)/messages.pot ("))
        #expect(result.out.contains("would write \(out)/Login.pot (3 messages)"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func defaultTableNamesThePotOfCallsWithoutOne() throws {
        let out = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(runTool(["extract", "--format", "pot", "--default-table", "app", "-o", out] + ExtractFixtures.bindingKeywords
                        + [tree + "/python"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["Menu.pot", "app.pot", "errors.pot"])
    }

    @Test func excludeMatchesRelativePathsAndNames() {
        let all = runTool(["extract", "--list", "--relative-to", tree, tree]).out
        #expect(all.contains("c/util/api.c"))
        let byName = runTool(["extract", "--list", "--relative-to", tree, "--exclude", "*.c", tree]).out
        #expect(!byName.contains(".c:") && byName.contains(".m:") && byName.contains(".cpp:"))
        let byPath = runTool(["extract", "--list", "--relative-to", tree, "--exclude", "c/util", "--exclude", "python/*.py", tree]).out
        #expect(!byPath.contains("c/util/") && byPath.contains("c/main.c") && !byPath.contains("python/"))
    }

    @Test func keywordsAndCommentOptions() {
        let dir = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/t.c"
        try? writeFile(file, "// plain comment\ntr(\"ctx\", \"key\");\n/* NOTE: tagged */ _(\"x\");\n")
        let result = runTool(["extract", "--list", "--relative-to", dir, "--keyword", "tr:1c,2", file])
        #expect(result.out == "key\tctx\t\t\tt.c:2\nx\t\t\t\tt.c:3\n")   // in the order found
        let out = dir + "/out"
        #expect(runTool(["extract", "--format", "pot", "--all-comments", "--keyword", "tr:1c,2", "--relative-to", dir, "-o", out, file]).status == 0)
        let pot = (try? ExtractFixtures.read(out + "/messages.pot")) ?? ""
        #expect(pot.contains("#. plain comment\n#: t.c:2\nmsgctxt \"ctx\"\nmsgid \"key\"\n"))
        #expect(runTool(["extract", "--format", "pot", "--comment-tag", "NOTE:", "--relative-to", dir, "-o", out, file]).status == 0)
        #expect(((try? ExtractFixtures.read(out + "/messages.pot")) ?? "").contains("#. NOTE: tagged\n#: t.c:3\nmsgid \"x\""))
        #expect(runTool(["extract", "--list", "--no-default-keywords", "--keyword", "tr:1c,2", file]).out.hasPrefix("key\tctx"))
    }

    @Test func errorsAreClear() {
        let missing = runTool(["extract", "--list", "/nonexistent/parlance/src"])
        #expect(missing.status == 1)
        #expect(missing.err == "parlance extract: cannot read '/nonexistent/parlance/src': No such file or directory\n")
        let unknown = runTool(["extract", "--list", tree + "/c/notes.txt"])
        #expect(unknown.status == 1 && unknown.err.contains("notes.txt'"))
        #expect(runTool(["extract", tree]).status == 2)  // neither -o nor --list
        #expect(runTool(["extract", "--list"]).status == 2)
        #expect(runTool(["extract", "--list", "--keyword", "tr:x", tree]).status == 2)
        #expect(runTool(["extract", "--format", "yaml", "-o", "/tmp/x", tree]).status == 2)

    }

    @Test func unreadableFileIsAnError() throws {
        guard getuid() != 0 else { return }  // root reads anything
        let dir = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(dir + "/locked.c", "_(\"x\");")
        chmod(dir + "/locked.c", 0)
        let result = runTool(["extract", "--list", dir])
        #expect(result.status == 1)
        #expect(result.err.contains("cannot read '\(dir)/locked.c'"))
    }

    @Test func progressIsReportedPerFile() throws {
        final class Calls: @unchecked Sendable { var seen: [[Int]] = [] }
        let calls = Calls()
        var options = ExtractOptions()
        options.progress = { calls.seen.append([$0, $1]) }
        let result = try Extractor.extract(paths: [tree + "/objc", tree + "/python"], options: options)
        #expect(result.fileCount == 3)
        #expect(calls.seen == [[1, 3], [2, 3], [3, 3]])
    }

    @Test func diagnosticsGoToStandardError() {
        let result = runTool(["extract", "--list", "--relative-to", tree, tree + "/python/app.py"])
        #expect(result.err.contains("python/app.py:26:10: warning: non-literal key in call to _; not extracted (byte string)\n"))
        #expect(!result.out.contains("warning"))
    }
}
