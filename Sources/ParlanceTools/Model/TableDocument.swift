import Parlance

/// One entry of a table document, as merge, lint, stats and pseudo see it.
package struct DocumentEntry: Sendable, Equatable {
    /// The stored key: `(context)key` in key-value formats, `context\u{4}msgid` in gettext's.
    package var key: String
    package var value: EntryValue
    /// 1-based position of the entry's key (gettext: `msgid`); 0 when unknown.
    package var line: Int
    package var column: Int
    /// Notes for translators (the comment above a `.strings` entry, `#.` in `.po`).
    package var notes: [String]
    /// False when the file marks the entry as not translated yet (`.po`: empty
    /// or fuzzy; `.strings`: the `// untranslated` marker).
    package var isTranslated: Bool
    /// gettext: `msgid_plural`.
    package var sourcePlural: String? = nil
    /// `.po`: marked `#, fuzzy` (a translation waiting for review; not translated).
    package var isFuzzy = false
    /// False for a resource its file says is not to be translated (Android's
    /// `translatable="false"` and `donottranslate.xml`): served, but no
    /// message, so no development text that lint, stats or pseudo measure by.
    package var forTranslation = true
}

/// An entry and the file it came from.
package struct LocatedEntry: Sendable {
    package var entry: DocumentEntry
    package var path: String
    /// gettext: the file's `nplurals`.
    package var pluralCount: Int? = nil

    package var location: String { "\(path):\(entry.line):\(entry.column)" }
}

/// What the merger adds: a message's identity and the value to store.
package struct EntryDraft: Sendable {
    package var key: String
    package var context: String?
    /// gettext: `msgid_plural`.
    package var sourcePlural: String?
    package var value: EntryValue
    package var notes: [String]
    package var references: [String]
    /// Written with the format's "not translated yet" mark.
    package var untranslated: Bool
    /// The message's development text, spread over the locale's plural
    /// categories, for formats that keep it beside each translation (XLIFF's
    /// `<source>`); nil when not known.
    package var source: EntryValue? = nil
    /// Written as translated, to be reviewed (gettext's `fuzzy`); documents
    /// with no such mark ignore it.
    package var needsReview = false
    /// gettext: the entry's flags but `fuzzy` (`SourceMessage.formatFlags`).
    package var formatFlags: [String] = []
}

/// A table file read so that writing it back loses nothing: unchanged
/// entries keep their text, comments and order.
package protocol TableDocument {
    var path: String { get }
    /// How merge's report names the document: its path, or `PATH#TABLE` for
    /// a table that shares its file with others (XLIFF, as the runtime names it).
    var reportPath: String { get }
    /// Whether the file existed when read.
    var existed: Bool { get }
    /// Live entries in file order.
    var entries: [DocumentEntry] { get }
    /// The stored keys of the live entries in file order (`entries`' keys,
    /// without making the entries).
    var keys: [String] { get }
    /// Whether a live entry stands for `key`; constant-time.
    func contains(_ key: String) -> Bool
    /// The stored key of a message in this format.
    static func storageKey(key: String, context: String?) -> String
    /// Whether this document can hold a value of this kind (`.strings`: texts only).
    func accepts(_ value: EntryValue) -> Bool
    /// Why the format cannot hold this message (a key it cannot spell, a
    /// context it has no place for), or nil; merge reports it.
    func refusal(_ draft: EntryDraft) -> String?
    /// The first entry standing for `key` (an SPLocalizedString plural
    /// group has several); constant-time, so that merging stays linear.
    func entry(_ key: String) -> DocumentEntry?
    mutating func add(_ draft: EntryDraft)
    /// Replaces notes and references when the format keeps them; true when
    /// something changed. With `onlyReplacing`, a note is replaced only when
    /// the entry has none or has exactly those notes (a copy of the old
    /// development note), so comments translators wrote stay.
    mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool
    /// Whether a message of `used` (stored keys) uses the entry `key`.
    func isUsed(_ key: String, by used: Set<String>) -> Bool
    /// Takes an unused entry out of the live table (`.po`: makes it obsolete
    /// unless `delete`); true when something changed.
    mutating func retire(_ key: String, delete: Bool) -> Bool
    /// Brings back an obsolete entry for `key` (gettext); true when one existed.
    mutating func revive(_ key: String) -> Bool
    /// gettext: brings an existing entry's `msgid_plural` to the message's,
    /// its translations to the plural forms it now needs, and marks it fuzzy
    /// when translated (msgmerge's rule); true when something changed.
    mutating func follow(_ draft: EntryDraft) -> Bool
    /// gettext: adds the message with the translation of the most similar
    /// translated entry, marked fuzzy (msgmerge's fuzzy matching); that
    /// entry goes when `isUnused` says no message uses its key. False when
    /// no entry is similar enough.
    mutating func adoptSimilar(_ draft: EntryDraft, isUnused: (String) -> Bool) -> Bool
    /// Searches ahead, on several threads, for the similar entries that
    /// `adoptSimilar` will ask for these messages (stored keys and their
    /// context and msgid); the answers are the same as without.
    mutating func prepareSimilar(_ messages: [(key: String, context: String?, msgid: String)])
    /// Drops the entries kept as obsolete (gettext's `#~`); true when there were some.
    mutating func purgeObsolete() -> Bool
    /// Puts the live entries in the messages' order (`order`: stored key →
    /// position), where the format follows its template's order as msgmerge does.
    mutating func sortLive(by order: [String: Int])
    /// gettext: gives the entry the message's flags, all but `fuzzy`, which
    /// it keeps (msgmerge takes every other flag from the template); true
    /// when something changed.
    mutating func refreshFlags(_ key: String, _ flags: [String]) -> Bool
    func render() -> [UInt8]
}

extension TableDocument {
    package var reportPath: String { path }
    package func contains(_ key: String) -> Bool { entry(key) != nil }
    package func refusal(_ draft: EntryDraft) -> String? { nil }
    package var keys: [String] { entries.map(\.key) }
    package mutating func revive(_ key: String) -> Bool { false }
    /// The entry's key is used, or it is an SPLocalizedString plural variant of a used key.
    package func isUsed(_ key: String, by used: Set<String>) -> Bool {
        used.contains(key) || used.contains(ContextKey.splitPluralVariant(key)?.groupKey ?? "\u{0}")
    }
    package mutating func follow(_ draft: EntryDraft) -> Bool { false }
    package mutating func adoptSimilar(_ draft: EntryDraft, isUnused: (String) -> Bool) -> Bool { false }
    package mutating func prepareSimilar(_ messages: [(key: String, context: String?, msgid: String)]) {}
    package mutating func purgeObsolete() -> Bool { false }
    package mutating func sortLive(by order: [String: Int]) {}
    package mutating func refreshFlags(_ key: String, _ flags: [String]) -> Bool { false }
}

extension EntryValue {
    /// Every text of the value: the text, plural forms in CLDR order, a
    /// stringsdict's format and its variables' texts, gettext's msgstrs.
    package var texts: [String] {
        switch self {
        case .text(let text): return [text]
        case .plural(let forms): return forms.categories.compactMap { forms[$0] }
        case .gettextPlural(let texts): return texts
        case .stringsdict(let format):
            var texts = [format.format]
            for name in format.variables.keys.sorted() {
                switch format.variables[name]!.rule {
                case .plural(let forms): texts += forms.categories.compactMap { forms[$0] }
                case .width(let widths): texts += widths.map(\.text)
                case .device(let byDevice): texts += byDevice.keys.sorted().compactMap { byDevice[$0] }
                }
            }
            return texts
        }
    }

    /// The plural forms of a plural value (a stringsdict's first plural variable).
    package var pluralForms: PluralForms? {
        switch self {
        case .plural(let forms): return forms
        case .stringsdict(let format):
            for name in PropertyListWriter.variableNames(in: format.format) {
                if case .plural(let forms)? = format.variables[name]?.rule { return forms }
            }
            return nil
        default: return nil
        }
    }

    /// The same value with every text passed through `transform`.
    package func mapTexts(_ transform: (String) -> String) -> EntryValue {
        switch self {
        case .text(let text): return .text(transform(text))
        case .gettextPlural(let texts): return .gettextPlural(texts.map(transform))
        case .plural(let forms): return .plural(forms.mapTexts(transform))
        case .stringsdict(var format):
            format.format = transform(format.format)
            for name in format.variables.keys {
                switch format.variables[name]!.rule {
                case .plural(let forms): format.variables[name]!.rule = .plural(forms.mapTexts(transform))
                case .width(let widths): format.variables[name]!.rule = .width(widths.map { ($0.width, transform($0.text)) })
                case .device(let byDevice): format.variables[name]!.rule = .device(byDevice.mapValues(transform))
                }
            }
            return .stringsdict(format)
        }
    }
}

