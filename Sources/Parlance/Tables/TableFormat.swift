/// The table formats Parlance reads.
public enum TableFormat: Int32, Sendable, CaseIterable {
    case strings = 1
    case stringsdict = 2
    case json = 3
    /// gettext source catalogs (`.po`, and `.pot` as a source-language table).
    case po = 4
    /// gettext compiled catalogs.
    case mo = 5
    /// Parlance's compiled catalogs (`parlance compile`): every locale and
    /// table in one file, mapped and read in place.
    case compiled = 6
    /// Apple String Catalogs: every language of a table in one JSON file.
    case xcstrings = 7
    /// Android string resources (`res/values-*/strings.xml`).
    case android = 8
    /// XLIFF 1.2 and 2.0 (`.xliff`, `.xlf`): each `<file>` a table.
    case xliff = 9
    /// i18next JSON v4: one namespace of one language (`<lng>/<ns>.json`).
    case i18next = 10

    /// The file extension of the format.
    public var fileExtension: String {
        switch self {
        case .strings: "strings"
        case .stringsdict: "stringsdict"
        case .json: "json"
        case .po: "po"
        case .mo: "mo"
        case .compiled: "parlance"
        case .xcstrings: "xcstrings"
        case .android: "xml"
        case .xliff: "xliff"
        case .i18next: "json"
        }
    }

    /// The format a file extension names, or nil.
    public init?(fileExtension: some StringProtocol) {
        let lowered = fileExtension.lowercased()
        if lowered == "pot" {
            self = .po
            return
        }
        if lowered == "xlf" {
            self = .xliff
            return
        }
        guard let format = Self.allCases.first(where: { $0.fileExtension == lowered }) else { return nil }
        self = format
    }

    /// The format a name such as "strings", "json" or "i18next" names, or nil.
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "i18next": self = .i18next
        case "android": self = .android
        default: self.init(fileExtension: name)
        }
    }

    /// True for gettext's formats, which keep contexts apart from keys.
    var isGettext: Bool { self == .po || self == .mo }

    /// Within one locale and table, later formats override earlier ones on
    /// the same key: `.stringsdict` entries override `.strings` ones, as in
    /// Apple's bundles, and a `.mo` overrides the `.po` it was built from.
    var precedence: Int {
        switch self {
        case .strings: 0
        case .json: 1
        case .android: 1
        case .i18next: 1
        case .stringsdict: 2
        // Xcode builds a catalog into .strings and .stringsdict: as strong as either.
        case .xcstrings: 2
        case .xliff: 2
        case .po: 3
        case .mo: 4
        // A compiled table is a snapshot; files loaded over it take precedence.
        case .compiled: -1
        }
    }

    /// Reads a table file's bytes into entries.
    package func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        try read(bytes, path: path, quick: false).entries
    }

    /// Every table a file holds, for tools: one for most formats; one per
    /// language for a String Catalog (every state, as written); one per
    /// table for XLIFF (files naming no language read as `en`).
    package func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        switch self {
        case .xcstrings: return try XCStringsFile.parse(bytes, path: path, states: .all).localizations.map(\.entries)
        case .xliff: return try XLIFFFile.parse(bytes, path: path, locale: "en").map(\.entries)
        default: return [try parse(bytes, path: path)]
        }
    }

    /// Reads a table file's bytes into entries and, for gettext, its plural
    /// formula and plural msgids. With `quick`, a `.po`, `.strings` or i18next
    /// file a quick reader accepts comes back as table entries already (`ParsedTable.prebuilt`),
    /// with no `ParsedEntry`: the path of catalogs, not of tools.
    package func read(_ bytes: [UInt8], path: String?, quick: Bool = true) throws(ParlanceError) -> ParsedTable {
        switch self {
        case .strings:
            if quick, let table = bytes.withUnsafeBufferPointer(StringsFile.quickTable) { return ParsedTable(prebuilt: table) }
            return ParsedTable(entries: try StringsFile.parse(bytes, path: path))
        case .stringsdict: return ParsedTable(entries: try StringsdictFile.parse(bytes, path: path))
        case .json: return ParsedTable(entries: try JSONTableFile.parse(bytes, path: path))
        case .android: return ParsedTable(entries: try AndroidResourcesFile.parse(bytes, path: path))
        case .i18next: return try I18nextFile.read(bytes, path: path, quick: quick)
        case .po:
            if quick, let table = POFile.quickTable(bytes) { return ParsedTable(table) }
            return ParsedTable(try GettextFile.parsePO(bytes, path: path))
        case .mo:
            if quick, let table = try MOFile.quickTable(bytes, path: path) { return ParsedTable(table) }
            return ParsedTable(try GettextFile.parseMO(bytes, path: path))
        case .compiled:
            throw ParlanceError(.invalidArgument, "compiled catalogs load from a file, with load(path:)", path: path)
        case .xcstrings:
            throw ParlanceError(.invalidArgument, "a string catalog holds every language; load it into a catalog", path: path)
        case .xliff:
            throw ParlanceError(.invalidArgument, "an XLIFF document holds a table per file element; load it into a catalog", path: path)
        }
    }

    /// For tools: the languages of a String Catalog and each one's entries,
    /// every state as written, the source language first (`XCStringsFile`'s rules).
    package static func stringCatalogLanguages(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (sourceLanguage: String, tables: [(locale: String, entries: [ParsedEntry])]) {
        try XCStringsFile.languages(bytes, path: path)
    }

    /// Whether a folder's name makes it an i18next language folder: a
    /// language (`I18nextFolder.isLanguage`) whose name no other format's
    /// layout claims — not `.lproj` (where a `.json` is Parlance's
    /// hierarchical JSON), not an Android `values` folder.
    package static func isI18nextLanguageFolder(_ name: String) -> Bool {
        !name.hasSuffix(".lproj") && AndroidFolder.locale(name) == nil && I18nextFolder.isLanguage(name)
    }
}
