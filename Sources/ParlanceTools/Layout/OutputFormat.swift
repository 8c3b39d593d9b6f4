import Parlance

/// The formats the tools write, and the one list of them: each case's
/// rules are its folder's `ToolFormat` (where its files live, how its
/// documents open) and `ConvertFormat` (what `convert` writes). Adding a
/// format is its folder and a line here.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// `.strings`, and `.stringsdict` for plural messages.
    case strings
    /// gettext `.pot` and `.po`.
    case po
    /// Hierarchical JSON.
    case json
    /// Apple String Catalogs: one `.xcstrings` per table, every language in it.
    case xcstrings
    /// Android resources: `res/values[-qualifier]/strings.xml`.
    case android
    /// i18next JSON (v4) namespaces.
    case i18next
    /// XLIFF: `<lang>.xliff`, a `<file>` per table, as Xcode exports them.
    case xliff

    /// The format's rules for the tools.
    package var tools: any ToolFormat {
        switch self {
        case .strings: return StringsFormat()
        case .po: return GettextFormat()
        case .json: return JSONFormat()
        case .xcstrings: return XCStringsFormat()
        case .android: return AndroidFormat()
        case .i18next: return I18nextFormat()
        case .xliff: return XLIFFFormat()
        }
    }

    /// How `convert` writes a table format the runtime reads; nil for those
    /// it only reads (`.mo`, compiled catalogs).
    package static func converter(for format: TableFormat) -> (any ConvertFormat)? {
        switch format {
        case .stringsdict: return StringsFormat(stringsdictOnly: true)
        case .mo, .compiled: return nil
        // The other table formats are output formats of the same name.
        default: return OutputFormat(rawValue: String(describing: format))?.tools
        }
    }

    /// What lint reads of a table file: every table it holds and the
    /// findings of the format's own reading (damage `.strings` tolerates,
    /// i18next v3 keys).
    package static func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        switch format {
        case .strings: return try StringsFormat.lintRead(bytes, path: path)
        case .i18next: return try I18nextFormat.lintRead(bytes, path: path)
        default: return (try format.readTables(bytes, path: path), [])
        }
    }

    /// The format, table and language of a table file read for its messages
    /// (`merge --from`): `.pot`/`.po`, `.strings`/`.stringsdict`, `.xcstrings`,
    /// and `.json` — an i18next namespace in a folder named for a language
    /// (below `i18nextRoot`, by its path below that folder), else
    /// hierarchical JSON. The table is the file name without its extension.
    package static func messageSource(_ path: String, i18nextRoot: String? = nil) -> (OutputFormat, table: String, locale: String)? {
        let (stem, ext) = FileSystemTools.splitExtension(FileSystemTools.baseName(path))
        switch ext.lowercased() {
        case "pot", "po": return (.po, stem, "")
        case "strings", "stringsdict": return (.strings, stem, "")
        case "xcstrings": return (.xcstrings, stem, "")
        case "json":
            if let namespace = I18nextFormat.namespace(path, root: i18nextRoot) { return (.i18next, namespace.table, namespace.locale) }
            return (.json, stem, "")
        default: return nil
        }
    }

    /// Whether a table file can mark an entry as not translated yet
    /// (`.strings`' marker, `.po`'s empty or fuzzy msgstr); JSON and
    /// `.stringsdict` files cannot, so a copy of the source counts as untranslated.
    static func marksUntranslated(_ path: String) -> Bool {
        let ext = FileSystemTools.splitExtension(path).ext
        return ext != "json" && ext != "stringsdict"
    }

    static let messageExtensions = "pot, po, strings, stringsdict, json or xcstrings"

    /// The runtime's table format of a file, as lint reads it: a `.json` in
    /// a folder named for a language is an i18next namespace (in an `.lproj`
    /// folder, Parlance's hierarchical JSON).
    package static func tableFormat(_ path: String) -> TableFormat? {
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        guard let format = TableFormat(fileExtension: ext) else { return nil }
        return format == .json && I18nextFormat.namespace(path) != nil ? .i18next : format
    }

    /// The order detection asks the formats in: gettext's folders first
    /// (they hold `.po` files a JSON folder would not), Apple's `.lproj`
    /// folders (by what the first one holds), String Catalogs, XLIFF,
    /// Android, and i18next's plain language folders last.
    static let detectionOrder: [OutputFormat] = [.po, .strings, .json, .xcstrings, .xliff, .android, .i18next]

    /// Formats whose tables a catalog directory may hold side by side and
    /// that are read together (Apple's `.strings`, `.stringsdict` and JSON tables).
    package var readTogether: [OutputFormat] {
        self == .strings || self == .json ? [.strings, .json] : [self]
    }

    /// The format of a development table read from `paths` when a catalog
    /// mixes formats (`readTogether`): JSON tables stay JSON.
    package func own(paths: [String]) -> OutputFormat {
        guard readTogether.count > 1 || self == .xcstrings else { return self }
        if paths.allSatisfy({ $0.hasSuffix(".json") }) { return .json }
        return paths.allSatisfy({ $0.hasSuffix(".xcstrings") }) ? .xcstrings : .strings
    }

    /// The names of the formats `convert` writes, for usage messages.
    static var convertNames: String {
        TableFormat.allCases.filter { converter(for: $0) != nil }.map { format -> String in
            format == .android || format == .i18next ? String(describing: format) : format.fileExtension
        }.joined(separator: ", ")
    }

    /// The names, for usage messages: `strings, po, … or xliff`.
    static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
    }

    /// The default table (Apple, JSON), domain (gettext) or namespace (i18next's default, `translation`).
    public var defaultTable: String { tools.defaultTable }
}
