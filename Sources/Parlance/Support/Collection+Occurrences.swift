// Searching a collection for a run of elements (a short literal: "{{", "-per-",
// the bytes of "<string"), written on the standard library alone. The generic
// searches of _StringProcessing (`firstRange(of:)`, `contains(_:)` and
// `split(separator:)` taking a string) would link that module, and the regex
// parser and Unicode name tables behind it, into libparlance.so and the CLI:
// about 1.5 MB of each. The build does not import it implicitly
// (-disable-implicit-string-processing-module-import, Makefile).
// Elements compare as the collection's own: Characters for strings, as
// _StringProcessing compares them. Naive search: the needles are literals of
// a few elements, so the cost stays linear in the searched text.

extension Collection where Element: Equatable {
    /// The first occurrence of `needle`; nil when there is none or `needle` is empty.
    package func firstOccurrence<Needle: Collection>(of needle: Needle) -> Range<Index>? where Needle.Element == Element {
        guard let first = needle.first else { return nil }
        var from = startIndex
        while let found = self[from...].firstIndex(of: first) {
            if self[found...].starts(with: needle) {
                return found..<index(found, offsetBy: needle.count)
            }
            from = index(after: found)
        }
        return nil
    }

    /// Whether `needle` occurs (false for an empty `needle`).
    package func containsOccurrence<Needle: Collection>(of needle: Needle) -> Bool where Needle.Element == Element {
        firstOccurrence(of: needle) != nil
    }

    /// The pieces between the occurrences of `separator`, as the standard
    /// library's `split(separator:maxSplits:omittingEmptySubsequences:)`
    /// cuts at one element: at most `maxSplits` cuts, left to right.
    package func split<Separator: Collection>(atOccurrencesOf separator: Separator, maxSplits: Int = .max,
                                              omittingEmptySubsequences: Bool = true) -> [SubSequence]
    where Separator.Element == Element {
        var pieces: [SubSequence] = []
        var start = startIndex
        var from = startIndex
        while pieces.count < maxSplits, let found = self[from...].firstOccurrence(of: separator) {
            if !(omittingEmptySubsequences && start == found.lowerBound) {
                pieces.append(self[start..<found.lowerBound])
            }
            start = found.upperBound
            from = found.upperBound
        }
        if start != endIndex || !omittingEmptySubsequences {
            pieces.append(self[start...])
        }
        return pieces
    }
}
