import Parlance

/// Where a command writes: injected so tests can capture output.
public struct Console {
    public var out: (String) -> Void
    public var err: (String) -> Void

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.out = out
        self.err = err
    }
}

/// One `parlance` subcommand.
public protocol ToolCommand {
    static var name: String { get }
    static var summary: String { get }
    /// Usage line(s) and an example, shown by `--help`.
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    /// Runs with parsed arguments; returns the exit status.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

/// Exit statuses of the `parlance` command (documented in README.md).
public enum ExitStatus {
    public static let success: Int32 = 0
    /// Lint found errors, or a lookup or load failed.
    public static let failure: Int32 = 1
    /// The command line was wrong.
    public static let usage: Int32 = 2
}

/// The `parlance` command: dispatches to subcommands.
public enum ParlanceTool {
    public static var commands: [any ToolCommand.Type] {
        [GetCommand.self, ExtractCommand.self, MergeCommand.self, LintCommand.self, StatsCommand.self, PseudoCommand.self,
         CompileCommand.self, ConvertCommand.self, LocalizeDocCommand.self]
    }

    public static func main(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first, first != "--help", first != "-h" else {
            console.out(help)
            return arguments.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        switch first {
        case "--version":
            console.out("parlance \(ParlanceVersion.string)\n")
            return ExitStatus.success
        case "help":
            guard arguments.count > 1 else {
                console.out(help)
                return ExitStatus.success
            }
            guard arguments.count == 2, let command = commands.first(where: { $0.name == arguments[1] }) else {
                console.err("parlance help: unknown command '\(arguments.dropFirst().joined(separator: " "))'\n\n" + help)
                return ExitStatus.usage
            }
            console.out(commandHelp(command))
            return ExitStatus.success
        case "man":
            console.out(ToolDocumentation.manPage())
            return ExitStatus.success
        case "completions":
            switch arguments.dropFirst().first {
            case "bash": console.out(ToolDocumentation.bashCompletion())
            case "zsh": console.out(ToolDocumentation.zshCompletion())
            default:
                console.err("parlance completions: give bash or zsh\n")
                return ExitStatus.usage
            }
            return ExitStatus.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.err("parlance: unknown command '\(first)'\n\n" + help)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(commandHelp(command))
            return ExitStatus.success
        }
        do {
            let parsed = try ArgumentParser.parse(rest, options: command.options)
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.err("parlance \(command.name): \(error)\n\(command.usage)\n")
            return ExitStatus.usage
        } catch {
            console.err("parlance \(command.name): \(error)\n")
            return ExitStatus.failure
        }
    }

    public static var help: String {
        var text = "parlance \(ParlanceVersion.string) — localization runtime and translator's tools\n\n"
        text += "Usage: parlance COMMAND [OPTIONS]\n\nCommands:\n"
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
        }
        text += "  help      Show a command's options and examples: parlance help COMMAND\n"
        text += "\nRun 'parlance help COMMAND' (or 'parlance COMMAND --help') for a command's options and examples;\n"
        text += "'parlance man' writes the manual page, 'parlance completions bash|zsh' the shell completions.\n"
        text += "\n" + ToolDocumentation.exitStatusText
        return text
    }

    static func commandHelp(_ command: any ToolCommand.Type) -> String {
        "\(command.summary)\n\nUsage: \(command.usage)\n\nOptions:\n\(ArgumentParser.help(for: command.options))\n"
            + "\n" + ToolDocumentation.exitStatusText
    }
}
