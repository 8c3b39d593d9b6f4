import Parlance

/// Qt Linguist translation sources as the tools see them (`--format ts`):
/// the core's layout, `NAME_LOCALE.ts` in one folder (`QtLinguistFolder`
/// names a file's table and locale), and `NAME.ts` without a locale the
/// template `lupdate` writes, which merge keeps as gettext keeps its
/// `.pot`. Every `.ts` holds its source texts: `stats` counts each file on
/// its own, as `lrelease` reports it (finished, unfinished with a
/// translation, and untranslated); the development texts of a table
/// (pseudo) are its template's sources, else those of the development
/// locale's file, else of the first file. The document keeps every byte of
/// an untouched file (`QtTSDocument`).
struct QtTSToolFormat: FileDocumentFormat {
    typealias Document = QtTSDocument

    static let fileExtension = TableFormat.qtTS.fileExtension

    var name: String { Self.fileExtension }
    var tableFormats: [TableFormat] { [.qtTS] }
    var messageExtensions: [String] { [Self.fileExtension] }
    var folderShape: String { "NAME_LOCALE.ts files" }
    var keepsSourceTexts: Bool { true }
    var keepsTemplates: Bool { true }
    /// `%n`, `%1`: Qt's, not printf's.
    var printfPlaceholders: Bool { false }

    /// A `NAME_LOCALE.ts` is the table `NAME` of `LOCALE`.
    func placedFile(_ path: String, root: String?) -> (table: String, locale: String)? {
        guard FileSystemTools.splitExtension(path).ext == Self.fileExtension else { return nil }
        return QtLinguistFolder.name(FileSystemTools.baseName(path))
    }

    /// Qt spells a locale with `_` in file names (`app_pt_BR.ts`).
    func pathLocale(_ locale: String) -> String { Self.spelling(locale) }

    func directory(_ place: CatalogPlace, locale: String) -> String { place.root }

    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let stem = (table == defaultTable ? "" : table + "_") + pathLocale(locale)
        return [place.join(stem + "." + Self.fileExtension)]
    }

    /// The `.ts` files of the root that are TS documents, read once per
    /// place (`CatalogPlace.listing`), each opened once for its first
    /// bytes, and kept by locale and by table: what is asked of one
    /// language or table costs its own files, not the folder's.
    struct Files: FolderListing {
        /// Each locale once, in the order of the file names.
        private(set) var locales: [String] = []
        /// The tables of each locale, in the order of the file names, by the locale's spelling in them.
        private(set) var tablesBySpelling: [String: [String]] = [:]
        /// The locales of each table's files, in the order of the file names.
        private(set) var localesByTable: [String: [String]] = [:]
        /// The tables whose template (`NAME.ts`, no locale) is at the root, in order and as a set.
        private(set) var templates: [String] = []
        private(set) var templated = Set<String>()

        init(_ place: CatalogPlace) {
            var seen = Set<String>()
            for name in FileSystemTools.list(place.root).sorted() {
                let (stem, ext) = FileSystemTools.splitExtension(name)
                guard ext == QtTSToolFormat.fileExtension, !stem.isEmpty, !name.hasPrefix("."),
                      QtLinguistFolder.isTS(file: place.join(name)) else { continue }
                guard let (table, locale) = QtLinguistFolder.name(name) else {
                    templates.append(stem)
                    templated.insert(stem)
                    continue
                }
                if seen.insert(locale).inserted { locales.append(locale) }
                tablesBySpelling[QtTSToolFormat.spelling(locale), default: []].append(table)
                localesByTable[table, default: []].append(locale)
            }
        }
    }

    /// A locale as file names spell it (`pt_BR`).
    static func spelling(_ locale: String) -> String { locale.replacingAll("-", with: "_") }

    func locale(member name: String, _ place: CatalogPlace) -> String? {
        guard FileSystemTools.splitExtension(name).ext == Self.fileExtension,
              QtLinguistFolder.isTS(file: place.join(name)) else { return nil }
        return QtLinguistFolder.name(name)?.locale
    }

    /// Each locale once, however many tables it has.
    func locales(_ place: CatalogPlace) -> [String] { place.listing(Files.self).locales }

    func tables(_ place: CatalogPlace, locale: String) -> [String] {
        place.listing(Files.self).tablesBySpelling[pathLocale(locale)] ?? []
    }

    func holds(_ place: CatalogPlace) -> Bool {
        let files = place.listing(Files.self)
        return !files.locales.isEmpty || !files.templates.isEmpty
    }

    func templates(_ place: CatalogPlace) -> [String] { place.listing(Files.self).templates }

    func templatePath(_ place: CatalogPlace, table: String) -> String { place.join(table + "." + Self.fileExtension) }

    func templateDocument(_ place: CatalogPlace, table: String) throws -> any TableDocument {
        try QtTSDocument(path: templatePath(place, table: table))
    }

    /// The source texts of the table's template, else of the development
    /// locale's file, else of its first file.
    func developmentSources(_ place: CatalogPlace, table: String) throws -> (path: String, isTemplate: Bool, entries: [DocumentEntry])? {
        let template = templatePath(place, table: table)
        let files = place.listing(Files.self)
        let locales = files.localesByTable[table] ?? []
        let path: String
        if files.templated.contains(table) {
            path = template
        } else if let first = locales.first(where: { pathLocale($0) == pathLocale(place.development) }) ?? locales.first {
            path = paths(place, locale: first, table: table)[0]
        } else {
            return nil
        }
        let entries = try QtTSDocument(path: path).entries.map { entry -> DocumentEntry in
            var source = entry
            let text = QtTSDocument.split(entry.key).source
            if case .gettextPlural = entry.value { source.value = .gettextPlural([text, text]) } else { source.value = .text(text) }
            source.isTranslated = true
            source.isFuzzy = false
            return source
        }
        return (path, path == template, entries)
    }

    /// A `.ts`'s live messages, for `merge --from`: source, context and
    /// disambiguation, numerus, notes and locations.
    func messages(path: String, table: String, locale: String) throws -> [SourceMessage] {
        let document = try QtTSDocument(path: path)
        return document.entries.map { entry in
            let (context, comment, source) = QtTSDocument.split(entry.key)
            var plural: String? = nil
            if case .gettextPlural = entry.value { plural = source }
            return SourceMessage(key: source, context: QtLinguistTable.contextKey(context, comment), plural: plural, table: table,
                                 notes: entry.notes, references: document.references(entry.key).map(SourceMessage.reference))
        }
    }

    func target(file: Bool) -> ConvertTarget {
        // The core's context key (context, U+0004, disambiguation) before the source, as the document keys it.
        var target = ConvertTarget(name: "ts", contexts: .suffix { key, context in QtTSDocument.storageKey(key: key, context: context) },
                                   variables: false)
        target.marks = [.needsReview]
        return target
    }

    /// An unfinished message with a translation: served by `lrelease`'s
    /// default, to be reviewed.
    func marks(file: String) throws -> [EntryMark] {
        guard let (table, locale) = QtLinguistFolder.name(FileSystemTools.baseName(file)) else { return [] }
        return try QtTSDocument(path: file).entries.compactMap { entry in
            guard entry.isFuzzy, !(entry.value.texts.first ?? "").isEmpty else { return nil }
            let (context, comment, source) = QtTSDocument.split(entry.key)
            return EntryMark(locale: (try? LocaleName.canonical(locale)).flatMap { $0 } ?? locale, table: table,
                             key: ContextKey.compose(source, context: QtLinguistTable.contextKey(context, comment)),
                             kind: .needsReview, what: "type 'unfinished'", otherwise: "written as translated")
        }
    }

    func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
               path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            var document = QtTSDocument(emptyAt: "", language: pathLocale(table.locale))
            for entry in table.entries {
                var draft = EntryDraft(key: entry.key, context: entry.context, sourcePlural: nil, value: entry.value,
                                       notes: entry.notes, references: [], untranslated: false)
                draft.needsReview = entry.needsReview
                document.add(draft)
            }
            let name = paths(CatalogPlace(root: ""), locale: table.locale, table: table.name)[0]
            return [(FileSystemTools.baseName(name), String(decoding: document.render(), as: UTF8.self))]
        }
    }
}

extension OutputFormat {
    /// Qt Linguist translation sources (`NAME_LOCALE.ts`).
    public static let ts = OutputFormat(QtTSToolFormat())
}
