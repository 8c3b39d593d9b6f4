/// A table read straight into its arena and index by a quick reader
/// (`.po`, `.strings`, i18next, String Catalogs, `MOFile.quickTable`):
/// every key distinct.
struct PrebuiltTable {
    let arena: TextArena
    var entries: [StoredEntry] = []
    /// The entries' keys' `KeyBytes.hash`, for the index.
    var hashes: [UInt64] = []
    /// The entries indexed (`StoredEntry.plainText` texts), built while reading.
    var index: KeyIndex? = nil
    /// The header (the translation of `""`), when compiled.
    var header: String? = nil
    /// The notes the file keeps for translators, by stored key, read with
    /// the entries (`ParsedEntry.comment`): a listing shows them.
    var notes: [(key: CText, note: String)] = []

    /// Room for about `entries` entries: no regrowth copies while reading.
    /// Tables read from one file may share one `arena` (a String Catalog's
    /// languages share their keys).
    init(expecting count: Int, arena: TextArena = TextArena()) {
        self.arena = arena
        entries.reserveCapacity(count)
        hashes.reserveCapacity(count)
    }

    /// The table with its entries indexed by `hashes`,
    /// or nil when a key occurs twice, among the entries or between them and the
    /// messages not compiled (`others`, by hash: a collision of two distinct
    /// keys there only costs the quick read). The full reader then reads the
    /// file and does what it does with a key twice.
    /// A key in NFC, as every table keeps its keys: `key` itself (nearly
    /// every key is NFC, or ASCII), or its normal form in `buffer`.
    static func normalized(_ key: UnsafeBufferPointer<UInt8>, into buffer: inout ScratchBytes) -> UnsafeBufferPointer<UInt8> {
        guard let normal = NormalForm.normalized(UnsafeRawBufferPointer(key)) else { return key }
        buffer.count = 0
        normal.withUnsafeBufferPointer { if let start = $0.baseAddress { buffer.append(start, $0.count) } }
        return buffer.span
    }

    /// Appends a text entry of a key-value table (its key normalized with
    /// `normal`'s room), and its key's hash for the index.
    mutating func appendText(key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, normal: inout ScratchBytes) {
        let stored = Self.storedKey(key, normal: &normal, in: arena)
        append(StoredEntry(storedKey: stored.key, value: .text(arena.append(bytes: text))), hash: stored.hash)
    }

    /// A key as tables keep it: normalized (`normalized`, with `normal`'s
    /// room) and copied into `arena`; with its hash for the index, and
    /// whether it is the key as written (already NFC).
    static func storedKey(_ key: UnsafeBufferPointer<UInt8>, normal: inout ScratchBytes, in arena: TextArena)
        -> (key: CText, hash: UInt64, asWritten: Bool) {
        let normalized = Self.normalized(key, into: &normal)
        let hash = KeyBytes(p0: UnsafeRawBufferPointer(normalized)).hash
        return (arena.append(bytes: normalized), hash, normalized.baseAddress == key.baseAddress)
    }

    /// Appends an entry whose key (`storedKey`) hashes to `hash`.
    mutating func append(_ entry: StoredEntry, hash: UInt64) {
        hashes.append(hash)
        entries.append(entry)
    }

    func indexed(others: [UInt64] = []) -> PrebuiltTable? {
        let index = KeyIndex(entries: entries, hashes: hashes, text: { $0.plainText })
        guard index.duplicates == 0, !others.contains(where: index.contains(hash:)) else { return nil }
        let sorted = others.sorted()
        for position in sorted.indices.dropFirst() where sorted[position] == sorted[position - 1] { return nil }
        var table = self
        table.index = index
        return table
    }
}
