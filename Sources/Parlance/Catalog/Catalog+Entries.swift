/// Enumeration: what a catalog holds, entry by entry, in a stable order.

/// One entry of a table as it serves it (after its sources are merged).
public struct TableEntry: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// A plain text.
        case text(String)
        /// Texts by CLDR plural category (JSON and String Catalog plurals,
        /// Android `<plurals>`, SPLocalizedString's `(context##one)key` variants).
        case plural(PluralForms)
        /// gettext's plural translations, by the catalog's `Plural-Forms` index.
        case gettextPlural([String])
        /// A `.stringsdict` entry (String Catalog substitutions too): its
        /// format, and the forms of each of its plural variables.
        case variables(format: String, plurals: [String: PluralForms])
    }

    /// The key as lookups take it: without the context or plural variant.
    public var key: String
    /// The context (gettext's `msgctxt`, SPLocalizedString's `(context)key`); nil without.
    public var context: String?
    public var value: Value
    /// The note the entry's file keeps for translators, where the format
    /// keeps one (`.strings` comments, `.po` `#.` and `#` lines, a String
    /// Catalog's `comment`, XLIFF `<note>`s, `.properties` comments), kept
    /// when the file or bytes were loaded.
    public var comment: String?

    public init(key: String, context: String? = nil, value: Value, comment: String? = nil) {
        self.key = key
        self.context = context
        self.value = value
        self.comment = comment
    }

    /// The CLDR forms a plural lookup chooses among: a plural's, or a
    /// `.stringsdict` entry's first plural variable's; nil for others.
    public var pluralForms: PluralForms? {
        switch value {
        case .plural(let forms): return forms
        case .variables(let format, let plurals):
            let variables = plurals.mapValues { StringsdictFormat.Variable(name: "", valueType: "", rule: .plural($0)) }
            guard case .plural(let forms)? = StringsdictFormat(format: format, variables: variables).firstPluralVariable?.rule
            else { return nil }
            return forms
        case .text, .gettextPlural: return nil
        }
    }

    /// The text a plain lookup gives: the `other` form of a plural, the first
    /// gettext form, a `.stringsdict` entry's format.
    public var text: String {
        switch value {
        case .text(let text): return text
        case .plural(let forms): return forms[.other] ?? forms.categories.last.flatMap { forms[$0] } ?? ""
        case .gettextPlural(let texts): return texts.first ?? ""
        case .variables(let format, _): return format
        }
    }
}

extension Catalog {
    /// The entries of one table of one locale, sorted by key then context
    /// (as bytes, the absent context first); nil when the catalog has no
    /// such table. i18next keys are listed as stored (`friend_male_one`).
    public func entries(locale: String, table: String) throws(ParlanceError) -> [TableEntry]? {
        try listedTable(locale: locale, table: table)?.entries.map(TableEntry.init)
    }

    /// The header of one table of one locale: a gettext catalog's metadata
    /// (the translation of `""`: `Content-Type`, `Plural-Forms`…), in
    /// UTF-8; nil when the catalog has no such table or it has no header.
    public func header(locale: String, table: String) throws(ParlanceError) -> String? {
        let tag = try LocaleName.tag(locale, path: nil)
        return state.tables[TableID(locale: tag, name: table)]?.header
    }

    /// One table's entries with their values as read (for the tools), and
    /// the Plural-Forms formula of its gettext sources.
    package func listedTable(locale: String, table: String) throws(ParlanceError)
        -> (entries: [ListedEntry], formula: GettextPluralFormula?, format: TableFormat?, files: [String])? {
        let tag = try LocaleName.tag(locale, path: nil)
        guard let found = state.tables[TableID(locale: tag, name: table)] else { return nil }
        return (found.listed(), found.gettextFormula, found.sources.last?.format, found.sources.filter { !$0.servedOnly }.map { $0.id })
    }
}

/// An entry as enumeration lists it, its value as the formats read it.
package struct ListedEntry: Sendable, Equatable {
    package var key: String
    package var context: String?
    package var value: EntryValue
    /// The note its file keeps for translators (`Table.comments`).
    package var comment: String? = nil
}

extension TableEntry {
    init(_ listed: ListedEntry) {
        let value: Value
        switch listed.value {
        case .text(let text): value = .text(text)
        case .plural(let forms): value = .plural(forms)
        case .gettextPlural(let texts): value = .gettextPlural(texts)
        case .stringsdict(let format):
            var plurals: [String: PluralForms] = [:]
            for (name, variable) in format.variables { if case .plural(let forms) = variable.rule { plurals[name] = forms } }
            value = .variables(format: format.format, plurals: plurals)
        }
        self.init(key: listed.key, context: listed.context, value: value, comment: listed.comment)
    }
}

extension Table {
    /// Every entry, plural variants gathered into their groups, sorted.
    func listed() -> [ListedEntry] {
        let comments = comments()
        var result: [ListedEntry] = []
        let groups = allPluralGroups.map { (key: $0.key.string, entry: $0.entry) }
        let grouped = Set(groups.map { $0.key })
        let derived = Set(sources.filter { $0.servedOnly }.flatMap { $0.entries.map { $0.storedKey.string } })
        for entry in allEntries {
            let stored = entry.storedKey.string
            if derived.contains(stored) { continue }
            // SPLocalizedString's variants are listed as their group, which a plural lookup uses;
            // Android's string of the plural's name is a resource of its own, listed beside it.
            if hasKeyValueSources, !resolvesI18nextSuffixes,
               (grouped.contains(stored) && !keepsTextsApartFromPlurals) || ContextKey.splitPluralVariant(stored) != nil {
                continue
            }
            var listed = listed(stored, entry.value)
            listed.comment = comments[stored]
            result.append(listed)
        }
        for group in groups {
            var listed = listed(group.key, group.entry.value)
            listed.comment = comments[group.key]
            result.append(listed)
        }
        return result.sorted {
            let a = Array($0.key.utf8), b = Array($1.key.utf8)
            if a != b { return a.lexicographicallyPrecedes(b) }
            return Array(($0.context ?? "").utf8).lexicographicallyPrecedes(Array(($1.context ?? "").utf8))
                || ($0.context == nil && $1.context != nil)
        }
    }

    private func listed(_ stored: String, _ value: StoredValue) -> ListedEntry {
        let (key, context) = splitContext(stored)
        switch value {
        case .text(let text):
            return ListedEntry(key: key, context: context, value: .text(text.string))
        case .plural(let all, _):
            let forms = formsAlone(all)
            var plural = PluralForms()
            for category in PluralCategory.allCases { plural[category] = forms[category.rawValue]?.string }
            return ListedEntry(key: key, context: context, value: .plural(plural))
        case .gettextPlural(let texts):
            return ListedEntry(key: key, context: context, value: .gettextPlural(texts.map { $0.string }))
        case .stringsdict(let format, _):
            return ListedEntry(key: key, context: context, value: .stringsdict(format))
        }
    }

    /// The notes the table's sources kept for translators when they were
    /// read, by stored key; later sources win, as their entries do. A format
    /// without notes (`.mo`, a compiled catalog) has none.
    func comments() -> [String: String] {
        var notes: [String: String] = [:]
        for source in sources {
            for (key, note) in source.notes { notes[key.string] = note }
        }
        return notes
    }

    /// A stored key's key and context, by the table's conventions.
    private func splitContext(_ stored: String) -> (key: String, context: String?) {
        if hasGettextSources, stored.contains("\u{4}") { return ContextKey.splitGettext(stored) }
        if hasKeyValueSources, !resolvesI18nextSuffixes { return ContextKey.splitComposed(stored) }
        return (stored, nil)
    }
}
