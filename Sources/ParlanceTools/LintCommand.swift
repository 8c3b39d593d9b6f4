import Parlance

/// `parlance lint`: checks table files, the `plutil -lint` way.
public enum LintCommand: ToolCommand {
    public static let name = "lint"
    public static let summary = "Check table files: FILE: OK, or FILE:LINE:COL: error: ..."
    public static let usage = """
        parlance lint [--format text|json] [--development-locale en] [--syntax [TABLE=]\(MessageCheck.parsedNames("|"))]...
                      [--catalog DIR]... [FILE|DIR]...
          Example: parlance lint Examples/catalog/fr.lproj/Localizable.strings
          Example: parlance lint --catalog Examples/catalog
          A directory is a catalog: each file is checked, then every locale against
          the development locale (placeholders, plural categories, missing keys).
          A file that holds its source texts (a .po's msgids) is checked against
          them alone as well: a %s translated as %d is found in FILE as in DIR.
          --syntax declares tables of \(MessageCheck.parsed.map { "\($0.title) (\($0.syntax))" }.joined(separator: " or "))
          messages, all of them or one by name: each message is parsed, its arguments
          compared with the source's and its plural arms with the locale's categories.
        """
    public static let options: [OptionSpec] = [
        OptionSpec("--format", .value(placeholder: "text|json"), "output format (default: text)"),
        OptionSpec("--quiet", .flag, "print only problems"),
        OptionSpec("--catalog", .repeated(placeholder: "DIR"), "lint a catalog directory across its locales"),
        OptionSpec("--development-locale", .value(placeholder: "L"), "the source language of catalogs (default: en)"),
        OptionSpec("--syntax", .repeated(placeholder: "[TABLE=]SYNTAX"), "message syntax of tables: \(MessageCheck.parsedNames(" or ")) (default: the format's)"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let catalogs = arguments.all("--catalog") + arguments.positionals.filter(FileSystemTools.isDirectory)
        let files = arguments.positionals.filter { !FileSystemTools.isDirectory($0) }
        guard !files.isEmpty || !catalogs.isEmpty else { throw UsageError("give at least one FILE or catalog DIR") }
        let json: Bool
        switch arguments.value("--format") ?? "text" {
        case "text": json = false
        case "json": json = true
        case let other: throw UsageError("unknown --format '\(other)'")
        }
        var findings: [LintFinding] = []
        var failed = false
        let declared = try MessageCheck.Declared(arguments.all("--syntax"))
        var groups: [(path: String, findings: [LintFinding])] = files.map {
            let messages = declared.messages(table: Linter.tableName($0))
            return ($0, Linter.lint(path: $0, messages: messages) + (messages == nil ? CatalogLinter.lintAlone(path: $0) : []))
        }
        for catalog in catalogs {
            let result = try CatalogLinter.lintReportingFiles(catalog: catalog,
                                                              developmentLocale: arguments.developmentLocale(),
                                                              syntaxes: declared)
            var byPath = Dictionary(grouping: result.findings, by: \.path)
            for path in result.files { groups.append((path, byPath.removeValue(forKey: path) ?? [])) }
            for (path, rest) in byPath.sorted(by: { $0.key < $1.key }) { groups.append((path, rest)) }
        }
        for (path, fileFindings) in groups {
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
