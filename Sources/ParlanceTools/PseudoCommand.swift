/// `parlance pseudo`: writes a pseudo-locale from the development locale.
public enum PseudoCommand: ToolCommand {
    public static let name = "pseudo"
    public static let summary = "Write a pseudo-locale (en-XA accented and longer, ar-XB right-to-left)"
    public static var usage: String { """
        parlance pseudo [--locale en-XA|ar-XB] [--format \(OutputFormat.choices)] [--development-locale en]
                        [--xliff-version 1.2|2.0] -o OUTDIR CATALOG_DIR
          Example: parlance pseudo --locale en-XA -o Examples/catalog Examples/catalog
          Placeholders (%@, %1$d, %#@var@, {key.path}, {{x}}) are kept as they are.
          xliff: OUTDIR/en-XA.xliff, the development texts as sources, the pseudo
          texts as translated targets, a <file> per table.
        """ }
    public static let options: [OptionSpec] = [
        OptionSpec("--locale", .value(placeholder: "L"), "en-XA (default) or ar-XB"),
        OptionSpec("--format", .value(placeholder: "FORMAT"), OutputFormat.names + " (default: the catalog's)"),
        OptionSpec("--development-locale", .value(placeholder: "L"), "the source language (default: en)"),
        OptionSpec("--xliff-version", .value(placeholder: "1.2|2.0"), "xliff format: the version of a new document (default: 1.2)"),
        OptionSpec("-o", .value(placeholder: "OUTDIR"), "where to write the pseudo-locale"),
        OptionSpec("--quiet", .flag, "do not list the files written"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one CATALOG_DIR") }
        guard let output = arguments.value("-o") else { throw UsageError("-o OUTDIR is required") }
        let name = arguments.value("--locale") ?? "en-XA"
        guard let style = Pseudolocalizer.Style(rawValue: name) else { throw UsageError("unknown --locale '\(name)' (en-XA or ar-XB)") }
        let format = try arguments.value("--format").map { try MergeCommand.parseFormat($0, default: .standard) }
        let written = try PseudoCatalog.write(catalog: arguments.positionals[0], style: style, format: format, into: output,
                                              developmentLocale: arguments.developmentLocale(),
                                              xliffVersion: try MergeCommand.xliffVersion(arguments))
        if !arguments.has("--quiet") { for path in written { console.out(path + "\n") } }
        return ExitStatus.success
    }
}
