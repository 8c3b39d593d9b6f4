/// A table's merged entries as a whole, for writing a compiled catalog.
extension Table {
    /// Every entry after merging the sources (or of the compiled table).
    var allEntries: [StoredEntry] {
        if let compiled { return compiled.allEntries }
        if mapped != nil { return readWhole()?.allEntries ?? [] }
        return Array(index.entries)
    }

    /// The SPLocalizedString plural groups, by `(context)key`.
    var allPluralGroups: [(key: CText, entry: StoredEntry)] {
        if let compiled { return compiled.allGroups }
        if mapped != nil { return readWhole()?.allPluralGroups ?? [] }
        return Array(zip(pluralGroups.keyTexts, pluralGroups.entries))
    }
}

