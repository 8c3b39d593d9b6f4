import Parlance

/// gettext catalogs: `DIR/<domain>.pot` templates and
/// `DIR/<locale>/LC_MESSAGES/<domain>.po`, locales spelled with `_`; or,
/// as a source tree keeps them (GNU's `po/`), `DIR/<locale>.po` beside the
/// one domain's template: a flat folder's files are the table named by its
/// template (the first, by name), or `messages` without one.
package struct GettextFormat: ToolFormat {
    package init() {}

    package var name: String { "po" }
    package var tableFormats: [TableFormat] { [.po] }
    package var messageExtensions: [String] { ["pot", "po"] }
    package var folderShape: String { ".pot templates, LANG/LC_MESSAGES" }

    package func templateDocument(_ place: CatalogPlace, table: String) throws -> any TableDocument {
        try PODocument(path: templatePath(place, table: table), locale: nil)
    }

    package var templateExtension: String? { "pot" }
    package func template(_ messages: [SourceMessage]) -> String { PotWriter.pot(messages) }
    package var defaultTable: String { "messages" }
    package var keepsSourceTexts: Bool { true }
    package var keepsTemplates: Bool { true }
    package var gettextKeys: Bool { true }
    package func pathLocale(_ locale: String) -> String { locale.replacingAll("-", with: "_") }

    package func directory(_ place: CatalogPlace, locale: String) -> String { place.join(locale, "LC_MESSAGES") }

    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        if let flat = flatPath(place, locale: locale), table == flatDomain(place) { return [flat] }
        return [FileSystemTools.join(directory(place, locale: locale), table + ".po")]
    }

    package func locale(member name: String, _ place: CatalogPlace) -> String? {
        if FileSystemTools.isDirectory(place.join(name, "LC_MESSAGES")) { return name }
        let (stem, ext) = FileSystemTools.splitExtension(name)
        return ext == "po" && flatPath(place, locale: stem) != nil ? stem : nil
    }

    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        let found = stems(in: [directory(place, locale: locale)], extensions: ["po"])
        guard flatPath(place, locale: locale) != nil else { return found }
        return Array(Set(found + [flatDomain(place)])).sorted()
    }

    /// A source tree's `DIR/<locale>.po` (`fr.po`, `pt_BR.po`, `sr@latin.po`,
    /// `ja.sjis.po`: a language first), when `DIR/<locale>/LC_MESSAGES` is no folder.
    func flatPath(_ place: CatalogPlace, locale: String) -> String? {
        let language = locale.prefix { $0.isASCII && $0.isLetter }
        guard (2...3).contains(language.count), locale.count == language.count || "_-@.".contains(locale[language.endIndex]) else { return nil }
        let path = place.join(locale + ".po")
        guard FileSystemTools.isFile(path), !FileSystemTools.isDirectory(directory(place, locale: locale)) else { return nil }
        return path
    }

    /// The domain of a flat folder's `<locale>.po` files: its template's, else `messages`.
    func flatDomain(_ place: CatalogPlace) -> String { templates(place).sorted().first ?? defaultTable }

    /// The templates at the root, by domain.
    package func templates(_ place: CatalogPlace) -> [String] {
        FileSystemTools.list(place.root).compactMap {
            let (stem, ext) = FileSystemTools.splitExtension($0)
            return ext == "pot" && !stem.isEmpty ? stem : nil
        }
    }

    package func templatePath(_ place: CatalogPlace, table: String) -> String { place.join(table + ".pot") }

    /// The msgids of `<domain>.pot`, or, without one, of the development locale's `.po`.
    package func developmentSources(_ place: CatalogPlace, table: String) throws -> (path: String, isTemplate: Bool, entries: [DocumentEntry])? {
        let template = templatePath(place, table: table)
        let path = FileSystemTools.isFile(template) ? template : paths(place, locale: place.development, table: table)[0]
        guard FileSystemTools.isFile(path) else { return nil }
        return (path, path == template, try ownSources(path: path) ?? [])
    }

    /// A `.po`'s msgids (and msgid_plurals) as the development entries.
    package func ownSources(path: String) throws -> [DocumentEntry]? {
        try PODocument(path: path, locale: nil).poEntries.filter { !$0.isHeader && !$0.isObsolete }.map { po in
            var entry = PODocument.entry(po)
            entry.value = po.msgidPlural.map { .gettextPlural([po.msgid, $0]) } ?? .text(po.msgid)
            entry.isTranslated = true
            return entry
        }
    }

    package func holds(_ place: CatalogPlace) -> Bool { !locales(place).isEmpty || !templates(place).isEmpty }

    package func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        [try PODocument(path: paths(place, locale: locale, table: table)[0], locale: locale)]
    }

    package func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] {
        [PODocument(emptyAt: paths[0], locale: locale)]
    }

    package func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        try PODocument(path: path, locale: locale.isEmpty ? nil : locale).render()
    }

    package func entries(path: String, locale: String) throws -> [LocatedEntry] {
        let document = try PODocument(path: path, locale: locale)
        let count = document.formula.pluralCount
        return document.entries.map { LocatedEntry(entry: $0, path: path, pluralCount: count) }
    }

    /// msgctxt, msgid, msgid_plural, `#.` notes and `#:` references (templates and translations alike).
    package func messages(path: String, table: String, locale: String) throws -> [SourceMessage] {
        let (entries, _) = try POFile.parse(try FileSystem.read(path), path: path)
        return entries.filter { !$0.isHeader && !$0.isObsolete }.map { entry in
            var message = SourceMessage(key: entry.msgid, context: entry.context, plural: entry.msgidPlural, table: table,
                                        notes: entry.extractedComments, references: entry.references.map(SourceMessage.reference))
            message.formatFlags = entry.flags.filter { $0 != "fuzzy" }
            return message
        }
    }

    package func target(file: Bool) -> ConvertTarget {
        var target = ConvertTarget(name: "po", contexts: .separate, variables: false)
        target.plurals = .cldr(runtime: "gettext") { locale in
            Set(GettextPluralFormula.fromHeader("Plural-Forms: " + GettextPluralForms.header(for: locale)).categories(locale: locale))
        }
        // A msgctxt ends at U+0004 (msgfmt refuses one holding it): a Qt disambiguation has no place there.
        target.invalidContext = ({ !$0.contains("\u{4}") },
                                 "a context holding U+0004 (Qt's context and disambiguation), which a msgctxt cannot hold; left out")
        target.emptyKey = "is gettext's header"
        target.pluralWithoutOther = .empty(runtime: "gettext")
        target.emptyTranslation = "gettext"
        target.marks = [.needsReview]
        target.matchedLineBreaks = true
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            var document = PODocument(emptyAt: "", locale: table.locale)
            for entry in table.entries {
                var draft = EntryDraft(key: entry.key, context: entry.context, sourcePlural: nil, value: entry.value,
                                       notes: entry.notes, references: [], untranslated: false)
                draft.needsReview = entry.needsReview
                if case .plural(let forms) = entry.value { draft.sourcePlural = forms[.other] ?? entry.key }
                document.add(draft)
            }
            return [(pathLocale(table.locale) + "/LC_MESSAGES/" + table.name + ".po", String(decoding: document.render(), as: UTF8.self))]
        }
    }
}

extension OutputFormat {
    /// gettext `.pot` and `.po`.
    public static let po = OutputFormat(GettextFormat())
}
