import Parlance

/// Translation progress per locale and table.
///
/// For each development entry a locale's entry is *translated* when it
/// exists and is not marked untranslated (`.po`: empty or fuzzy; `.strings`:
/// the `// untranslated` marker); in `.stringsdict` and JSON, which have no
/// mark, a value identical to the development value counts as untranslated.
/// `unused` counts the locale's keys the development table lacks. The
/// variants of an SPLocalizedString plural group count as one entry (its
/// `other` variant decides). Words are
/// the development texts' words (runs of letters or digits; placeholders
/// and plural forms other than `other` do not count).
///
/// `fuzzy` counts the missing entries that have a translation marked for
/// review (`.po` `#, fuzzy`, or translated for a msgid that has since
/// gained or lost its msgid_plural, which msgmerge marks fuzzy); `missingKeys` lists every missing entry with
/// where the development table defines it, in the development table's order.
public struct TableStats: Sendable, Equatable {
    public var locale: String
    public var table: String
    public var entries: Int
    public var translated: Int
    public var missing: Int
    public var unused: Int
    /// Source words of the translated entries.
    public var translatedWords: Int
    /// Source words of the missing entries.
    public var missingWords: Int
    /// Missing entries with a translation marked fuzzy.
    public var fuzzy: Int = 0
    public var missingKeys: [MissingKey] = []
    /// The locale's files of the table that hold its entries.
    public var files: [String] = []

    /// A missing entry: its key (and context) and the development table's `path:line:column` of it.
    public struct MissingKey: Sendable, Equatable {
        public var key: String
        public var context: String?
        public var location: String
    }

    /// Translated entries as a percentage of the entries (100 when there are none).
    public var coverage: Double { entries == 0 ? 100 : Double(translated) * 100 / Double(entries) }
}

public enum CatalogStats {
    public static func compute(catalog root: String, format: OutputFormat? = nil,
                               developmentLocale: String) throws -> [TableStats] {
        try CatalogFolder(root: root, format: format, development: developmentLocale).snapshots.flatMap(compute)
    }

    static func compute(_ snapshot: CatalogSnapshot) -> [TableStats] {
        var rows: [TableStats] = []
        var locales = snapshot.locales.filter { $0 != snapshot.development }.sorted()
        if snapshot.locales.contains(snapshot.development) && !snapshot.layout.rules.keepsTemplates {
            locales.insert(snapshot.development, at: 0)
        }
        for table in snapshot.tables where !snapshot.unreadableSources.contains(table) {
            if snapshot.countsEachFile(table: table) {
                for locale in [snapshot.development] + locales where snapshot.hasTable(locale: locale, table: table) {
                    rows.append(fileRow(snapshot.entries(locale: locale, table: table), locale: locale, table: table,
                                        gettext: snapshot.layout.rules.gettextKeys))
                }
                continue
            }
            let source = snapshot.source(table: table)
            var sourceByKey: [String: LocatedEntry] = [:]
            for entry in source where sourceByKey[group(entry.entry.key)] == nil || isOther(entry.entry.key) {
                sourceByKey[group(entry.entry.key)] = entry
            }
            // Base internationalization: the storyboard is the development table, not a missing one.
            let fromInterfaceBuilder = snapshot.baseDocumentSourced.contains(table)
            for locale in locales where !(fromInterfaceBuilder && locale == snapshot.development) {
                var byKey: [String: LocatedEntry] = [:]
                for entry in snapshot.entries(locale: locale, table: table)
                    where byKey[group(entry.entry.key)] == nil || isOther(entry.entry.key) {
                    byKey[group(entry.entry.key)] = entry
                }
                var row = TableStats(locale: locale, table: table, entries: sourceByKey.count, translated: 0, missing: 0,
                                     unused: byKey.keys.filter { sourceByKey[$0] == nil }.count,
                                     translatedWords: 0, missingWords: 0)
                row.files = Self.files(snapshot.entries(locale: locale, table: table))
                for (key, source) in sourceByKey.sorted(by: { order($0.value, $1.value) }) {
                    let words = wordCount(CatalogSnapshot.sourceText(source.entry.value))
                    let gettext = snapshot.layout.rules.gettextKeys
                    if let entry = byKey[key], isTranslated(entry, source: source, locale: locale, development: locale == snapshot.development),
                       !(gettext && changedPlurality(entry, source: source)) {
                        row.translated += 1
                        row.translatedWords += words
                    } else {
                        row.missing += 1
                        row.missingWords += words
                        if let entry = byKey[key]?.entry, entry.isFuzzy || (gettext && entry.isTranslated) { row.fuzzy += 1 }
                        let (context, bare) = displayKey(key, gettext: snapshot.layout.rules.gettextKeys)
                        row.missingKeys.append(.init(key: bare, context: context, location: source.location))
                    }
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// A table file measured on its own, as `msgfmt --statistics` counts a
    /// `.po` (no template to count against): each of its entries is
    /// translated, fuzzy (a text marked for review) or untranslated (empty);
    /// the words are the keys' (msgid's).
    static func fileRow(_ entries: [LocatedEntry], locale: String, table: String, gettext: Bool) -> TableStats {
        var row = TableStats(locale: locale, table: table, entries: entries.count, translated: 0, missing: 0, unused: 0,
                             translatedWords: 0, missingWords: 0)
        row.files = files(entries)
        for located in entries {
            let (context, bare) = displayKey(located.entry.key, gettext: gettext)
            let words = wordCount(bare)
            if located.entry.isTranslated {
                row.translated += 1
                row.translatedWords += words
                continue
            }
            row.missing += 1
            row.missingWords += words
            if located.entry.isFuzzy && !(located.entry.value.texts.first ?? "").isEmpty { row.fuzzy += 1 }
            row.missingKeys.append(.init(key: bare, context: context, location: located.location))
        }
        return row
    }

    /// The files entries came from, each once, in order.
    static func files(_ entries: [LocatedEntry]) -> [String] {
        var seen = Set<String>()
        return entries.map(\.path).filter { seen.insert($0).inserted }
    }

    /// The development table's order: file, then line.
    static func order(_ a: LocatedEntry, _ b: LocatedEntry) -> Bool {
        (a.path, a.entry.line, a.entry.column, a.entry.key) < (b.path, b.entry.line, b.entry.column, b.entry.key)
    }

    /// A stored key as (context, key): gettext's `context\u{4}msgid` is split; a
    /// key-value table's `(context)key` is shown as stored (a key may begin with "(").
    static func displayKey(_ stored: String, gettext: Bool) -> (String?, String) {
        guard gettext else { return (nil, stored) }
        let (key, context) = ContextKey.splitGettext(stored)
        return (context, key)
    }

    /// SPLocalizedString's `(context##category)key` variants count as one entry, their group.
    static func group(_ key: String) -> String { ContextKey.splitPluralVariant(key)?.groupKey ?? key }
    static func isOther(_ key: String) -> Bool { ContextKey.splitPluralVariant(key)?.category == .other }

    /// JSON and `.stringsdict` have no untranslated mark: an entry is
    /// untranslated while it holds the development value, or, for a plural,
    /// the development forms spread over the locale's categories as merge
    /// writes them.
    static func isTranslated(_ entry: LocatedEntry, source: LocatedEntry, locale: String, development: Bool) -> Bool {
        if development { return true }
        guard entry.entry.isTranslated else { return false }
        if !OutputFormat.marksUntranslated(entry.path) {
            return entry.entry.value != source.entry.value && entry.entry.value != MessageValues.spread(source.entry.value, to: locale)
        }
        return true
    }

    /// A gettext translation whose msgid gained or lost its msgid_plural in
    /// the template: msgmerge keeps its text marked fuzzy, so it counts as
    /// missing and fuzzy, as `msgfmt --statistics` counts the merged file.
    static func changedPlurality(_ entry: LocatedEntry, source: LocatedEntry) -> Bool {
        func plural(_ value: EntryValue) -> Bool { if case .gettextPlural = value { return true } else { return false } }
        return plural(entry.entry.value) != plural(source.entry.value)
    }

    /// Runs of letters or digits outside printf placeholders.
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        for segment in FormatSpecifier.segments(in: text) {
            guard case .literal(let literal) = segment else { continue }
            var inWord = false
            for scalar in literal.unicodeScalars {
                let wordy = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                if wordy && !inWord { count += 1 }
                inWord = wordy
            }
        }
        return count
    }

    /// The terminal table.
    public static func table(_ rows: [TableStats]) -> String {
        let header = ["LOCALE", "TABLE", "ENTRIES", "TRANSLATED", "MISSING", "UNUSED", "WORDS", "MISSING WORDS", "COVERAGE"]
        let body = rows.map { r in
            [r.locale, r.table, String(r.entries), String(r.translated), String(r.missing), String(r.unused),
             String(r.translatedWords + r.missingWords), String(r.missingWords), percent(r.coverage)]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ") + "\n"
        }
        return ([header] + body).map(line).joined()
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    public static func json(_ rows: [TableStats]) -> String {
        let items = rows.map { r in
            "{\"locale\":\(JSONWriter.quote(r.locale)),\"table\":\(JSONWriter.quote(r.table)),\"entries\":\(r.entries),"
                + "\"translated\":\(r.translated),\"missing\":\(r.missing),\"unused\":\(r.unused),"
                + "\"words\":\(r.translatedWords + r.missingWords),\"translatedWords\":\(r.translatedWords),"
                + "\"missingWords\":\(r.missingWords),\"fuzzy\":\(r.fuzzy),\"coverage\":\(percent(r.coverage).dropLast()),"
                + "\"missingKeys\":[" + r.missingKeys.map { m in
                    "{\"key\":\(JSONWriter.quote(m.key)),"
                        + (m.context.map { "\"context\":\(JSONWriter.quote($0))," } ?? "")
                        + "\"location\":\(JSONWriter.quote(m.location))}"
                }.joined(separator: ",") + "],"
                + "\"files\":[" + r.files.map(JSONWriter.quote).joined(separator: ",") + "]}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }
}
