import Parlance

/// A gettext `.po` or `.pot` file read for merging, with every comment,
/// flag, reference and previous msgid of its entries (`POEntry`).
///
/// Written back in `POWriter`'s layout, in UTF-8 (a header naming another
/// charset is rewritten to `charset=UTF-8`, since the text was converted on
/// reading). An entry no longer in the sources becomes obsolete (`#~`), as
/// `msgmerge` does, and comes back with its translation if the message
/// returns; with `--delete-unused-entries` it is deleted instead, and so are
/// the obsolete entries already in the file.
package struct PODocument: TableDocument {
    package let path: String
    package let existed: Bool
    /// Every entry in file order: the header, live and obsolete ones.
    private var list = KeyedList<POEntry>(keys: PODocument.keys)
    let locale: String?

    package var poEntries: [POEntry] { list.items }
    /// The entries as read, for fuzzy matching: msgmerge's candidates are
    /// the old file's entries, not those a merge adds.
    private var read: [POEntry] = []
    /// The file's bytes, written back as they are (in their own charset)
    /// while the entries are those read (`asRead`).
    private var original: [UInt8]? = nil
    private var asRead: [POEntry] = []
    private var fuzzy: FuzzyIndex? = nil
    /// The entries `fuzzy` indexes: the translated ones read (not the header).
    private var candidates: [POEntry] = []
    /// Similar entries searched ahead (`prepareSimilar`), by stored key.
    private var similar: [String: POEntry?] = [:]

    /// The keys an entry answers to: its stored key when live, the same
    /// behind a NUL (which no msgid holds) when obsolete; the header its own.
    private static let headerKey = "\u{0}header"
    private static func keys(_ entry: POEntry) -> [String] {
        if entry.isHeader { return entry.isObsolete ? [] : [headerKey] }
        let key = ContextKey.gettext(entry.msgid, context: entry.context)
        return [entry.isObsolete ? "\u{0}" + key : key]
    }

    /// An empty document (a new header) that will replace whatever is at `path`.
    package init(emptyAt path: String, locale: String?) {
        self.path = path
        self.locale = locale
        existed = false
        list.append(Self.newHeader(locale: locale))
    }

    /// Reads `path`; a missing file gives a document with a new header for
    /// `locale` (nil: a `.pot` template header).
    package init(path: String, locale: String?) throws {
        self.path = path
        self.locale = locale
        let present = try FileSystemTools.readIfPresent(path)
        existed = present != nil
        guard let bytes = present else {
            list.append(Self.newHeader(locale: locale))
            return
        }
        let (entries, charset) = try POFile.parse(bytes, path: path)
        list = KeyedList(entries, keys: Self.keys)
        read = entries
        original = bytes
        if !["UTF-8", "UTF8"].contains(charset.uppercased()), let slot = list.slots(of: Self.headerKey).first {
            list.modify(slot) { $0.msgstr[0] = $0.msgstr[0].replacingAll("charset=\(charset)", with: "charset=UTF-8") }
        }
        asRead = list.items
    }

    static func newHeader(locale: String?) -> POEntry {
        var fields: [(String, String)] = [("Project-Id-Version", "PACKAGE VERSION")]
        if let locale { fields.append(("Language", locale)) }
        fields += [("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=UTF-8"),
                   ("Content-Transfer-Encoding", "8bit")]
        if let locale { fields.append(("Plural-Forms", GettextPluralForms.header(for: locale))) }
        return POWriter.header(fields, fuzzy: locale == nil)
    }

    /// The header's plural formula (Germanic when there is none).
    package var formula: GettextPluralFormula {
        let header = list.first(Self.headerKey)?.msgstr.first
        return header.map(GettextPluralFormula.fromHeader) ?? GettextPluralFormula.fromHeader("")
    }

    package var entries: [DocumentEntry] {
        list.items.filter { !$0.isHeader && !$0.isObsolete }.map(Self.entry)
    }

    package var keys: [String] {
        var keys: [String] = []
        list.forEach { if !$0.isHeader && !$0.isObsolete { keys.append(ContextKey.gettext($0.msgid, context: $0.context)) } }
        return keys
    }

    package func contains(_ key: String) -> Bool { slot(key, obsolete: false) != nil }

    static func entry(_ e: POEntry) -> DocumentEntry {
        let value: EntryValue = e.msgidPlural == nil ? .text(e.msgstr.first ?? "") : .gettextPlural(e.msgstr)
        return DocumentEntry(key: ContextKey.gettext(e.msgid, context: e.context), value: value, line: e.line,
                             column: e.column, notes: e.extractedComments, isTranslated: e.isTranslated && !e.isFuzzy,
                             sourcePlural: e.msgidPlural, isFuzzy: e.isFuzzy && e.isTranslated)
    }

    package static func storageKey(key: String, context: String?) -> String { ContextKey.gettext(key, context: context) }

    package func accepts(_ value: EntryValue) -> Bool { true }

    /// The live entry with this stored key.
    package func entry(_ key: String) -> DocumentEntry? { list.first(key).map(Self.entry) }

    private func slot(_ key: String, obsolete: Bool) -> Int? { list.slots(of: obsolete ? "\u{0}" + key : key).first }

    package mutating func add(_ draft: EntryDraft) {
        var entry = POEntry(context: draft.context, msgid: draft.key, msgidPlural: draft.sourcePlural)
        switch draft.value {
        case .text(let text): entry.msgstr = [draft.untranslated ? "" : text]
        case .gettextPlural(let texts): entry.msgstr = draft.untranslated ? texts.map { _ in "" } : texts
        case .plural(let forms):
            let texts = formula.texts(forms, locale: locale ?? "en")
            entry.msgstr = draft.untranslated ? texts.map { _ in "" } : texts
        case .stringsdict: entry.msgstr = [""]
        }
        // As many msgstr as Plural-Forms' nplurals (msgfmt -c refuses others: one for Chinese or Japanese).
        if entry.msgidPlural != nil, entry.msgstr.count < max(formula.pluralCount, 1) {
            entry.msgstr += Array(repeating: "", count: max(formula.pluralCount, 1) - entry.msgstr.count)
        }
        entry.extractedComments = draft.notes
        entry.references = draft.references
        entry.flags = draft.formatFlags
        if draft.needsReview, !draft.untranslated { entry.flags.insert("fuzzy", at: 0) }
        list.append(entry)
    }

    /// `msgstr` for `plural` (a msgid_plural or none) from translations made
    /// for another shape: a singular's text in every form, or a plural's
    /// first form alone; nil when the shape is the same.
    private func reshaped(_ msgstr: [String], plural: Bool, wasPlural: Bool) -> [String]? {
        guard plural != wasPlural else { return nil }
        let first = msgstr.first ?? ""
        return plural ? Array(repeating: first, count: max(formula.pluralCount, 1)) : [first]
    }

    /// Marks an entry fuzzy, remembering the msgid its translation was made
    /// for (`#|`), unless it is untranslated or fuzzy already.
    private static func markFuzzy(_ entry: inout POEntry, from old: POEntry) {
        guard entry.isTranslated else { return }
        if old.isFuzzy {
            (entry.previousContext, entry.previousMsgid, entry.previousMsgidPlural)
                = (old.previousContext, old.previousMsgid, old.previousMsgidPlural)
        } else {
            (entry.previousContext, entry.previousMsgid, entry.previousMsgidPlural) = (old.context, old.msgid, old.msgidPlural)
        }
        if !entry.isFuzzy { entry.flags.insert("fuzzy", at: 0) }
    }

    package mutating func follow(_ draft: EntryDraft) -> Bool {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        guard let slot = slot(key, obsolete: false), list[slot].msgidPlural != draft.sourcePlural else { return false }
        let old = list[slot]
        let msgstr = reshaped(old.msgstr, plural: draft.sourcePlural != nil, wasPlural: old.msgidPlural != nil)
        list.modify(slot) { entry in
            entry.msgidPlural = draft.sourcePlural
            if let msgstr { entry.msgstr = msgstr }
            Self.markFuzzy(&entry, from: old)
        }
        return true
    }

    /// msgmerge's candidates for fuzzy matching: the translated entries read, by msgid.
    private mutating func indexCandidates() {
        guard fuzzy == nil else { return }
        candidates = read.filter { !$0.isHeader && $0.isTranslated }
        fuzzy = FuzzyIndex(candidates.map { ($0.context, $0.msgid) })
    }

    package mutating func prepareSimilar(_ messages: [(key: String, context: String?, msgid: String)]) {
        guard !messages.isEmpty else { return }
        indexCandidates()
        let found = fuzzy!.best(of: messages.map { ($0.context, $0.msgid) }, threads: Concurrently.processors)
        similar.reserveCapacity(messages.count)
        for (message, index) in zip(messages, found) { similar[message.key] = index.map { candidates[$0] } }
    }

    package mutating func adoptSimilar(_ draft: EntryDraft, isUnused: (String) -> Bool) -> Bool {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        let found: POEntry?
        if let ahead = similar[key] {
            found = ahead
        } else {
            indexCandidates()
            found = fuzzy!.best(context: draft.context, text: draft.key).map { candidates[$0] }
        }
        guard let old = found else { return false }
        var entry = POEntry(context: draft.context, msgid: draft.key, msgidPlural: draft.sourcePlural, msgstr: old.msgstr)
        if let msgstr = reshaped(old.msgstr, plural: draft.sourcePlural != nil, wasPlural: old.msgidPlural != nil) {
            entry.msgstr = msgstr
        }
        entry.translatorComments = old.translatorComments
        entry.extractedComments = draft.notes
        entry.references = draft.references
        entry.flags = draft.formatFlags
        Self.markFuzzy(&entry, from: old)
        list.append(entry)
        // The entry the translation came from is used now: it does not stay behind as obsolete.
        let oldKey = Self.storageKey(key: old.msgid, context: old.context)
        if isUnused(oldKey) {
            if let slot = slot(oldKey, obsolete: old.isObsolete) { list.remove(slot) }
        }
        return true
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        guard let slot = slot(key, obsolete: false) else { return false }
        var changed = false
        list.modify(slot) { entry in
            if !notes.isEmpty, entry.extractedComments != notes {
                entry.extractedComments = notes
                changed = true
            }
            if !references.isEmpty, entry.references != references {
                entry.references = references
                changed = true
            }
        }
        return changed
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard let slot = slot(key, obsolete: false) else { return false }
        // An untranslated entry has nothing to keep: msgmerge drops it rather than write it as obsolete.
        if delete || !list[slot].isTranslated { list.remove(slot) } else { list.modify(slot) { $0.isObsolete = true } }
        return true
    }

    package mutating func refreshFlags(_ key: String, _ flags: [String]) -> Bool {
        guard let slot = slot(key, obsolete: false) else { return false }
        let old = list[slot].flags
        let fuzzy = old.contains("fuzzy") || !fitsNewFlags(list[slot], flags)
        let new = (fuzzy ? ["fuzzy"] : []) + flags.filter { $0 != "fuzzy" }
        guard new != old else { return false }
        list.modify(slot) { $0.flags = new }
        return true
    }

    /// Whether a translated entry fits the format flags the template gives
    /// it that it did not carry (`no-X-format` counts as not carrying
    /// `X-format`), as msgmerge checks them (`FormatStrings.translationFits`): one that does
    /// not is marked fuzzy.
    private func fitsNewFlags(_ entry: POEntry, _ flags: [String]) -> Bool {
        guard entry.isTranslated else { return true }
        let header = list.first(Self.headerKey)?.msgstr.first
        let often: () -> [Bool]? = {
            // A form is used often when Plural-Forms gives it for five numbers of 0…1000 (msgl-check.c's OFTEN).
            guard let header, header.contains("Plural-Forms:") else { return nil }
            let formula = GettextPluralFormula.fromHeader(header)
            var counts = Array(repeating: 0, count: entry.msgstr.count)
            for n in UInt64(0)...1000 {
                guard let value = formula.evaluate(n) else { return nil }
                if value < UInt64(counts.count) { counts[Int(value)] += 1 }
            }
            return counts.map { $0 >= 5 }
        }
        for flag in flags where !entry.flags.contains(flag) {
            if FormatStrings.translationFits(flag: flag, msgid: entry.msgid, msgidPlural: entry.msgidPlural,
                                           msgstr: entry.msgstr, often: often) == false { return false }
        }
        return true
    }

    package mutating func revive(_ key: String) -> Bool {
        guard let slot = slot(key, obsolete: true) else { return false }
        list.modify(slot) { $0.isObsolete = false }
        return true
    }

    /// Deletes the obsolete entries; true when there were some.
    package mutating func purgeObsolete() -> Bool {
        let all = list.items
        let kept = all.filter { !$0.isObsolete }
        guard kept.count != all.count else { return false }
        list = KeyedList(kept, keys: Self.keys)
        return true
    }

    /// Replaces the live entries' order with the given key order (a `.pot` mirrors its sources).
    package mutating func sortLive(by order: [String: Int]) {
        let all = list.items
        // Positions are sorted, not entries: moving an entry costs retains of all its parts.
        let live = all.indices.filter { !all[$0].isHeader && !all[$0].isObsolete }
        let rank = live.map { order[ContextKey.gettext(all[$0].msgid, context: all[$0].context)] ?? Int.max }
        let sorted = live.indices.sorted { (rank[$0], $0) < (rank[$1], $1) }.map { live[$0] }
        let header = all.indices.filter { all[$0].isHeader && !all[$0].isObsolete }
        let obsolete = all.indices.filter { all[$0].isObsolete }
        list = KeyedList((header + sorted + obsolete).map { all[$0] }, keys: Self.keys)
    }

    /// The file as read when no entry changed (its wrapping, comments and
    /// spelling are the translator's), else every entry in `POWriter`'s layout.
    package func render() -> [UInt8] {
        if let original, list.items == asRead { return original }
        return Array(POWriter.file(list.items).utf8)
    }
}
