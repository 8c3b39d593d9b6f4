import Parlance

/// XLIFF documents named for their table and language,
/// `DIR/DOMAIN.LOCALE.xlf` (Symfony's `translations/` folder, Angular's
/// `messages.fr.xlf`): each document one table of one language, as the
/// runtime reads them (`XLIFFTableFormat.domainAndLocale`). In a folder
/// named `translations` the units are keyed as Symfony's translator keys
/// them (`XLIFFFile.Units.symfony`), and new 1.2 units carry their key as
/// `resname`. The development texts are the development language's
/// document, as Symfony's catalogs keep them (`messages.en.xlf`).
///
/// The XLIFF format's rules for a folder holding such documents
/// (`XLIFFFormat.rules(for:)`); `--format xliff` names both.
struct XLIFFDomainFormat: ToolFormat {
    var name: String { XLIFFFormat().name }
    var tableFormats: [TableFormat] { [.xliff] }
    var folderShape: String { "" }
    var keepsSourceTexts: Bool { false }

    /// The documents of a folder: each one's file name by locale and table.
    struct Documents: FolderListing {
        let byLocale: [String: [String: String]]

        init(_ place: CatalogPlace) {
            var byLocale: [String: [String: String]] = [:]
            for name in FileSystemTools.list(place.root).sorted() {
                guard let (domain, locale) = XLIFFDomainFormat.named(name), FileSystemTools.isFile(place.join(name)) else { continue }
                // `.xlf` over `.xliff`: one document per table and language.
                if byLocale[locale]?[domain]?.hasSuffix(".xlf") == true { continue }
                byLocale[locale, default: [:]][domain] = name
            }
            self.byLocale = byLocale
        }
    }

    /// A document named `DOMAIN.LOCALE.xlf` (or `.xliff`): its table and language.
    static func named(_ name: String) -> (domain: String, locale: String)? {
        let ext = FileSystemTools.splitExtension(name).ext.lowercased()
        guard ext == "xlf" || ext == "xliff" else { return nil }
        return XLIFFTableFormat.domainAndLocale(name)
    }

    /// Whether a place holds documents named for their table and language.
    static func holds(_ place: CatalogPlace) -> Bool { !place.listing(Documents.self).byLocale.isEmpty }

    func holds(_ place: CatalogPlace) -> Bool { Self.holds(place) }

    func directory(_ place: CatalogPlace, locale: String) -> String { place.root }

    func locales(_ place: CatalogPlace) -> [String] { place.listing(Documents.self).byLocale.keys.sorted() }

    func locale(member name: String, _ place: CatalogPlace) -> String? { Self.named(name)?.locale }

    func tables(_ place: CatalogPlace, locale: String) -> [String] {
        (place.listing(Documents.self).byLocale[locale] ?? [:]).keys.sorted()
    }

    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        [place.join(place.listing(Documents.self).byLocale[locale]?[table] ?? "\(table).\(locale).xlf")]
    }

    private func file(_ place: CatalogPlace, path: String, locale: String, table: String) throws -> XLIFFLanguageFile {
        try XLIFFLanguageFile(path: path, sourceLanguage: place.development, targetLanguage: locale, version: place.xliffVersion,
                              named: table, units: .ofDocument(at: path))
    }

    func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        let path = paths(place, locale: locale, table: table)[0]
        return [try file(place, path: path, locale: locale, table: table).table(table)]
    }

    func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] {
        [XLIFFLanguageFile(emptyAt: paths[0], sourceLanguage: place.development, targetLanguage: locale,
                           version: place.xliffVersion, units: .ofDocument(at: paths[0])).table(table)]
    }

    func entries(path: String, locale: String) throws -> [LocatedEntry] {
        guard let (table, named) = Self.named(FileSystemTools.baseName(path)) else { return [] }
        let place = CatalogPlace(root: FileSystemTools.directoryName(path))
        return try file(place, path: path, locale: named, table: table).table(table).entries
            .map { LocatedEntry(entry: $0, path: path) }
    }

    func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        let table = Self.named(FileSystemTools.baseName(path))?.domain ?? Catalog.defaultTable
        return try file(place, path: path, locale: locale, table: table).render()
    }

    func target(file: Bool) -> ConvertTarget { XLIFFFormat().target(file: file) }

    func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
               path: (String) -> String) throws -> [(path: String, text: String)] {
        try XLIFFFormat().files(tables, file: file, place: place, path: path)
    }
}
