import Parlance

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
/// `Base.lproj/TABLE.storyboard` or `.xib` (`ToolFormat.baseDocument`).
package struct CatalogSnapshot {
    package let layout: CatalogLayout
    package let development: String
    package private(set) var locales: [String] = []
    package private(set) var tables: [String] = []
    package private(set) var files: [String] = []
    package private(set) var failures: [(path: String, error: String)] = []
    /// Tables whose development texts are a template (gettext's `.pot`).
    package private(set) var templated = Set<String>()
    /// Tables whose development texts are Base internationalization's document.
    package private(set) var baseDocumentSourced = Set<String>()
    /// Tables whose development texts could not be read: nothing to measure them against.
    package private(set) var unreadableSources = Set<String>()
    private var byLocale: [String: [String: [LocatedEntry]]] = [:]
    private var sources: [String: [LocatedEntry]] = [:]

    package init(root: String, format: OutputFormat? = nil, development: String) throws {
        guard FileSystemTools.isDirectory(root) else { throw ToolError.io("not a catalog directory", path: root) }
        guard let format = format ?? CatalogLayout.detect(root) else {
            throw ToolError.io("no \(OutputFormat.folderShapes)", path: root)
        }
        layout = CatalogLayout(root: root, format: format, development: development)
        self.development = development
        locales = layout.locales()
        var tableSet = Set(layout.templates())
        let rules = layout.rules
        // Apple catalogs often mix `.strings`, `.stringsdict` and JSON tables: read them all.
        let layouts = rules.span != .table ? []
            : format.readTogether.map { CatalogLayout(root: root, format: $0, development: development) }
        for locale in locales {
            for (layout, table) in layouts.flatMap({ l in l.tables(locale: locale).map { (l, $0) } }) {
                tableSet.insert(table)
                for path in layout.paths(locale: locale, table: table) where FileSystemTools.isFile(path) {
                    files.append(path)
                    do {
                        byLocale[locale, default: [:]][table, default: []] += try layout.rules.entries(path: path, locale: locale)
                    } catch {
                        failures.append((path, "\(error)"))
                    }
                }
            }
        }
        if rules.span != .table {
            // A String Catalog holds every language of a table (the development
            // texts: its source language's); an XLIFF document every table of a
            // language (the development texts: the units' sources).
            let paths = rules.span == .catalog
                ? layout.tables(locale: development).map { layout.paths(locale: development, table: $0)[0] }
                : locales.map { layout.paths(locale: $0, table: "")[0] }
            let spanLocales = rules.span == .catalog ? [String](repeating: development, count: paths.count) : locales
            var localeSet = Set<String>()
            for (path, locale) in zip(paths, spanLocales) {
                files.append(path)
                do {
                    let read = try rules.readSpan(layout.place, path: path, locale: locale)
                    for (locale, table, entries) in read.tables {
                        localeSet.insert(locale)
                        tableSet.insert(table)
                        byLocale[locale, default: [:]][table] = entries.map { LocatedEntry(entry: $0, path: path) }
                    }
                    for (table, entries) in read.sources where sources[table] == nil {
                        sources[table] = entries.map { LocatedEntry(entry: $0, path: path) }
                    }
                } catch {
                    failures.append((path, "\(error)"))
                }
            }
            if rules.span == .catalog { locales = localeSet.sorted() }
        }
        tables = tableSet.sorted()
        // Base internationalization: a table the development locale has no file
        // for takes its development texts from Base.lproj/TABLE.storyboard (or .xib).
        for table in tables where !rules.keepsTemplates && byLocale[development]?[table] == nil {
            guard let (base, path) = OutputFormat.baseSource(root: root, table: table) else { continue }
            do {
                sources[table] = try base.entries(path: path).map { LocatedEntry(entry: $0, path: path) }
                baseDocumentSourced.insert(table)
            } catch {
                failures.append((path, "\(error)"))
            }
        }
        if rules.keepsTemplates {
            for table in tables {
                do {
                    guard let read = try rules.developmentSources(layout.place, table: table) else { continue }
                    if read.isTemplate {
                        files.append(read.path)
                        templated.insert(table)
                    }
                    sources[table] = read.entries.map { LocatedEntry(entry: $0, path: read.path) }
                } catch {
                    let template = layout.templatePath(table: table)
                    unreadableSources.insert(table)
                    failures.append((FileSystemTools.isFile(template) ? template : layout.paths(locale: development, table: table)[0], "\(error)"))
                }
            }
        }
    }

    /// Whether each file of a table is measured on its own, as `msgfmt
    /// --statistics` counts a `.po`: the format keeps its development texts
    /// in templates, and the table has none.
    package func countsEachFile(table: String) -> Bool { layout.rules.keepsTemplates && !templated.contains(table) }

    /// A locale's entries of a table, in file order (`.strings` before `.stringsdict`).
    package func entries(locale: String, table: String) -> [LocatedEntry] { byLocale[locale]?[table] ?? [] }

    /// Whether a locale has any file for the table.
    package func hasTable(locale: String, table: String) -> Bool { byLocale[locale]?[table] != nil }

    /// The development entries: the development locale's, gettext's template
    /// msgids, or XLIFF's sources; those not for translation left out.
    package func source(table: String) -> [LocatedEntry] {
        if !layout.rules.keepsSourceTexts, hasTable(locale: development, table: table) {
            return entries(locale: development, table: table).filter(\.entry.forTranslation)
        }
        return (sources[table] ?? []).filter(\.entry.forTranslation)
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
