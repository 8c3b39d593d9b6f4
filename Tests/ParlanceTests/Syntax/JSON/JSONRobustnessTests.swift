import Testing
@testable import Parlance

/// Arbitrary bytes give entries or a located ParlanceError, never a crash.
@Suite struct JSONRobustnessTests {
    @Test func randomBytesGiveEntriesOrLocatedErrors() {
        var random = SeededGenerator(seed: 0xB17E5)
        let seed = Array("""
            {"a": {"b": "x{c}", "n": {"one": "{a.b}", "other": "{{y}}"}}, "c": "\\u00e9\\ud83d\\ude00 {a.b}"}
            """.utf8)
        let pieces: [[UInt8]] = [[0x7B], [0x7D], [0x5B], [0x5D], [0x22], [0x3A], [0x2C], [0x5C], [0x00], [0xFF],
                                 [0xC3, 0xA9], [0xED, 0xA0, 0x80], Array("{a}".utf8), Array("\"other\"".utf8),
                                 Array("\\ud800".utf8), [0x0A], [0x0D]]
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                if Bool.random(using: &random), at < bytes.count {
                    bytes.remove(at: at)
                } else {
                    bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                }
            }
            do {
                _ = try JSONTableFile.parse(bytes, path: "f.json")
                accepted += 1
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "\(error)")
                #expect(error.path == "f.json")
            }
        }
        #expect(accepted > 0)
    }
}
