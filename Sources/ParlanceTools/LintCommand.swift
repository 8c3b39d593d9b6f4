import Parlance

/// `parlance lint`: checks table files, the `plutil -lint` way.
public enum LintCommand: ToolCommand {
    public static let name = "lint"
    public static let summary = "Check table files: FILE: OK, or FILE:LINE:COL: error: ..."
    public static let usage = """
        parlance lint [--format text|json] FILE...
          Example: parlance lint Examples/catalog/fr.lproj/Localizable.strings
        """
    public static let options: [OptionSpec] = [
        OptionSpec("--format", .value(placeholder: "text|json"), "output format (default: text)"),
        OptionSpec("--quiet", .flag, "print only problems"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one FILE") }
        let json: Bool
        switch arguments.value("--format") ?? "text" {
        case "text": json = false
        case "json": json = true
        case let other: throw UsageError("unknown --format '\(other)'")
        }
        var findings: [LintFinding] = []
        var failed = false
        for path in arguments.positionals {
            let fileFindings = Linter.lint(path: path)
            failed = failed || fileFindings.contains { $0.severity == .error }
            findings += fileFindings
            if !json {
                if fileFindings.isEmpty {
                    if !arguments.has("--quiet") { console.out("\(path): OK\n") }
                } else {
                    for finding in fileFindings { console.out(finding.description + "\n") }
                }
            }
        }
        if json { console.out(LintFinding.json(findings) + "\n") }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
