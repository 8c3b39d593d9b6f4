import Testing
@testable import Parlance

/// The substring searches written on the standard library alone
/// (`Collection+Occurrences.swift`) answer as _StringProcessing's, which the
/// tests import (the library's build does not): the same ranges, the same
/// pieces, Characters compared as Characters.
@Suite struct CollectionOccurrencesTests {
    static let texts = ["", "a", "|==|", "key|==|plural.one", "a-per-b-per-c", "-per-", "-per--per-", "x-per-",
                        "/a:dict/b:dict/c", "{{a}} and {{b}}", "{{{", "e\u{301}{{", "{{\u{301}x", "caf\u{E9}#@", "#\u{301}@",
                        "encoding=\"UTF-8\"", "aaa", "::dict/:dict/"]
    static let needles = ["|==|", "-per-", ":dict/", "{{", "}}", "#@", "encoding", "aa", "e", "\u{E9}", "x"]

    @Test func firstOccurrenceIsFirstRange() {
        for text in Self.texts {
            for needle in Self.needles {
                #expect(text.firstOccurrence(of: needle) == text.firstRange(of: needle), "\(text) / \(needle)")
                #expect(text.containsOccurrence(of: needle) == text.contains(needle), "\(text) / \(needle)")
                let bytes = Array(text.utf8)
                #expect(bytes.firstOccurrence(of: needle.utf8) == bytes.firstRange(of: Array(needle.utf8)), "\(text) / \(needle)")
            }
        }
        #expect("abc".firstOccurrence(of: "") == nil)
    }

    /// The search of a literal in bytes (`memchr` and `memcmp`, what a
    /// catalog header's `plural=` and `charset=` are found with) finds
    /// what the generic search finds, at the start, the end, overlapping
    /// and nowhere.
    @Test func literalSearchInBytesIsTheGenericSearch() {
        let texts = Self.texts + ["nplurals=2; plural=(n != 1);", "plural=", "xplural", "pluralplural=",
                                  "Content-Type: text/plain; charset=UTF-8\n", "charset", "ccharset=", "c"]
        func check(_ needle: StaticString) {
            let generic = Array(UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
            for text in texts {
                let bytes = Array(text.utf8)
                #expect(bytes.firstOccurrence(of: needle) == bytes.firstOccurrence(of: generic), "\(text) / \(needle)")
            }
        }
        check("plural=")
        check("nplurals=")
        check("charset=")
        check("|==|")
        check("aa")
        check("e")
        check("c")
        #expect([UInt8]().firstOccurrence(of: "a") == nil)
        #expect(Array("abc".utf8).firstOccurrence(of: "") == nil)
    }

    @Test func splitCutsAsSplit() {
        for text in Self.texts {
            for needle in Self.needles {
                for omitting in [false, true] {
                    for maxSplits in [0, 1, 2, Int.max] {
                        let ours = text.split(atOccurrencesOf: needle, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                        let theirs = text.split(separator: needle, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                        #expect(ours.map(String.init) == theirs.map(String.init), "\(text) / \(needle) / \(maxSplits) / \(omitting)")
                    }
                }
            }
        }
    }

    /// A separator of one element cuts as the standard library's own split.
    @Test func oneElementSeparatorIsStandardSplit() {
        for text in Self.texts + ["a..b.", ".", "..", ".a.b..c."] {
            for omitting in [false, true] {
                for maxSplits in [0, 1, 3, Int.max] {
                    let ours = text.split(atOccurrencesOf: ".", maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                    let standard = text.split(separator: Character("."), maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                    #expect(ours == standard, "\(text) / \(maxSplits) / \(omitting)")
                }
            }
        }
    }
}
