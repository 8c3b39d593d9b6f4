/// The position in a file's bytes, read in place, that each quick reader
/// walks: `ByteCursor<StringsQuickReader>`, `ByteCursor<POQuickReader>`,
/// `ByteCursor<I18nextQuickReader>`. Each format's reading is a constrained
/// extension in that format's folder; the cursor and how it starts are here,
/// once.
struct ByteCursor<Format> {
    let base: UnsafePointer<UInt8>
    let count: Int
    var at: Int

    /// At the start of `text`, past a UTF-8 byte-order mark when
    /// `skippingByteOrderMark`. An empty buffer with no address gets a
    /// placeholder one (it is never read: `count` is 0).
    init(_ text: UnsafeBufferPointer<UInt8>, skippingByteOrderMark: Bool) {
        base = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = text.count
        at = skippingByteOrderMark ? TextDecoding.utf8ByteOrderMarkLength(text) : 0
    }
}
