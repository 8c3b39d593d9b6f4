#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `parlance extract` asks of the code that writes tables: the
/// extracted messages and the command line's output choices.
public struct ExtractOutputRequest: Sendable {
    public var result: ExtractionResult
    public var outputDirectory: String
    /// A format's name (`strings`, `po`, …) or a template extension (`pot`).
    public var format: String
    public var locales: [String]
    public var developmentLocale: String
    /// The table of messages whose call names none.
    public var defaultTable: String
    public var deleteUnusedEntries: Bool
    public var deleteUnusedTables: Bool
    public var dryRun: Bool
    /// `--sp-plurals`: `MergeOptions.spgenstringsPlurals`.
    public var spgenstringsPlurals = false
    /// `--quiet`: no summary of what was written (a dry run still says what it would write).
    public var quiet = false
    /// `--report json`: the summary (or what a dry run would write) as JSON.
    public var jsonReport = false
    /// `--verbose`: the summary lists every key under its file, not only the totals.
    public var verbose = false
}

/// The seam between scanning and writing: `ExtractCommand.writer(for:)`
/// returns `MergeOutput` for the formats `parlance merge` writes and
/// `TemplateOutput` for a format's template extension (the templates alone).
public protocol ExtractOutput {
    /// Writes (or, with `dryRun`, describes) the tables; returns the exit status.
    static func write(_ request: ExtractOutputRequest, console: Console) throws -> Int32
}

/// The template files of a result's messages, in the format that keeps
/// templates with `templateExtension` `format`: one per table, nil table
/// named `defaultTable`, each in the messages' order; (file name, text)
/// sorted by name.
enum TemplateFiles {
    static func format(extension ext: String) -> (any ToolFormat)? {
        OutputFormat.registry.first { $0.tools.templateExtension == ext }?.tools
    }

    /// The format whose one template file `-o PATH` names, as xgettext's
    /// `-o` takes one: PATH is no directory and ends in a template extension
    /// (`.pot`) or in the table extension of a format that keeps templates (`.po`).
    static func fileFormat(of path: String) -> (any ToolFormat)? {
        guard !path.hasSuffix("/"), !FileSystemTools.isDirectory(path) else { return nil }
        let ext = FileSystemTools.splitExtension(FileSystemTools.baseName(path)).ext.lowercased()
        return OutputFormat.registry.first { format in
            guard let template = format.tools.templateExtension else { return false }
            return template == ext || format.tools.tableFormats.contains { $0.fileExtension == ext }
        }?.tools
    }

    /// The file extensions `-o FILE` takes: `.pot`, `.po`.
    static var fileExtensionList: [String] {
        OutputFormat.registry.flatMap { format -> [String] in
            guard let template = format.tools.templateExtension else { return [] }
            return [template] + format.tools.tableFormats.map(\.fileExtension)
        }.map { "." + $0 }
    }

    /// The same, for messages: `.pot or .po`.
    static var fileExtensions: String {
        let all = fileExtensionList
        return all.count < 2 ? all.joined() : all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
    }

    /// Every table's messages as one template's (xgettext writes every
    /// domain's messages to its `-o` file): a message of several tables
    /// once, gathered as the scan gathers occurrences (`MessageCollector`).
    static func single(_ messages: [SourceMessage]) -> ExtractionResult {
        var collector = MessageCollector()
        collector.reserveCapacity(messages.count)
        for var message in messages {
            message.table = nil
            collector.add(message)
        }
        return collector.result(fileCount: 0)
    }

    static func files(_ messages: [SourceMessage], defaultTable: String, format: any ToolFormat) -> [(name: String, text: String)] {
        guard let ext = format.templateExtension else { return [] }
        let byTable = Dictionary(grouping: messages) { $0.table ?? defaultTable }
        // Grouping keeps each table's messages in the order given: `ExtractionResult`'s, as first found.
        return byTable.keys.sorted().map { table in (table + "." + ext, format.template(byTable[table]!)) }
    }
}

/// `OUTDIR/<table>.EXT` for each table, written atomically, EXT the
/// template extension `--format` names.
public enum TemplateOutput: ExtractOutput {
    public static func write(_ request: ExtractOutputRequest, console: Console) throws -> Int32 {
        guard let format = TemplateFiles.format(extension: request.format) else {
            throw UsageError("no format writes '\(request.format)' templates")
        }
        let files = TemplateFiles.files(request.result.messages, defaultTable: request.defaultTable, format: format)
        let counts = Dictionary(grouping: request.result.messages) { $0.table ?? request.defaultTable }.mapValues(\.count)
        let directory = request.outputDirectory
        return try write(files.map { name, text in
            (directory.hasSuffix("/") ? directory + name : directory + "/" + name, text,
             counts[FileSystemTools.splitExtension(name).0] ?? 0)
        }, into: directory, request, console: console)
    }

    /// Writes (or, with `dryRun`, describes) template files, each with its
    /// count of messages, creating `directory` first; reports as asked.
    static func write(_ files: [(path: String, text: String, count: Int)], into directory: String,
                      _ request: ExtractOutputRequest, console: Console) throws -> Int32 {
        if !request.dryRun, !directory.isEmpty {
            try FileSystemTools.createDirectories(directory)
        }
        var report: [String] = []
        for (path, text, count) in files {
            if request.jsonReport {
                report.append("{\"path\":\(JSONWriter.quote(path)),\"messages\":\(count),\"written\":\(!request.dryRun)}")
            } else if request.dryRun {
                console.out("would write \(path) (\(count) message\(count == 1 ? "" : "s"))\n")
            }
            if !request.dryRun { try AtomicFile.write(Array(text.utf8), to: path) }
        }
        if request.jsonReport && (!request.quiet || request.dryRun) { console.out("[" + report.joined(separator: ",") + "]\n") }
        return ExitStatus.success
    }
}

/// `-o FILE.pot` (or `.po`): every message in one template file, as
/// `xgettext -o FILE` writes it.
public enum TemplateFileOutput: ExtractOutput {
    public static func write(_ request: ExtractOutputRequest, console: Console) throws -> Int32 {
        let path = request.outputDirectory
        guard let format = TemplateFiles.fileFormat(of: path) else {
            throw UsageError("'\(path)' names no template file (\(TemplateFiles.fileExtensions))")
        }
        let single = TemplateFiles.single(request.result.messages)
        for diagnostic in single.diagnostics { console.err(diagnostic.description + "\n") }
        return try TemplateOutput.write([(path, format.template(single.messages), single.messages.count)],
                                        into: FileSystemTools.directoryName(path), request, console: console)
    }
}

/// `parlance extract`: scans sources for localization calls.
public enum ExtractCommand: ToolCommand {
    public static let name = "extract"
    public static let summary = "Find translatable strings in C, C++, Objective-C, Swift and Python sources and UI documents"
    public static var usage: String { """
        parlance extract [--format \(OutputFormat.choices)|\(templateNames)] [--locale L]... [--exclude GLOB]...
                         [--keyword NAME:SPEC]... [--add-comments[=TAG]] [--default-table NAME]
                         [--dry-run] [--quiet] -o OUTDIR SOURCE...
        parlance extract --list [options] SOURCE...
          Example: parlance extract --format po --exclude 'Tests/*' -o po Sources
          Example: parlance extract --format xcstrings -o Resources Sources
          Example: parlance extract --format i18next --locale de -o public/locales src
          Example: parlance extract --list --keyword tr:1c,2 src
          -o merges the messages into OUTDIR as parlance merge does (xcstrings:
          OUTDIR/<Table>.xcstrings, as Xcode writes it; i18next: OUTDIR/<lng>/<ns>.json,
          namespace translation by default); --format \(templateNames) writes only the
          template of each table (OUTDIR/<table>.\(templateNames)); -o FILE\(TemplateFiles.fileExtensionList.joined(separator: "|"))
          writes every message to that one template, as xgettext -o
          does (an existing file of another kind is refused); --list prints key, context, plural,
          table and references, tab-separated. Non-literal arguments are reported on
          stderr as FILE:LINE:COL: warning: ... --keyword takes xgettext's ARGSPEC:
          N (key), N,M (key, plural), Nc (context), Nt (argument count).
        """ }
    public static let options: [OptionSpec] = [
        OptionSpec("-o", .value(placeholder: "OUTDIR"), "the directory to write tables into, or one template file (\(TemplateFiles.fileExtensions))"),
        OptionSpec("--list", .flag, "print the messages found instead of writing tables"),
        OptionSpec("--format", .value(placeholder: "FORMAT"), OutputFormat.nameList(markingDefault: true, and: "or \(templateNames) for the templates alone")),
        OptionSpec("--locale", .repeated(placeholder: "L"), "a locale to merge into (with parlance merge)"),
        OptionSpec("--development-locale", .value(placeholder: "L"), "the source locale (default: en)"),
        OptionSpec("--delete-unused-entries", .flag, "drop entries no longer in the sources (with parlance merge)"),
        OptionSpec("--sp-plurals", .flag, "strings format: plurals as (context##one)key entries, as spgenstrings writes"),
        OptionSpec("--delete-unused-tables", .flag, "drop tables no longer in the sources (with parlance merge)"),
        OptionSpec("--dry-run", .flag, "print what would be written, write nothing"),
        OptionSpec("--exclude", .repeated(placeholder: "GLOB"), "skip paths or names matching GLOB"),
        OptionSpec("--keyword", .repeated(placeholder: "NAME:SPEC"), "also extract calls to NAME (xgettext syntax)"),
        OptionSpec("--no-default-keywords", .flag, "look only for the --keyword calls"),
        OptionSpec("--add-comments", .optionalValue(placeholder: "TAG"), "comment blocks from TAG on, directly above a call, are notes, as xgettext takes them; every comment block without TAG (default: TRANSLATORS:)"),
        OptionSpec("-c", .optionalValue(placeholder: "TAG"), "the same as --add-comments"),
        OptionSpec("--no-comments", .flag, "no comments become notes"),
        OptionSpec("--comment-tag", .value(placeholder: "TAG"), "the same as --add-comments=TAG"),
        OptionSpec("--all-comments", .flag, "the same as --add-comments"),
        OptionSpec("--default-table", .value(placeholder: "NAME"), "the table of calls that name none (default: messages for po and pot, translation for i18next, else Localizable)"),
        OptionSpec("--relative-to", .value(placeholder: "DIR"), "write references relative to DIR (default: the current directory)"),
        OptionSpec("--quiet", .flag, "no progress line, and no summary of the files written"),
        OptionSpec("--verbose", .flag, "list every key added (+), updated (~), removed (-) or unused (?) under its file"),
        OptionSpec("--report", .value(placeholder: "text|json"), "how to print --list and the summary (default: text)"),
    ]

    /// The template extensions `--format` takes (gettext's), as usage texts list them.
    static var templateNames: String {
        OutputFormat.registry.compactMap(\.tools.templateExtension).joined(separator: "|")
    }

    /// The writer for a `--format`; `parlance merge` adds its own here.
    static func writer(for format: String) throws -> any ExtractOutput.Type {
        if TemplateFiles.format(extension: format) != nil { return TemplateOutput.self }
        guard OutputFormat(rawValue: format) != nil else {
            throw UsageError("unknown --format '\(format)' (\(OutputFormat.registry.map(\.rawValue).joined(separator: ", ")) or \(templateNames))")
        }
        return MergeOutput.self
    }

    /// The writer for `-o OUTPUT`: one template file where OUTPUT names one
    /// (`-o po/app.pot`, as xgettext takes it; `--format`, if given, must
    /// name that format or its template), else `writer(for:)`'s; an
    /// existing file of another kind is refused, never made a directory.
    static func writer(for format: String, output: String, named: String?) throws -> any ExtractOutput.Type {
        if let template = TemplateFiles.fileFormat(of: output) {
            if let named, named != template.name, named != template.templateExtension {
                throw UsageError("-o '\(output)' names a \(template.name) template file; --format \(named) writes a directory")
            }
            return TemplateFileOutput.self
        }
        if FileSystemTools.exists(output), !FileSystemTools.isDirectory(output) {
            throw UsageError("-o '\(output)' is a file: give a directory, or a \(TemplateFiles.fileExtensions) file for one template")
        }
        return try writer(for: format)
    }

    /// The format without `--format`: Apple `.strings` tables, as spgenstrings writes.
    static var defaultFormat: String { OutputFormat.standard.rawValue }

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one SOURCE file or directory") }
        let list = arguments.has("--list")
        let outputDirectory = arguments.value("-o")
        guard list || outputDirectory != nil else { throw UsageError("give -o OUTDIR, or --list") }
        let format = arguments.value("--format") ?? defaultFormat
        let writer = list ? nil : try writer(for: format, output: outputDirectory!, named: arguments.value("--format"))

        var options = ExtractOptions()
        options.excludes = arguments.all("--exclude")
        options.keywords = try arguments.all("--keyword").map(KeywordSpec.parse)
        options.useBuiltinKeywords = !arguments.has("--no-default-keywords")
        if arguments.has("--no-comments") {
            options.commentTag = nil
        } else if arguments.has("--all-comments") {
            options.commentTag = ""
        } else if let tag = arguments.value("--add-comments") ?? arguments.value("-c") ?? arguments.value("--comment-tag") {
            options.commentTag = tag
        }
        options.referenceBase = arguments.value("--relative-to") ?? FileSystemTools.currentDirectory
        if !arguments.has("--quiet") && isatty(STDERR_FILENO) == 1 {
            let err = console.err
            options.progress = { done, total in
                guard total > 300 else { return }
                if done == 1 || done % 50 == 0 || done == total {
                    err("\rscanning \(done)/\(total) files" + (done == total ? "\n" : ""))
                }
            }
        }
        let result: ExtractionResult
        do {
            result = try Extractor.extract(paths: arguments.positionals, options: options)
        } catch let error as ExtractError {
            console.err("parlance extract: \(error)\n")
            return ExitStatus.failure
        }
        for diagnostic in result.diagnostics { console.err(diagnostic.description + "\n") }
        // With --list no table is written, so --format json can only mean the listing.
        let json = try MergeCommand.reportIsJSON(arguments) || (list && arguments.value("--format") == "json")
        if list {
            console.out(json ? ExtractListing.json(result.messages) + "\n" : ExtractListing.lines(result.messages))
            return ExitStatus.success
        }
        // A template's default table is its format's (gettext's: xgettext's domain).
        let formatName = arguments.value("--format") ?? defaultFormat
        let named = OutputFormat(rawValue: formatName)
            ?? OutputFormat.registry.first { $0.tools.templateExtension == formatName }
        let table = arguments.value("--default-table") ?? named?.defaultTable ?? OutputFormat.standard.defaultTable
        guard FoundCall.isTableName(table) else { throw UsageError("--default-table '\(table)' is not a file name") }
        let request = ExtractOutputRequest(
            result: result, outputDirectory: outputDirectory!, format: format, locales: arguments.all("--locale"),
            developmentLocale: arguments.developmentLocale(), defaultTable: table,
            deleteUnusedEntries: arguments.has("--delete-unused-entries"),
            deleteUnusedTables: arguments.has("--delete-unused-tables"), dryRun: arguments.has("--dry-run"),
            spgenstringsPlurals: arguments.has("--sp-plurals"), quiet: arguments.has("--quiet"), jsonReport: json,
            verbose: arguments.has("--verbose"))
        return try writer!.write(request, console: console)
    }
}

/// Extraction written through `Merger`: every table of every locale merged
/// with what is already there, never losing a translation.
public enum MergeOutput: ExtractOutput {
    public static func write(_ request: ExtractOutputRequest, console: Console) throws -> Int32 {
        guard let format = OutputFormat(rawValue: request.format) else {
            throw UsageError("unknown --format '\(request.format)' (\(OutputFormat.names))")
        }
        let messages = request.result.messages.map { message -> SourceMessage in
            var message = message
            if message.table == nil { message.table = request.defaultTable }
            return message
        }
        let options = MergeOptions(deleteUnusedEntries: request.deleteUnusedEntries,
                                   deleteUnusedTables: request.deleteUnusedTables, dryRun: request.dryRun,
                                   spgenstringsPlurals: request.spgenstringsPlurals)
        let report = try Merger.merge(messages: messages, into: request.outputDirectory, format: format,
                                      locales: request.locales, developmentLocale: request.developmentLocale,
                                      options: options)
        if !request.quiet || request.dryRun {
            console.out(request.jsonReport ? report.json + "\n" : report.text(verbose: request.verbose))
        }
        return ExitStatus.success
    }
}
