import Parlance

/// Java `.properties` resource bundles as the tools see them: one folder of
/// `NAME.properties` (the root bundle) and `NAME_LOCALE.properties` files
/// (`messages_pt_BR.properties`), named and read by the runtime's rules
/// (`PropertiesFile.bundles`, `PropertiesParser`). The root bundle is the
/// development language's table: Java serves it where a language bundle
/// lacks a key, and the runtime puts it at the development locale's place
/// of the fallback chain, so `--development-locale` (default `en`) names its
/// language. A key a language bundle lacks is untranslated (Java serves the
/// root's), and so is one holding the root's text. The document keeps every
/// byte of an untouched file (`PropertiesDocument`).
struct PropertiesToolFormat: FileDocumentFormat {
    typealias Document = PropertiesDocument

    private static let ext = TableFormat.properties.fileExtension

    var name: String { "properties" }
    var tableFormats: [TableFormat] { [.properties] }
    func convertName(_ format: TableFormat) -> String { name }
    var folderShape: String { "NAME.properties and NAME_LOCALE.properties files" }
    var printfPlaceholders: Bool { false }
    var defaultTable: String { "messages" }
    /// No untranslated mark: a copy of the root's text counts as untranslated
    /// (merge adds a new key to a language bundle with the root's text).
    func marksUntranslated(_ format: TableFormat) -> Bool { false }

    /// A bundle file, by its name alone: its base name and locale (the root's `und`).
    func placedFile(_ path: String, root: String?) -> (table: String, locale: String)? {
        guard FileSystemTools.splitExtension(path).ext == Self.ext,
              let bundle = PropertiesFile.bundles(in: [FileSystemTools.baseName(path)]).first else { return nil }
        return (bundle.table, bundle.locale)
    }

    func directory(_ place: CatalogPlace, locale: String) -> String { place.root }

    /// `NAME.properties` for the development locale (or `NAME_en.properties`
    /// where the folder has that and no root bundle); else the file the
    /// folder has for the locale, or `NAME_pt_BR.properties` (Java's spelling).
    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let root = place.join(table + "." + Self.ext)
        if locale == PropertiesFile.rootLocale { return [root] }
        let named = place.join(Self.fileName(table, locale: locale, root: false))
        if FileSystemTools.isFile(named) { return [locale == place.development && FileSystemTools.isFile(root) ? root : named] }
        if locale == place.development { return [root] }
        return [place.listing(Bundles.self).names[Bundles.Key(table: table, locale: locale)].map { place.join($0) } ?? named]
    }

    /// A bundle's file name: `NAME.properties` for the root, else
    /// `NAME_pt_BR.properties`, the locale in Java's spelling.
    static func fileName(_ table: String, locale: String, root: Bool) -> String {
        guard !root else { return table + "." + ext }
        let suffix = PropertiesFile.suffix(locale: locale) ?? locale.split(separator: "-").joined(separator: "_")
        return table + "_" + suffix + "." + ext
    }

    /// The root's bundle files, each with its table and its locale: a root
    /// bundle's is the development locale, and a development locale's
    /// bundle beside a root bundle of its table is left out (the root is
    /// the development table). Read once per place (`CatalogPlace.listing`)
    /// and kept by locale and by table and locale: what is asked of one
    /// language costs its own files, not the folder's.
    struct Bundles: FolderListing {
        struct Key: Hashable {
            let table: String
            let locale: String
        }

        /// Whether any name of the root ends in `.properties`.
        let holdsAny: Bool
        /// Each locale once, in the order of the file names.
        private(set) var locales: [String] = []
        /// The tables of each locale, sorted.
        private(set) var tables: [String: [String]] = [:]
        /// The first file of each table and locale, by name.
        private(set) var names: [Key: String] = [:]

        init(_ place: CatalogPlace) {
            let listed = FileSystemTools.list(place.root)
            holdsAny = listed.contains { FileSystemTools.splitExtension($0).ext == PropertiesToolFormat.ext }
            let found = PropertiesFile.bundles(in: listed).filter { FileSystemTools.isFile(place.join($0.name)) }
            let rooted = Set(found.filter { $0.locale == PropertiesFile.rootLocale }.map(\.table))
            var tableSets: [String: Set<String>] = [:]
            for bundle in found {
                let isRoot = bundle.locale == PropertiesFile.rootLocale
                if !isRoot && bundle.locale == place.development && rooted.contains(bundle.table) { continue }
                let locale = isRoot ? place.development : bundle.locale
                if tableSets[locale] == nil { locales.append(locale) }
                tableSets[locale, default: []].insert(bundle.table)
                let key = Key(table: bundle.table, locale: locale)
                if names[key] == nil { names[key] = bundle.name }
            }
            tables = tableSets.mapValues { $0.sorted() }
        }
    }

    func locale(member name: String, _ place: CatalogPlace) -> String? {
        guard let bundle = PropertiesFile.bundles(in: [name]).first, FileSystemTools.isFile(place.join(name)) else { return nil }
        return bundle.locale == PropertiesFile.rootLocale ? place.development : bundle.locale
    }

    /// Each locale once, though each table of it is a file of the root.
    func locales(_ place: CatalogPlace) -> [String] { place.listing(Bundles.self).locales }

    func tables(_ place: CatalogPlace, locale: String) -> [String] {
        place.listing(Bundles.self).tables[locale == PropertiesFile.rootLocale ? place.development : locale] ?? []
    }

    func holds(_ place: CatalogPlace) -> Bool { place.listing(Bundles.self).holdsAny }

    func target(file: Bool) -> ConvertTarget {
        var target = ConvertTarget(name: "properties", contexts: .composed, variables: false)
        target.plurals = .none(reason: "a plural, which .properties has no place for (Java's plurals are a message's {0,choice,…}); left out")
        return target
    }

    /// New files are UTF-8, which `ResourceBundle` reads since Java 9. The
    /// root bundle (`und`) is `NAME.properties`, and so is the development
    /// locale's table where no root bundle of its name is written.
    func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
               path: (String) -> String) throws -> [(path: String, text: String)] {
        let rooted = Set(tables.filter { $0.locale == PropertiesFile.rootLocale }.map(\.name))
        return try eachTable(tables, file: file, path: path) { table in
            let root = table.locale == PropertiesFile.rootLocale || (table.locale == place.development && !rooted.contains(table.name))
            let entries = table.entries.map { (ContextKey.compose($0.key, context: $0.context), $0.value, $0.notes) }
            return [(Self.fileName(table.name, locale: table.locale, root: root), PropertiesWriter.render(entries, escaping: .raw))]
        }
    }
}

extension OutputFormat {
    /// Java `.properties` resource bundles (`NAME.properties`, `NAME_LOCALE.properties`).
    public static let javaProperties = OutputFormat(PropertiesToolFormat())
}
