import Foundation
import Testing
@testable import Parlance

/// The in-place `.mo` reader finds exactly what the eager reader reads.
extension GettextTests {
    @Suite struct MappedMOFileTests {
        static let sources = Fixtures.repository + "/Tests/Fixtures/libintl"

        /// What a lookup serves for `key` (`translation(of:)`, the path a
        /// catalog's lookups take), its forms split.
        func served(_ file: MappedMOFile, _ key: String) -> [String]? {
            var key = key
            return key.withUTF8 { key in
                guard let translation = file.translation(of: KeyBytes(p0: UnsafeRawBufferPointer(key))) else { return nil }
                let raw = UnsafeRawBufferPointer(start: translation.pointer, count: translation.count)
                return raw.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            }
        }

        func texts(_ file: MappedMOFile, _ key: String, context: String?) -> [String]? {
            withKeyBytes(key, context) { key, context in
                let bytes = context.map { KeyBytes.gettext(context: $0, key: key) } ?? KeyBytes(p0: key)
                guard let index = file.find(bytes), let translation = file.translation(at: index) else { return nil }
                let raw = UnsafeRawBufferPointer(start: translation.pointer, count: translation.count)
                return raw.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            }
        }

        @Test(arguments: ["de", "ar", "xx", "yy"], [false, true])
        func findsWhatTheEagerReaderReads(_ language: String, _ bigEndian: Bool) throws {
            let directory = try GettextTools.temporaryDirectory()
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/\(language).po")))
            let mo = try GettextTools.compile(po, bigEndian: bigEndian, in: directory)
            let path = directory + "/\(language).mo"
            try Data(mo).write(to: URL(fileURLWithPath: path))
            let eager = try MOFile.parse(mo, path: path)
            let mapped = try #require(try MappedMOFile.map(path))
            #expect(mapped.formula == eager.formula)
            for entry in eager.entries {
                let expected: [String]
                switch entry.value {
                case .text(let text): expected = [text]
                case .gettextPlural(let forms): expected = forms
                default: Issue.record("unexpected entry kind"); continue
                }
                #expect(texts(mapped, entry.key, context: entry.context) == expected, "\(entry.key)")
            }
            #expect(texts(mapped, "no such message", context: nil) == nil)
            #expect(texts(mapped, "Open", context: "no such context") == nil)
        }

        /// A `.mo` handed over as bytes is copied once and served like a
        /// mapped file: the same answers; an image cut short is an error
        /// (no path: the bytes have none) and the catalog keeps serving.
        @Test(arguments: ["de", "ar"])
        func bytesAreServedAsTheFileIs(_ language: String) throws {
            let directory = try GettextTools.temporaryDirectory()
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/\(language).po")))
            let mo = try GettextTools.compile(po, in: directory)
            let eager = try MOFile.parse(mo, path: nil)
            let copied = try #require(try mo.withUnsafeBytes { try MappedMOFile.copy($0, id: "<memory>") })
            for entry in eager.entries {
                guard case .text(let text) = entry.value else { continue }
                #expect(texts(copied, entry.key, context: entry.context) == [text], "\(entry.key)")
            }
            let catalog = Catalog()
            try catalog.load(bytes: mo, locale: language, table: "app", format: .mo)
            let localizer = try Localizer(catalog: catalog, locales: [language])
            let served = eager.entries.compactMap { entry -> (String, String?, String)? in
                guard case .text(let text) = entry.value, !entry.key.isEmpty else { return nil }
                return (entry.key, entry.context, text)
            }
            for (key, context, text) in served {
                #expect(localizer.text(key, context: context, table: "app") == text)
            }
            let cut = Array(mo[..<(mo.count * 2 / 3)])
            #expect(throws: ParlanceError.self) { try catalog.load(bytes: cut, locale: language, table: "app", format: .mo) }
            do {
                try catalog.load(bytes: cut, locale: language, table: "app", format: .mo)
            } catch {
                #expect(error.message.hasPrefix("corrupt .mo file:"), "\(error.message)")
                #expect(error.path == nil)
            }
            for (key, context, text) in served {
                #expect(localizer.text(key, context: context, table: "app") == text)
            }
        }

        /// The answer of the file's own index: a fresh mapping's first lookup
        /// of `key`, before anything is recorded.
        func firstAnswer(_ path: String, _ key: String, context: String?) throws -> [String]? {
            texts(try #require(try MappedMOFile.map(path)), key, context: context)
        }

        /// Found keys are recorded, and a small file is indexed whole on its
        /// first miss: the answers stay exactly those of a fresh file's first
        /// lookup in either order, for msgfmt's files and for files without a
        /// hash table whose originals are out of order or repeated (indexed
        /// whole at open: every key found, the last of duplicates wins).
        @Test(arguments: ["de", "ar", "xx", "yy", "duplicates", "unsorted"])
        func recordsAnswerAsTheFilesOwnIndex(_ name: String) throws {
            let directory = try GettextTools.temporaryDirectory()
            let path = directory + "/\(name).mo"
            var keys: [(String, String?)] = [("no such message", nil), ("Open", "no such context")]
            switch name {
            case "duplicates", "unsorted":
                let pairs: [(original: [UInt8], translation: [UInt8])] = [
                    ([], Array("Content-Type: text/plain; charset=UTF-8\n".utf8)),
                    (Array("b".utf8), Array("B".utf8)), (Array("a".utf8), Array("A1".utf8)),
                    (Array("a".utf8), Array("A2".utf8)), (Array("c".utf8), Array("C".utf8)),
                    (Array("ctx\u{4}a".utf8), Array("CA".utf8)),
                ]
                try Data(MOWriter.write(pairs, sorted: name == "duplicates")).write(to: URL(fileURLWithPath: path))
                keys += [("a", nil), ("b", nil), ("c", nil), ("a", "ctx")]
            default:
                let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/\(name).po")))
                let mo = try GettextTools.compile(po, in: directory)
                try Data(mo).write(to: URL(fileURLWithPath: path))
                keys += try MOFile.parse(mo, path: path).entries.map { ($0.key, $0.context) }
            }
            let expected = try keys.map { try firstAnswer(path, $0.0, context: $0.1) }
            // Binary search would miss some of these; the last "a" of the file wins.
            if name == "unsorted" { #expect(expected.suffix(4) == [["A2"], ["B"], ["C"], ["CA"]]) }
            if name == "duplicates" { #expect(!expected.suffix(4).contains { $0 == nil }) }
            for missFirst in [true, false] {
                let file = try #require(try MappedMOFile.map(path))
                let order = missFirst ? keys.indices.map { $0 } : keys.indices.reversed()
                for _ in 0..<2 {
                    for index in order {
                        #expect(texts(file, keys[index].0, context: keys[index].1) == expected[index], "\(keys[index])")
                    }
                }
            }
        }

        /// A file too large to be indexed whole on a miss is complete once every
        /// message has been found: misses then read the record alone, and
        /// every answer stays right.
        @Test func aLargeFileCompletesItsRecordAsKeysAreFound() throws {
            let directory = try GettextTools.temporaryDirectory()
            let count = MappedMOFile.completeLimit + 100
            var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            for index in 0..<count { po += "\nmsgid \"key \(index)\"\nmsgstr \"value \(index)\"\n" }
            let path = directory + "/large.mo"
            try Data(try GettextTools.compile(Array(po.utf8), in: directory)).write(to: URL(fileURLWithPath: path))
            let file = try #require(try MappedMOFile.map(path))
            #expect(texts(file, "missing 1", context: nil) == nil)   // too large to index whole
            #expect(!file.recordIsComplete)
            for index in 0..<count { #expect(texts(file, "key \(index)", context: nil) == ["value \(index)"]) }
            #expect(file.recordIsComplete)   // the first key found, kept aside, was recorded too
            for index in 0..<100 { #expect(texts(file, "missing \(index)", context: nil) == nil) }
            for index in stride(from: 0, to: count, by: 97) {
                #expect(texts(file, "key \(index)", context: nil) == ["value \(index)"])
            }
        }

        /// A file read as lookups need it reads its header and its first
        /// lookups as pieces, not pages: every answer is the file's, in
        /// both byte orders, before and after the pieces' budget is spent,
        /// and the plural formula is the header's.
        @Test(arguments: [300, 1_400, 1_700], [false, true])
        func theFirstLookupsReadPiecesAndEveryKeyIsServed(_ count: Int, _ bigEndian: Bool) throws {
            let directory = try GettextTools.temporaryDirectory()
            var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            po += "\"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n\"\n"
            for index in 0..<count {
                po += "\nmsgid \"key \(index) of a catalog read as it is needed\"\nmsgstr \"value \(index) of that catalog\"\n"
            }
            let mo = try GettextTools.compile(Array(po.utf8), bigEndian: bigEndian, in: directory)
            #expect(mo.count > PrivateBytes.wholeLimit)
            let path = directory + "/index.mo"
            try Data(mo).write(to: URL(fileURLWithPath: path))
            let file = try #require(try MappedMOFile.map(path))
            #expect(file.formula.evaluate(2) == 1)
            #expect(served(file, "key 7 of a catalog read as it is needed") == ["value 7 of that catalog"])
            #expect(file.foundAsPieces == 1 && !file.recordsFoundKeys)
            #expect(served(file, "key 7 of a catalog read as it is needed") == ["value 7 of that catalog"])
            #expect(file.foundAsPieces == 1)
            var mostPieces = 0
            for index in 0..<count {
                #expect(served(file, "key \(index) of a catalog read as it is needed") == ["value \(index) of that catalog"])
                mostPieces = max(mostPieces, file.foundAsPieces)
            }
            // The budget read a few lookups as pieces; the table made since recorded them.
            #expect(file.recordsFoundKeys)
            #expect(mostPieces > 5 && mostPieces < 40)
            #expect(file.foundAsPieces == 0)
            #expect(served(file, "key \(count) of a catalog read as it is needed") == nil)
            for index in stride(from: 0, to: count, by: 7) {
                #expect(served(file, "key \(index) of a catalog read as it is needed") == ["value \(index) of that catalog"])
            }
        }

        /// The German fixture compiled by msgfmt into a fresh folder: the
        /// folder, the `.mo`'s path and its keys.
        func germanFixture() throws -> (directory: String, path: String, keys: [(String, String?)]) {
            let directory = try GettextTools.temporaryDirectory()
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/de.po")))
            let mo = try GettextTools.compile(po, in: directory)
            let path = directory + "/de.mo"
            try Data(mo).write(to: URL(fileURLWithPath: path))
            return (directory, path, try MOFile.parse(mo, path: path).entries.map { ($0.key, $0.context) })
        }

        /// The found-keys table is made at the second lookup that finds a
        /// key through the file's own index (the same key again counts),
        /// not at open nor at the first (the header's lookup at open does
        /// not count): a program that shows one string never makes it. A
        /// miss that indexes a small file whole makes it, and a file without
        /// a hash table has it from open. The answers are the file's
        /// throughout.
        @Test func theFoundKeysTableIsMadeAtTheSecondFind() throws {
            let (directory, path, keys) = try germanFixture()
            try #require(keys.count >= 2)
            let expected = try keys.map { try firstAnswer(path, $0.0, context: $0.1) }

            let file = try #require(try MappedMOFile.map(path))
            #expect(file.header != nil)
            #expect(!file.recordsFoundKeys)
            #expect(texts(file, keys[0].0, context: keys[0].1) == expected[0])
            #expect(!file.recordsFoundKeys)
            #expect(texts(file, keys[1].0, context: keys[1].1) == expected[1])
            #expect(file.recordsFoundKeys)

            let again = try #require(try MappedMOFile.map(path))   // the same key found twice
            for _ in 0..<3 { #expect(texts(again, keys[0].0, context: keys[0].1) == expected[0]) }
            #expect(again.recordsFoundKeys)
            for (index, key) in keys.enumerated() { #expect(texts(file, key.0, context: key.1) == expected[index]) }

            let missing = try #require(try MappedMOFile.map(path))
            #expect(texts(missing, "no such message", context: nil) == nil)
            #expect(missing.recordsFoundKeys)   // indexed whole on its first miss
            for (index, key) in keys.enumerated() { #expect(texts(missing, key.0, context: key.1) == expected[index]) }

            let unhashed = directory + "/unhashed.mo"
            let pairs: [(original: [UInt8], translation: [UInt8])] = [
                ([], Array("Content-Type: text/plain; charset=UTF-8\n".utf8)), (Array("a".utf8), Array("A".utf8)),
            ]
            try Data(MOWriter.write(pairs, sorted: true)).write(to: URL(fileURLWithPath: unhashed))
            let withoutHash = try #require(try MappedMOFile.map(unhashed))
            #expect(withoutHash.recordsFoundKeys)
            #expect(texts(withoutHash, "a", context: nil) == ["A"])
        }

        /// Threads finding keys on a fresh file at once all get the right answers.
        @Test func concurrentFirstLookupsAgree() throws {
            let (_, path, found) = try germanFixture()
            let keys = found + [("missing", nil)]
            let expected = try keys.map { try firstAnswer(path, $0.0, context: $0.1) }
            for _ in 0..<20 {
                let file = try #require(try MappedMOFile.map(path))
                let wrong = Locked(0)
                DispatchQueue.concurrentPerform(iterations: 8) { thread in
                    for step in 0..<(keys.count * 4) {
                        let index = (step * (thread + 1) + thread) % keys.count
                        if texts(file, keys[index].0, context: keys[index].1) != expected[index] { wrong.withLock { $0 += 1 } }
                    }
                }
                #expect(wrong.withLock { $0 } == 0)
            }
        }

        @Test func nonUTF8CatalogsAreLeftToTheConvertingReader() throws {
            let directory = try GettextTools.temporaryDirectory()
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/ru.po")))  // KOI8-R
            let path = directory + "/ru.mo"
            try Data(try GettextTools.compile(po, in: directory)).write(to: URL(fileURLWithPath: path))
            #expect(try MappedMOFile.map(path) == nil)
        }

        @Test func corruptFilesMissOrFailNeverCrash() throws {
            let directory = try GettextTools.temporaryDirectory()
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/de.po")))
            let good = try GettextTools.compile(po, in: directory)
            var generator = SeededGenerator(seed: 42)
            for round in 0..<400 {
                var bytes = good
                if round < good.count {
                    bytes = Array(good.prefix(round))  // every truncation of the start
                } else {
                    for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
                }
                let path = directory + "/corrupt-\(round).mo"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                guard let file = try? MappedMOFile.map(path) else { continue }
                for key in ["Open", "%d file", "", "Fuzzy"] { _ = texts(file, key, context: nil) }
                _ = texts(file, "Open", context: "menu")
            }
        }
    }
}
