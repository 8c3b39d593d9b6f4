import Parlance

/// Writes a pseudo-locale built from a catalog's development locale.
public enum PseudoCatalog {
    /// Reads the development tables of `catalog` and writes every table of
    /// the pseudo-locale under `outputDirectory` in `format` (nil: each
    /// table's own format): `en-XA.lproj/T.strings` (+ `.stringsdict`),
    /// `en-XA.lproj/T.json`, `en_XA/LC_MESSAGES/T.po` (gettext spells
    /// locales with `_`), the `en-XA` localizations of `T.xcstrings`, or
    /// `en-XA/T.json` (i18next), or the `<file>`s of `en-XA.xliff` (XLIFF:
    /// the development texts as sources, the pseudo texts as translated
    /// targets; new documents of `xliffVersion`). Existing pseudo files are replaced atomically.
    /// The catalog is read as the runtime lists it (`CatalogFolder`): each
    /// part (`res/`, `locales/`) is written to the same place under
    /// `outputDirectory`. Returns the paths written.
    @discardableResult
    public static func write(catalog: String, style: Pseudolocalizer.Style, format: OutputFormat?,
                             into outputDirectory: String, developmentLocale: String,
                             xliffVersion: XLIFFVersion = .v12) throws -> [String] {
        let folder = try CatalogFolder(root: catalog, development: developmentLocale)
        if let failure = folder.failures.first { throw ToolError(failure.error) }
        var written: [String] = []
        // A file of every table of a language (XLIFF): made anew, each table added, written once at the end.
        var started = Set<String>()
        var languageDocuments: [String: any LanguageDocument] = [:]
        for snapshot in folder.snapshots {
            let root = snapshot.layout.root
            let outputRoot = FileSystemTools.relative(root, under: catalog).map { FileSystemTools.join(outputDirectory, $0) } ?? outputDirectory
            for table in snapshot.tables {
                let source = snapshot.source(table: table)
                guard !source.isEmpty else { continue }
                // Without --format each table keeps its own: JSON tables stay JSON.
                let target = format ?? snapshot.layout.format.own(paths: source.map(\.path))
                let layout = CatalogLayout(root: outputRoot, format: target, development: developmentLocale, xliffVersion: xliffVersion)
                let rules = layout.rules
                let locale = rules.pathLocale(style.rawValue)
                let paths = layout.paths(locale: locale, table: table)
                var documents: [any TableDocument] = []
                switch rules.span {
                case .table: documents = layout.emptyDocuments(locale: locale, table: table)
                case .catalog: break
                case .language:
                    let file = try languageDocuments[paths[0]] ?? rules.languageDocument(layout.place, path: paths[0], locale: locale, empty: true)
                    languageDocuments[paths[0]] = file
                    documents = [file.document(table)]
                }
                let carriesVariables = rules.target(file: false).variables
                // The messages' syntax where the source format has one of its own (Fluent's).
                let syntax = snapshot.layout.format.tools.tableFormats.lazy.map { $0.plugin.messageSyntax }.first { $0 != .printf }
                var drafts: [(draft: EntryDraft, original: EntryValue)] = []
                for located in source {
                    let entry = located.entry
                    var value = entry.value.mapTexts { Pseudolocalizer.transform($0, style: style, syntax: syntax) }
                    let (key, context) = split(entry.key)
                    var sourcePlural = entry.sourcePlural
                    switch value {
                    case .gettextPlural(let texts) where !rules.gettextKeys:
                        var forms = PluralForms()
                        forms[.one] = texts.first
                        forms[.other] = texts.last
                        value = .plural(forms)
                    case .stringsdict(let format) where !carriesVariables:
                        value = .plural(EntryValue.stringsdict(format).pluralForms ?? PluralForms())
                    case .gettextPlural(let texts):
                        sourcePlural = sourcePlural ?? (texts.count > 1 ? located.entry.value.texts.last : nil)
                    default: break
                    }
                    value = MessageValues.spread(value, to: style.rawValue)
                    if rules.gettextKeys, case .plural = value, sourcePlural == nil {
                        sourcePlural = CatalogSnapshot.sourceText(entry.value)
                    }
                    if case .gettextPlural(let texts) = value, rules.gettextKeys {
                        var forms = PluralForms()
                        forms[.one] = texts.first
                        forms[.other] = texts.last
                        value = .plural(MessageValues.spread(.plural(forms), to: style.rawValue).pluralForms ?? forms)
                    }
                    var draft = EntryDraft(key: key, context: context, sourcePlural: sourcePlural, value: value,
                                           notes: entry.notes, references: [], untranslated: false)
                    if rules.span == .language { draft.source = MessageValues.spread(sourceValue(entry.value), to: style.rawValue) }
                    drafts.append((draft, entry.value))
                    if let index = documents.firstIndex(where: { $0.accepts(value) && $0.refusal(draft) == nil }) { documents[index].add(draft) }
                }
                if rules.span == .catalog {
                    if try rules.replaceLanguage(drafts, locale: locale, path: paths[0], sourceLanguage: developmentLocale) { written.append(paths[0]) }
                    continue
                }
                for document in documents where !document.entries.isEmpty {
                    if languageDocuments[document.path] != nil {
                        languageDocuments[document.path]?.update(document)
                    } else {
                        try AtomicFile.write(document.render(), to: document.path)
                    }
                    if started.insert(document.path).inserted { written.append(document.path) }
                }
            }
        }
        for path in written {
            if let file = languageDocuments[path] { try AtomicFile.write(file.render(), to: path) }
        }
        return written
    }

    /// A development value as XLIFF sources: gettext's msgid and msgid_plural as `one` and `other`.
    static func sourceValue(_ value: EntryValue) -> EntryValue {
        guard case .gettextPlural(let texts) = value else { return value }
        return .plural(PluralForms([.one: texts.first ?? "", .other: texts.last ?? ""]))
    }

    /// gettext's `context\u{4}msgid` into msgid and context; other keys as they are.
    static func split(_ key: String) -> (key: String, context: String?) { ContextKey.splitGettext(key) }
}
