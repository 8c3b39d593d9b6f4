/// A table's merged entries as a whole (listing them, writing a compiled catalog) and the spellings of its keys.
extension Table {
    /// Every entry after merging the sources (or of the table served in place).
    var allEntries: [StoredEntry] { storage.allEntries }

    /// The SPLocalizedString plural groups, by `(context)key`.
    var allPluralGroups: [(key: CText, entry: StoredEntry)] { storage.allGroups }

    /// Which key spellings the table's sources use.
    @inline(__always)
    var spellings: KeySpellings { KeySpellings(keyValue: hasKeyValueSources, gettext: hasGettextSources) }

    /// What `probe` finds first among the spellings of a key in context
    /// that the table's sources use (`KeySpellings.first`, the one place of that rule).
    @inline(__always)
    func firstSpelling<Found>(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                              _ probe: (KeyBytes) -> Found?) -> Found? {
        spellings.first(key: key, context: context, probe)
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

extension Table {
    /// The table as a whole-catalog writer takes it (`WholeCatalogWriter`).
    var contents: TableContents {
        TableContents(locale: locale, name: name, entries: allEntries, groups: allPluralGroups,
                      hasKeyValueSources: hasKeyValueSources, hasGettextSources: hasGettextSources,
                      formula: gettextFormula, formsAlone: formsAlone)
    }
}
