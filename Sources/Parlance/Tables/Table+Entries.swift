/// A table's merged entries as a whole, for writing a compiled catalog.
extension Table {
    /// Every entry after merging the sources (or of the table served in place).
    var allEntries: [StoredEntry] { storage.allEntries }

    /// The SPLocalizedString plural groups, by `(context)key`.
    var allPluralGroups: [(key: CText, entry: StoredEntry)] { storage.allGroups }
}
