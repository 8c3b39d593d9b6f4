import Parlance

/// XLIFF: `DIR/<lang>.xliff` (or an existing `DIR/<lang>.xlf`), one document
/// per target language holding every table, a `<file>` per table
/// (`original="TABLE.strings"`, plurals in `TABLE.stringsdict`), as Xcode's
/// Export Localizations writes `<lang>.xliff`; where the runtime finds
/// XLIFF documents in a catalog directory. A file is a language of the
/// catalog when its name is one. The development texts are each unit's `<source>`.
/// A folder of documents named for their table and language
/// (`DOMAIN.LOCALE.xlf`) and no `<lang>.xliff` has `XLIFFDomainFormat`'s rules.
package struct XLIFFFormat: ToolFormat {
    package init() {}

    package var name: String { "xliff" }
    package var tableFormats: [TableFormat] { [.xliff] }
    package var folderShape: String { "<lang>.xliff documents" }

    package var span: DocumentSpan { .language }

    package func rules(for place: CatalogPlace) -> any ToolFormat {
        XLIFFDomainFormat.holds(place) && place.listing(LanguageDocuments.self).locales.isEmpty ? XLIFFDomainFormat() : self
    }

    /// The languages of the root's `<lang>.xliff` documents, read once per place.
    struct LanguageDocuments: FolderListing {
        let locales: [String]
        init(_ place: CatalogPlace) {
            locales = FileSystemTools.list(place.root).compactMap { XLIFFFormat.languageDocument(member: $0, place) }
        }
    }
    package var keepsSourceTexts: Bool { true }

    package func directory(_ place: CatalogPlace, locale: String) -> String { place.root }

    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let short = place.join(locale + ".xlf")
        return [FileSystemTools.isFile(short) ? short : place.join(locale + ".xliff")]
    }

    package func locale(member name: String, _ place: CatalogPlace) -> String? {
        rules(for: place) is XLIFFDomainFormat ? XLIFFDomainFormat.named(name)?.locale : Self.languageDocument(member: name, place)
    }

    /// The language of `<lang>.xliff`, or nil.
    private static func languageDocument(member name: String, _ place: CatalogPlace) -> String? {
        guard XLIFFDomainFormat.named(name) == nil else { return nil }
        let (stem, ext) = FileSystemTools.splitExtension(name)
        // `paths` takes `<lang>.xlf` over `<lang>.xliff`: one language, once.
        guard ext == "xlf" || (ext == "xliff" && !FileSystemTools.isFile(place.join(stem + ".xlf"))),
              XLIFFTableFormat.namesLanguage(stem), ((try? LocaleName.canonical(stem)) ?? nil) != nil,
              FileSystemTools.isFile(place.join(name)) else { return nil }
        return stem
    }

    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        let path = paths(place, locale: locale, table: "")[0]
        guard let bytes = try? FileSystem.read(path), let document = try? XLIFFDocument.parse(bytes, path: path) else { return [] }
        return XLIFFDocument.tableNames(document).sorted()
    }

    package func holds(_ place: CatalogPlace) -> Bool { !locales(place).isEmpty }

    package func locales(_ place: CatalogPlace) -> [String] {
        let rules = rules(for: place)
        if rules is XLIFFDomainFormat { return rules.locales(place) }
        return place.listing(LanguageDocuments.self).locales
    }

    package func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        [try XLIFFDocument(path: paths(place, locale: locale, table: table)[0], table: table, sourceLanguage: place.development,
                           targetLanguage: locale, version: place.xliffVersion)]
    }

    package func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] {
        [XLIFFDocument(emptyAt: paths[0], table: table, sourceLanguage: place.development, targetLanguage: locale, version: place.xliffVersion)]
    }

    package func languageDocument(_ place: CatalogPlace, path: String, locale: String, empty: Bool) throws -> any LanguageDocument {
        empty ? XLIFFLanguageFile(emptyAt: path, sourceLanguage: place.development, targetLanguage: locale, version: place.xliffVersion)
            : try XLIFFLanguageFile(path: path, sourceLanguage: place.development, targetLanguage: locale, version: place.xliffVersion)
    }

    package func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        try XLIFFLanguageFile(path: path, sourceLanguage: place.development, targetLanguage: locale,
                              version: place.xliffVersion).render()
    }

    package func entries(path: String, locale: String) throws -> [LocatedEntry] {
        try readSpan(CatalogPlace(root: FileSystemTools.directoryName(path)), path: path, locale: locale).tables
            .flatMap { table in table.entries.map { LocatedEntry(entry: $0, path: path) } }
    }

    /// Every table of the language's document, and the units' sources.
    package func readSpan(_ place: CatalogPlace, path: String, locale: String) throws -> SpanRead {
        var span = SpanRead()
        for document in try XLIFFDocument.tables(path: path, sourceLanguage: place.development, targetLanguage: locale) {
            span.tables.append((locale, document.table, document.entries))
            if span.sources[document.table] == nil { span.sources[document.table] = document.sourceEntries }
        }
        return span
    }

    package var writesDevelopmentLanguage: Bool { false }

    package func target(file: Bool) -> ConvertTarget {
        // Xcode's XLIFF carries `.stringsdict` variables, not device rules.
        var target = ConvertTarget(name: "xliff", contexts: .composed, variables: true, devices: false)
        target.emptyTranslation = "XLIFF"
        target.pluralWithoutOther = .empty(runtime: "the .stringsdict Xcode imports the units as")
        // A key not to be translated is served in its source language only, which XLIFF does not write.
        target.marks = [.needsReview]
        target.unwritable = XLIFFUnits.unwritable
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        let targets = Array(Set(tables.map(\.locale))).sorted().filter { $0 != place.development }
        if targets.isEmpty, !tables.isEmpty {
            // Nothing would be written: say so rather than write nothing and succeed.
            throw UsageError("every table is in the development language '\(place.development)', which XLIFF keeps as each unit's source;"
                             + " give the source language with --development-locale")
        }
        guard !file || targets.count == 1 else {
            throw UsageError("an XLIFF document holds one target language; choose one with --locale (and keep the place.development locale)")
        }
        return targets.map { locale in
            let languageTables = tables.filter { $0.locale == locale }.map { table in
                let sources = tables.first { $0.locale == place.development && $0.name == table.name }?.entries ?? []
                var values: [String: EntryValue] = [:]
                for entry in sources { values[entry.key] = entry.value }
                return XLIFFWriter.Table(name: table.name, entries: table.entries, sources: values)
            }
            return (path(locale + ".xliff"), XLIFFWriter.document(sourceLanguage: place.development, targetLanguage: locale,
                                                                  tables: languageTables, version: place.xliffVersion))
        }
    }
}

extension XLIFFLanguageFile: LanguageDocument {
    package func document(_ table: String) -> any TableDocument { self.table(table) }

    package mutating func update(_ table: any TableDocument) {
        guard let table = table as? XLIFFDocument else { return }
        update(table)
    }

    package func reportPath(_ table: String) -> String? {
        let document = self.table(table)
        return document.existed && !document.fileSpans.isEmpty ? document.reportPath : nil
    }

    package mutating func removeTable(_ table: String) -> String? {
        var document = self.table(table)
        guard document.existed, !document.fileSpans.isEmpty else { return nil }
        _ = document.removeTable()
        update(document)
        return document.reportPath
    }
}

extension OutputFormat {
    /// XLIFF: `<lang>.xliff`, a `<file>` per table, as Xcode exports them.
    public static let xliff = OutputFormat(XLIFFFormat())
}
