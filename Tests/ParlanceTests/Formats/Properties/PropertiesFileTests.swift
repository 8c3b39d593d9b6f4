import Testing
@testable import Parlance

/// Expected values are what OpenJDK 17's `PropertyResourceBundle` returns
/// for the same bytes (`getString`, every key).
private func values(_ bytes: [UInt8]) -> [String: String] {
    var found: [String: String] = [:]
    for entry in PropertiesFile.parse(bytes, path: "t.properties") {
        guard case .text(let text) = entry.value else { continue }
        found[entry.key] = text
    }
    return found
}

private func values(_ text: String) -> [String: String] { values(Array(text.utf8)) }

@Suite struct PropertiesFileTests {
    @Test func separatorsWhiteSpaceAndEscapes() {
        let found = values("a=1\nb:2\nc 3\n  d\t=\t4\ne\\ f=5\n# comment\n! bang\ng = multi\\\n   line\\\n\tend\n"
                           + "h=\\u0041\\u00e9\\uD83D\\uDE00\ni=\\t\\n\\r\\f\\x\\\\\nk\nl=\nm==n\no : : p\n")
        #expect(found == ["a": "1", "b": "2", "c": "3", "d": "4", "e f": "5", "g": "multilineend", "h": "Aé😀",
                          "i": "\t\n\r\u{0C}x\\", "k": "", "l": "", "m": "=n", "o": ": p"])
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() {
        // Java keeps the lone UTF-16 units; only valid UTF-8 leaves Parlance.
        #expect(values("j=lone\\uD800x") == ["j": "lone\u{FFFD}x"])
        #expect(values("a=\\u00E9\\uDE00\\uD83D") == ["a": "é\u{FFFD}\u{FFFD}"])
    }

    @Test func continuationLines() {
        // An even number of backslashes ends the line; an odd one goes on.
        #expect(values("a=x\\\\\nb=y\\\\\\\nz\n") == ["a": "x\\", "b": "y\\z"])
        #expect(values("a=1\r\nb=2\rc=3\\\r\n  4") == ["a": "1", "b": "2", "c": "34"])
        #expect(values("a=1\\") == ["a": "1"])
        // A comment never goes on; a continued line starting with # is text; a blank line ends the entry.
        #expect(values("# c \\\nx=1") == ["x": "1"])
        #expect(values("a=1\\\n#2") == ["a": "1#2"])
        #expect(values("a=b\\\n\nc=d") == ["a": "b", "c": "d"])
    }

    @Test func duplicatesAreAllReadAndTheLastWins() {
        let entries = PropertiesFile.parse(Array("a=1\na=2".utf8), path: nil)
        #expect(entries.map(\.key) == ["a", "a"])
        #expect(values("a=1\na=2") == ["a": "2"])
    }

    @Test func encodingIsUTF8ElseLatin1() {
        // A byte order mark is kept, as Java's UTF-8 decoder keeps it: it begins the first key.
        #expect(values([0xEF, 0xBB, 0xBF] + Array("a=1".utf8)) == ["\u{FEFF}a": "1"])
        #expect(values(Array("a=caf".utf8) + [0xE9, 0x0A] + Array("b=".utf8) + [0xC3, 0xA9, 0x0A]) == ["a": "café", "b": "Ã©"])
        #expect(values(Array("a=café {0}".utf8)) == ["a": "café {0}"])
    }

    @Test func malformedUnicodeEscapeCostsOnlyItsEntry() {
        // Java refuses the whole file (IllegalArgumentException); Parlance keeps the rest and says where.
        let (entries, errors) = PropertiesFile.parseReportingErrors(Array("a=1\nb=\\u12\nc=\\uXYZW3".utf8), path: "m.properties")
        #expect(entries.map(\.key) == ["a"])
        #expect(errors.count == 2)
        #expect(errors.first?.line == 2)
        #expect(errors.first?.path == "m.properties")
    }

    @Test func commentsBeforeAnEntryAreItsNote() {
        let entries = PropertiesFile.parse(Array("# Title of the window\n! shown on top\ntitle=Hello\n\n# lost\n\nok=OK\n".utf8), path: nil)
        #expect(entries.map(\.comment) == ["Title of the window\nshown on top", nil])
        #expect(entries.map(\.line) == [3, 7])
    }

    @Test func bundleNames() {
        let names = ["messages.properties", "messages_de.properties", "messages_pt_BR.properties", "messages_sr_Latn_RS.properties",
                     "messages_iw.properties", "messages_no_NO_NY.properties", "messages_ja_JP_JP.properties",
                     "admin_messages_fr.properties", "notes.txt", "package.properties"]
        let found = PropertiesFile.bundles(in: names)
        #expect(found.map(\.table) == ["messages", "messages", "messages", "messages", "messages", "messages", "messages",
                                       "admin_messages", "package"])
        #expect(found.map(\.locale) == ["und", "de", "pt-BR", "sr-Latn-RS", "he", "nn-NO", "ja-JP-u-ca-japanese", "fr", "und"])
        #expect(PropertiesFile.locale(suffix: "de_CH_POSIX") != nil)
        #expect(PropertiesFile.locale(suffix: "Admin") == nil)
    }
}
