import Parlance

/// An entry and the file it came from.
package struct LocatedEntry: Sendable {
    package var entry: DocumentEntry
    package var path: String
    /// gettext: the file's `nplurals`.
    package var pluralCount: Int? = nil

    package var location: String { "\(path):\(entry.line):\(entry.column)" }
}

/// Every table of a catalog directory, read once for lint, stats and pseudo
/// (for Apple layouts, `.strings`, `.stringsdict` and JSON tables together;
/// for String Catalogs, every language of each `DIR/TABLE.xcstrings`; for
/// i18next, each `DIR/<lng>/<ns>.json`, its plural forms one entry; for
/// XLIFF, every table of each `DIR/<lang>.xliff`).
/// Files that cannot be read are listed in `failures` and left out.
///
/// The development texts of a gettext catalog are the msgids of
/// `<domain>.pot` (or, without one, of the development locale's `.po`);
/// those of an XLIFF table, its units' sources (in the first language's
/// document that has the table); those of an Apple table with no development file, its
/// `Base.lproj/TABLE.storyboard` or `.xib` (`InterfaceBuilderDocument`).
package struct CatalogSnapshot {
    package let layout: CatalogLayout
    package let development: String
    package private(set) var locales: [String] = []
    package private(set) var tables: [String] = []
    package private(set) var files: [String] = []
    package private(set) var failures: [(path: String, error: String)] = []
    private var byLocale: [String: [String: [LocatedEntry]]] = [:]
    private var sources: [String: [LocatedEntry]] = [:]

    package init(root: String, format: OutputFormat? = nil, development: String) throws {
        guard FileSystemTools.isDirectory(root) else { throw ToolError.io("not a catalog directory", path: root) }
        guard let format = format ?? CatalogLayout.detect(root) else {
            throw ToolError.io("no xx.lproj folders with tables, .pot templates, LANG/LC_MESSAGES, .xcstrings catalogs or LNG/NS.json namespaces", path: root)
        }
        layout = CatalogLayout(root: root, format: format, development: development)
        self.development = development
        locales = layout.locales()
        var tableSet = Set(layout.templates())
        // Apple catalogs often mix `.strings`, `.stringsdict` and JSON tables: read them all.
        let layouts = format == .po || format == .android || format == .i18next ? [layout] : format == .xcstrings || format == .xliff ? []
            : [CatalogLayout(root: root, format: .strings), CatalogLayout(root: root, format: .json)]
        for locale in locales {
            for (layout, table) in layouts.flatMap({ l in l.tables(locale: locale).map { (l, $0) } }) {
                tableSet.insert(table)
                for path in layout.paths(locale: locale, table: table) where FileSystemTools.isFile(path) {
                    files.append(path)
                    do {
                        byLocale[locale, default: [:]][table, default: []] += try Self.read(path, locale: locale, format: layout.format)
                    } catch {
                        failures.append((path, "\(error)"))
                    }
                }
            }
        }
        if format == .xcstrings {
            // Every language of a table in one catalog; the development texts are its source language's.
            var localeSet = Set<String>()
            for table in layout.tables(locale: development) {
                let path = layout.paths(locale: development, table: table)[0]
                files.append(path)
                do {
                    let read = try XCStringsLocalization.entries(path: path)
                    for (locale, entries) in read.tables {
                        localeSet.insert(locale)
                        byLocale[locale, default: [:]][table] = entries.map { LocatedEntry(entry: $0, path: path) }
                    }
                    sources[table] = byLocale[read.sourceLanguage]?[table]
                    tableSet.insert(table)
                } catch {
                    failures.append((path, "\(error)"))
                }
            }
            locales = localeSet.sorted()
        }
        if format == .xliff {
            // Every table of each language's document; the development texts are the units' sources.
            for locale in locales {
                let path = layout.paths(locale: locale, table: "")[0]
                files.append(path)
                do {
                    for document in try XLIFFDocument.tables(path: path, sourceLanguage: development, targetLanguage: locale) {
                        tableSet.insert(document.table)
                        byLocale[locale, default: [:]][document.table] = document.entries.map { LocatedEntry(entry: $0, path: path) }
                        if sources[document.table] == nil {
                            sources[document.table] = document.sourceEntries.map { LocatedEntry(entry: $0, path: path) }
                        }
                    }
                } catch {
                    failures.append((path, "\(error)"))
                }
            }
        }
        tables = tableSet.sorted()
        // Base internationalization: a table the development locale has no file
        // for takes its development texts from Base.lproj/TABLE.storyboard (or .xib).
        for table in tables where format != .po && byLocale[development]?[table] == nil {
            guard let path = InterfaceBuilderDocument.basePath(root: root, table: table) else { continue }
            do {
                sources[table] = try InterfaceBuilderDocument.entries(path: path).map { LocatedEntry(entry: $0, path: path) }
            } catch {
                failures.append((path, "\(error)"))
            }
        }
        if format == .po {
            for table in tables {
                let template = layout.templatePath(table: table)
                let path = FileSystemTools.isFile(template) ? template : layout.paths(locale: development, table: table)[0]
                guard FileSystemTools.isFile(path) else { continue }
                if path == template { files.append(path) }
                do {
                    let document = try PODocument(path: path, locale: nil)
                    sources[table] = document.poEntries.filter { !$0.isHeader && !$0.isObsolete }.map { po in
                        var entry = PODocument.entry(po)
                        entry.value = po.msgidPlural.map { .gettextPlural([po.msgid, $0]) } ?? .text(po.msgid)
                        entry.isTranslated = true
                        return LocatedEntry(entry: entry, path: path)
                    }
                } catch {
                    failures.append((path, "\(error)"))
                }
            }
        }
    }

    private static func read(_ path: String, locale: String, format: OutputFormat) throws -> [LocatedEntry] {
        if format == .i18next { return try I18nextDocument(path: path, locale: locale).entries.map { LocatedEntry(entry: $0, path: path) } }
        switch FileSystemTools.splitExtension(path).ext {
        case "strings": return try StringsDocument(path: path).entries.map { LocatedEntry(entry: $0, path: path) }
        case "stringsdict": return try StringsdictDocument(path: path).entries.map { LocatedEntry(entry: $0, path: path) }
        case "json": return try JSONDocument(path: path).entries.map { LocatedEntry(entry: $0, path: path) }
        case "xml": return try AndroidDocument(path: path).entries.map { LocatedEntry(entry: $0, path: path) }
        default:
            let document = try PODocument(path: path, locale: locale)
            let count = document.formula.pluralCount
            return document.entries.map { LocatedEntry(entry: $0, path: path, pluralCount: count) }
        }
    }

    /// A locale's entries of a table, in file order (`.strings` before `.stringsdict`).
    package func entries(locale: String, table: String) -> [LocatedEntry] { byLocale[locale]?[table] ?? [] }

    /// Whether a locale has any file for the table.
    package func hasTable(locale: String, table: String) -> Bool { byLocale[locale]?[table] != nil }

    /// The development entries: the development locale's, gettext's template msgids, or XLIFF's sources.
    package func source(table: String) -> [LocatedEntry] {
        if layout.format != .po, layout.format != .xliff, hasTable(locale: development, table: table) {
            return entries(locale: development, table: table)
        }
        return sources[table] ?? []
    }

    /// The source text a word count and placeholder check use: the text, or the `other` form / msgid_plural.
    package static func sourceText(_ value: EntryValue) -> String {
        switch value {
        case .text(let text): return text
        case .gettextPlural(let texts): return texts.last ?? ""
        case .plural, .stringsdict: return value.pluralForms?[.other] ?? value.texts.first ?? ""
        }
    }
}
