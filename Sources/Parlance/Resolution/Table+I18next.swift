/// i18next's lookup in one table (one language of one namespace), as
/// i18next 22's `Translator.resolve` tries keys, with v23's ordinal keys:
///
///     key_CONTEXT_zero, key_CONTEXT_CATEGORY, key_CONTEXT, key_zero, key_CATEGORY, key
///
/// `_CONTEXT…` candidates only with a non-empty context; `_zero` only for a
/// cardinal count that is exactly 0 (in every language, before the CLDR
/// category); `_CATEGORY` only with a count: the category of this table's
/// language, and for an ordinal first `_ordinal_CATEGORY` (i18next 23) then
/// `_CATEGORY` (i18next 22, which shares cardinal keys). A missing category
/// does not fall back to `_other`: the next candidate, then the next
/// language, is tried, as i18next does.
extension Table {
    func i18nextHit(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, count: PluralOperand?,
                    ordinal: Bool) -> Hit? {
        let category = count.map { ordinal ? ordinalRules.category($0) : rules.category($0) }
        let zero = !ordinal && count.map { $0.isExactlyZero } == true
        if let context, context.count > 0 {
            if let hit = i18nextCandidates(key: key, separator: underscore, context: context, category: category,
                                           zero: zero, ordinal: ordinal) { return hit }
        }
        return i18nextCandidates(key: key, separator: empty, context: empty, category: category, zero: zero, ordinal: ordinal)
    }

    /// `stem_zero`, `stem_CATEGORY`, `stem`, where the stem is `key`, `separator`, `context`.
    private func i18nextCandidates(key: UnsafeRawBufferPointer, separator: UnsafeRawBufferPointer,
                                   context: UnsafeRawBufferPointer, category: PluralCategory?, zero: Bool,
                                   ordinal: Bool) -> Hit? {
        func probe(_ suffix: UnsafeRawBufferPointer, _ category: PluralCategory?) -> Hit? {
            let bytes = KeyBytes(p0: key, p1: separator, p2: context, p3: suffix)
            guard let entry = storage.entry(bytes), let text = entry.plainText else { return nil }
            return Hit(text: text, table: self, storedKey: entry.storedKey, category: category, entry: entry)
        }
        if zero, let hit = probe(I18nextSuffix.zero, .zero) { return hit }
        if let category {
            if ordinal, let hit = probe(I18nextSuffix.ordinal(category), category) { return hit }
            if let hit = probe(I18nextSuffix.cardinal(category), category) { return hit }
        }
        return probe(empty, nil)
    }

    /// The locale's ordinal rules.
    var ordinalRules: PluralRules { PluralRules.forLocale(locale, ordinal: true) }
}

private let underscoreText: StaticString = "_"
private var underscore: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: underscoreText.utf8Start, count: 1) }
private var empty: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: underscoreText.utf8Start, count: 0) }

/// i18next's plural suffixes as static bytes.
enum I18nextSuffix {
    private static let cardinals: [StaticString] = ["_zero", "_one", "_two", "_few", "_many", "_other"]
    private static let ordinals: [StaticString] = ["_ordinal_zero", "_ordinal_one", "_ordinal_two", "_ordinal_few",
                                                   "_ordinal_many", "_ordinal_other"]

    static var zero: UnsafeRawBufferPointer { bytes(cardinals[0]) }
    static func cardinal(_ category: PluralCategory) -> UnsafeRawBufferPointer { bytes(cardinals[category.rawValue]) }
    static func ordinal(_ category: PluralCategory) -> UnsafeRawBufferPointer { bytes(ordinals[category.rawValue]) }

    private static func bytes(_ text: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
