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

extension Table {
    /// A table served in place from a mapped `.mo`, read whole and indexed
    /// like any other source (nil when the file no longer reads).
    func readWhole() -> Table? {
        guard let mapped, let bytes = try? FileSystem.read(mapped.path),
              let parsed = try? TableFormat.mo.read(bytes, path: mapped.path) else { return nil }
        let source = TableSource(id: mapped.path, format: .mo, order: 0, parsed: parsed)
        return Table(locale: locale, name: name, sources: [source])
    }
}
