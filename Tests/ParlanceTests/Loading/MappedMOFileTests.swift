import Foundation
import Testing
@testable import Parlance

/// The in-place `.mo` reader finds exactly what the eager reader reads.
extension GettextTests {
    @Suite struct MappedMOFileTests {
        static let sources = Fixtures.repository + "/Tests/Fixtures/libintl"

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
            let mapped = try #require(try MappedMOFile.open(path))
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

        @Test func nonUTF8CatalogsAreLeftToTheConvertingReader() throws {
            let directory = try GettextTools.temporaryDirectory()
            let po = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.sources)/ru.po")))  // KOI8-R
            let path = directory + "/ru.mo"
            try Data(try GettextTools.compile(po, in: directory)).write(to: URL(fileURLWithPath: path))
            #expect(try MappedMOFile.open(path) == nil)
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
                guard let file = try? MappedMOFile.open(path) else { continue }
                for key in ["Open", "%d file", "", "Fuzzy"] { _ = texts(file, key, context: nil) }
                _ = texts(file, "Open", context: "menu")
            }
        }
    }
}
