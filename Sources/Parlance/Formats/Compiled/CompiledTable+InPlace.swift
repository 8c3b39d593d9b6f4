/// A table of a compiled catalog is a table served in place: the compiled
/// format's storage capability.
extension CompiledTable: InPlaceTable {
    var inPlaceStorage: InPlaceStorage { .compiled(.passUnretained(self)) }

    func entry(_ key: KeyBytes) -> StoredEntry? { find(key) }

    var hasGroups: Bool { groupCount > 0 }

    /// Reads the plural from the table's records in place.
    @inline(__always)
    func fastPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, spellings: KeySpellings,
                    category: ((PluralCategory) -> Bool) -> PluralCategory?, gettextIndex: () -> Int) -> FastPlural {
        let position = spellings.first(key: key, context: context) { bytes -> Int? in
            let found = self.position(of: bytes)
            return found >= 0 ? found : nil
        } ?? -1
        guard position >= 0 else { return groupCount > 0 ? .general : .missing }
        let form = fastForm(at: position, groupsMatter: groupCount > 0, category: category, gettextIndex: gettextIndex)
        switch form {
        case .text(let text): return .found(text)
        case .missing: return groupCount > 0 ? .general : .missing
        case .general: return .general
        }
    }
}

extension CompiledCatalogFile {
    /// Each table of the file as a source served in place, the file keeping their memory.
    var inPlaceSources: [(locale: String, name: String, source: InPlaceSource)] {
        tables.map { entry in
            (locale: entry.locale, name: entry.name,
             source: InPlaceSource(table: entry.table, owner: self, id: path + "#" + entry.locale + "/" + entry.name,
                           format: .compiled, formula: entry.formula,
                           spellings: KeySpellings(keyValue: entry.table.hasKeyValueSources,
                                                   gettext: entry.table.hasGettextSources)))
        }
    }
}
