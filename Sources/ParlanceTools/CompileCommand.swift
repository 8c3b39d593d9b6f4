import Parlance

/// `parlance compile`: writes catalogs as one compiled catalog, or checks one.
public enum CompileCommand: ToolCommand {
    public static let name = "compile"
    public static let summary = "Compile catalogs into one mapped file, or verify a compiled file"
    public static let usage = """
        parlance compile [-o OUT.parlance] CATALOG_PATH...
        parlance compile --verify FILE.parlance
          Example: parlance compile -o build/examples.parlance Examples/catalog
          Each CATALOG_PATH is a directory or table file, loaded in order as by
          Catalog.load; every locale and table goes into OUT (default: the first
          path's name with .parlance, in the current folder). --verify checks the
          checksum and walks the whole file.
        """
    public static let options: [OptionSpec] = [
        OptionSpec("-o", .value(placeholder: "OUT"), "the compiled file to write"),
        OptionSpec("--verify", .flag, "check a compiled file instead of writing one"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let paths = arguments.positionals
        if arguments.has("--verify") {
            guard paths.count == 1, arguments.value("-o") == nil else { throw UsageError("--verify takes exactly one FILE and no -o") }
            let summary = try CompiledCatalogFile(path: paths[0]).verify()
            console.out("\(paths[0]): ok, \(describe(summary))\n")
            return ExitStatus.success
        }
        guard !paths.isEmpty else { throw UsageError("give at least one CATALOG_PATH") }
        let output = arguments.value("-o") ?? defaultOutput(paths[0])
        let catalog = Catalog()
        for path in paths { try catalog.load(path: path) }
        guard !catalog.tables.isEmpty else { throw UsageError("no tables loaded from \(paths.joined(separator: ", "))") }
        try CompiledCatalogWriter.write(catalog, to: output)
        let summary = try CompiledCatalogFile(path: output).verify()
        console.out("wrote \(output): \(describe(summary))\n")
        return ExitStatus.success
    }

    static func describe(_ summary: CompiledCatalogFile.Summary) -> String {
        "\(summary.tables) tables, \(summary.entries) entries, \(summary.pluralGroups) plural groups, \(summary.bytes) bytes"
    }

    /// `Examples/catalog/` → `catalog.parlance`.
    static func defaultOutput(_ path: String) -> String {
        var name = Substring(path)
        while name.count > 1 && name.hasSuffix("/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return (name.isEmpty || name == "." || name == "/" ? "catalog" : String(name)) + ".parlance"
    }
}
