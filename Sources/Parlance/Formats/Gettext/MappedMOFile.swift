internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A UTF-8 `.mo` file read in place, as libintl reads it: copied into
/// private memory as its bytes are first needed (`PrivateBytes`: a file
/// rewritten under a running program changes nothing already served, where
/// libintl's mapping dies of SIGBUS), and searched
/// with its own hash table (gettext's `hash_string`) or, without one, by
/// binary search over the sorted originals. Nothing is parsed or indexed up
/// front, except the
/// system-dependent strings of a revision 0.1 file (`MOSystemStrings`),
/// which are expanded at open into a small side table, as libintl does, and
/// the keys of a file without a hash table whose originals are out of order
/// (Babel's `write_mo` with contexts), which are all recorded at open
/// (`indexUnordered`): libintl's binary search would miss some of them.
/// Keys are recorded as they are found (`found`, made at the second find,
/// which records the first too), so that a repeated lookup costs a
/// word-at-a-time hash and one slot, not gettext's byte-at-a-time hash and
/// probe sequence.
///
/// Every offset and length is checked when it is used: a corrupt file gives
/// misses (or a load error for a bad header), never a crash. Bytes are made
/// readable (`load`, `PrivateBytes.readable`) on the paths that find a
/// message the first time; a message found before (`found`) and a
/// translation validated before (`checked`) are read without asking.
/// A file read lazily reads its header and its first lookups as pieces
/// (`PrivateBytes.piece`: the few bytes each needs, not their pages):
/// a program that shows a few strings makes none of the file's pages
/// present. A message found so (`pieceFinds`) is recorded when the
/// found-keys table is made, with its pages read then.
///
/// `@unchecked Sendable`: the bytes are read-only and live until deinit.
final class MappedMOFile: @unchecked Sendable {
    let path: String
    /// The file's bytes; `base` and `size` are theirs.
    private let storage: PrivateBytes
    private let base: UnsafeRawPointer
    private let size: Int
    private let bigEndian: Bool
    let count: Int
    private let originals: Int
    private let translations: Int
    private let hashSize: Int
    private let hashOffset: Int
    /// The header's Plural-Forms formula (Germanic when it has none).
    private(set) var formula: GettextPluralFormula = .germanic
    /// Per translation: 0 not validated yet, 1 valid UTF-8, 2 invalid (then
    /// served as missing). Validated on first use, not at open, which stays
    /// constant-time; zeroed pages (`ZeroedMemory`), touched only as strings are.
    private let checked: UnsafeMutablePointer<UInt8>
    /// The expanded system-dependent strings, messages `count ..< count + systemCount`:
    /// their bytes (each followed by a NUL), per message the original's and
    /// the translation's offset and length there, and an open-addressing
    /// index over the originals by gettext's hash (slots hold message + 1).
    private let systemCount: Int
    private let systemBytes: UnsafeMutablePointer<UInt8>?
    private let systemSpans: UnsafeMutablePointer<Int>?
    private let systemSlots: UnsafeMutablePointer<Int32>?
    private let systemMask: Int
    /// The keys found so far, by Parlance's word-at-a-time hash (`KeyBytes.hash`):
    /// a key is found once through the file's own table (gettext's PJW hash,
    /// a byte at a time, then a probe sequence over the file), and every later
    /// lookup of it hashes eight bytes a step and reads one slot. A slot holds
    /// the hash's high 32 bits and the message + 1 (0: empty); matches are
    /// verified against the file's bytes, so a tag collision costs a compare,
    /// never a wrong answer. Only what the file's own index answers is
    /// recorded, so both always agree. Capacity is twice the messages (a power
    /// of two): every message fits with the table at most half full, and the
    /// memory is bounded (16 bytes a message) whatever the queries; zeroed
    /// pages (`ZeroedMemory`), so it costs pages only as keys are found.
    ///
    /// The table is made at the second lookup that finds a key through
    /// the file's own index (`makeFoundTable`; the same key again counts),
    /// not at open: a program that shows one string (a command's one
    /// message) never makes it, and a first lookup does not pay its pages
    /// (about 9 µs for a 1,000-message file's four); the first find is
    /// recorded when the table is made. A file without a hash table has
    /// it from open (its keys are recorded there). Published
    /// with a release compare-and-swap; a thread that loses the race frees
    /// its own. Until it is made, every lookup goes through the file's
    /// own index, with the same answers.
    ///
    /// A file of at most `completeLimit` messages is indexed whole on its
    /// first miss (`indexAll`); from then on a miss is one slot read, too. So
    /// is any file once every one of its messages has been found (`foundCount`).
    private let found: Atomic<UInt>
    private let foundMask: Int
    /// The message + 1 of the first lookup's find through the file's own
    /// index (0: none yet), kept aside until the second makes the table,
    /// which records it too: every message found is in the record, so a
    /// file whose every message was found still answers its misses from
    /// the record alone.
    private let firstFound = Atomic<Int>(0)
    /// How many messages are recorded (each once).
    private let foundCount: UnsafeMutablePointer<Int>
    /// 0: keys recorded as found; 1: being indexed whole; 2: every key recorded.
    private let foundState: UnsafeMutablePointer<UInt8>
    static let completeLimit = 8192
    /// The messages found by reading pieces (`firstTranslation(of:hash:)`)
    /// before the found-keys table was made, served again from their
    /// pieces until then and recorded in it when it is made; nil for a file
    /// not read lazily.
    private let pieceFinds: Locked<[PieceFind]>?
    /// Whether `pieceFinds` holds messages not recorded in the found-keys
    /// table (changed under its lock): they are served from their pieces
    /// until they are recorded, even once the table is made (a file
    /// rewritten since keeps serving them, as it serves pages read before).
    private let piecesPending = Atomic<Bool>(false)

    /// A message found by reading pieces: its key's hash, its index, and
    /// its original and translation where the pieces hold them.
    private struct PieceFind {
        let hash: UInt64
        let index: Int
        let original: (pointer: UnsafePointer<CChar>, count: Int)
        let translation: (pointer: UnsafePointer<CChar>, count: Int)
    }

    /// Reads a `.mo` file. Returns nil when the file is valid but not UTF-8
    /// (the caller then converts it while parsing); throws for a file that
    /// is not a `.mo` or whose header is corrupt.
    static func map(_ path: String) throws(ParlanceError) -> MappedMOFile? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw ParlanceError(errno == ENOENT ? .notFound : .io, String(cString: strerror(errno)), path: path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = ParlanceError(.io, String(cString: strerror(errno)), path: path)
            close(fd)
            throw error
        }
        guard info.st_size >= 28 else {
            close(fd)
            throw ParlanceError(.syntax, "not a .mo file: \(info.st_size) bytes, shorter than the 28-byte header", path: path)
        }
        let storage = try PrivateBytes.read(consuming: fd, info: info, path: path)
        guard storage.count >= 28 else {
            throw ParlanceError(.syntax, "not a .mo file: \(storage.count) bytes, shorter than the 28-byte header", path: path)
        }
        let file = try make(path: path, storage: storage, located: path)
        return file.isUTF8 ? file : nil
    }

    /// A `.mo` file's bytes, copied once into private read-only memory
    /// and then served exactly as a file is. `id` names it (as a path does a
    /// file); errors carry no path. Nil, as from `open`, also for bytes too
    /// short to hold a header: the caller's parser then reads them.
    static func copy(_ bytes: UnsafeRawBufferPointer, id: String) throws(ParlanceError) -> MappedMOFile? {
        // Too short for a header: the parser says so, as for any bytes.
        guard bytes.count >= 28 else { return nil }
        // Bytes handed over are read whole (the copy reads them anyway):
        // a string cut short is an error now, not a miss later.
        try MOHeader(bytes, path: nil).checkStrings(in: bytes, path: nil)
        let file = try make(path: id, storage: PrivateBytes.copy(bytes), located: nil)
        return file.isUTF8 ? file : nil
    }

    private var isUTF8 = true

    /// The header (the translation of `""`), nil when there is none: made
    /// a `String` when asked for (libintl asks once per file, a catalog when
    /// its metadata is read) from the bytes read at open, where only its
    /// charset and plural formula are read.
    var header: String? {
        guard let header = headerText else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: header.pointer, count: header.count), as: UTF8.self)
    }

    /// The header's bytes as read at open (as pieces or in the copy).
    private var headerText: (pointer: UnsafePointer<CChar>, count: Int)? = nil

    /// The header's bytes, read raw: a header in another charset is not
    /// UTF-8, which is what it tells.
    private func headerBytes() -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard let index = headerIndex(), load(table: translations, index: index) else { return nil }
        return string(table: translations, index: index)
    }

    /// The message `""` finds: `find` without recording it (the header is
    /// asked once, and is not a lookup's find; `tableAtSecondFind` records it).
    private func headerIndex() -> Int? {
        recorded(Self.headerKey, hash: Self.headerKey.hash) ?? search(Self.headerKey)
    }

    /// The header's key, `""`.
    private static var headerKey: KeyBytes { KeyBytes(p0: UnsafeRawBufferPointer(start: nil, count: 0)) }

    /// Checks the header and expands the system-dependent strings; `located`:
    /// the path errors name (nil for bytes in memory). Everything that can
    /// fail is done before the object is made: an initializer that fails
    /// after allocating leaves its object unfreed in Embedded Swift.
    private static func make(path: String, storage: PrivateBytes, located: String?) throws(ParlanceError) -> MappedMOFile {
        let size = storage.count
        // A file read lazily gives its header as a piece, checked with the
        // header's translation (`readHeader`).
        let head = storage.piece(0, min(size, 48))
            ?? (storage.readable(0, min(size, 48)) ? storage.base : nil)
        guard let head else { throw PrivateBytes.changed(located) }
        let header = try MOHeader(UnsafeRawBufferPointer(start: head, count: min(size, 48)), size: size, path: located)
        // A file without a hash table is walked whole at open (its order checked).
        if header.hashSize <= 2 {
            guard storage.readableWhole() else { throw PrivateBytes.changed(located) }
        }
        let system = try MOSystemStrings.expand(UnsafeRawBufferPointer(start: storage.base, count: size), header: header,
                                                path: located, readable: storage.readable)
        guard let flags = ZeroedMemory.allocate(header.count + system.count) else {
            throw ParlanceError(.resource, "out of memory for \(header.count) strings", path: located)
        }
        var capacity = 16
        while capacity < 2 * (header.count + system.count) { capacity *= 2 }
        // A file without a hash table may need every key recorded at open
        // (`indexUnordered`): its table is made now, where a failure can throw.
        var slots: UnsafeMutableRawPointer? = nil
        if header.hashSize <= 2 {
            slots = ZeroedMemory.allocate(capacity * 8)
            if slots == nil {
                ZeroedMemory.deallocate(flags, header.count + system.count)
                throw ParlanceError(.resource, "out of memory for \(header.count) strings", path: located)
            }
        }
        let file = MappedMOFile(path: path, storage: storage, header: header, system: system,
                                checked: flags.assumingMemoryBound(to: UInt8.self), found: slots, capacity: capacity)
        guard file.readHeader() else { throw PrivateBytes.changed(located) }
        return file
    }

    /// Reads the header's charset and plural formula (the translation of
    /// `""`, found like any message): false when the file changed since it
    /// was opened.
    private func readHeader() -> Bool {
        headerText = headerInPieces() ?? headerBytes()
        guard let header = headerText else { return storage.piecesHold() }
        let text = Array(UnsafeRawBufferPointer(start: header.pointer, count: header.count))
        let charset = GettextCharset.declared(in: text) ?? "UTF-8"
        isUTF8 = GettextCharset.isUTF8(charset) || charset == "CHARSET" || charset == "ASCII" || charset == "US-ASCII"
        formula = GettextPluralFormula.fromHeader(bytes: text)
        return storage.piecesHold()
    }

    /// The header's bytes read as pieces (nil when they cannot be).
    private func headerInPieces() -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard storage.readsLazily, let found = searchInPieces(Self.headerKey) else { return nil }
        return string(table: translations, index: found.index, read: storage.piece)
    }

    private init(path: String, storage: PrivateBytes, header: MOHeader, system: [MOSystemStrings.Pair],
                 checked: UnsafeMutablePointer<UInt8>, found: UnsafeMutableRawPointer?, capacity: Int) {
        self.path = path
        self.storage = storage
        base = storage.base
        size = storage.count
        bigEndian = header.bigEndian
        count = header.count
        originals = header.originals
        translations = header.translations
        hashSize = header.hashSize
        hashOffset = header.hashOffset
        self.checked = checked
        self.found = Atomic<UInt>(UInt(bitPattern: found))
        foundMask = capacity - 1
        foundState = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        foundState.initialize(to: 0)
        foundCount = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        foundCount.initialize(to: 0)
        pieceFinds = storage.readsLazily && header.hashSize > 2 ? Locked([]) : nil
        systemCount = system.count
        if system.isEmpty {
            (systemBytes, systemSpans, systemSlots, systemMask) = (nil, nil, nil, 0)
        } else {
            let total = system.reduce(0) { $0 + $1.original.count + $1.translation.count + 2 }
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
            let spans = UnsafeMutablePointer<Int>.allocate(capacity: 4 * system.count)
            var at = 0
            for (index, pair) in system.enumerated() {
                for (part, text) in [pair.original, pair.translation].enumerated() {
                    text.withUnsafeBufferPointer { (bytes + at).update(from: $0.baseAddress!, count: $0.count) }
                    bytes[at + text.count] = 0
                    spans[4 * index + 2 * part] = at
                    spans[4 * index + 2 * part + 1] = text.count
                    at += text.count + 1
                }
            }
            var slotCount = 8
            while slotCount < 2 * system.count { slotCount *= 2 }
            let slots = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
            slots.initialize(repeating: 0, count: slotCount)
            for index in 0..<system.count {
                let original = UnsafeRawBufferPointer(start: bytes + spans[4 * index], count: spans[4 * index + 1])
                let idLength = original.firstIndex(of: 0) ?? original.count
                var slot = Int(Self.hashString(KeyBytes(p0: UnsafeRawBufferPointer(rebasing: original[..<idLength])))) & (slotCount - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slotCount - 1) }
                slots[slot] = Int32(count + index + 1)
            }
            (systemBytes, systemSpans, systemSlots, systemMask) = (bytes, spans, slots, slotCount - 1)
        }
        if hashSize <= 2, !originalsInOrder() { indexUnordered() }
    }

    deinit {
        ZeroedMemory.deallocate(checked, count + systemCount)
        if let table = foundTable { ZeroedMemory.deallocate(table, (foundMask + 1) * 8) }
        foundState.deallocate()
        foundCount.deallocate()
        systemBytes?.deallocate()
        systemSpans?.deallocate()
        systemSlots?.deallocate()
    }

    @inline(__always)
    private func word(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= size - 4 else { return nil }
        let value = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return Int(bigEndian ? value.byteSwapped : value)
    }

    /// Makes string `index` of a {length, offset} table readable (its
    /// descriptor, bytes and NUL): false when it lies outside the file, or
    /// its bytes could not be read.
    private func load(table: Int, index: Int) -> Bool {
        let descriptor = table + index * 8   // inside the file for every index < count: MOHeader checked
        guard index >= 0, index < count, storage.readable(descriptor, 8), let length = word(descriptor),
              let offset = word(descriptor + 4), offset < size, length < size - offset else { return false }
        return storage.readable(offset, length + 1)
    }

    /// String `index` of a {length, offset} table, checked to lie in the file
    /// and end with its NUL (in bytes made readable by `load`).
    @inline(__always)
    private func string(table: Int, index: Int) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard index >= 0, index < count, let length = word(table + index * 8), let offset = word(table + index * 8 + 4),
              offset < size, length < size - offset, base.load(fromByteOffset: offset + length, as: UInt8.self) == 0
        else { return nil }
        return ((base + offset).assumingMemoryBound(to: CChar.self), length)
    }

    /// String `index` of a {length, offset} table as `read` gives its
    /// bytes (`PrivateBytes.piece`): its descriptor in one read, then the
    /// string and its NUL, checked to lie in the file.
    @inline(__always)
    private func string(table: Int, index: Int, read: (Int, Int) -> UnsafeRawPointer?)
        -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard index >= 0, index < count, let descriptor = read(table + index * 8, 8) else { return nil }
        let length = Self.word(descriptor, 0, bigEndian), offset = Self.word(descriptor, 4, bigEndian)
        guard offset < size, length < size - offset, let start = read(offset, length + 1),
              start.load(fromByteOffset: length, as: UInt8.self) == 0 else { return nil }
        return (start.assumingMemoryBound(to: CChar.self), length)
    }

    @inline(__always)
    private static func word(_ at: UnsafeRawPointer, _ offset: Int, _ bigEndian: Bool) -> Int {
        let value = at.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return Int(bigEndian ? value.byteSwapped : value)
    }

    /// Part 0 (the original) or 1 (the translation) of expanded system-dependent message `index`.
    private func systemString(_ index: Int, part: Int) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard index >= count, index < count + systemCount, let bytes = systemBytes, let spans = systemSpans else { return nil }
        let span = 4 * (index - count) + 2 * part
        return (UnsafeRawPointer(bytes + spans[span]).assumingMemoryBound(to: CChar.self), spans[span + 1])
    }

    func original(at index: Int) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard index < count else { return systemString(index, part: 0) }
        return load(table: originals, index: index) ? string(table: originals, index: index) : nil
    }

    /// Every message: the file's, then the expanded system-dependent ones.
    var messageCount: Int { count + systemCount }

    /// The translation a lookup of `key` finds: nil for `""`, whose
    /// translation is the header (the file's metadata, not a message; the
    /// libintl runtime serves it itself, as `header`).
    @inline(__always)
    func translation(of key: KeyBytes) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard key.count > 0 else { return nil }
        let hash = key.hash
        if let index = recorded(key, hash: hash) { return translation(at: index) }
        return firstTranslation(of: key, hash: hash)
    }

    /// The translation of a key not recorded: read as pieces while the
    /// file is read lazily and none is recorded (a program's first
    /// lookups), else found through the file's own index and recorded.
    @inline(never)
    private func firstTranslation(of key: KeyBytes, hash: UInt64) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        if let pieceFinds {
            let keyCount = key.count
            if piecesPending.load(ordering: .acquiring), let found = pieceFinds.withLock({ finds in
                finds.first { $0.hash == hash && Self.isKey(key, keyCount, $0.original) }
            }) {
                return found.translation
            }
            if foundTable == nil, let (index, original) = searchInPieces(key),
               let text = string(table: translations, index: index, read: storage.piece),
               parlance_shim_utf8_valid(text.pointer, text.count) != 0, storage.piecesHold() {
                pieceFinds.withLock { finds in
                    finds.append(PieceFind(hash: hash, index: index, original: original, translation: text))
                    piecesPending.store(true, ordering: .releasing)
                }
                return text
            }
        }
        guard let index = findFirst(key, hash: hash) else { return nil }
        return translation(at: index)
    }

    /// Whether an original (up to its first NUL) is exactly `key`.
    @inline(__always)
    private static func isKey(_ key: KeyBytes, _ keyCount: Int, _ original: (pointer: UnsafePointer<CChar>, count: Int)) -> Bool {
        original.count >= keyCount && original.pointer[keyCount] == 0
            && key.equals(CText(pointer: original.pointer, count: keyCount))
    }

    /// Translation `index` (all its forms), nil when damaged or not valid UTF-8.
    @inline(__always)
    func translation(at index: Int) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard index >= 0, index < count + systemCount else { return nil }
        // Validated before: its bytes were made readable then.
        if parlance_shim_flag_load(checked, index) == 1 {
            return index < count ? string(table: translations, index: index) : systemString(index, part: 1)
        }
        return firstTranslation(at: index)
    }

    /// Translation `index` asked for the first time (or invalid): made
    /// readable, then validated once.
    @inline(never)
    private func firstTranslation(at index: Int) -> (pointer: UnsafePointer<CChar>, count: Int)? {
        guard parlance_shim_flag_load(checked, index) == 0, index >= count || load(table: translations, index: index),
              let text = index < count ? string(table: translations, index: index) : systemString(index, part: 1),
              parlance_shim_utf8_checked(checked, index, text.pointer, text.count) != 0 else { return nil }
        return text
    }

    /// True when original `index`, up to its first NUL, is exactly `key`
    /// (in bytes made readable by `load`).
    @inline(__always)
    private func matches(_ index: Int, _ key: KeyBytes, _ keyCount: Int) -> Bool {
        // The length first: most probes end there, before any byte is compared.
        guard index >= 0, index < count, let length = word(originals + index * 8), length >= keyCount,
              let offset = word(originals + index * 8 + 4), offset < size, length < size - offset else { return false }
        let start = (base + offset).assumingMemoryBound(to: CChar.self)
        return start[keyCount] == 0 && key.equals(CText(pointer: start, count: keyCount))
    }

    /// The index of the message whose key (`msgid`, or `context\u{4}msgid`) is `key`.
    @inline(__always)
    func find(_ key: KeyBytes) -> Int? {
        let hash = key.hash
        return recorded(key, hash: hash) ?? findFirst(key, hash: hash)
    }

    /// The message recorded for `key` in `found`, if any.
    @inline(__always)
    private func recorded(_ key: KeyBytes, hash: UInt64) -> Int? {
        guard let found = foundTable else { return nil }
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & foundMask
        while true {
            let word = parlance_shim_slot_load(found, slot)
            if word == 0 { return nil }
            if word & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
                if originalMatches(index, key) { return index }
            }
            slot = (slot + 1) & foundMask
        }
    }

    /// True when the originals are in strictly increasing byte order (up to
    /// each one's first NUL), as binary search needs. msgfmt always writes
    /// them so; Babel's `write_mo` sorts by (msgid, context) but stores
    /// `context\u{4}msgid`, so a catalog with contexts is out of order. One
    /// pass at open, only for a file without a hash table.
    private func originalsInOrder() -> Bool {
        var previous: UnsafePointer<CChar>? = nil
        for index in 0..<count {
            guard let original = string(table: originals, index: index) else { return false }
            if let previous, strcmp(previous, original.pointer) >= 0 { return false }
            previous = original.pointer
        }
        return true
    }

    /// Records every message of a file without a hash table whose originals
    /// are out of order (which binary search would miss), at open, so that
    /// every entry is found as CPython's reader finds it: of duplicate keys,
    /// the last in the file (CPython fills a dict in file order). Linear;
    /// `found` was made at open (`make`), with room for every message.
    private func indexUnordered() {
        guard let found = foundTable else { return }
        for index in (0..<messageCount).reversed() {
            guard let original = original(at: index) else { continue }
            let key = KeyBytes(p0: UnsafeRawBufferPointer(start: original.pointer, count: strlen(original.pointer)))
            let hash = key.hash
            if recorded(key, hash: hash) == nil { record(index, hash: hash, in: found) }
        }
        parlance_shim_state_store(foundState, 2)   // every key recorded: a key not there is a miss
    }

    /// `find` of a key not recorded yet: through the file's own index, then recorded.
    private func findFirst(_ key: KeyBytes, hash: UInt64) -> Int? {
        let state = parlance_shim_state_load(foundState)
        if state == 2 { return nil }
        guard let index = search(key) else {
            if state == 0, messageCount <= Self.completeLimit { indexAll() }
            return nil
        }
        if let found = foundTable ?? tableAtSecondFind(index) { record(index, hash: hash, in: found) }
        return index
    }

    /// The table, made at the second find (nil at the first, which is kept
    /// aside in `firstFound`), with the first find and the header recorded
    /// in it.
    @inline(never)
    private func tableAtSecondFind(_ index: Int) -> UnsafeMutablePointer<UInt64>? {
        if firstFound.compareExchange(expected: 0, desired: index + 1, ordering: .relaxed).exchanged { return nil }
        guard let found = makeFoundTable() else { return nil }
        // The first find and the header, once each however many threads get here.
        let kept = firstFound.load(ordering: .relaxed) - 1
        if let original = original(at: kept) {
            let key = KeyBytes(p0: UnsafeRawBufferPointer(start: original.pointer, count: strlen(original.pointer)))
            record(kept, hash: key.hash, in: found)
        }
        if let header = headerIndex() { record(header, hash: Self.headerKey.hash, in: found) }
        recordPieceFinds(in: found)
        return found
    }

    /// Records the messages found as pieces whose originals' pages can be
    /// read now; those that cannot (the file changed) are kept.
    private func recordPieceFinds(in found: UnsafeMutablePointer<UInt64>) {
        guard let pieceFinds, piecesPending.load(ordering: .acquiring) else { return }
        pieceFinds.withLock { finds in
            finds.removeAll { find in
                guard original(at: find.index) != nil else { return false }
                record(find.index, hash: find.hash, in: found)
                return true
            }
            if finds.isEmpty { piecesPending.store(false, ordering: .releasing) }
        }
    }

    /// The found-keys table, nil until it is made.
    @inline(__always)
    private var foundTable: UnsafeMutablePointer<UInt64>? {
        UnsafeMutablePointer(bitPattern: found.load(ordering: .acquiring))
    }

    /// How many messages found by reading pieces are not recorded yet (for tests).
    var foundAsPieces: Int { pieceFinds?.withLock { $0.count } ?? 0 }

    /// Whether the found-keys table has been made (for tests).
    var recordsFoundKeys: Bool { foundTable != nil }

    /// Whether every key is recorded, so that a miss reads the record
    /// alone (for tests).
    var recordIsComplete: Bool { parlance_shim_state_load(foundState) == 2 }

    /// The found-keys table, made now if it was not (nil when memory for
    /// it cannot be had: lookups then go through the file's index, as
    /// before it was made).
    @inline(never)
    private func makeFoundTable() -> UnsafeMutablePointer<UInt64>? {
        if let table = foundTable { return table }
        let bytes = (foundMask + 1) * 8
        guard let block = ZeroedMemory.allocate(bytes) else { return nil }
        let (made, current) = found.compareExchange(expected: 0, desired: UInt(bitPattern: block),
                                                    ordering: .acquiringAndReleasing)
        if made { return block.assumingMemoryBound(to: UInt64.self) }
        ZeroedMemory.deallocate(block, bytes)
        return UnsafeMutablePointer(bitPattern: current)
    }

    /// Records a found message from its home slot on. Racing threads recording
    /// the same message meet at the same first free slot, so it is recorded once.
    private func record(_ index: Int, hash: UInt64, in found: UnsafeMutablePointer<UInt64>) {
        let word = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(index + 1)
        var slot = Int(truncatingIfNeeded: hash) & foundMask
        for _ in 0...foundMask {
            let occupant = parlance_shim_slot_claim(found, slot, word)
            if occupant == 0, parlance_shim_count_add(foundCount) + 1 == messageCount {
                parlance_shim_state_store(foundState, 2)   // every message recorded: a key not there is a miss
            }
            if occupant == 0 || occupant == word { return }
            slot = (slot + 1) & foundMask
        }
    }

    /// Records every message the file's own index finds, then marks the
    /// record complete (one thread does it; the others search meanwhile).
    private func indexAll() {
        guard let found = makeFoundTable(), parlance_shim_state_claim(foundState, 0, 1) != 0 else { return }
        recordPieceFinds(in: found)
        for index in 0..<messageCount {
            guard let original = original(at: index) else { continue }
            let key = KeyBytes(p0: UnsafeRawBufferPointer(start: original.pointer, count: strlen(original.pointer)))
            guard search(key) == index else { continue }   // damaged, or a duplicate key the index does not answer
            record(index, hash: key.hash, in: found)
        }
        parlance_shim_state_store(foundState, 2)
    }

    /// True when message `index`'s original (up to its first NUL) is exactly `key`.
    @inline(__always)
    private func originalMatches(_ index: Int, _ key: KeyBytes) -> Bool {
        if index < count { return matches(index, key, key.count) }
        guard let original = systemString(index, part: 0) else { return false }
        return strlen(original.pointer) == key.count && key.equals(CText(pointer: original.pointer, count: key.count))
    }

    /// gettext's probe sequence over the file's hash table (`hashSize` > 2):
    /// the message of the first slot, up to an empty one, for which
    /// `matches` holds; `slot` reads the word at a slot's offset.
    @inline(__always)
    private func probe(_ hash: UInt32, slot: (Int) -> Int?, _ matches: (Int) -> Bool) -> Int? {
        var at = Int(hash % UInt32(hashSize))
        let increment = Int(1 + hash % UInt32(hashSize - 2))
        for _ in 0..<hashSize {
            guard let entry = slot(hashOffset + at * 4), entry != 0 else { break }
            if matches(entry - 1) { return entry - 1 }
            at = at >= hashSize - increment ? at - (hashSize - increment) : at + increment
        }
        return nil
    }

    /// `search` of the file's hash table with its bytes read as pieces
    /// (`PrivateBytes.piece`), not pages; nil also when the pieces cannot
    /// be read (the caller then searches the pages). Only the file's own
    /// messages: the system-dependent ones are found by `search`.
    private func searchInPieces(_ key: KeyBytes) -> (index: Int, original: (pointer: UnsafePointer<CChar>, count: Int))? {
        guard hashSize > 2 else { return nil }
        let keyCount = key.count, read = storage.piece
        // A piece that cannot be read ends the search (the pages then
        // answer): skipping its slot could find a later duplicate of the key.
        var matched: (pointer: UnsafePointer<CChar>, count: Int)? = nil, unread = false
        let index = probe(Self.hashString(key), slot: { offset in
            read(offset, 4).map { Self.word($0, 0, bigEndian) }
        }) { index in
            guard let original = string(table: originals, index: index, read: read) else {
                unread = true
                return true
            }
            guard Self.isKey(key, keyCount, original) else { return false }
            matched = original
            return true
        }
        guard let index, let matched, !unread else { return nil }
        return (index, matched)
    }

    /// `find` through the file's own index: its hash table, else binary search.
    private func search(_ key: KeyBytes) -> Int? {
        if hashSize > 2 {
            let keyCount = key.count
            let hash = Self.hashString(key)
            let index = probe(hash, slot: { offset in storage.readable(offset, 4) ? word(offset) : nil }) { index in
                load(table: originals, index: index) && matches(index, key, keyCount)
            }
            if let index { return index }
            return systemCount == 0 ? nil : findSystem(key, hash: hash)
        }
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            guard let original = original(at: middle) else { return nil }
            let order = Self.compare(key, original.pointer)
            if order == 0 { return middle }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        return nil
    }

    /// The expanded system-dependent message with this key (`find`'s miss path).
    private func findSystem(_ key: KeyBytes, hash: UInt32) -> Int? {
        guard let slots = systemSlots else { return nil }
        var slot = Int(hash) & systemMask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if let original = systemString(index, part: 0), strlen(original.pointer) == key.count,
               key.equals(CText(pointer: original.pointer, count: key.count)) {
                return index
            }
            slot = (slot + 1) & systemMask
        }
        return nil
    }

    /// gettext's `hash_string` (PJW), over the key's bytes.
    static func hashString(_ key: KeyBytes) -> UInt32 {
        parlance_shim_pjw_hash(key.p0.baseAddress, key.p0.count, key.p1.baseAddress, key.p1.count,
                               key.p2.baseAddress, key.p2.count, key.p3.baseAddress, key.p3.count)
    }

    /// strcmp of the key bytes against a NUL-terminated original.
    private static func compare(_ key: KeyBytes, _ original: UnsafePointer<CChar>) -> Int {
        var offset = 0
        for piece in [key.p0, key.p1, key.p2, key.p3] where piece.count > 0 {
            for byte in piece {
                let other = UInt8(bitPattern: original[offset])
                if byte != other { return Int(byte) - Int(other) }
                if other == 0 { return 1 }
                offset += 1
            }
        }
        return original[offset] == 0 ? 0 : -1
    }

    /// The message as a table entry (for the general lookup path): its texts
    /// point into the file's bytes.
    func entry(_ key: KeyBytes) -> StoredEntry? {
        find(key).flatMap(entry(at:))
    }

    /// Message `index` as a table entry; nil for the header and for a
    /// damaged message or one that is not valid UTF-8 (served as missing).
    func entry(at index: Int) -> StoredEntry? {
        guard let original = original(at: index), original.count > 0, let translation = translation(at: index),
              parlance_shim_utf8_valid(original.pointer, original.count) != 0 else {
            return nil
        }
        let idLength = strlen(original.pointer)
        let storedKey = CText(pointer: original.pointer, count: idLength)
        guard idLength < original.count else {
            return StoredEntry(storedKey: storedKey, value: .text(CText(pointer: translation.pointer, count: strlen(translation.pointer))))
        }
        var forms: [CText] = []
        var form = translation.pointer
        let end = translation.pointer + translation.count
        while form <= end {
            let length = strlen(form)
            forms.append(CText(pointer: form, count: length))
            form += length + 1
        }
        return StoredEntry(storedKey: storedKey, value: .gettextPlural(forms))
    }

    /// Every message but the header, read in place (for enumeration and
    /// compiling); damaged and non-UTF-8 messages are left out, as lookups
    /// leave them out.
    var allEntries: [StoredEntry] {
        _ = storage.readableWhole()   // every message: the file read once, in order
        return (0..<messageCount).compactMap(entry(at:))
    }
}
