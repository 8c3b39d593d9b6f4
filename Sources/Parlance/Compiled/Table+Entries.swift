/// A table's merged entries as a whole, for writing a compiled catalog.
extension Table {
    /// Every entry after merging the sources (or of the compiled table).
    var allEntries: [StoredEntry] {
        if let compiled { return compiled.allEntries }
        if let mapped { return mapped.allEntries }
        return Array(index.entries)
    }

    /// The SPLocalizedString plural groups, by `(context)key`.
    var allPluralGroups: [(key: CText, entry: StoredEntry)] {
        if let compiled { return compiled.allGroups }
        if mapped != nil { return [] }  // gettext keys have no `(context##category)` variants
        return Array(zip(pluralGroups.keyTexts, pluralGroups.entries))
    }
}

