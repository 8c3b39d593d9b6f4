#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Searching a collection for a run of elements (a short literal: "{{", "-per-",
// the bytes of "<string"), written on the standard library (and, for a
// literal in bytes, libc's `memchr` and `memcmp`) alone. The generic
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

extension Array where Element == UInt8 {
    /// `firstOccurrence(of:)` for a literal in bytes, with libc's `memchr`
    /// and `memcmp`: the searches of a catalog header at every load
    /// (`plural=`, `charset=`) cost a few hundred instructions, not thousands.
    package func firstOccurrence(of needle: StaticString) -> Range<Int>? {
        let length = needle.utf8CodeUnitCount
        guard length > 0, count >= length else { return nil }
        return withUnsafeBufferPointer { text -> Range<Int>? in
            guard let base = text.baseAddress else { return nil }
            let last = text.count - length     // the last place a match can start
            var at = 0
            while at <= last, let hit = memchr(base + at, Int32(needle.utf8Start.pointee), last - at + 1) {
                at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needle.utf8Start, length) == 0 { return at..<at + length }
                at += 1
            }
            return nil
        }
    }
}
