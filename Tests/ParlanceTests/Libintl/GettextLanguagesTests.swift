import Testing
@testable import Parlance

/// Which languages the libintl functions answer a thread in: glibc's
/// `guess_category_value` order, and Parlance's two choices before it.
@Suite struct GettextLanguagesTests {
    static func languages(_ variables: [String: String], chosen: [String]? = nil) -> GettextLanguages {
        GettextLanguages(chosen: chosen) { variables[$0] }
    }

    @Test func aThreadLocaleIsGlibcsCategoryValue() {
        let none = Self.languages([:])
        #expect(none.languages(for: .thread("de_DE.UTF-8")) == ["de_DE.UTF-8"])
        #expect(none.languages(for: .thread("C")) == [])
        #expect(none.languages(for: .thread("POSIX")) == [])
        // LANGUAGE counts unless the locale is exactly C; C.UTF-8 keeps it.
        let listed = Self.languages(["LANGUAGE": "fr:C:de", "LANG": "ru_RU.UTF-8"])
        #expect(listed.languages(for: .thread("de_DE.UTF-8")) == ["fr"])
        #expect(listed.languages(for: .thread("C.UTF-8")) == ["fr"])
        #expect(listed.languages(for: .thread("C")) == [])
    }

    @Test func theProcessChoiceIsForThreadsWithoutTheirOwnLocale() {
        let chosen = Self.languages(["LANGUAGE": "fr"], chosen: ["ar", "en"])
        #expect(chosen.languages(for: .global("C")) == ["ar", "en"])
        #expect(chosen.languages(for: .global("de_DE.UTF-8")) == ["ar", "en"])
        #expect(chosen.languages(for: .thread("de_DE.UTF-8")) == ["fr"])
        #expect(chosen.languages(for: .chosen("pt_BR:pt")) == ["pt_BR", "pt"])
    }

    @Test func aGlobalCLocaleReadsTheVariablesDirectly() {
        // No setlocale() call yet, or the locale is not installed: the variables name it.
        let set = Self.languages(["LC_MESSAGES": "", "LANG": "de_AT.UTF-8"])
        #expect(set.languages(for: .global("C")) == ["de_AT.UTF-8"])
        // A global locale that is not C is glibc's answer, whatever LANG says.
        #expect(set.languages(for: .global("fr_FR.UTF-8")) == ["fr_FR.UTF-8"])
        #expect(Self.languages(["LC_ALL": "C", "LANGUAGE": "de"]).languages(for: .global("C")) == [])
        #expect(Self.languages([:]).languages(for: .global("C")) == [])
        // C.UTF-8 names no language either; without a variable it keeps LANGUAGE, as in glibc.
        #expect(set.languages(for: .global("C.UTF-8")) == ["de_AT.UTF-8"])
        #expect(Self.languages(["LANGUAGE": "de"]).languages(for: .global("C.UTF-8")) == ["de"])
        #expect(Self.languages(["LANGUAGE": "de", "LC_ALL": "C"]).languages(for: .global("C.UTF-8")) == [])
    }

    @Test func aChosenListEndsAtC() {
        #expect(Self.languages([:]).languages(for: .chosen("C:de")) == [])
        #expect(Self.languages([:]).languages(for: .chosen("xx:C:de")) == ["xx"])
    }
}
