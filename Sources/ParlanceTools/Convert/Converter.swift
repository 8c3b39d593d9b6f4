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
                result.append(SourceTable(locale: locale, name: table, entries: listed.entries, formula: listed.formula))
            }
        }
        return result
    }

    /// What writing `tables` as `format` at `destination` gives; `file` when
    /// the destination is one file.
    static func plan(_ tables: [SourceTable], format: TableFormat, destination: String, file: Bool,
                     development: String, xliffVersion: XLIFFWriter.Version = .v12) throws -> Plan {
        var plan = Plan()
        var target = ConvertTarget.of(format)
        if format == .strings, file { target = ConvertTarget(format: .strings, contexts: .composed, variables: false) }
        var prepared: [(locale: String, name: String, entries: [ConvertEntry])] = []
        for table in tables {
            if format != .i18next, table.name.contains("/") {
                // Only i18next keeps tables in folders; elsewhere the name would read back as another table.
                plan.losses += table.entries.map {
                    ConversionLoss(locale: table.locale, table: table.name, key: $0.key, context: $0.context,
                                   what: "a table name with '/' (an i18next namespace in a folder) has no place in \(format.fileExtension); left out")
                }
                continue
            }
            var entries: [ConvertEntry] = []
            for entry in table.entries {
                if let ready = ConvertValues.prepare(entry, locale: table.locale, table: table.name, formula: table.formula,
                                                     target: target, losses: &plan.losses) {
                    entries.append(ready)
                }
            }
            plan.entries += entries.count
            prepared.append((table.locale, table.name, entries))
        }
        let locales = Array(Set(prepared.map(\.locale))).sorted()
        let names = Array(Set(prepared.map(\.name))).sorted()
        func path(_ relative: String) -> String { file ? destination : FileSystemTools.join(destination, relative) }
        switch format {
        case .xcstrings:
            guard !file || names.count == 1 else { throw UsageError("a String Catalog holds one table; choose one with --table") }
            for name in names {
                plan.files.append((path(name + ".xcstrings"), XCStringsLocalization.catalog(
                    sourceLanguage: development, path: path(name + ".xcstrings"),
                    prepared.filter { $0.name == name }.map { ($0.locale, $0.entries) })))
            }
        case .xliff:
            let targets = locales.filter { $0 != development }
            guard !file || targets.count == 1 else {
                throw UsageError("an XLIFF document holds one target language; choose one with --locale (and keep the development locale)")
            }
            for locale in targets {
                let tables = prepared.filter { $0.locale == locale }.map { table in
                    let sources = prepared.first { $0.locale == development && $0.name == table.name }?.entries ?? []
                    var values: [String: EntryValue] = [:]
                    for entry in sources { values[entry.key] = entry.value }
                    return XLIFFWriter.Table(name: table.name, entries: table.entries, sources: values)
                }
                plan.files.append((path(locale + ".xliff"), XLIFFWriter.document(sourceLanguage: development, targetLanguage: locale, tables: tables,
                                                                                     version: xliffVersion)))
            }
        default:
            guard !file || prepared.count == 1 else {
                throw UsageError("\(prepared.count) tables to write; give a directory, or choose one with --locale and --table")
            }
            for table in prepared {
                for (relative, text) in try single(table.entries, locale: table.locale, name: table.name, format: format,
                                                   file: file, development: development, plan: &plan) {
                    plan.files.append((path(relative), text))
                }
            }
        }
        return plan
    }

    /// The files of one table of one language.
    private static func single(_ entries: [ConvertEntry], locale: String, name: String, format: TableFormat, file: Bool,
                               development: String, plan: inout Plan) throws -> [(String, String)] {
        let lproj = locale + ".lproj/" + name
        switch format {
        case .strings:
            var texts: [(key: String, value: String, notes: [String])] = []
            var others: [(key: String, value: PropertyListWriter.Value)] = []
            for entry in entries {
                switch entry.value {
                case .text(let text): texts.append((entry.key, text, entry.notes))
                case .plural(let forms) where file:
                    // One file: SPLocalizedString's (context##category)key variants.
                    let (context, key) = splitComposed(entry.key)
                    for category in forms.categories {
                        texts.append(("(" + (context ?? "") + "##" + category.name + ")" + key, forms[category] ?? "", []))
                    }
                case .plural(let forms): others.append((entry.key, PropertyListWriter.stringsdictValue(StringsdictDocument.format(forms))))
                case .stringsdict(let format): others.append((entry.key, PropertyListWriter.stringsdictValue(format)))
                case .gettextPlural(let texts2): texts.append((entry.key, texts2.first ?? "", []))
                }
            }
            var files = [(lproj + ".strings", StringsWriter.file(texts))]
            if !others.isEmpty { files.append((lproj + ".stringsdict", PropertyListWriter.document(others))) }
            return files
        case .stringsdict:
            let members: [(key: String, value: PropertyListWriter.Value)] = entries.map { entry in
                switch entry.value {
                case .plural(let forms): return (entry.key, PropertyListWriter.stringsdictValue(StringsdictDocument.format(forms)))
                case .stringsdict(let format): return (entry.key, PropertyListWriter.stringsdictValue(format))
                default: return (entry.key, .string(entry.value.texts.first ?? ""))
                }
            }
            return [(lproj + ".stringsdict", PropertyListWriter.document(members))]
        case .json:
            let members = entries.map { entry -> JSONWriter.Member in
                if case .plural(let forms) = entry.value {
                    return JSONWriter.Member(entry.key, .object(forms.categories.map { JSONWriter.Member($0.name, .string(forms[$0] ?? "")) }))
                }
                return JSONWriter.Member(entry.key, .string(entry.value.texts.first ?? ""))
            }
            return [(lproj + ".json", JSONWriter.document(members))]
        case .po, .mo:
            var document = PODocument(emptyAt: "", locale: locale)
            for entry in entries {
                var draft = EntryDraft(key: entry.key, context: entry.context, sourcePlural: nil, value: entry.value,
                                       notes: entry.notes, references: [], untranslated: false)
                if case .plural(let forms) = entry.value { draft.sourcePlural = forms[.other] ?? entry.key }
                document.add(draft)
            }
            let posix = locale.replacingAll("-", with: "_")
            return [(posix + "/LC_MESSAGES/" + name + ".po", String(decoding: document.render(), as: UTF8.self))]
        case .android:
            let folder = AndroidWriter.folder(locale, isDefault: locale == development)
            let fileName = name == Catalog.defaultTable ? "strings.xml" : name + ".xml"
            return [(folder + "/" + fileName,
                     AndroidWriter.document(entries, toolsLocale: locale == development && development != "en" ? development : nil))]
        case .i18next:
            return [(locale + "/" + name + ".json", I18nextWriter.document(entries))]
        case .xcstrings, .xliff, .compiled:
            throw UsageError("\(format.fileExtension) is written for several tables at once")
        }
    }

    /// `(context)key` → (context, key).
    private static func splitComposed(_ key: String) -> (String?, String) {
        guard key.hasPrefix("("), let close = key.firstIndex(of: ")") else { return (nil, key) }
        return (String(key[key.index(after: key.startIndex)..<close]), String(key[key.index(after: close)...]))
    }
}
