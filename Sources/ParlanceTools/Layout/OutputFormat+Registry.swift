import Parlance

/// The registry of the tools' formats, one line per format (each declared
/// in its folder), and what the tools ask of it: lookups by name, by the
/// runtime's table format and by file, detection, and the names usage
/// texts list. Adding a format the tools write is its folder and a line here.
extension OutputFormat: CaseIterable {
    /// The registry. Its order is the order of the names in usage texts
    /// and the order detection asks the formats in (a catalog directory
    /// is the first format that holds it).
    /// `register(_:)` adds formats after these at run time.
    package static var registry: [OutputFormat] { registered.all }

    private static let registered = PluginRegistry<OutputFormat>([
        .strings,
        .po,
        .json,
        .xcstrings,
        .android,
        .i18next,
        .xliff,
        .fluent,
        .javaProperties,
        .ts,
    ])

    /// Adds a format the tools read and write at run time (a host's own, or
    /// a test's), after the built-in ones: every command asks the registry
    /// and serves it from then on. Thread-safe; false, and nothing changes,
    /// when its name is taken.
    @discardableResult
    package static func register(_ tools: any ToolFormat) -> Bool {
        registered.register(OutputFormat(tools)) { $0.rawValue == tools.name }
    }

    public static var allCases: [OutputFormat] { registry }

    public init?(rawValue: String) {
        guard let format = Self.registry.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// The format whose files are the runtime's `format`, or nil (`.mo` and
    /// compiled catalogs, which the tools only read).
    package static func owner(of format: TableFormat) -> OutputFormat? {
        registry.first { $0.tools.tableFormats.contains(format) }
    }

    /// How `convert` writes a table format the runtime reads; nil for those
    /// it only reads.
    package static func converter(for format: TableFormat) -> (any ConvertFormat)? {
        owner(of: format)?.tools.converter(for: format)
    }

    /// What lint reads of a table file: every table it holds and the
    /// findings of the format's own reading.
    package static func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        guard let owner = owner(of: format) else { return (try format.readTables(bytes, path: path), []) }
        return try owner.tools.lintRead(format, bytes, path: path)
    }

    /// The format, table and language of a table file read for its messages
    /// (`merge --from`): a file a format recognises by where it is (below
    /// `root`, when given) first, else the first format that reads its
    /// extension; the table is then the file name without its extension.
    package static func messageSource(_ path: String, i18nextRoot root: String? = nil) -> (OutputFormat, table: String, locale: String)? {
        for format in registry {
            if let placed = format.tools.placedFile(path, root: root) { return (format, placed.table, placed.locale) }
        }
        let (stem, ext) = FileSystemTools.splitExtension(FileSystemTools.baseName(path))
        guard let format = registry.first(where: { $0.tools.messageExtensions.contains(ext.lowercased()) }) else { return nil }
        return (format, stem, "")
    }

    /// Whether a table file can mark an entry as not translated yet; where
    /// it cannot, a copy of the source counts as untranslated.
    static func marksUntranslated(_ path: String) -> Bool {
        guard let format = tableFormat(path) else { return true }
        return owner(of: format)?.tools.marksUntranslated(format) ?? true
    }

    /// Whether a table file's texts may name other entries of it (`{key.path}`).
    static func textsReferToEntries(_ path: String) -> Bool {
        guard let format = tableFormat(path) else { return false }
        return owner(of: format)?.tools.textsReferToEntries ?? false
    }

    /// The extensions `merge --from` reads, for its error message.
    static var messageExtensions: String {
        sentence(registry.flatMap(\.tools.messageExtensions), last: "or")
    }

    /// The runtime's table format of a file, as lint reads it: the format
    /// that recognises the file by where it is, else by its extension.
    package static func tableFormat(_ path: String) -> TableFormat? {
        for format in registry where format.tools.placedFile(path, root: nil) != nil {
            if let table = format.tools.tableFormats.first { return table }
        }
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        return TableFormat(fileExtension: ext)
    }

    /// The format of a catalog directory: the first of the registry that holds it.
    static func detect(_ place: CatalogPlace) -> OutputFormat? {
        registry.first { $0.holds(place) }
    }

    /// Whether a catalog directory is in this format: the format says, or,
    /// for a format of a layout family, the family (which of its formats
    /// the first language folder holding tables holds).
    package func holds(_ place: CatalogPlace) -> Bool {
        guard let family = tools.layoutFamily else { return tools.holds(place) }
        return family.holder(place, among: readTogether) == self
    }

    /// Formats whose tables a catalog directory may hold side by side and
    /// that are read together (those of one layout family).
    package var readTogether: [OutputFormat] {
        guard let family = tools.layoutFamily else { return [self] }
        return Self.registry.filter { $0.tools.layoutFamily == family }
    }

    /// The format of a development table read from `paths` when a catalog
    /// mixes formats (`readTogether`) or keeps every language in one file:
    /// the first that all the paths are files of, else the format that
    /// keeps the translations of Base internationalization's documents.
    package func own(paths: [String]) -> OutputFormat {
        guard readTogether.count > 1 || tools.span == .catalog else { return self }
        let owner = readTogether.first { format in
            let extensions = Set(format.tools.tableFormats.map(\.fileExtension))
            return paths.allSatisfy { extensions.contains(FileSystemTools.splitExtension($0).ext) }
        }
        return owner ?? Self.registry.first { $0.tools.baseInternationalization } ?? self
    }

    /// The development texts of a table kept in Base internationalization's
    /// document (`Base.lproj/TABLE.storyboard`), where a format keeps their
    /// translations: the document's kind and path.
    static func baseSource(root: String, table: String) -> (kind: any BaseDocumentKind, path: String)? {
        for format in registry {
            if let found = format.baseDocument(root: root, table: table) { return found }
        }
        return nil
    }

    /// Base internationalization's document of a table (`Base.lproj/TABLE.storyboard`),
    /// whose texts are the development language's, where this format keeps
    /// its translations: in its layout's base folder, of a registered kind.
    package func baseDocument(root: String, table: String) -> (kind: any BaseDocumentKind, path: String)? {
        guard tools.baseInternationalization, let folder = tools.layoutFamily?.baseFolder else { return nil }
        return BaseDocuments.find(in: FileSystemTools.join(root, folder), table: table)
    }

    /// The names of the formats `convert` writes, for usage messages.
    static var convertNames: String {
        TableFormat.allCases.compactMap { format in
            converter(for: format) == nil ? nil : owner(of: format)?.tools.convertName(format)
        }.joined(separator: ", ")
    }

    /// The format of `merge` and `extract` without `--format`: the registry's first.
    static var standard: OutputFormat { registry[0] }

    /// The names, for usage messages: `strings, po, … or xliff`; with
    /// `markingDefault`, `strings (default), po, …`; `and` appended after a
    /// comma (`…, xliff, or pot …`) instead of the last `or`.
    static func nameList(markingDefault: Bool = false, and more: String? = nil) -> String {
        var all = registry.map(\.rawValue)
        if markingDefault { all[0] += " (default)" }
        if let more { return all.joined(separator: ", ") + ", " + more }
        return sentence(all, last: "or")
    }
    static var names: String { nameList() }
    /// The names as a usage line's choice: `strings|po|…|fluent`.
    static var choices: String { registry.map(\.rawValue).joined(separator: "|") }

    /// What a catalog directory holds in each format, for the message when none is found.
    static var folderShapes: String { sentence(registry.map(\.tools.folderShape).filter { !$0.isEmpty }, last: "or") }

    private static func sentence(_ items: [String], last: String) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(last) " + items[items.count - 1]
    }
}

/// The layouts formats share, one line each; a format joins one by naming
/// it as its `layoutFamily`, in its folder.
extension LayoutFamily {
    /// Apple's `<locale>.lproj` folders; `Base.lproj` is Base internationalization's, of no language.
    package static let lproj = LayoutFamily(name: "lproj", folderSuffix: ".lproj", baseFolder: "Base.lproj")
}

/// The kinds of UI document Base internationalization keeps tables in, one
/// line each (each declared in its folder), and the lookup through them.
package enum BaseDocuments {
    package static let registry: [any BaseDocumentKind] = [
        InterfaceBuilderDocument(),
    ]

    /// A table's document in `folder`: `TABLE.EXT` of the first kind, and
    /// extension, that has a file there.
    static func find(in folder: String, table: String) -> (kind: any BaseDocumentKind, path: String)? {
        for kind in registry {
            for ext in kind.extensions {
                let path = FileSystemTools.join(folder, table + "." + ext)
                if FileSystemTools.isFile(path) { return (kind, path) }
            }
        }
        return nil
    }
}
