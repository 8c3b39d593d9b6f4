import Testing
import Foundation
@testable import ParlanceTools

/// `parlance help COMMAND`, the manual page and the completions come from
/// the commands' own tables: every command and option appears in each.
@Suite struct ToolDocumentationTests {
    @Test func helpCommandShowsEachCommandsOptions() {
        for command in ParlanceTool.commands {
            let run = runTool(["help", command.name])
            #expect(run.status == 0)
            #expect(run.out == runTool([command.name, "--help"]).out)
            for option in command.options { #expect(run.out.contains(option.name), "\(command.name) \(option.name)") }
            #expect(run.out.contains("Example: parlance \(command.name)"), "\(command.name) has an example")
        }
        #expect(runTool(["help"]).status == 0)
        #expect(runTool(["help", "nonsense"]).status == 2)
        #expect(runTool(["completions", "fish"]).status == 2)
    }

    @Test func manualPageAndCompletionsNameEveryOption() {
        let man = runTool(["man"]).out
        let bash = runTool(["completions", "bash"]).out
        let zsh = runTool(["completions", "zsh"]).out
        #expect(man.hasPrefix(".TH PARLANCE 1 "))
        #expect(bash.contains("complete -o filenames -F _parlance parlance"))
        #expect(zsh.hasPrefix("#compdef parlance\n"))
        for command in ParlanceTool.commands {
            #expect(man.contains(".SS " + ToolDocumentation.roff("parlance " + command.name)))
            #expect(bash.contains("        \(command.name))\n"))
            #expect(zsh.contains("'\(command.name):"))
            for option in command.options {
                #expect(man.contains(".B " + ToolDocumentation.roff(option.name)), "\(option.name)")
                #expect(bash.contains(option.name))
                #expect(zsh.contains(option.name + "["))
            }
        }
        // A line of the usage text that begins with a dot is protected.
        #expect(ToolDocumentation.roffLine(".hidden") == "\\&.hidden")
        #expect(ToolDocumentation.roff("a-b\\c") == "a\\-b\\ec")
    }
}

/// `--report json` of extract and merge (whose `--format` is the tables' format).
@Suite struct ReportJSONTests {
    @Test func extractListAndDryRunsReportJSON() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/main.c", Array("""
            /* TRANSLATORS: the greeting */
            puts(_("Hello"));
            printf(ngettext("%d file", "%d files", n), n);
            puts(pgettext("menu", "Open"));

            """.utf8))
        let list = runTool(["extract", "--list", "--report", "json", directory + "/main.c"])
        #expect(list.status == 0)
        let messages = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
        let byKey = Dictionary(uniqueKeysWithValues: messages.map { ($0["key"] as? String ?? "", $0) })
        #expect(Set(byKey.keys) == ["Hello", "%d file", "Open"])
        #expect(byKey["Hello"]?["notes"] as? [String] == ["TRANSLATORS: the greeting"])
        #expect(byKey["%d file"]?["plural"] as? String == "%d files" && byKey["Open"]?["context"] as? String == "menu")
        let references = try #require(byKey["Hello"]?["references"] as? [[String: Any]])
        #expect(references.first?["line"] as? Int == 2)

        // With --list, --format json means the listing (no table is written).
        #expect(runTool(["extract", "--list", "--format", "json", directory + "/main.c"]).out == list.out)

        let pot = runTool(["extract", "--format", "pot", "--dry-run", "--report", "json", "-o", directory + "/po",
                           directory + "/main.c"])
        let files = try #require(try JSONSerialization.jsonObject(with: Data(pot.out.utf8)) as? [[String: Any]])
        #expect(files.count == 1 && files[0]["messages"] as? Int == 3 && files[0]["written"] as? Bool == false)
        #expect(!FileManager.default.fileExists(atPath: directory + "/po"))

        let merge = runTool(["extract", "--dry-run", "--report", "json", "--locale", "fr", "-o", directory + "/out",
                             directory + "/main.c"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(merge.out.utf8)) as? [[String: Any]])
        #expect(report.count == 4 && report.allSatisfy { $0["status"] as? String == "created" })
        #expect(report.flatMap { $0["added"] as? [String] ?? [] }.sorted()
                == ["%d file", "%d file", "(menu)Open", "(menu)Open", "Hello", "Hello"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
        #expect(runTool(["merge", "--from", directory + "/main.c", "-o", directory, "--report", "xml"]).status == 2)
    }
}
