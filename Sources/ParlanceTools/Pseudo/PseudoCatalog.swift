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
    /// Returns the paths written.
    @discardableResult
    public static func write(catalog: String, style: Pseudolocalizer.Style, format: OutputFormat?,
                             into outputDirectory: String, developmentLocale: String,
                             xliffVersion: XLIFFVersion = .v12) throws -> [String] {
        let snapshot = try CatalogSnapshot(root: catalog, development: developmentLocale)
        if let failure = snapshot.failures.first { throw ToolError(failure.error) }
        var written: [String] = []
        // An XLIFF document holds every table: made anew, each table added, written once at the end.
        var started = Set<String>()
        var xliffFiles: [String: XLIFFLanguageFile] = [:]
        for table in snapshot.tables {
            let source = snapshot.source(table: table)
            guard !source.isEmpty else { continue }
            // Without --format each table keeps its own: JSON tables stay JSON.
            let own: OutputFormat = snapshot.layout.format == .po ? .po
                : snapshot.layout.format == .xliff ? .xliff
                : snapshot.layout.format == .android ? .android
                : snapshot.layout.format == .i18next ? .i18next
                : source.allSatisfy({ $0.path.hasSuffix(".json") }) ? .json
                : source.allSatisfy({ $0.path.hasSuffix(".xcstrings") }) ? .xcstrings : .strings
            let target = format ?? own
            let layout = CatalogLayout(root: outputDirectory, format: target)
            let locale = target == .po ? style.rawValue.replacingAll("-", with: "_") : style.rawValue
            let paths = layout.paths(locale: locale, table: table)
            var documents: [any TableDocument] = []
            switch target {
            case .strings: documents = [StringsDocument(newAt: paths[0]), StringsdictDocument(emptyAt: paths[1])]
            case .json: documents = [JSONDocument(emptyAt: paths[0])]
            case .po: documents = [PODocument(emptyAt: paths[0], locale: locale)]
            case .i18next: documents = [I18nextDocument(emptyAt: paths[0], locale: locale)]
            case .xcstrings: break
            case .android: documents = [AndroidDocument(emptyAt: paths[0])]
            case .xliff:
                let file = xliffFiles[paths[0]] ?? XLIFFLanguageFile(emptyAt: paths[0], sourceLanguage: developmentLocale,
                                                                     targetLanguage: locale, version: xliffVersion)
                xliffFiles[paths[0]] = file
                documents = [file.table(table)]
            }
            var drafts: [(draft: EntryDraft, original: EntryValue)] = []
            for located in source {
                let entry = located.entry
                var value = entry.value.mapTexts { Pseudolocalizer.transform($0, style: style) }
                let (key, context) = split(entry.key)
                var sourcePlural = entry.sourcePlural
                switch value {
                case .gettextPlural(let texts) where target != .po:
                    var forms = PluralForms()
                    forms[.one] = texts.first
                    forms[.other] = texts.last
                    value = .plural(forms)
                case .stringsdict(let format) where target != .strings && target != .xcstrings && target != .xliff:
                    value = .plural(EntryValue.stringsdict(format).pluralForms ?? PluralForms())
                case .gettextPlural(let texts):
                    sourcePlural = sourcePlural ?? (texts.count > 1 ? located.entry.value.texts.last : nil)
                default: break
                }
                value = MessageValues.spread(value, to: style.rawValue)
                if target == .po, case .plural = value, sourcePlural == nil {
                    sourcePlural = CatalogSnapshot.sourceText(entry.value)
                }
                if case .gettextPlural(let texts) = value, target == .po {
                    var forms = PluralForms()
                    forms[.one] = texts.first
                    forms[.other] = texts.last
                    value = .plural(MessageValues.spread(.plural(forms), to: style.rawValue).pluralForms ?? forms)
                }
                var draft = EntryDraft(key: key, context: context, sourcePlural: sourcePlural, value: value,
                                       notes: entry.notes, references: [], untranslated: false)
                if target == .xliff { draft.source = MessageValues.spread(sourceValue(entry.value), to: style.rawValue) }
                drafts.append((draft, entry.value))
                if let index = documents.firstIndex(where: { $0.accepts(value) && $0.refusal(draft) == nil }) { documents[index].add(draft) }
            }
            if target == .xcstrings {
                if try writeCatalog(drafts, locale: locale, path: paths[0], sourceLanguage: developmentLocale) { written.append(paths[0]) }
                continue
            }
            for document in documents where !document.entries.isEmpty {
                if let table = document as? XLIFFDocument {
                    xliffFiles[table.path]?.update(table)
                } else {
                    try AtomicFile.write(document.render(), to: document.path)
                }
                if started.insert(document.path).inserted { written.append(document.path) }
            }
        }
        for path in written {
            if let file = xliffFiles[path] { try AtomicFile.write(file.render(), to: path) }
        }
        return written
    }

    /// The pseudo-locale as one language of `OUTDIR/TABLE.xcstrings`: every
    /// other language and member of a catalog already there stays; the
    /// pseudo-locale's localizations are replaced, and leave the keys the
    /// development table no longer has. A key new to the catalog also gets
    /// its development text (when it is not the key), so that the catalog's
    /// source language serves what the development table does. True when
    /// there was something to write.
    private static func writeCatalog(_ drafts: [(draft: EntryDraft, original: EntryValue)], locale: String, path: String,
                                     sourceLanguage: String) throws -> Bool {
        var document = try XCStringsDocument(path: path, sourceLanguage: sourceLanguage)
        var keys = Set<String>()
        for (draft, original) in drafts {
            let key = ContextKey.compose(draft.key, context: draft.context)
            keys.insert(key)
            var members = document.entry(key) ?? []
            var localizations = XCStringsJSON.object("localizations", in: members) ?? []
            if !document.contains(key), original != .text(key) {
                var source = original
                if case .gettextPlural(let texts) = original {
                    source = .plural(PluralForms([.one: texts.first ?? "", .other: texts.last ?? ""]))
                }
                XCStringsJSON.set(document.sourceLanguage, XCStringsLocalization.node(source), in: &localizations)
            }
            XCStringsJSON.set(locale, XCStringsLocalization.node(draft.value), in: &localizations)
            XCStringsJSON.set("localizations", .object(localizations), in: &members)
            document.setEntry(key, members)
        }
        for key in document.keys where !keys.contains(key) {
            document.modifyEntry(key) { members in
                guard var localizations = XCStringsJSON.object("localizations", in: members),
                      XCStringsJSON.set(locale, nil, in: &localizations) else { return }
                XCStringsJSON.set("localizations", localizations.isEmpty ? nil : .object(localizations), in: &members)
            }
        }
        guard !document.keys.isEmpty else { return false }
        try AtomicFile.write(document.render(), to: path)
        return true
    }

    /// A development value as XLIFF sources: gettext's msgid and msgid_plural as `one` and `other`.
    static func sourceValue(_ value: EntryValue) -> EntryValue {
        guard case .gettextPlural(let texts) = value else { return value }
        return .plural(PluralForms([.one: texts.first ?? "", .other: texts.last ?? ""]))
    }

    /// gettext's `context\u{4}msgid` into msgid and context; other keys as they are.
    static func split(_ key: String) -> (key: String, context: String?) { ContextKey.splitGettext(key) }
}
