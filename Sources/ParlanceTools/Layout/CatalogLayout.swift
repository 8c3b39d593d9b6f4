import Parlance

/// The formats merge and pseudo write.
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

    /// The default table (Apple, JSON), domain (gettext) or namespace (i18next's default, `translation`).
    public var defaultTable: String {
        switch self {
        case .po: return "messages"
        case .i18next: return "translation"
        default: return Catalog.defaultTable
        }
    }
}

/// Where each format keeps its tables under a catalog directory:
///
/// - strings: `DIR/<locale>.lproj/<Table>.strings` and `.stringsdict`
/// - json:    `DIR/<locale>.lproj/<Table>.json`
/// - po:      `DIR/<domain>.pot` and `DIR/<locale>/LC_MESSAGES/<domain>.po`
/// - xcstrings: `DIR/<Table>.xcstrings`, every locale in the one file (where
///   Xcode projects keep a catalog, and where the runtime finds it beside
///   the `.lproj` folders), or `DIR/mul.lproj/<Table>.xcstrings` when that
///   one exists (Xcode's place for the catalog of a storyboard or xib)
/// - i18next: `DIR/<lng>/<ns>.json`, in a folder named for its language
///   (not `.lproj`), as the runtime reads them; a folder is a language of
///   the catalog when it holds a `.json` (`src` is a language's name too)
/// - android: `DIR/values/strings.xml` for the development locale (Android's
///   default resources), `DIR/values-fr/strings.xml`, `values-pt-rBR`,
///   `values-b+sr+Latn` for the others; the default table is `strings.xml`,
///   another table `T` is `T.xml` (the runtime serves every file of a folder
///   as the one default table). Files without strings (colors, dimensions)
///   are not tables.
/// - xliff: `DIR/<lang>.xliff` (or an existing `DIR/<lang>.xlf`), one
///   document per target language holding every table, a `<file>` per table
///   (`original="TABLE.strings"`, plurals in `TABLE.stringsdict`), as Xcode's
///   Export Localizations writes `<lang>.xliff`; where the runtime finds
///   XLIFF documents in a catalog directory. A file is a language of the
///   catalog when its name is one.
///
/// `Base.lproj` holds no language and is skipped.
package struct CatalogLayout {
    package let root: String
    package let format: OutputFormat
    /// The development locale: Android keeps it in the unqualified `values` folder.
    package let development: String
    /// The version of new XLIFF documents (existing ones keep theirs).
    package let xliffVersion: XLIFFVersion

    package init(root: String, format: OutputFormat, development: String = "en", xliffVersion: XLIFFVersion = .v12) {
        self.root = root
        self.format = format
        self.development = development
        self.xliffVersion = xliffVersion
    }

    package func directory(locale: String) -> String {
        if format == .xcstrings || format == .xliff { return root }
        if format == .i18next { return FileSystemTools.join(root, locale) }
        if format == .android { return FileSystemTools.join(root, AndroidWriter.folder(locale, isDefault: locale == development)) }
        return format == .po ? FileSystemTools.join(root, locale, "LC_MESSAGES") : FileSystemTools.join(root, locale + ".lproj")
    }

    /// The files of one table in one locale, in the order entries are added to them.
    package func paths(locale: String, table: String) -> [String] {
        let directory = directory(locale: locale)
        switch format {
        case .strings: return [FileSystemTools.join(directory, table + ".strings"), FileSystemTools.join(directory, table + ".stringsdict")]
        case .json, .i18next: return [FileSystemTools.join(directory, table + ".json")]
        case .po: return [FileSystemTools.join(directory, table + ".po")]
        case .android: return [FileSystemTools.join(directory, (table == Catalog.defaultTable ? "strings" : table) + ".xml")]
        case .xliff:
            let short = FileSystemTools.join(directory, locale + ".xlf")
            return [FileSystemTools.isFile(short) ? short : FileSystemTools.join(directory, locale + ".xliff")]
        case .xcstrings:
            let multilingual = FileSystemTools.join(root, "mul.lproj", table + ".xcstrings")
            return [FileSystemTools.isFile(multilingual) ? multilingual : FileSystemTools.join(root, table + ".xcstrings")]
        }
    }

    package func templatePath(table: String) -> String { FileSystemTools.join(root, table + ".pot") }

    /// Locale folders present, by folder name.
    package func locales() -> [String] {
        FileSystemTools.list(root).compactMap { name in
            switch format {
            case .strings, .json:
                guard name.hasSuffix(".lproj"), name != "Base.lproj", name.count > 6,
                      FileSystemTools.isDirectory(FileSystemTools.join(root, name)) else { return nil }
                return String(name.dropLast(6))
            case .po:
                return FileSystemTools.isDirectory(FileSystemTools.join(root, name, "LC_MESSAGES")) ? name : nil
            case .xcstrings:
                return nil   // the languages are inside the catalogs
            case .xliff:
                let (stem, ext) = FileSystemTools.splitExtension(name)
                // `paths` takes `<lang>.xlf` over `<lang>.xliff`: one language, once.
                guard ext == "xlf" || (ext == "xliff" && !FileSystemTools.isFile(FileSystemTools.join(root, stem + ".xlf"))),
                      ((try? LocaleName.canonical(stem)) ?? nil) != nil,
                      FileSystemTools.isFile(FileSystemTools.join(root, name)) else { return nil }
                return stem
            case .i18next:
                // A folder with a language's name (`src` is one) is a language when it holds namespaces.
                guard TableFormat.isI18nextLanguageFolder(name), FileSystemTools.isDirectory(FileSystemTools.join(root, name)) else { return nil }
                return I18nextFolder.holdsNamespaces(FileSystemTools.join(root, name)) ? name : nil
            case .android:
                guard let folder = AndroidFolder.locale(name), FileSystemTools.isDirectory(FileSystemTools.join(root, name)) else {
                    return nil
                }
                return folder.isEmpty ? development : folder
            }
        }
    }

    /// Tables present in a locale (and, for po, templates at the root).
    package func tables(locale: String) -> [String] {
        let extensions: Set<String>
        switch format {
        case .strings: extensions = ["strings", "stringsdict"]
        case .json: extensions = ["json"]
        case .i18next:
            // Namespaces in folders too: `LNG/components/dialog.json` is `components/dialog`.
            return ((try? I18nextFolder.namespaces(in: directory(locale: locale))) ?? []).map(\.name)
        case .po: extensions = ["po"]
        case .xcstrings: extensions = ["xcstrings"]
        case .xliff:
            let path = paths(locale: locale, table: "")[0]
            guard let bytes = try? FileSystem.read(path), let document = try? XLIFFDocument.parse(bytes, path: path) else { return [] }
            return XLIFFDocument.tableNames(document).sorted()
        case .android:
            // Resource files that hold strings; `strings.xml` is the default table.
            let directory = directory(locale: locale)
            return FileSystemTools.list(directory).compactMap { name -> String? in
                let (stem, ext) = FileSystemTools.splitExtension(name)
                guard ext == "xml", !stem.isEmpty, let bytes = try? FileSystem.read(FileSystemTools.join(directory, name)),
                      Self.holdsStrings(bytes) else { return nil }
                return stem == "strings" ? Catalog.defaultTable : stem
            }.sorted()
        }
        var names = FileSystemTools.list(directory(locale: locale))
        if format == .xcstrings { names += FileSystemTools.list(FileSystemTools.join(root, "mul.lproj")) }
        return Set(names.compactMap { name -> String? in
            let (stem, ext) = FileSystemTools.splitExtension(name)
            return extensions.contains(ext) && !stem.isEmpty ? stem : nil
        }).sorted()
    }

    package func templates() -> [String] {
        guard format == .po else { return [] }
        return FileSystemTools.list(root).compactMap {
            let (stem, ext) = FileSystemTools.splitExtension($0)
            return ext == "pot" && !stem.isEmpty ? stem : nil
        }
    }

    /// The documents of one table in one locale (missing files read as empty).
    package func open(locale: String, table: String) throws -> [any TableDocument] {
        let paths = paths(locale: locale, table: table)
        switch format {
        case .strings: return [try StringsDocument(path: paths[0]), try StringsdictDocument(path: paths[1])]
        case .json: return [try JSONDocument(path: paths[0])]
        case .po: return [try PODocument(path: paths[0], locale: locale)]
        case .i18next: return [try I18nextDocument(path: paths[0], locale: locale)]
        case .xcstrings: throw ToolError.io("a string catalog holds every language; open it as an XCStringsDocument", path: paths[0])
        case .android: return [try AndroidDocument(path: paths[0])]
        case .xliff:
            return [try XLIFFDocument(path: paths[0], table: table, sourceLanguage: development, targetLanguage: locale,
                                      version: xliffVersion)]
        }
    }

    /// Whether an Android resource file holds strings (`colors.xml` does not).
    static func holdsStrings(_ bytes: [UInt8]) -> Bool {
        ["<string", "<plurals"].contains { marker in
            bytes.firstRange(of: Array(marker.utf8)) != nil
        }
    }

    /// The CLDR plural rules for a folder's locale name (root rules when unknown).

    /// Guesses the format of a catalog directory from what it holds.
    package static func detect(_ root: String) -> OutputFormat? {
        if !CatalogLayout(root: root, format: .po).locales().isEmpty || !CatalogLayout(root: root, format: .po).templates().isEmpty {
            return .po
        }
        let apple = CatalogLayout(root: root, format: .strings)
        for locale in apple.locales() {
            let names = FileSystemTools.list(apple.directory(locale: locale))
            if names.contains(where: { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }) { return .strings }
            if names.contains(where: { $0.hasSuffix(".json") }) { return .json }
        }
        if !CatalogLayout(root: root, format: .xcstrings).tables(locale: "").isEmpty { return .xcstrings }
        if !CatalogLayout(root: root, format: .xliff).locales().isEmpty { return .xliff }
        if FileSystemTools.isFile(FileSystemTools.join(root, "values", "strings.xml")) { return .android }
        return CatalogLayout(root: root, format: .i18next).locales().isEmpty ? nil : .i18next
    }

    /// The language and namespace of an i18next file: below `root` (the
    /// catalog's directory), `LNG/components/dialog.json` is `components/dialog`
    /// of `LNG`; elsewhere a `.json` is a namespace of its folder's language
    /// (`en/common.json`), and nil when that folder names no language
    /// (`TableFormat.isI18nextLanguageFolder`, the runtime's rule).
    package static func i18nextNamespace(_ path: String, root: String? = nil) -> (locale: String, table: String)? {
        guard path.hasSuffix(".json") else { return nil }
        if let root {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(prefix) {
                let parts = path.dropFirst(prefix.count).split(separator: "/", maxSplits: 1)
                let table = parts.count == 2 ? String(parts[1].dropLast(5)) : ""
                if parts.count == 2, TableFormat.isI18nextLanguageFolder(String(parts[0])), TableName.isValid(table) {
                    return (String(parts[0]), table)
                }
            }
        }
        let folder = FileSystemTools.baseName(FileSystemTools.directoryName(path))
        let stem = FileSystemTools.splitExtension(FileSystemTools.baseName(path)).stem
        guard !folder.isEmpty, folder != ".", TableFormat.isI18nextLanguageFolder(folder), !stem.isEmpty else { return nil }
        return (folder, stem)
    }
}
