import Parlance

/// `parlance convert`: any catalog the runtime reads, written in another
/// format, with every entry the target cannot carry reported.
///
/// The source is read by the runtime (`Catalog.load`), so what is converted
/// is what the catalog serves. The destination is one file when the
/// selection is one table of one language (a String Catalog: one table, every
/// language; XLIFF: one language, every table), else a directory in the
/// format's own layout:
///
/// | format | layout |
/// |---|---|
/// | strings | `LANG.lproj/TABLE.strings`, plurals and `.stringsdict` entries in `TABLE.stringsdict` |
/// | stringsdict, json | `LANG.lproj/TABLE.stringsdict`, `.json` |
/// | po | `LANG/LC_MESSAGES/TABLE.po` |
/// | xcstrings | `TABLE.xcstrings` |
/// | android | `values[-LANG]/strings.xml` (other tables: `TABLE.xml`) |
/// | xliff | `LANG.xliff` for each language but the development one |
/// | i18next | `LANG/TABLE.json` (`LANG/components/dialog.json` for the table `components/dialog`) |
///
/// A table whose name holds `/` (an i18next namespace in a folder) is
/// written to i18next only; other formats report its entries as not carried.
enum Converter {
    struct Plan {
        var files: [(path: String, text: String)] = []
        var losses: [ConversionLoss] = []
        var entries = 0
    }

    struct SourceTable {
        var locale: String
        var name: String
        var entries: [ListedEntry]
        var formula: GettextPluralFormula?
        /// The files it was read from (a file of several tables: `PATH#TABLE`).
        var files: [String] = []
        /// The format of the files that serve it last (nil: none).
        var format: TableFormat? = nil
    }

    static func read(_ catalog: Catalog, locales: [String]?, tables: [String]?) throws(ParlanceError) -> [SourceTable] {
        var result: [SourceTable] = []
        let wantedLocales = try locales.map { names throws(ParlanceError) in
            try names.map { name throws(ParlanceError) in
                guard let tag = try LocaleName.canonical(name) else { throw ParlanceError(.locale, "'\(name)' names no language") }
                return tag
            }
        }
        for locale in catalog.locales where wantedLocales?.contains(locale) ?? true {
            for table in catalog.tables where tables?.contains(table) ?? true {
                guard let listed = try catalog.listedTable(locale: locale, table: table) else { continue }
                result.append(SourceTable(locale: locale, name: table, entries: listed.entries, formula: listed.formula,
                                          files: listed.files, format: listed.format))
            }
        }
        return result
    }

    /// What the files `tables` were read from say of their entries beside
    /// their texts (a String Catalog's states…), each file once; none when
    /// the files are of `format` itself.
    static func marks(_ tables: [SourceTable], for format: TableFormat) throws -> [EntryMark] {
        var seen: Set<String> = []
        var marks: [EntryMark] = []
        for table in tables {
            for id in table.files {
                var path = id
                if !FileSystemTools.isFile(path), let hash = path.lastIndex(of: "#") { path = String(path[..<hash]) }
                guard seen.insert(path).inserted, let source = TableFormat(fileExtension: FileSystem.splitExtension(path).ext),
                      source != format, let reader = OutputFormat.converter(for: source) else { continue }
                marks += try reader.marks(file: path)
            }
        }
        return marks
    }

    /// The files `tables` were read from, each with a locale of its, when
    /// every table was read from files of `format` under `root` alone; nil
    /// otherwise (a table served by another format, or from elsewhere).
    static func filesOnly(_ tables: [SourceTable], of format: TableFormat, under root: String) -> [(path: String, locale: String)]? {
        var files: [(path: String, locale: String)] = []
        var seen: Set<String> = []
        let prefix = root.hasSuffix("/") ? root : root + "/"
        for table in tables {
            guard table.format == format, !table.files.isEmpty else { return nil }
            for id in table.files {
                // A file of several tables names each `PATH#TABLE`.
                var path = id
                if !FileSystemTools.isFile(path), let hash = path.lastIndex(of: "#") { path = String(path[..<hash]) }
                guard path.hasPrefix(prefix), FileSystemTools.isFile(path) else { return nil }
                if seen.insert(path).inserted { files.append((path, table.locale)) }
            }
        }
        return files
    }

    /// What writing `tables` as `format` at `destination` gives; `file` when
    /// the destination is one file.
    static func plan(_ tables: [SourceTable], format: TableFormat, destination: String, file: Bool,
                     development: String, xliffVersion: XLIFFVersion = .v12, marks: [EntryMark] = []) throws -> Plan {
        guard let writer = OutputFormat.converter(for: format) else {
            throw UsageError("\(format.fileExtension) is read, not written; convert to a format the tools write")
        }
        var plan = Plan()
        let target = writer.target(file: file)
        var prepared: [ConvertedTable] = []
        // The marks the target has a place for, by table, language and key;
        // `doNotTranslate` holds for its key in every language.
        var review: [String: Set<String>] = [:], doNotTranslate: [String: Set<String>] = [:]
        for mark in marks where target.marks.contains(mark.kind) {
            switch mark.kind {
            case .needsReview: review[mark.table + "\u{0}" + mark.locale, default: []].insert(mark.key)
            case .doNotTranslate: doNotTranslate[mark.table, default: []].insert(mark.key)
            case .other: break
            }
        }
        var carried: Set<String> = []   // "kind table locale key" of each mark written
        var written: Set<String> = []   // "table locale key" and "table key" of each entry written
        for table in tables {
            if !writer.tableFolders, table.name.contains("/") {
                // Only i18next keeps tables in folders; elsewhere the name would read back as another table.
                plan.losses += table.entries.map {
                    ConversionLoss(locale: table.locale, table: table.name, key: $0.key, context: $0.context,
                                   what: "a table name with '/' (an i18next namespace in a folder) has no place in \(target.name); left out")
                }
                continue
            }
            var entries: [ConvertEntry] = []
            // Android's string and plural of one name: two entries only some targets keep apart.
            let plural = Set(table.entries.filter { if case .text = $0.value { false } else { true } }
                                          .map { ContextKey.compose($0.key, context: $0.context) })
            for entry in table.entries {
                if !target.textsBesidePlurals, case .text = entry.value, plural.contains(ContextKey.compose(entry.key, context: entry.context)) {
                    plan.losses.append(ConversionLoss(locale: table.locale, table: table.name, key: entry.key, context: entry.context,
                                                      what: "a text beside a plural of the same key (Android's <string> and "
                                                          + "<plurals>), which \(target.name) cannot keep apart; the plural was written"))
                    continue
                }
                if var ready = ConvertValues.prepare(entry, locale: table.locale, table: table.name, formula: table.formula,
                                                     target: target, losses: &plan.losses) {
                    let key = ContextKey.compose(entry.key, context: entry.context)
                    guard writer.writesDevelopmentLanguage || table.locale != development else {
                        entries.append(ready)    // the units' sources, not a table
                        continue
                    }
                    written.insert(table.name + "\u{0}" + table.locale + "\u{0}" + key)
                    written.insert(table.name + "\u{0}" + key)
                    if review[table.name + "\u{0}" + table.locale]?.contains(key) == true {
                        ready.needsReview = true
                        carried.insert("r\u{0}" + table.name + "\u{0}" + table.locale + "\u{0}" + key)
                    }
                    if doNotTranslate[table.name]?.contains(key) == true {
                        ready.doNotTranslate = true
                        carried.insert("t\u{0}" + table.name + "\u{0}" + key)
                    }
                    entries.append(ready)
                }
            }
            plan.entries += entries.count
            prepared.append(ConvertedTable(locale: table.locale, name: table.name, entries: entries, sourceFiles: table.files))
        }
        for mark in marks {
            let id: String
            switch mark.kind {
            case .needsReview: id = "r\u{0}" + mark.table + "\u{0}" + mark.locale + "\u{0}" + mark.key
            case .doNotTranslate: id = "t\u{0}" + mark.table + "\u{0}" + mark.key
            case .other: id = ""
            }
            guard !carried.contains(id) else { continue }
            // A mark the target holds, on an entry not written (listed for its own reason).
            let entryWritten = written.contains(mark.table + "\u{0}" + (mark.kind == .doNotTranslate ? "" : mark.locale + "\u{0}") + mark.key)
            let what = target.marks.contains(mark.kind) && !entryWritten
                ? "\(mark.what) is not written, as its entry is not (listed above)"
                : "\(mark.what) has no place in \(target.name); \(mark.otherwise)"
            plan.losses.append(ConversionLoss(locale: mark.locale, table: mark.table, key: mark.key, context: nil, what: what))
        }
        let place = CatalogPlace(root: destination, development: development, xliffVersion: xliffVersion)
        plan.files = try writer.files(prepared, file: file, place: place) { relative in
            file ? destination : FileSystemTools.join(destination, relative)
        }
        return plan
    }
}
