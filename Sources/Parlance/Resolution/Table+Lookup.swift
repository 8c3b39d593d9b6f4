/// Finding entries in one table. Key-value formats spell a context into the
/// key, `(context)key`; gettext formats keep it apart, `context\u{4}key`.
extension Table {
    func entry(_ key: String, context: String?) -> StoredEntry? {
        withKeyBytes(key, context) { entry(key: $0, context: $1) }
    }

    /// The entry for key bytes, composing the context the way the table's
    /// sources spell it; no allocation.
    @inline(__always)
    func entry(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?) -> StoredEntry? {
        firstSpelling(key: key, context: context) { find($0) }
    }

    /// The SPLocalizedString plural group of `(context)key`.
    @inline(__always)
    func pluralGroup(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?) -> StoredEntry? {
        guard storage.hasGroups else { return nil }
        guard let context else { return storage.group(KeyBytes(p0: key)) }
        return storage.group(.composite(context: context, key: key))
    }

    /// The text of a plain lookup for key bytes: the hot path of `text`.
    @inline(__always)
    func plainText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
        guard let context else { return findText(KeyBytes(p0: key)) }
        if resolvesI18nextSuffixes { return i18nextHit(key: key, context: context, count: nil, ordinal: false)?.text.pointer }
        if let text = firstSpelling(key: key, context: context, { findText($0) }) { return text }
        // A context the format may shorten (`Table+ShortenedContext`).
        guard let shorter = shortened(context) else { return nil }
        guard let shorter else { return findText(KeyBytes(p0: key)) }
        return firstSpelling(key: key, context: shorter) { findText($0) }
    }

    @inline(__always)
    private func find(_ key: KeyBytes) -> StoredEntry? { storage.entry(key) }

    @inline(__always)
    private func findText(_ key: KeyBytes) -> UnsafePointer<CChar>? { storage.text(key) }

    /// What one table gives for a key: the text, the entry and, for a
    /// plural, the category chosen.
    struct Hit {
        let text: CText
        let table: Table
        let storedKey: CText
        let category: PluralCategory?
        let entry: StoredEntry
    }

    /// The general lookup in this table, which every chain walk (localizers
    /// and the libintl runtime) asks of each table in turn: the plain text,
    /// or with a count the plural variant. i18next tables try i18next's
    /// candidate keys (`i18nextHit`); a device chooses among the texts of
    /// device rules (nil: `other`).
    func hit(_ query: LookupQuery) -> Hit? {
        let (key, context) = (query.key, query.context)
        if resolvesI18nextSuffixes { return i18nextHit(key: key, context: context, count: query.count, ordinal: query.ordinal) }
        if let count = query.count {
            guard let found = pluralText(key: key, context: context, operand: count, device: query.device,
                                         asked: query.locale) else { return nil }
            return Hit(text: found.text, table: self, storedKey: found.storedKey, category: found.category, entry: found.entry)
        }
        guard let entry = entry(key: key, context: context), let text = text(of: entry, device: query.device) else { return nil }
        return Hit(text: text, table: self, storedKey: entry.storedKey, category: nil, entry: entry)
    }

    /// The general walk over a list of tables: the first hit. When
    /// formatting (`syntax` given), a table whose messages select their own
    /// arms (ICU MessageFormat, MessageFormat 2) is asked without the count.
    /// In tables whose texts and plurals are two resources of one name
    /// (Android's `<string>` and `<plurals>`), a plural lookup takes a text
    /// only when no table along the chain has a plural of the key: a
    /// translation's `<string>` does not shadow the default `<plurals>`,
    /// as `getQuantityString` reads plurals alone.
    static func firstHit(in tables: [Table], _ query: LookupQuery, syntax: ((Table) -> MessageSyntax)? = nil) -> Hit? {
        var text: Hit? = nil
        for table in tables {
            var asked = query
            if let syntax, asked.count != nil, syntax(table).selectsItsOwnArms { asked.count = nil }
            guard let hit = table.hit(asked) ?? table.shortenedHit(asked) else { continue }
            if asked.count != nil, hit.category == nil, table.keepsTextsApartFromPlurals, case .text = hit.entry.value {
                if text == nil { text = hit }
                continue
            }
            return hit
        }
        return text
    }

    /// The text of a plain lookup: a plural entry gives its `other` text.
    func text(of entry: StoredEntry, device: Device? = nil) -> CText? {
        if let device, case .stringsdict(let format, _) = entry.value, format.variesByDevice {
            return rendered(format, key: entry.storedKey.string, wanted: .other, explicitZero: false, device: device)
        }
        return entry.plainText
    }


    /// The plural variant for `operand`: (text, category, stored key).
    func pluralText(_ key: String, context: String?, operand: PluralOperand, device: Device? = nil)
        -> (text: CText, category: PluralCategory?, storedKey: CText, entry: StoredEntry)? {
        withKeyBytes(key, context) { pluralText(key: $0, context: $1, operand: operand, device: device) }
    }

    /// `asked`: the locale the lookup asked for first (Android tables choose
    /// quantities by its rules).
    func pluralText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, operand: PluralOperand,
                    device: Device? = nil, asked: String? = nil)
        -> (text: CText, category: PluralCategory?, storedKey: CText, entry: StoredEntry)? {
        if let entry = entry(key: key, context: context) {
            switch entry.value {
            case .text(let text):
                if let group = pluralGroup(key: key, context: context),
                   let hit = select(group, operand, device: device, asked: asked) {
                    return hit
                }
                return (text, nil, entry.storedKey, entry)
            case .plural, .stringsdict, .gettextPlural:
                if let hit = select(entry, operand, device: device, asked: asked) { return hit }
            }
        }
        if let group = pluralGroup(key: key, context: context) { return select(group, operand, device: device, asked: asked) }
        return nil
    }

    private func select(_ entry: StoredEntry, _ operand: PluralOperand, device: Device?, asked: String?)
        -> (text: CText, category: PluralCategory?, storedKey: CText, entry: StoredEntry)? {
        switch entry.value {
        case .text(let text):
            return (text, nil, entry.storedKey, entry)
        case .plural(let forms, let keys):
            let category = choosesQuantitiesForTheDevice
                ? PluralSelection.android(operand, deviceRules: asked.map { PluralRules.forLocale($0) } ?? rules,
                                          available: { forms[$0.rawValue] != nil })
                : PluralSelection.category(operand, rules: rules, available: { forms[$0.rawValue] != nil })
            guard let category, let text = forms[category.rawValue] else { return nil }
            return (text, category, keys?[category.rawValue] ?? entry.storedKey, entry)
        case .stringsdict(let format, _):
            let wanted = rules.category(operand)
            let zero = operand.isExplicitZero
            let text = rendered(format, key: entry.storedKey.string, wanted: wanted, explicitZero: zero, device: device)
            let category = format.firstPluralVariable.map { $0.category(wanted: wanted, explicitZero: zero) } ?? wanted
            return (text, category, entry.storedKey, entry)
        case .gettextPlural(let texts):
            guard !texts.isEmpty else { return nil }
            let index = PluralSelection.gettextForm(gettextIndex(of: operand), count: texts.count)
            return (texts[index], nil, entry.storedKey, entry)
        }
    }

}

/// What one lookup asks of each table along a chain: the key and context
/// as bytes, the plural count (nil: the plain text) and whether it counts
/// ordinally (i18next's `ordinal`), the device, and whether the text is
/// wanted for formatting.
struct LookupQuery {
    var key: UnsafeRawBufferPointer
    var context: UnsafeRawBufferPointer?
    var count: PluralOperand? = nil
    var ordinal = false
    var device: Device? = nil
    var formatting = false
    /// The locale asked for first (the chain's): Android chooses a plural's
    /// quantity by its rules, whichever table supplies the plural.
    var locale: String? = nil
    /// Ask only the table of this locale of the chain (no fallback).
    var onlyLocale: String? = nil

    /// The same question for another spelling of the key and context.
    func asking(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?) -> LookupQuery {
        var query = self
        query.key = key
        query.context = context
        return query
    }
}

/// Runs `body` with the UTF-8 bytes of a key and an optional context.
@inline(__always)
func withKeyBytes<R>(_ key: String, _ context: String?,
                     _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer?) -> R) -> R {
    var key = key
    return key.withUTF8 { keyBytes in
        guard var context else { return body(UnsafeRawBufferPointer(keyBytes), nil) }
        return context.withUTF8 { body(UnsafeRawBufferPointer(keyBytes), UnsafeRawBufferPointer($0)) }
    }
}
