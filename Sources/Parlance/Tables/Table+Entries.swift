/// A table's merged entries as a whole (listing them, writing a compiled catalog) and the spellings of its keys.
extension Table {
    /// Every entry after merging the sources (or of the table served in place).
    var allEntries: [StoredEntry] { storage.allEntries }

    /// The SPLocalizedString plural groups, by `(context)key`.
    var allPluralGroups: [(key: CText, entry: StoredEntry)] { storage.allGroups }

    /// What `probe` finds first among the spellings of a key in context
    /// that the table's sources use: `(context)key` in key-value sources,
    /// then `context\u{4}key` in gettext sources; the key alone without a
    /// context. The one place of that rule, for every storage and path.
    @inline(__always)
    func firstSpelling<Found>(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                              _ probe: (KeyBytes) -> Found?) -> Found? {
        guard let context else { return probe(KeyBytes(p0: key)) }
        if hasKeyValueSources, let found = probe(.composite(context: context, key: key)) { return found }
        return hasGettextSources ? probe(.gettext(context: context, key: key)) : nil
    }

    /// A plural's forms as the table gives them on its own, chosen by its
    /// own locale's rules with the explicit zero (a listing, a compiled
    /// catalog, which keeps no format): an Android `zero` item those rules
    /// never choose is left out, as `getQuantityString` shows none for 0
    /// there. Loaded, the default folder keeps such items for devices whose
    /// rules have the zero category (`PluralSelection.android`).
    func formsAlone(_ forms: [CText?]) -> [CText?] {
        guard choosesQuantitiesForTheDevice, !forms.isEmpty, forms[PluralCategory.zero.rawValue] != nil,
              !rules.categories.contains(.zero) else { return forms }
        var forms = forms
        forms[PluralCategory.zero.rawValue] = nil
        return forms
    }
}
