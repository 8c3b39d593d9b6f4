internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a lookup key, in up to four pieces so that a context can be
/// spelled into it without building a string: `(` context `)` key for
/// key-value tables, context `\u{4}` key for gettext tables.
struct KeyBytes {
    var p0: UnsafeRawBufferPointer
    var p1 = UnsafeRawBufferPointer(start: nil, count: 0)
    var p2 = UnsafeRawBufferPointer(start: nil, count: 0)
    var p3 = UnsafeRawBufferPointer(start: nil, count: 0)

    @inline(__always)
    var count: Int { p0.count + p1.count + p2.count + p3.count }

    /// A 64-bit hash of the pieces' bytes as one string.
    @inline(__always)
    var hash: UInt64 {
        parlance_shim_hash(p0.baseAddress, p0.count, p1.baseAddress, p1.count,
                           p2.baseAddress, p2.count, p3.baseAddress, p3.count)
    }

    /// True when `stored` holds exactly these bytes.
    @inline(__always)
    func equals(_ stored: CText) -> Bool {
        guard stored.count == count else { return false }
        let base = UnsafeRawPointer(stored.pointer)
        var offset = 0
        return Self.same(base, &offset, p0) && Self.same(base, &offset, p1) && Self.same(base, &offset, p2)
            && Self.same(base, &offset, p3)
    }

    @inline(__always)
    private static func same(_ base: UnsafeRawPointer, _ offset: inout Int, _ piece: UnsafeRawBufferPointer) -> Bool {
        guard piece.count > 0, let start = piece.baseAddress else { return true }
        defer { offset += piece.count }
        return memcmp(base + offset, start, piece.count) == 0
    }
}

private let openParenthesis: StaticString = "("
private let closeParenthesis: StaticString = ")"
private let endOfTransmission: StaticString = "\u{4}"

extension KeyBytes {
    /// `(context)key`.
    static func composite(context: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) -> KeyBytes {
        KeyBytes(p0: UnsafeRawBufferPointer(start: openParenthesis.utf8Start, count: 1), p1: context,
                 p2: UnsafeRawBufferPointer(start: closeParenthesis.utf8Start, count: 1), p3: key)
    }

    /// `context\u{4}key`.
    static func gettext(context: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) -> KeyBytes {
        KeyBytes(p0: context, p1: UnsafeRawBufferPointer(start: endOfTransmission.utf8Start, count: 1), p2: key)
    }
}

/// An open-addressing hash index from key bytes to entries, built once when
/// a table is made and read without locks or allocation afterwards.
///
/// `@unchecked Sendable`: all memory is written in `init` and only read later.
final class KeyIndex: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Int32>
    private let hashes: UnsafeMutablePointer<UInt64>
    private let keys: UnsafeMutablePointer<CText>
    private let values: UnsafeMutablePointer<StoredEntry>
    /// Each entry's plain-lookup text, so the hot path touches no `StoredEntry`.
    private let texts: UnsafeMutablePointer<UnsafePointer<CChar>?>
    /// Each entry's kind (`Kind`), and for plurals where its forms start in
    /// `forms` and how many there are: the plural hot path's data.
    private let kinds: UnsafeMutablePointer<UInt8>
    private let formStarts: UnsafeMutablePointer<Int32>
    private let formCounts: UnsafeMutablePointer<UInt16>
    private let forms: UnsafeMutablePointer<UnsafePointer<CChar>?>
    private let formTotal: Int

    enum Kind: UInt8 {
        case text = 0, categories = 1, gettext = 2, stringsdict = 3
    }
    private let mask: Int
    let count: Int
    /// Items whose key an earlier item had (left out of the slots: the first one answers).
    private(set) var duplicates = 0

    /// `items` should have distinct keys (`duplicates` counts the others); `text`
    /// gives an entry's plain-lookup text; `hashes`, when given, are the keys'
    /// `KeyBytes.hash`, computed already.
    convenience init(_ items: [(key: CText, entry: StoredEntry)], hashes known: [UInt64]? = nil,
                     text: (StoredEntry) -> CText? = { _ in nil }) {
        self.init(count: items.count, key: { items[$0].key }, entry: { items[$0].entry }, hashes: known, text: text)
    }

    /// The entries indexed under their own stored keys, as `init(_:hashes:text:)`.
    convenience init(entries: [StoredEntry], hashes known: [UInt64]? = nil, text: (StoredEntry) -> CText? = { _ in nil }) {
        self.init(count: entries.count, key: { entries[$0].storedKey }, entry: { entries[$0] }, hashes: known, text: text)
    }

    private init(count: Int, key: (Int) -> CText, entry: (Int) -> StoredEntry, hashes known: [UInt64]?,
                 text: (StoredEntry) -> CText?) {
        self.count = count
        var capacity = 8
        while capacity < count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: -1, count: capacity)
        hashes = .allocate(capacity: max(count, 1))
        keys = .allocate(capacity: max(count, 1))
        values = .allocate(capacity: max(count, 1))
        texts = .allocate(capacity: max(count, 1))
        kinds = .allocate(capacity: max(count, 1))
        formStarts = .allocate(capacity: max(count, 1))
        formCounts = .allocate(capacity: max(count, 1))
        var total = 0
        for index in 0..<count {
            switch entry(index).value {
            case .plural: total += 6
            case .gettextPlural(let texts): total += min(texts.count, Int(UInt16.max))
            default: break
            }
        }
        formTotal = total
        forms = .allocate(capacity: max(total, 1))
        var next = 0
        for index in 0..<count {
            let item = (key: key(index), entry: entry(index))
            (texts + index).initialize(to: text(item.entry)?.pointer)
            let start = next
            var kind = Kind.text
            switch item.entry.value {
            case .text: break
            case .plural(let categoryForms, _):
                kind = .categories
                for form in categoryForms {
                    (forms + next).initialize(to: form?.pointer)
                    next += 1
                }
            case .gettextPlural(let texts):
                kind = .gettext
                for form in texts.prefix(Int(UInt16.max)) {
                    (forms + next).initialize(to: form.pointer)
                    next += 1
                }
            case .stringsdict: kind = .stringsdict
            }
            (kinds + index).initialize(to: kind.rawValue)
            (formStarts + index).initialize(to: Int32(start))
            (formCounts + index).initialize(to: UInt16(next - start))
            let hash = known?[index] ?? KeyBytes(p0: UnsafeRawBufferPointer(start: item.key.pointer, count: item.key.count)).hash
            (hashes + index).initialize(to: hash)
            (keys + index).initialize(to: item.key)
            (values + index).initialize(to: item.entry)
        }
        // The slots are filled region by region of the table (a counting
        // sort of the entries by their slot's top bits, stable, so that of two
        // equal keys the first still answers): each region is a few pages,
        // where one pass in entry order would touch the table at random.
        let regionBits = max(0, capacity.trailingZeroBitCount - 10)
        let regions = capacity >> regionBits
        var starts = [Int](repeating: 0, count: regions + 1)
        for index in 0..<count { starts[((Int(truncatingIfNeeded: hashes[index]) & mask) >> regionBits) + 1] += 1 }
        for region in 0..<regions { starts[region + 1] += starts[region] }
        var order = [Int32](repeating: 0, count: count)
        for index in 0..<count {
            let region = (Int(truncatingIfNeeded: hashes[index]) & mask) >> regionBits
            order[starts[region]] = Int32(index)
            starts[region] += 1
        }
        for position in order {
            let index = Int(position)
            let hash = hashes[index], key = keys[index]
            var slot = Int(truncatingIfNeeded: hash) & mask
            var duplicate = false
            while slots[slot] >= 0 {
                let other = Int(slots[slot])
                if hashes[other] == hash, keys[other].count == key.count, memcmp(keys[other].pointer, key.pointer, key.count) == 0 {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if duplicate { duplicates += 1 } else { slots[slot] = Int32(index) }
        }
    }

    /// Whether some key has this hash.
    func contains(hash: UInt64) -> Bool {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return false }
            if hashes[index] == hash { return true }
            slot = (slot + 1) & mask
        }
    }

    deinit {
        slots.deallocate()
        hashes.deallocate()
        (keys).deinitialize(count: count)
        keys.deallocate()
        values.deinitialize(count: count)
        values.deallocate()
        texts.deallocate()
        kinds.deallocate()
        formStarts.deallocate()
        formCounts.deallocate()
        forms.deallocate()
    }

    /// What the plural hot path needs of the entry at `position`.
    @inline(__always)
    func pluralShape(at position: Int) -> (kind: Kind, forms: UnsafePointer<UnsafePointer<CChar>?>, count: Int, text: UnsafePointer<CChar>?) {
        (Kind(rawValue: kinds[position]) ?? .stringsdict, UnsafePointer(forms + Int(formStarts[position])),
         Int(formCounts[position]), texts[position])
    }

    /// The position of the entry with these key bytes, or -1.
    @inline(__always)
    func position(of key: KeyBytes) -> Int {
        let hash = key.hash
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return -1 }
            if hashes[index] == hash && key.equals(keys[index]) { return index }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    func find(_ key: KeyBytes) -> StoredEntry? {
        let index = position(of: key)
        return index < 0 ? nil : values[index]
    }

    /// The plain-lookup text of the entry with these key bytes.
    @inline(__always)
    func text(_ key: KeyBytes) -> UnsafePointer<CChar>? {
        let index = position(of: key)
        return index < 0 ? nil : texts[index]
    }

    /// Every entry, in insertion order.
    var entries: UnsafeBufferPointer<StoredEntry> { UnsafeBufferPointer(start: values, count: count) }

    /// Every entry's key, in insertion order.
    var keyTexts: UnsafeBufferPointer<CText> { UnsafeBufferPointer(start: keys, count: count) }
}

