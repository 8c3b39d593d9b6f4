import Parlance

/// `parlance compile`: writes catalogs as one file of the registered
/// format that holds whole catalogs (`TableFormat.wholeCatalog`), or checks one.
public enum CompileCommand: ToolCommand {
    public static let name = "compile"
    public static let summary = "Compile catalogs into one mapped file, or verify a compiled file"
    public static var usage: String {
        let ext = fileExtension
        return """
            parlance compile [-o OUT.\(ext)] CATALOG_PATH...
            parlance compile --verify FILE.\(ext)
              Example: parlance compile -o build/examples.\(ext) Examples/catalog
              Each CATALOG_PATH is a directory or table file, loaded in order as by
              Catalog.load; every locale and table goes into OUT (default: the first
              path's name with .\(ext), in the current folder). --verify checks the
              checksum and walks the whole file.
            """
    }

    /// The extension of the files the registered whole-catalog format writes.
    static var fileExtension: String { TableFormat.wholeCatalog?.fileExtension ?? "catalog" }
    public static let options: [OptionSpec] = [
        OptionSpec("-o", .value(placeholder: "OUT"), "the compiled file to write"),
        OptionSpec("--verify", .flag, "check a compiled file instead of writing one"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let paths = arguments.positionals
        if arguments.has("--verify") {
            guard paths.count == 1, arguments.value("-o") == nil else { throw UsageError("--verify takes exactly one FILE and no -o") }
            let summary = try TableFormat.verifyWholeCatalog(path: paths[0])
            console.out("\(paths[0]): ok, \(describe(summary))\n")
            return ExitStatus.success
        }
        guard !paths.isEmpty else { throw UsageError("give at least one CATALOG_PATH") }
        let output = arguments.value("-o") ?? defaultOutput(paths[0])
        let catalog = Catalog()
        for path in paths { try catalog.load(path: path) }
        guard !catalog.tables.isEmpty else { throw UsageError("no tables loaded from \(paths.joined(separator: ", "))") }
        try catalog.writeWholeCatalog(to: output)
        let summary = try TableFormat.verifyWholeCatalog(path: output)
        console.out("wrote \(output): \(describe(summary))\n")
        return ExitStatus.success
    }

    static func describe(_ summary: WholeCatalogSummary) -> String {
        "\(summary.tables) tables, \(summary.entries) entries, \(summary.pluralGroups) plural groups, \(summary.bytes) bytes"
    }

    /// `Examples/catalog/` → `catalog.` and the format's extension.
    static func defaultOutput(_ path: String) -> String {
        var name = Substring(path)
        while name.count > 1 && name.hasSuffix("/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return (name.isEmpty || name == "." || name == "/" ? "catalog" : String(name)) + "." + fileExtension
    }
}
