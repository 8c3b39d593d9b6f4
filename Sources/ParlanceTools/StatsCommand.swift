/// `parlance stats`: translation coverage per locale and table.
public enum StatsCommand: ToolCommand {
    public static let name = "stats"
    public static let summary = "Show entries, translated, missing, unused and words per locale and table"
    public static var usage: String { """
        parlance stats [--format text|json] [--html OUT.html] [--catalog-format \(OutputFormat.choices)] [--development-locale en] CATALOG_DIR
          Example: parlance stats Examples/catalog
          Example: parlance stats --html coverage.html Examples/catalog
          Missing entries are listed with where the development table defines
          them (JSON: missingKeys; the page: per locale, folded).
        """ }
    public static let options: [OptionSpec] = [
        OptionSpec("--format", .value(placeholder: "text|json"), "output format (default: text)"),
        OptionSpec("--html", .value(placeholder: "OUT"), "also write a self-contained page of bars and missing keys"),
        OptionSpec("--catalog-format", .value(placeholder: "FORMAT"), "the tables' format (default: detected)"),
        OptionSpec("--development-locale", .value(placeholder: "L"), "the source language (default: en)"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one CATALOG_DIR") }
        let json: Bool
        switch arguments.value("--format") ?? "text" {
        case "text": json = false
        case "json": json = true
        case let other: throw UsageError("unknown --format '\(other)'")
        }
        let format = try arguments.value("--catalog-format").map { try MergeCommand.parseFormat($0, default: .standard) }
        let folder = try CatalogFolder(root: arguments.positionals[0], format: format,
                                       development: arguments.developmentLocale())
        for failure in folder.failures { console.err("parlance stats: \(failure.error)\n") }
        let rows = folder.snapshots.flatMap(CatalogStats.compute)
        console.out(json ? CatalogStats.json(rows) + "\n" : CatalogStats.table(rows))
        if let html = arguments.value("--html") {
            let page = StatsHTML.page(rows, catalog: arguments.positionals[0],
                                      development: arguments.developmentLocale())
            try AtomicFile.write(Array(page.utf8), to: html)
        }
        return folder.failures.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
}
