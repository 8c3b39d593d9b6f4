import Parlance

/// `parlance localize-doc`: writes a UI document with its localizable texts
/// translated and every other byte as it was (`InterfaceDocument`).
public enum LocalizeDocCommand: ToolCommand {
    public static let name = "localize-doc"
    public static let summary = "Translate the texts of a UI document (.ui, .xib, .storyboard, JSON), keeping every other byte"
    public static let usage = """
        parlance localize-doc --catalog PATH [--locale L[,L...]] [--table T] [--kind KIND] [--strict] IN OUT
          Example: parlance localize-doc --catalog po --locale fr window.ui build/fr/window.ui
          Localizes caret-marked ^Key texts and, per kind, the texts localizable by
          convention: GtkBuilder translatable="yes" (with context, in the interface's
          domain), Interface Builder titles, texts and placeholders (OBJECT-ID.property
          in the document's own table, Base internationalization), JSON members text,
          title, label, placeholder... OUT - writes to standard output. Texts no locale
          of the chain has are left as they are (a ^Key becomes Key) and reported as
          FILE:LINE:COL: warning: lines.
        """
    public static let options: [OptionSpec] = [
        OptionSpec("--catalog", .repeated(placeholder: "PATH"), "a catalog directory or table file (repeatable)"),
        OptionSpec("--locale", .value(placeholder: "LIST"), "preferred locales, comma-separated (default: environment)"),
        OptionSpec("--development", .value(placeholder: "L"), "the last-resort locale (default: en)"),
        OptionSpec("--table", .value(placeholder: "NAME"), "the table of texts the document does not place (default: Localizable)"),
        OptionSpec("--kind", .value(placeholder: "KIND"), "gtkbuilder, interface-builder or json (default: by extension)"),
        OptionSpec("--strict", .flag, "exit with status 1 when a text has no translation"),
        OptionSpec("--quiet", .flag, "do not report texts without a translation"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 2 else { throw UsageError("give IN and OUT") }
        let (input, output) = (arguments.positionals[0], arguments.positionals[1])
        let catalogs = arguments.all("--catalog")
        guard !catalogs.isEmpty else { throw UsageError("--catalog is required") }
        var kind: InterfaceDocument.Kind?
        if let named = arguments.value("--kind") {
            guard let known = InterfaceDocument.Kind(rawValue: named) else {
                throw UsageError("unknown --kind '\(named)' (\(InterfaceDocument.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            kind = known
        }
        let catalog = Catalog()
        for path in catalogs { try catalog.load(path: path) }
        let locales = arguments.value("--locale").map { $0.split(separator: ",").map(String.init) }
        let localizer = try Localizer(catalog: catalog, locales: locales, development: arguments.developmentLocale("--development"))

        let document = try InterfaceDocument(bytes: try FileSystem.read(input), name: input, kind: kind, table: arguments.value("--table"))
        let (localized, missing) = document.localized(by: localizer)
        if output == "-" {
            console.out(String(decoding: localized, as: UTF8.self))
        } else {
            try AtomicFile.write(localized, to: output)
        }
        if !arguments.has("--quiet") {
            for text in missing {
                let table = (text.marking == .object ? document.table : nil) ?? text.table ?? Catalog.defaultTable
                let key = text.marking == .object ? (text.objectKey ?? text.key) : text.key
                let context = text.context.map { " (context '\($0)')" } ?? ""
                console.err("\(input):\(text.line):\(text.column): warning: no translation of '\(key)'\(context) in table \(table)\n")
            }
        }
        return arguments.has("--strict") && !missing.isEmpty ? ExitStatus.failure : ExitStatus.success
    }
}
