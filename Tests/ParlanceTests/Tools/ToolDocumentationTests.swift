import Testing
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
            #expect(man.contains(".SS parlance \(command.name)"))
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
