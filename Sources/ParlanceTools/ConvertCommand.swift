import Parlance

/// `parlance convert`: a catalog in another format, losses reported.
public enum ConvertCommand: ToolCommand {
    public static let name = "convert"
    public static let summary = "Convert tables between formats, reporting what the target cannot carry"
    public static var usage: String { """
        parlance convert [--to FORMAT] [--locale L]... [--table T]... [--from-locale L] [--from-table T] SRC DST
          Example: parlance convert Localizable.xcstrings out/ --to strings
          Example: parlance convert res/ locales/ --to i18next
          Example: parlance convert fr.lproj/Localizable.strings fr.po
          SRC is any table file or catalog directory Parlance loads. DST is one file
          (its extension names the format) when one table of one language is
          chosen (a String Catalog: one table; XLIFF: one language besides the
          development one), else a directory in the format's layout (give --to).
          Each entry the format cannot carry (a context in Android resources, a
          .stringsdict entry of several variables in a format without them) is
          reported on standard error; none is dropped silently.
          FORMAT: \(OutputFormat.convertNames).
          XLIFF is written as 1.2, as Xcode exports it, or as 2.0 with --xliff-version 2.0.
        """ }
    public static let options: [OptionSpec] = [
        OptionSpec("--to", .value(placeholder: "FORMAT"), "the format to write (default: DST's extension)"),
        OptionSpec("--locale", .repeated(placeholder: "L"), "convert only these locales"),
        OptionSpec("--table", .repeated(placeholder: "T"), "convert only these tables"),
        OptionSpec("--from", .value(placeholder: "FORMAT"), "SRC's format when its name does not say"),
        OptionSpec("--from-locale", .value(placeholder: "L"), "SRC's locale when its path does not say"),
        OptionSpec("--from-table", .value(placeholder: "T"), "SRC's table when its name does not say"),
        OptionSpec("--development-locale", .value(placeholder: "L"), "the source language (default: en)"),
        OptionSpec("--xliff-version", .value(placeholder: "1.2|2.0"), "the XLIFF version to write (default: 1.2)"),
        OptionSpec("--strict", .flag, "exit with status 1 when anything could not be carried"),
        OptionSpec("--quiet", .flag, "print only losses"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 2 else { throw UsageError("give SRC and DST") }
        let (source, destination) = (arguments.positionals[0], arguments.positionals[1])
        let sourceFormat = try arguments.value("--from").map { name throws -> TableFormat in
            guard let format = TableFormat(name: name) else { throw UsageError("unknown format '\(name)'") }
            return format
        }
        let development = arguments.developmentLocale()
        let isDirectory = FileSystemTools.isDirectory(destination) || destination.hasSuffix("/")
        let named = arguments.value("--to")
        let format: TableFormat
        if let named {
            guard let given = TableFormat(name: named), OutputFormat.converter(for: given) != nil else {
                throw UsageError("unknown format '\(named)' (\(OutputFormat.convertNames))")
            }
            format = given
        } else {
            let ext = FileSystem.splitExtension(FileSystem.baseName(destination)).ext
            guard !isDirectory, let inferred = TableFormat(fileExtension: ext), OutputFormat.converter(for: inferred) != nil else {
                throw UsageError("give --to FORMAT: '\(destination)' does not name one")
            }
            format = inferred
        }
        let catalog = Catalog()
        try catalog.load(path: source, locale: arguments.value("--from-locale"), table: arguments.value("--from-table"),
                         format: sourceFormat)
        let locales = arguments.all("--locale"), tables = arguments.all("--table")
        let read = try Converter.read(catalog, locales: locales.isEmpty ? nil : locales, tables: tables.isEmpty ? nil : tables)
        guard !read.isEmpty else { throw UsageError("nothing to convert: no table matches") }
        let xliffVersion = try MergeCommand.xliffVersion(arguments)
        // A file to its own format, whole: through the format's own document,
        // which writes back everything it read (states, comments, order,
        // spelling), not through what the runtime serves; to the file named,
        // or to the place the format's layout gives it in the folder named
        // (`out/` and `out/Localizable.xcstrings` keep the same).
        if FileSystemTools.isFile(source), locales.isEmpty, tables.isEmpty,
           (sourceFormat ?? TableFormat(fileExtension: FileSystem.splitExtension(source).ext)) == format,
           let tools = OutputFormat.converter(for: format) as? any ToolFormat,
           let path = try Converter.singlePath(read, format: format, destination: destination, file: !isDirectory,
                                               development: development, xliffVersion: xliffVersion) {
            let place = CatalogPlace(root: FileSystemTools.directoryName(path), development: development, xliffVersion: xliffVersion)
            let bytes = try tools.rewritten(path: source, locale: read[0].locale, place: place)
            try AtomicFile.write(bytes, to: path)
            if !arguments.has("--quiet") {
                let entries = read.reduce(0) { $0 + $1.entries.count }
                console.out("wrote 1 file, \(entries) entries (as read: nothing to convert)\n")
            }
            return ExitStatus.success
        }
        // A folder to a folder of its own format, whole: each file through its
        // document, to the same place under the destination (Android's
        // `values-in` stays `values-in`; references and arrays stay as written).
        if isDirectory, FileSystemTools.isDirectory(source), locales.isEmpty, tables.isEmpty,
           let files = Converter.filesOnly(read, of: format, under: source),
           let tools = OutputFormat.converter(for: format) as? any ToolFormat {
            let place = CatalogPlace(root: destination, development: development, xliffVersion: xliffVersion)
            for (path, locale) in files {
                let relative = String(path.dropFirst(source.count)).drop { $0 == "/" }
                try AtomicFile.write(try tools.rewritten(path: path, locale: locale, place: place),
                                     to: FileSystemTools.join(destination, String(relative)))
            }
            if !arguments.has("--quiet") {
                let entries = read.reduce(0) { $0 + $1.entries.count }
                console.out("wrote \(files.count) file\(files.count == 1 ? "" : "s"), \(entries) entries (as read: nothing to convert)\n")
            }
            return ExitStatus.success
        }
        let plan = try Converter.plan(read, format: format, destination: destination, file: !isDirectory, development: development,
                                      xliffVersion: xliffVersion, marks: try Converter.marks(read, for: format))
        for loss in plan.losses { console.err("parlance convert: not carried: \(loss)\n") }
        for file in plan.files { try AtomicFile.write(Array(file.text.utf8), to: file.path) }
        if !arguments.has("--quiet") {
            console.out("wrote \(plan.files.count) file\(plan.files.count == 1 ? "" : "s"), \(plan.entries) entries"
                        + (plan.losses.isEmpty ? "" : "; \(plan.losses.count) not carried (listed above)") + "\n")
        }
        return arguments.has("--strict") && !plan.losses.isEmpty ? ExitStatus.failure : ExitStatus.success
    }
}
