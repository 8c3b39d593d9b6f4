import Parlance

/// i18next namespaces: `DIR/<lng>/<ns>.json`, in a folder named for its
/// language (not `.lproj`), as the runtime reads them; a folder is a
/// language of the catalog when it holds a `.json`, and namespaces in
/// folders are tables too (`LNG/components/dialog.json` is
/// `components/dialog`). `DIR/<lng>.json` (i18next's `{{lng}}.json`) is its
/// language's default namespace, `translation`; a folder of such files
/// gets new languages as files too. Names are languages by the runtime's
/// rule (`I18nextFolder.isLanguageName`: `src/` is none).
package struct I18nextFormat: ToolFormat {
    package init() {}

    package var name: String { "i18next" }
    package var tableFormats: [TableFormat] { [.i18next] }
    package var folderShape: String { "LNG/NS.json namespaces" }
    package func convertName(_ format: TableFormat) -> String { name }
    /// JSON has no untranslated mark.
    package func marksUntranslated(_ format: TableFormat) -> Bool { false }

    /// A `.json` in a folder named for a language is a namespace of it.
    package func placedFile(_ path: String, root: String?) -> (table: String, locale: String)? {
        Self.namespace(path, root: root).map { ($0.table, $0.locale) }
    }

    package func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        try Self.lintRead(bytes, path: path)
    }

    package var defaultTable: String { "translation" }
    package var tableFolders: Bool { true }
    package var printfPlaceholders: Bool { false }

    package func directory(_ place: CatalogPlace, locale: String) -> String { place.join(locale) }

    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let file = place.join(locale + ".json")
        if table == defaultTable, !FileSystemTools.isDirectory(directory(place, locale: locale)),
           FileSystemTools.isFile(file) || Self.keepsLanguageFiles(place) {
            return [file]
        }
        return [FileSystemTools.join(directory(place, locale: locale), table + ".json")]
    }

    package func locale(member name: String, _ place: CatalogPlace) -> String? {
        if name.hasSuffix(".json") {
            // `<lng>.json`, unless a `<lng>/` folder beside it is the language (the runtime's rule).
            let stem = String(name.dropLast(5))
            guard I18nextFolder.isLanguageMember(stem, of: place.root, file: true), !FileSystemTools.isDirectory(place.join(stem)),
                  FileSystemTools.isFile(place.join(name)) else { return nil }
            return stem
        }
        // A folder with a language's name is a language when it holds namespaces.
        guard I18nextFolder.isLanguageMember(name, of: place.root, file: false), FileSystemTools.isDirectory(place.join(name)) else {
            return nil
        }
        return I18nextFolder.holdsNamespaces(place.join(name)) ? name : nil
    }

    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        let folder = directory(place, locale: locale)
        if !FileSystemTools.isDirectory(folder) {
            return FileSystemTools.isFile(place.join(locale + ".json")) ? [defaultTable] : []
        }
        return ((try? I18nextFolder.namespaces(in: folder)) ?? []).map(\.name)
    }

    /// Whether the place keeps a file per language (`<lng>.json`) and no
    /// language folders: new languages are written as files too.
    static func keepsLanguageFiles(_ place: CatalogPlace) -> Bool {
        let files = (try? I18nextFolder.languageFiles(in: place.root)) ?? []
        return !files.isEmpty && files.allSatisfy { !FileSystemTools.isDirectory(place.join($0.name)) }
            && !FileSystemTools.list(place.root).contains { name in
                !name.hasSuffix(".json") && I18nextFolder.isLanguageMember(name, of: place.root, file: false)
                    && FileSystemTools.isDirectory(place.join(name))
                    && I18nextFolder.holdsNamespaces(place.join(name))
            }
    }

    package func holds(_ place: CatalogPlace) -> Bool { !locales(place).isEmpty }

    package func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        [try I18nextDocument(path: paths(place, locale: locale, table: table)[0], locale: locale)]
    }

    package func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] {
        [I18nextDocument(emptyAt: paths[0], locale: locale)]
    }

    package func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        try I18nextDocument(path: path, locale: locale).render()
    }

    package func entries(path: String, locale: String) throws -> [LocatedEntry] {
        try I18nextDocument(path: path, locale: locale).entries.map { LocatedEntry(entry: $0, path: path) }
    }

    package func target(file: Bool) -> ConvertTarget {
        var target = ConvertTarget(name: "i18next", contexts: .suffix { I18nextDocument.storageKey(key: $0, context: $1) }, variables: false)
        target.plurals = .everyCategory
        target.textsBesidePlurals = true   // `key` and `key_one`…: t() without a count finds the text
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            [(table.locale + "/" + table.name + ".json", I18nextWriter.document(table.entries))]
        }
    }

    /// The language and namespace of an i18next file: below `root` (the
    /// catalog's directory), `LNG/components/dialog.json` is `components/dialog`
    /// of `LNG`; elsewhere a `.json` is a namespace of its folder's language
    /// (`en/common.json`), or `<lng>.json` is `translation` of `<lng>`, and
    /// nil when neither names a language (the runtime's rules).
    package static func namespace(_ path: String, root: String? = nil) -> (locale: String, table: String)? {
        guard path.hasSuffix(".json") else { return nil }
        if let root, let relative = FileSystemTools.relative(path, under: root) {
            let parts = relative.split(separator: "/", maxSplits: 1)
            if parts.count == 1, I18nextFolder.isLanguageMember(String(parts[0].dropLast(5)), of: root, file: true) {
                return (String(parts[0].dropLast(5)), "translation")   // `<lng>.json`: the default namespace
            }
            let table = parts.count == 2 ? String(parts[1].dropLast(5)) : ""
            if parts.count == 2, I18nextFolder.isLanguageMember(String(parts[0]), of: root, file: false), TableName.isValid(table) {
                return (String(parts[0]), table)
            }
        }
        let directory = FileSystemTools.directoryName(path)
        let folder = FileSystemTools.baseName(directory)
        let stem = FileSystemTools.splitExtension(FileSystemTools.baseName(path)).stem
        guard !folder.isEmpty, folder != ".", !stem.isEmpty,
              I18nextFolder.isLanguageMember(folder, of: FileSystemTools.directoryName(directory), file: false) else {
            // `<lng>.json` outside a language folder: its language's default namespace, as the runtime loads it.
            guard I18nextFolder.isLanguageMember(stem, of: directory, file: true), TableFormat.inferredLocale(path) == nil else {
                return nil
            }
            return (stem, "translation")
        }
        return (folder, stem)
    }

    /// i18next v3 keys that v4 (Parlance, i18next 21 and later) never looks
    /// up: `key_plural`, and `key_0`…`key_5` index suffixes.
    static func version3Keys(_ entries: [ParsedEntry], path: String) -> [LintFinding] {
        let keys = Set(entries.map(\.key))
        var findings: [LintFinding] = []
        for entry in entries {
            let hint: String
            if entry.key.hasSuffix("_plural") {
                let base = entry.key.dropLast(7)
                hint = "i18next v3 plural key '\(entry.key)': v4 reads '\(base)_one' and '\(base)_other' (the CLDR categories);"
                    + " rename the keys (i18next-v4-format-converter does it)"
            } else if let last = entry.key.last, ("0"..."5").contains(last), entry.key.dropLast().hasSuffix("_"),
                      keys.contains(entry.key.dropLast() + (last == "0" ? "1" : "0")) {
                hint = "i18next v3 plural index key '\(entry.key)': v4 reads CLDR category suffixes ('_one', '_few', '_many',"
                    + " '_other'); rename the keys (i18next-v4-format-converter does it)"
            } else {
                continue
            }
            findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .warning, message: hint))
        }
        return findings
    }

    /// What lint reads of a namespace: its entries, and the v3 keys v4 never looks up.
    package static func lintRead(_ bytes: [UInt8], path: String) throws(ParlanceError) -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        let entries = try TableFormat.i18next.parse(bytes, path: path)
        return ([entries], version3Keys(entries, path: path))
    }
}

extension OutputFormat {
    /// i18next JSON (v4) namespaces.
    public static let i18next = OutputFormat(I18nextFormat())
}
