import Testing
@testable import Parlance

/// Texts keep their bytes and their NUL whatever their sizes: across the
/// arena's growing blocks, a text larger than any block, and an empty one.
@Suite struct TextArenaTests {
    @Test func textsOfEverySizeKeepTheirBytes() {
        let arena = TextArena()
        let sizes = [0, 1, 100, 255, 256, 300, 1_000, 5_000, 40_000, 65_535, 65_536, 70_000, 3]
            + Array(repeating: 200, count: 700)
        var texts: [(text: CText, bytes: [UInt8])] = []
        for (number, size) in sizes.enumerated() {
            let bytes = (0..<size).map { UInt8(97 + ($0 + number) % 26) }
            texts.append((bytes.withUnsafeBufferPointer { arena.append(bytes: $0) }, bytes))
        }
        for (text, bytes) in texts {
            let stored = UnsafeRawPointer(text.pointer).assumingMemoryBound(to: UInt8.self)
            #expect(text.count == bytes.count)
            #expect(Array(UnsafeBufferPointer(start: stored, count: text.count)) == bytes)
            #expect(stored[text.count] == 0)
        }
        #expect(Set(texts.map { $0.text.pointer }).count == texts.count)
    }
}
