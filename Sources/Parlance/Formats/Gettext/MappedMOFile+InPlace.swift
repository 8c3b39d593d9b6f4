#if canImport(Glibc)
import Glibc
#endif

/// A UTF-8 `.mo` is a table served in place: gettext's storage capability.
extension MappedMOFile: InPlaceTable {
    var inPlaceStorage: InPlaceStorage { .mo(.passUnretained(self)) }

    @inline(__always)
    func text(_ key: KeyBytes) -> UnsafePointer<CChar>? { translation(of: key)?.pointer }

    /// gettext keys have no `(context##category)` variants.
    var hasGroups: Bool { false }
    func group(_ key: KeyBytes) -> StoredEntry? { nil }
    var allGroups: [(key: CText, entry: StoredEntry)] { [] }

    /// Walks the translation's NUL-separated forms, as libintl does.
    @inline(__always)
    func fastPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, spellings: KeySpellings,
                    category: ((PluralCategory) -> Bool) -> PluralCategory?, gettextIndex: () -> Int) -> FastPlural {
        guard let translation = spellings.first(key: key, context: context, { translation(of: $0) }) else {
            return .missing
        }
        let index = gettextIndex()
        // The forms up to the one chosen, walked as libintl walks them.
        var form = translation.pointer, seen = 1
        let end = translation.pointer + translation.count
        while seen <= index {
            let next = form + strlen(form) + 1
            if next >= end { break }
            form = next
            seen += 1
        }
        // The forms counted so far decide with libintl's rule (`gettextForm`).
        return .found(PluralSelection.gettextForm(index, count: seen) == index ? form : translation.pointer)
    }

    /// The file as a source served in place.
    var inPlaceSource: InPlaceSource {
        InPlaceSource(table: self, owner: self, id: path, format: .mo, formula: formula,
                      spellings: KeySpellings(keyValue: false, gettext: true))
    }
}

extension MOTableFormat {
    /// The `.mo` at `path` served in place, or nil when it cannot be (not UTF-8):
    /// then it is read as other files are.
    package func servedInPlace(file path: String) throws(ParlanceError) -> InPlaceSource? {
        try MappedMOFile.map(path)?.inPlaceSource
    }
}
