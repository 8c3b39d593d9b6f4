import CParlanceShim
import Testing
@testable import Parlance

/// `parlance_shim_first_invalid_utf8` (blocks of sixteen bytes checked
/// together, the rest sequence by sequence) against the standard library's
/// own UTF-8 validation: the offset it gives is the end of the longest
/// well-formed prefix, and no well-formed sequence starts there.
@Suite struct UTF8ValidationTests {
    static func firstInvalid(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { Int(parlance_shim_first_invalid_utf8($0.baseAddress, $0.count)) }
    }

    static func isWellFormed(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    static func check(_ bytes: [UInt8]) -> Bool {
        let found = firstInvalid(bytes)
        guard found <= bytes.count, isWellFormed(bytes[..<found]) else { return false }
        guard found < bytes.count else { return true }
        return (1...4).allSatisfy { found + $0 > bytes.count || !isWellFormed(bytes[..<(found + $0)]) }
    }

    /// Pieces real text is made of, and the ill-formed ones Unicode's table 3-7 rules out.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("Grüße ".utf8), Array("„“…—".utf8), Array("日本語".utf8), Array("😀".utf8),
        Array("\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{D7FF}\u{E000}".utf8),
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
        [0xFF], [0xFE], [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
    ]

    @Test func randomTextsAgreeWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for round in 0..<4000 {
            var bytes: [UInt8] = []
            let length = Int.random(in: 0...(round % 4 == 0 ? 400 : 120), using: &generator)
            let illFormed = round % 3 == 0
            while bytes.count < length {
                let piece = Self.pieces[Int.random(in: 0..<(illFormed ? Self.pieces.count : 6), using: &generator)]
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    bytes += Array(repeating: UInt8(ascii: "x"), count: Int.random(in: 1...40, using: &generator))
                }
                bytes += piece
            }
            if illFormed, !bytes.isEmpty, Int.random(in: 0..<2, using: &generator) == 0 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            #expect(Self.check(bytes), "\(bytes)")
            checked += 1
        }
        #expect(checked == 4000)
    }

    /// Every place a block boundary can cut a sequence, well-formed and not.
    @Test func sequencesAcrossBlockBoundaries() {
        for piece in Self.pieces {
            for offset in 0..<20 {
                for tail in 0..<20 {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: 48 + offset) + piece
                        + Array(repeating: UInt8(ascii: "b"), count: tail)
                    #expect(Self.check(bytes), "\(piece) at \(48 + offset)")
                }
            }
        }
    }
}
