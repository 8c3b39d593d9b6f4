/// A table's merged entries as a whole, for listing them and writing a compiled catalog.
extension Table {
    /// Every entry after merging the sources (or of the table served in place).
    var allEntries: [StoredEntry] { storage.allEntries }

    /// The SPLocalizedString plural groups, by `(context)key`.
    var allPluralGroups: [(key: CText, entry: StoredEntry)] { storage.allGroups }

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
