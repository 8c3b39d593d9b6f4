import Testing
@testable import Parlance

struct EncodingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var encoding: TextEncoding
    var testDescription: String { name }
}

extension LoadingTests {
    @Suite struct TextDecodingTests {
        static let sample = "\"é\" = \"😀\";\r\nk;"

        static let encodings: [EncodingCase] = [
            .init(name: "UTF-8", bytes: Array(sample.utf8), encoding: .utf8),
            .init(name: "UTF-8 BOM", bytes: [0xEF, 0xBB, 0xBF] + Array(sample.utf8), encoding: .utf8),
            .init(name: "UTF-16LE BOM", bytes: utf16(sample, bigEndian: false, byteOrderMark: true), encoding: .utf16LE),
            .init(name: "UTF-16BE BOM", bytes: utf16(sample, bigEndian: true, byteOrderMark: true), encoding: .utf16BE),
            .init(name: "UTF-16LE no BOM", bytes: utf16(sample, bigEndian: false, byteOrderMark: false), encoding: .utf16LE),
            .init(name: "UTF-16BE no BOM", bytes: utf16(sample, bigEndian: true, byteOrderMark: false), encoding: .utf16BE),
            .init(name: "UTF-32LE BOM", bytes: utf32(sample, bigEndian: false), encoding: .utf32LE),
            .init(name: "UTF-32BE BOM", bytes: utf32(sample, bigEndian: true), encoding: .utf32BE),
        ]

        /// The validator finds the first malformed sequence exactly where a
        /// scalar-by-scalar decode (`decodeUTF8`) fails, on random mixes of
        /// ASCII runs longer and shorter than its sixteen-byte steps, valid
        /// sequences of every length and malformed bytes (overlongs,
        /// surrogates, values past U+10FFFF, cut sequences).
        @Test func firstInvalidUTF8AgreesWithTheDecoder() {
            var generator = SystemRandomNumberGenerator()
            let pieces: [[UInt8]] = [
                Array("plain ascii text, long enough to span a step".utf8), Array("ab".utf8), Array("ä".utf8),
                Array("€".utf8), Array("😀".utf8), Array("\u{10FFFF}".utf8),
                [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5],
                [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF],
            ]
            func reference(_ bytes: [UInt8]) -> Int? {
                var offset = 0
                while offset < bytes.count {
                    guard let (_, length) = TextDecoding.decodeUTF8(bytes, at: offset) else { return offset }
                    offset += length
                }
                return nil
            }
            for _ in 0..<3000 {
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 0...12, using: &generator) {
                    let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                    // Mostly valid pieces, so that errors also come late in long texts.
                    if piece.count > 1 || piece[0] < 0x80 || Int.random(in: 0..<4, using: &generator) == 0 { bytes += piece }
                }
                let found = bytes.withUnsafeBufferPointer { TextDecoding.firstInvalidUTF8($0) }
                #expect(found == reference(bytes), "\(bytes)")
            }
        }

        @Test(arguments: encodings)
        func decodes(_ c: EncodingCase) throws {
            let decoded = try TextDecoding.decode(c.bytes, path: nil)
            #expect(decoded.encoding == c.encoding)
            #expect(String(String.UnicodeScalarView(decoded.scalars)) == Self.sample)
            #expect(pairs(try StringsFile.parse(c.bytes, path: nil)) == ["é=😀", "k=k"])
        }

        @Test func sniffingWithoutByteOrderMark() {
            #expect(TextDecoding.sniff([]).encoding == .utf8)
            #expect(TextDecoding.sniff([0x61]).encoding == .utf8)
            #expect(TextDecoding.sniff([0x61, 0x00]) == (.utf16LE, 0))
            #expect(TextDecoding.sniff([0x00, 0x61]) == (.utf16BE, 0))
            #expect(TextDecoding.sniff([0xFF, 0xFE, 0x00, 0x00]) == (.utf32LE, 4))
            #expect(TextDecoding.sniff([0xFF, 0xFE, 0x61, 0x00]) == (.utf16LE, 2))
        }

        struct BadCase: Sendable, CustomTestStringConvertible {
            var name: String
            var bytes: [UInt8]
            var line: Int
            var column: Int
            var testDescription: String { name }
        }

        static let bad: [BadCase] = [
            .init(name: "stray continuation byte", bytes: Array("ab\ncé".utf8) + [0x80], line: 2, column: 3),
            .init(name: "truncated sequence", bytes: [0x61, 0xE2, 0x82], line: 1, column: 2),
            .init(name: "bad continuation", bytes: [0xC3, 0x28], line: 1, column: 1),
            .init(name: "overlong", bytes: [0x61, 0x0A, 0x0A, 0xC0, 0xAF], line: 3, column: 1),
            .init(name: "overlong three bytes", bytes: [0xE0, 0x80, 0xAF], line: 1, column: 1),
            .init(name: "encoded surrogate", bytes: [0x61, 0x62, 0xED, 0xA0, 0x80], line: 1, column: 3),
            .init(name: "above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], line: 1, column: 1),
            .init(name: "invalid lead byte", bytes: [0x61, 0xFF], line: 1, column: 2),
            .init(name: "UTF-16LE lone high surrogate", bytes: [0xFF, 0xFE, 0x61, 0, 0x0A, 0, 0x3D, 0xD8, 0x61, 0], line: 2, column: 1),
            .init(name: "UTF-16BE lone low surrogate", bytes: [0xFE, 0xFF, 0, 0x61, 0xDE, 0x00], line: 1, column: 2),
            .init(name: "UTF-16 high surrogate at the end", bytes: [0xFF, 0xFE, 0x61, 0, 0x3D, 0xD8], line: 1, column: 2),
            // With a byte order mark an odd last byte is ignored, as Foundation ignores it.
            .init(name: "UTF-16 odd length without a byte order mark", bytes: [0x61, 0, 0x62], line: 1, column: 2),
            .init(name: "UTF-32 beyond Unicode", bytes: [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x61, 0, 0x11, 0, 0], line: 1, column: 2),
        ]

        @Test(arguments: bad)
        func invalidBytesAreLocated(_ c: BadCase) {
            let error = thrownError { _ = try StringsFile.parse(c.bytes, path: "bad.strings") }
            #expect(error?.code == .encoding)
            #expect(error?.path == "bad.strings")
            #expect(error.map { [$0.line, $0.column] } == [c.line, c.column])
        }

        @Test func locatorCountsLinesLikeCoreFoundation() {
            let locator = TextLocator(Array("a\nb\r\nc\rd\u{2028}e".unicodeScalars))
            #expect(locator.location(of: 0) == (1, 1))
            #expect(locator.location(of: 1) == (1, 2))
            #expect(locator.location(of: 2) == (2, 1))
            #expect(locator.location(of: 4) == (2, 3))
            #expect(locator.location(of: 5) == (3, 1))
            #expect(locator.location(of: 7) == (4, 1))
            #expect(locator.location(of: 9) == (4, 3))  // U+2028 is not a line end
            #expect(locator.location(of: 10) == (4, 4))
        }
    }
}
