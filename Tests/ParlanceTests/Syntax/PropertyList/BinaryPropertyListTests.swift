import Foundation
import Testing
@testable import Parlance

/// Assembles a `bplist00` from encoded objects (references are 2 bytes).
func assembleBinaryPlist(_ objects: [[UInt8]], top: Int = 0) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects { offsets.append(out.count); out += object }
    let tableStart = out.count
    for offset in offsets { out += [UInt8(offset >> 24 & 0xFF), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)] }
    func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(v >> ($0 * 8) & 0xFF) } }
    out += [0, 0, 0, 0, 0, 0, 4, 2] + be64(objects.count) + be64(top) + be64(tableStart)
    return out
}

func ref(_ index: Int) -> [UInt8] { [UInt8(index >> 8), UInt8(index & 0xFF)] }

extension LoadingTests {
    @Suite struct BinaryPropertyListTests {
        static func sortedMembers(_ value: PropertyListValue) -> PropertyListValue {
            switch value {
            case .dict(let members):
                return .dict(members.map { .init(key: $0.key, value: sortedMembers($0.value)) }.sorted { $0.key < $1.key })
            case .array(let items): return .array(items.map(sortedMembers))
            default: return value
            }
        }

        @Test func foundationWrittenTablesReadTheSame() throws {
            var rng = SeededGenerator(seed: 42)
            let alphabet = Array("ab \"\\\n😀éж€\u{0}".unicodeScalars)
            for size in [0, 1, 14, 15, 16, 300] {
                var expected: [String: String] = [:]
                for i in 0..<size {
                    var value = String.UnicodeScalarView()
                    for _ in 0..<Int.random(in: 0...40, using: &rng) { value.append(alphabet.randomElement(using: &rng)!) }
                    expected["key \(i) \(String(value).prefix(3))"] = String(value)
                }
                let bytes = try FoundationReference.serialize(expected, .binary)
                #expect(Array(bytes.prefix(8)) == Array("bplist00".utf8))
                #expect(try table(StringsFile.parse(bytes, path: nil)) == expected)
            }
        }

        @Test func everyValueKind() throws {
            let plist: [String: Any] = [
                "small": 7, "byte": 200, "short": 40_000, "int": 3_000_000_000, "negative": -5, "min": Int64.min, "max": Int64.max,
                "real": 2.5, "float": Float(0.5), "yes": true, "no": false,
                "epoch": Date(timeIntervalSinceReferenceDate: 0), "later": Date(timeIntervalSinceReferenceDate: 86_400 * 365.25 * 20 + 3661.75),
                "before": Date(timeIntervalSinceReferenceDate: -1),
                "data": Data([0, 1, 255]), "list": ["x", ["y"], [String: String]()] as [Any], "nested": ["k": "v"],
            ]
            let bytes = try FoundationReference.serialize(plist, .binary)
            let value = try BinaryPropertyList.read(bytes, path: nil)
            let expected: PropertyListValue = .dict([
                .init(key: "before", value: .date("2000-12-31T23:59:59Z")),
                .init(key: "byte", value: .integer(200)),
                .init(key: "data", value: .data([0, 1, 255])),
                .init(key: "epoch", value: .date("2001-01-01T00:00:00Z")),
                .init(key: "float", value: .real(0.5)),
                .init(key: "int", value: .integer(3_000_000_000)),
                .init(key: "later", value: .date("2021-01-01T01:01:01Z")),
                .init(key: "list", value: .array([.string("x"), .array([.string("y")]), .dict([])])),
                .init(key: "max", value: .integer(Int64.max)),
                .init(key: "min", value: .integer(Int64.min)),
                .init(key: "negative", value: .integer(-5)),
                .init(key: "nested", value: .dict([.init(key: "k", value: .string("v"))])),
                .init(key: "no", value: .bool(false)),
                .init(key: "real", value: .real(2.5)),
                .init(key: "short", value: .integer(40_000)),
                .init(key: "small", value: .integer(7)),
                .init(key: "yes", value: .bool(true)),
            ])
            #expect(Self.sortedMembers(value) == expected)
        }

        @Test func nonStringValueInAStringsTable() throws {
            let bytes = try FoundationReference.serialize(["a": 1], .binary)
            let error = thrownError { _ = try StringsFile.parse(bytes, path: "b.strings") }
            #expect(error == ParlanceError(.syntax, "the value of \"a\" must be a string, found integer", path: "b.strings"))
            let array = try FoundationReference.serialize(["a"], .binary)
            #expect(thrownError { _ = try StringsFile.parse(array, path: nil) }?.message == "the top level must be a dict of strings, found array")
        }

        @Test func referenceCycleIsAnError() {
            // Object 0: an array holding object 1; object 1: an array holding object 0.
            let bytes = assembleBinaryPlist([[0xA1] + ref(1), [0xA1] + ref(0)])
            #expect(thrownError { _ = try BinaryPropertyList.read(bytes, path: "c.plist") }
                    == ParlanceError(.syntax, "corrupt binary property list: reference cycle", path: "c.plist"))
            let selfDict = assembleBinaryPlist([[0xD1] + ref(1) + ref(0), [0x51, 0x6B]])
            #expect(thrownError { _ = try BinaryPropertyList.read(selfDict, path: nil) }?.message.hasSuffix("reference cycle") == true)
        }

        @Test func depthLimit() throws {
            func chain(_ depth: Int) -> [UInt8] {
                assembleBinaryPlist((0..<depth).map { $0 == depth - 1 ? [0xA0] : [0xA1] + ref($0 + 1) })
            }
            _ = try BinaryPropertyList.read(chain(512), path: nil)
            #expect(thrownError { _ = try BinaryPropertyList.read(chain(513), path: nil) }?.message
                    == "corrupt binary property list: nested deeper than 512 levels")
        }

        @Test func sharedReferencesAreDecodedOnce() throws {
            // 40 levels of arrays each holding the next one twice: 2^40 leaves if expanded.
            let objects = (0..<41).map { $0 == 40 ? [0x51, 0x78] : [0xA2] + ref($0 + 1) + ref($0 + 1) }
            let value = try BinaryPropertyList.read(assembleBinaryPlist(objects), path: nil)
            guard case .array(let items) = value else { Issue.record("not an array"); return }
            #expect(items.count == 2)
        }

        @Test func malformedObjects() {
            let cases: [[[UInt8]]] = [
                [[0x00]],  // null
                [[0x80, 0x01]],  // UID
                [[0x5F, 0x10, 0x40, 0x61]],  // ASCII string claiming 64 bytes
                [[0x52, 0x61, 0xE9]],  // non-ASCII byte in an ASCII string
                [[0xA1, 0x00, 0x05]],  // reference past the object count
                [[0xD1, 0x00, 0x01, 0x00, 0x01], [0x10, 0x01]],  // integer key
                [[0x15, 0x00]],  // 32-byte integer
                [[0x5F, 0x20, 0x61]],  // length marker is not an integer
                [[0x70]],  // unknown type
            ]
            for objects in cases {
                #expect(thrownError { _ = try BinaryPropertyList.read(assembleBinaryPlist(objects), path: nil) }?.code == .syntax,
                        "\(objects)")
            }
        }

        @Test func badTrailers() {
            let good = assembleBinaryPlist([[0x51, 0x61]])
            var variants: [[UInt8]] = []
            for (offset, value) in [(6, 0), (6, 9), (7, 0), (15, 0), (23, 1), (31, 0), (31, 200), (24, 0xFF)] {
                var bytes = good
                bytes[bytes.count - 32 + offset] = UInt8(value)
                variants.append(bytes)
            }
            var offsetTooFar = good
            offsetTooFar[11] = 0x40  // object 0 offset 0x40000008
            variants.append(offsetTooFar)
            for bytes in variants {
                #expect(thrownError { _ = try BinaryPropertyList.read(bytes, path: nil) }?.code == .syntax)
            }
        }

        /// Every truncation is an error and no byte change crashes.
        @Test func truncatedAndCorruptedBinary() throws {
            let stringsdict: [String: Any] = ["k": ["NSStringLocalizedFormatKey": "%#@n@", "n": [
                "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                "one": "one file", "other": "%d files — ünïcödé"]], "plain": String(repeating: "long ", count: 10)]
            let bytes = try FoundationReference.serialize(stringsdict, .binary)
            for length in 1..<bytes.count {
                let prefix = Array(bytes[..<length])
                #expect(thrownError { _ = try StringsFile.parse(prefix, path: nil) } != nil, "length \(length)")
                #expect(thrownError { _ = try StringsdictFile.parse(prefix, path: nil) } != nil, "length \(length)")
            }
            for index in 8..<bytes.count {
                for value: UInt8 in [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xFF, bytes[index] ^ 0x10] {
                    var corrupted = bytes
                    corrupted[index] = value
                    _ = try? StringsFile.parse(corrupted, path: nil)
                    _ = try? StringsdictFile.parse(corrupted, path: nil)
                }
            }
            var rng = SeededGenerator(seed: 99)
            for _ in 0..<3000 {
                var corrupted = bytes
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    corrupted[Int.random(in: 8..<corrupted.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                _ = try? StringsdictFile.parse(corrupted, path: nil)
            }
        }
    }
}
