import Parlance

/// `parlance merge`: merges messages read from tables or templates into a
/// catalog directory (what `parlance extract` does with scanned messages).
public enum MergeCommand: ToolCommand {
    public static let name = "merge"
    public static let summary = "Merge messages from tables or .pot templates into a catalog, keeping translations"
    public static var usage: String { """
        parlance merge [--format \(OutputFormat.choices)] [--locale L]... [--development-locale en]
                       [--delete-unused-entries] [--delete-unused-tables] [--sp-plurals] [--xliff-version 1.2|2.0]
                       [--dry-run] --from FILE... -o OUTDIR
          Example: parlance merge --format po --locale fr --locale ru --from build/messages.pot -o po
          Example: parlance merge --format xcstrings --from build/messages.pot -o Resources
          New keys are added to every locale (untranslated outside the development
          locale), translations are never changed, unused entries are kept and
          reported unless deleted. Prints each file's totals (added, updated,
          obsolete, kept; moved references are no update); --verbose lists the keys.
          Without --format, OUTDIR's format is the one of the tables the runtime
          lists in it (Catalog.load's reading of the folder, else the format
          its files are laid out in); a new or empty OUTDIR gets strings.
          xcstrings: OUTDIR/<Table>.xcstrings holds every language, written as Xcode
          writes it; unused keys are marked stale, other languages get nothing until
          translated.
          i18next: OUTDIR/<lng>/<ns>.json (default namespace: translation); new keys
          nested by ".", plurals as key_one, key_other..., contexts as key_context.
          --from LNG/NS.json reads an i18next namespace (a .json in a folder named for
          a language); any other .json is Parlance's hierarchical JSON.
          xliff: OUTDIR/<lang>.xliff for each language but the development one, a
          <file> per table as Xcode exports them; new units have a source and no
          target, a changed source keeps its target marked for review
          (needs-review-translation; 2.0: state initial), unused units are kept.
          A folder of DOMAIN.LOCALE.xlf documents (Symfony's translations/) keeps
          a document per table and language.
        """ }
    public static let options: [OptionSpec] = [
        OptionSpec("--from", .repeated(placeholder: "FILE"), "a ." + OutputFormat.registry.flatMap(\.tools.messageExtensions).joined(separator: ", .") + " table or i18next namespace to take messages from"),
        OptionSpec("-o", .value(placeholder: "OUTDIR"), "the catalog directory to merge into"),
        OptionSpec("--format", .value(placeholder: "FORMAT"), OutputFormat.nameList(markingDefault: true)),
        OptionSpec("--locale", .repeated(placeholder: "L"), "also create or merge this locale"),
        OptionSpec("--development-locale", .value(placeholder: "L"), "the source language (default: en)"),
        OptionSpec("--delete-unused-entries", .flag, "delete entries no message uses"),
        OptionSpec("--sp-plurals", .flag, "strings format: plurals as (context##one)key entries, as spgenstrings writes"),
        OptionSpec("--delete-unused-tables", .flag, "delete tables no message uses"),
        OptionSpec("--xliff-version", .value(placeholder: "1.2|2.0"), "xliff format: the version of new documents (default: 1.2)"),
        OptionSpec("--dry-run", .flag, "print what would change, write nothing"),
        OptionSpec("--quiet", .flag, "print nothing on success"),
        OptionSpec("--verbose", .flag, "list every key added (+), updated (~), removed (-) or unused (?) under its file"),
        OptionSpec("--report", .value(placeholder: "text|json"), "how to print the summary (default: text)"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'; tables go after --from") }
        let sources = arguments.all("--from")
        guard !sources.isEmpty else { throw UsageError("--from is required") }
        guard let output = arguments.value("-o") else { throw UsageError("-o OUTDIR is required") }
        let format = try arguments.value("--format").map { try parseFormat($0, default: .standard) } ?? listedFormat(output)
        let json = try reportIsJSON(arguments)
        var messages: [SourceMessage] = []
        for path in sources { messages += try TableMessages.read(path, i18nextRoot: format.tools.tableFolders ? output : nil) }
        let options = MergeOptions(deleteUnusedEntries: arguments.has("--delete-unused-entries"),
                                   deleteUnusedTables: arguments.has("--delete-unused-tables"),
                                   dryRun: arguments.has("--dry-run"), spgenstringsPlurals: arguments.has("--sp-plurals"),
                                   xliffVersion: try xliffVersion(arguments))
        let report = try Merger.merge(messages: messages, into: output, format: format, locales: arguments.all("--locale"),
                                      developmentLocale: arguments.developmentLocale(), options: options)
        if !arguments.has("--quiet") || options.dryRun {
            console.out(json ? report.json + "\n" : report.text(verbose: arguments.has("--verbose")))
        }
        return ExitStatus.success
    }

    /// The format of the catalog the runtime lists at `folder` (the part of
    /// `CatalogFolder` rooted there; of a family read together, the first
    /// of the family that owns a listed file: `.strings` beside `.json`);
    /// else the format detection finds (gettext's `po/LANG.po`, which the
    /// runtime does not list); `.standard` for a folder that holds no table
    /// yet. A folder holding catalogs of two formats (Fluent's `LOCALE.ftl`
    /// beside i18next's `LOCALE.json`) is merged one format at a time, named
    /// with `--format`: merging into one of them alone would leave the
    /// other's tables unmerged without a word.
    static func listedFormat(_ folder: String) throws -> OutputFormat {
        guard FileSystemTools.isDirectory(folder) else { return .standard }
        var root = folder
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        // A folder the runtime lists nothing in (empty, or templates only) has no parts.
        let (listed, parts) = (try? CatalogFolder.parts(root: root)) ?? ([], [])
        let owners = Set(listed.compactMap { OutputFormat.owner(of: $0.format)?.rawValue })
        var formats: [OutputFormat] = []
        for part in parts where part.root == root {
            let format = part.format.readTogether.first { owners.contains($0.rawValue) } ?? part.format
            if !formats.contains(where: { $0.rawValue == format.rawValue }) { formats.append(format) }
        }
        if formats.count > 1 {
            let names = formats.map(\.rawValue).joined(separator: ", ")
            throw ToolError("'\(folder)' holds catalogs of several formats (\(names)): merge one at a time with --format")
        }
        if let format = formats.first { return format }
        guard parts.isEmpty else {
            let named = parts.map { "\($0.root) (\($0.format.rawValue))" }.joined(separator: ", ")
            throw ToolError("'\(folder)' holds no catalog of its own but \(named): give one of them as -o, or --format")
        }
        // Nothing listed in a format's layout: the folder's format by detection, as CatalogFolder reads it.
        return CatalogLayout.detect(root) ?? .standard
    }

    /// `--report text|json` (merge and extract, whose `--format` names the tables' format).
    static func reportIsJSON(_ arguments: ParsedArguments) throws -> Bool {
        switch arguments.value("--report") ?? "text" {
        case "text": return false
        case "json": return true
        case let other: throw UsageError("unknown --report '\(other)' (text or json)")
        }
    }

    /// `--xliff-version 1.2|2.0` (default 1.2, as Xcode exports).
    static func xliffVersion(_ arguments: ParsedArguments) throws -> XLIFFVersion {
        let name = arguments.value("--xliff-version") ?? XLIFFVersion.v12.rawValue
        guard let version = XLIFFVersion(rawValue: name) else { throw UsageError("unknown --xliff-version '\(name)' (1.2 or 2.0)") }
        return version
    }

    static func parseFormat(_ name: String?, default value: OutputFormat) throws -> OutputFormat {
        guard let name else { return value }
        guard let format = OutputFormat(rawValue: name) else { throw UsageError("unknown --format '\(name)' (\(OutputFormat.names))") }
        return format
    }
}
