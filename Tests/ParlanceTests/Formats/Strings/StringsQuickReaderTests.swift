import Foundation
import Testing
@testable import Parlance

extension LoadingTests {
    /// The quick `.strings` reader (the catalogs' path) gives exactly the
    /// table the full reader gives, for every file it takes, and what
    /// Foundation reads; it leaves every other file to the full reader.
    @Suite struct StringsQuickReaderTests {
        /// Stored key → value, as the catalog stores them.
        static func rows(_ entries: [StoredEntry]) -> [String: String] {
            var rows: [String: String] = [:]
            for entry in entries {
                guard case .text(let text) = entry.value else { continue }
                rows[entry.storedKey.string] = text.string
            }
            return rows
        }

        /// The full reader's table as the catalog stores it (the last of a key twice), or nil when it refuses the file.
        static func full(_ bytes: [UInt8]) -> [String: String]? {
            guard let table = try? TableFormat.strings.read(bytes, path: "t.strings", quick: false) else { return nil }
            let source = TableSource(id: "t.strings", format: .strings, order: 0, parsed: table)
            return withExtendedLifetime(source) { rows(source.entries) }   // the entries point into its arena
        }

        /// The full reader's notes for translators by stored key (the last of a key twice).
        static func fullNotes(_ bytes: [UInt8]) -> [String: String]? {
            guard let table = try? TableFormat.strings.read(bytes, path: "t.strings", quick: false) else { return nil }
            let source = TableSource(id: "t.strings", format: .strings, order: 0, parsed: table)
            return withExtendedLifetime(source) { Dictionary(source.notes.map { ($0.key.string, $0.note) }, uniquingKeysWith: { $1 }) }
        }

        /// Checks one file; returns whether the quick reader took it.
        @discardableResult
        static func check(_ bytes: [UInt8], _ name: String) -> Bool {
            guard let quick = bytes.withUnsafeBufferPointer(StringsFile.quickTable) else { return false }
            let expected = full(bytes)
            #expect(expected != nil, "\(name): the quick reader took a file the full reader refuses")
            #expect(rows(quick.entries) == expected, "\(name)")
            #expect(quick.entries.count == expected?.count, "\(name): the same key twice")
            #expect(quick.index != nil, "\(name)")
            let notes = Dictionary(quick.notes.map { ($0.key.string, $0.note) }, uniquingKeysWith: { $1 })
            #expect(notes == fullNotes(bytes), "\(name): the notes for translators")
            return true
        }

        @Test func everyConstruct() {
            let cases: [(String, Bool)] = [
                ("\"a\" = \"A\";", true),
                ("", true),
                ("// only a comment\n/* and another */\n", true),
                ("\u{FEFF}\"bom\" = \"B\";\r\n", true),
                ("/* note */\n\"key\" = \"value\";\n// x\n\"k2\"\t=\t\"v2\" ;\n", true),
                ("/*  spaced\n  note  */ // and this\n\"a\" /* between */ = \"A\"; /* for b */ \"b\" = \"B\";\n/* at the end */", true),
                ("/**/\n// \n\"empty notes\" = \"E\";", true),
                ("\"same\";", true),
                ("\"esc\" = \"nl\\n tab\\t cr\\r q\\\" s\\' bs\\\\ a\\a b\\b f\\f v\\v\";", true),
                ("\"u\" = \"\\U00e9\\U2026\\UFFFD\";", true),
                ("\"multi\" = \"line one\nline two\r\nthree\";", true),
                ("\"ключ\" = \"значение 値 😀\";", true),
                ("\"e\\U0301\" = \"decomposed key\";", true),
                ("\"e\u{301}\" = \"raw decomposed key\";", true),
                ("\"(ctx)key\" = \"context\"; \"(ctx##one)n\" = \"one\"; \"(ctx##other)n\" = \"other\";", true),
                ("\"\" = \"empty key\"; \"empty\" = \"\";", true),
                // To the full reader:
                ("\"dup\" = \"1\"; \"dup\" = \"2\";", false),
                ("unquoted = \"x\";", false),
                ("'single' = 'x';", false),
                ("{ \"wrapped\" = \"x\"; }", false),
                ("\"oct\" = \"\\101\";", false),
                ("\"short\" = \"\\U41\";", false),
                ("\"surrogate\" = \"\\Ud83d\\Ude00\";", false),
                ("\"nul\" = \"\\U0000\";", false),
                ("\"bsnl\" = \"a\\\nb\";", false),
                ("\"other\" = \"\\q\";", false),
                ("\"missing\" = \"semicolon\"", false),
                ("\"a\" = \"A\"; @", false),
                ("\"sep\" = \"x\";\u{2028}", false),
                ("\"open\" = \"x", false),
                ("/* open", false),
                ("<?xml version=\"1.0\"?><plist><dict/></plist>", false),
                ("\"nul\" = \"a\u{0}b\";", false),
            ]
            for (text, taken) in cases {
                #expect(Self.check(Array(text.utf8), text.debugDescription) == taken, "\(text.debugDescription)")
            }
            // Not UTF-8 (UTF-16 with a byte order mark): the full reader transcodes it.
            #expect(Self.check(utf16("\"a\" = \"b\";", bigEndian: false, byteOrderMark: true), "utf16") == false)
        }

        @Test func randomFilesReadAsTheFullReaderAndFoundationRead() {
            var writer = StringsRandomReferenceTests.Writer(rng: SeededGenerator(seed: 0x51A1_2026))
            var taken = 0
            for _ in 0..<1500 {
                let (text, _) = writer.file()
                let bytes = Array(text.utf8)
                guard Self.check(bytes, text.debugDescription) else { continue }
                taken += 1
                if !text.isEmpty, let quick = bytes.withUnsafeBufferPointer(StringsFile.quickTable) {
                    // Foundation's keys are not normalized: compare where every key is NFC already.
                    let reference = FoundationReference.table(bytes)
                    if let reference, reference.keys.allSatisfy({ NormalForm.nfc($0) == $0 }) {
                        #expect(Self.rows(quick.entries) == reference, "\(text.debugDescription)")
                    }
                }
            }
            #expect(taken > 80)   // the generator favours what only the full reader reads
        }

        @Test func realFilesAreTakenAndReadTheSame() throws {
            var taken = 0, files = 0
            for root in ["Tests/Fixtures", "Examples"] {
                for path in Fixtures.files(under: Fixtures.repository + "/" + root, extension: "strings") {
                    files += 1
                    if Self.check(try FileSystem.read(path), path) { taken += 1 }
                }
            }
            #expect(files > 20)
            #expect(taken * 4 > files * 3, "\(taken) of \(files)")
        }
    }
}
