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
    /// Where a mark belongs: its kind, table, language and key (the key
    /// composed with its context). `doNotTranslate` holds for its key in
    /// every language, so its place has none; `other` stands for the entry.
    struct MarkPlace: Hashable {
        var kind: EntryMark.Kind
        var table: String
        var locale: String?
        var key: String

        init(kind: EntryMark.Kind, table: String, locale: String, key: String) {
            (self.kind, self.table, self.key) = (kind, table, key)
            self.locale = kind == .doNotTranslate ? nil : locale
        }

        init(_ mark: EntryMark) { self.init(kind: mark.kind, table: mark.table, locale: mark.locale, key: mark.key) }
    }

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
        for table in tables {
            guard table.format == format, !table.files.isEmpty else { return nil }
            for id in table.files {
                // A file of several tables names each `PATH#TABLE`.
                var path = id
                if !FileSystemTools.isFile(path), let hash = path.lastIndex(of: "#") { path = String(path[..<hash]) }
                guard FileSystemTools.relative(path, under: root) != nil, FileSystemTools.isFile(path) else { return nil }
                if seen.insert(path).inserted { files.append((path, table.locale)) }
            }
        }
        return files
    }

    /// The one file writing `tables` as `format` at `destination` gives
    /// (`destination` itself when `file`), nil when it gives several or none.
    static func singlePath(_ tables: [SourceTable], format: TableFormat, destination: String, file: Bool,
                           development: String, xliffVersion: XLIFFVersion) throws -> String? {
        guard !file else { return destination }
        let files = try plan(tables, format: format, destination: destination, file: false, development: development,
                             xliffVersion: xliffVersion).files
        return files.count == 1 ? files[0].path : nil
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
        // The marks the target has a place for; those written; the entries written.
        let wanted = Set(marks.filter { target.marks.contains($0.kind) }.map(MarkPlace.init))
        var carried: Set<MarkPlace> = [], written: Set<MarkPlace> = []
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
                    for kind in [EntryMark.Kind.needsReview, .doNotTranslate, .other] {
                        let place = MarkPlace(kind: kind, table: table.name, locale: table.locale, key: key)
                        if kind == .other { written.insert(place); continue }   // the entry itself
                        guard wanted.contains(place) else { continue }
                        carried.insert(place)
                        if kind == .needsReview { ready.needsReview = true } else { ready.doNotTranslate = true }
                    }
                    entries.append(ready)
                }
            }
            plan.entries += entries.count
            prepared.append(ConvertedTable(locale: table.locale, name: table.name, entries: entries, sourceFiles: table.files))
        }
        for mark in marks where !carried.contains(MarkPlace(mark)) {
            // A mark the target holds, on an entry not written (listed for its own reason).
            let entry = MarkPlace(kind: .other, table: mark.table, locale: mark.locale, key: mark.key)
            let what = target.marks.contains(mark.kind) && !written.contains(entry)
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
