#if canImport(Glibc)
import Glibc
#endif

/// What a localizer asks for: preferred locale names as the caller spelled
/// them (nil: the environment's) and the development locale, kept as one
/// string: the number of names in decimal (or `e` for the environment),
/// then each name, then the development locale, NUL-separated. The count
/// makes the encoding unambiguous for names that hold any byte (POSIX names
/// allow almost anything after `.` and `@`). Short requests fit Swift's
/// inline strings, so a request seen before allocates nothing.
package struct ChainRequest: Hashable, Sendable {
    let key: String
    /// `ChainProbe.hash` of the key's bytes: requests and probes of the same
    /// bytes hash alike, so the chain cache finds either.
    let hash: UInt64

    package init(_ names: [String]?, development: String) {
        var key = names.map { String($0.count) } ?? "e"
        key += "\u{0}"
        for name in names ?? [] { key += name; key += "\u{0}" }
        key += development
        self.init(key: key)
    }

    private init(key: String) {
        var key = key
        hash = key.withUTF8 { ChainProbe.hash(UnsafeRawBufferPointer($0), into: ChainProbe.seed) }
        self.key = key
    }

    package static func == (a: ChainRequest, b: ChainRequest) -> Bool { a.hash == b.hash && a.key == b.key }
    package func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// The request a probe stands for (the first time its chain is asked for).
    package init(_ probe: ChainProbe) {
        self.init(probe.names, count: probe.count, development: probe.development)
    }

    /// The request of C strings, built in one pass over their bytes;
    /// `development` is the development locale's UTF-8.
    package init(_ names: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, development: UnsafeRawBufferPointer) {
        let prefix = names != nil ? String(max(count, 0)) : "e"
        var length = prefix.utf8.count + 1 + development.count
        if let names, count > 0 {
            for index in 0..<count { length += strlen(ChainProbe.name(names, index)) + 1 }
        }
        let key = String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            for byte in prefix.utf8 { buffer[at] = byte; at += 1 }
            buffer[at] = 0
            at += 1
            if let names, count > 0 {
                for index in 0..<count {
                    let name = ChainProbe.name(names, index)
                    let size = strlen(name)
                    UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: name, byteCount: size)
                    buffer[at + size] = 0
                    at += size + 1
                }
            }
            if development.count > 0 {
                UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: development.baseAddress!,
                                                                             byteCount: development.count)
            }
            return at + development.count
        }
        self.init(key: key)
    }

    /// The key's NUL-separated parts: the count, the names, the development
    /// locale (everything after the names: it may hold a NUL only in an
    /// invalid request). Read byte by byte: the first chain of a process
    /// pays for no generic algorithm.
    private var parts: [String] {
        var key = key
        return key.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0, at = 0, count = 0
            while at < bytes.count, bytes[at] != 0 {
                if bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") {
                    count = count &* 10 &+ Int(bytes[at] - UInt8(ascii: "0"))
                }
                at += 1
            }
            parts.reserveCapacity(min(count, bytes.count) + 2)
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
            at += 1
            for _ in 0..<count where at <= bytes.count {
                start = min(at, bytes.count)
                while at < bytes.count, bytes[at] != 0 { at += 1 }
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(at, bytes.count)]), as: UTF8.self))
                at += 1
            }
            start = min(at, bytes.count)
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return parts
        }
    }

    /// Runs `body` with the development locale's UTF-8 bytes (no allocation).
    package func withDevelopmentBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var key = key
        return key.withUTF8 { bytes in
            var at = 0, count = 0
            while at < bytes.count, bytes[at] != 0 {
                if bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") {
                    count = count * 10 + Int(bytes[at] - UInt8(ascii: "0"))
                }
                at += 1
            }
            at += 1   // the count's NUL
            for _ in 0..<count {
                while at < bytes.count, bytes[at] != 0 { at += 1 }
                at += 1
            }
            let start = min(at, bytes.count)
            return body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
        }
    }

    /// Whether the preferred locales come from the environment.
    var isEnvironment: Bool { key.utf8.first == UInt8(ascii: "e") }

    /// The preferred names, or nil for the environment's.
    var names: [String]? {
        if isEnvironment { return nil }
        var parts = parts
        parts.removeLast()
        parts.removeFirst()
        return parts
    }

    var development: String { withDevelopmentBytes { String(decoding: $0, as: UTF8.self) } }
}

/// A chain request as the C API receives it — the caller's C strings and the
/// development locale's bytes — compared and hashed in place, so that
/// switching to a chain asked for before builds no string and allocates
/// nothing (`ChainCache.cached(_:catalog:)`). Its bytes are those of
/// `ChainRequest.key`: the count in decimal (or `e`), NUL, each name and a
/// NUL, the development locale.
package struct ChainProbe {
    let names: UnsafePointer<UnsafePointer<CChar>?>?
    let count: Int
    let development: UnsafeRawBufferPointer
    let hash: UInt64

    /// `names` nil: the environment's locales; an empty list (`count` 0):
    /// none, the development locale only.
    package init(_ names: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, development: UnsafeRawBufferPointer) {
        self.names = names
        self.count = names == nil ? 0 : max(count, 0)
        self.development = development
        var hash = ChainProbe.seed
        _ = Self.pieces(self.names, self.count, development) { piece in
            hash = Self.hash(piece, into: hash)
            return true
        }
        self.hash = hash
    }

    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The index-th name of a C list; a NULL entry (which the C API refuses
    /// before asking) reads as "", a name of no language, which resolving
    /// skips: no caller's pointer is force-unwrapped here.
    @inline(__always)
    static func name(_ names: UnsafePointer<UnsafePointer<CChar>?>, _ index: Int) -> UnsafePointer<CChar> {
        if let name = names[index] { return name }
        return UnsafeRawPointer(noName.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    private static let noName: StaticString = ""

    /// FNV-1a over the bytes (requests are a few short names).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, into seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// Calls `body` with each piece of the request's bytes in order, while it returns true.
    private static func pieces(_ names: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
                               _ development: UnsafeRawBufferPointer,
                               _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            // The prefix and its NUL: "e\0", or the count in decimal and "\0".
            var at = 20
            digits[20] = 0
            if let _ = names {
                var value = count
                repeat {
                    at -= 1
                    digits[at] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                } while value > 0
            } else {
                at -= 1
                digits[at] = UInt8(ascii: "e")
            }
            guard body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(digits)[at...])) else { return false }
            if let names {
                for index in 0..<count {
                    let name = Self.name(names, index)
                    // The name with its NUL, as the key spells it.
                    guard body(UnsafeRawBufferPointer(start: name, count: strlen(name) + 1)) else { return false }
                }
            }
            return body(development)
        }
    }

    /// Whether `request` is the request of exactly these bytes.
    func matches(_ request: ChainRequest) -> Bool {
        guard request.hash == hash else { return false }
        var key = request.key
        return key.withUTF8 { key -> Bool in
            var at = 0
            let same = Self.pieces(names, count, development) { piece in
                guard piece.count <= key.count - at else { return false }
                if piece.count > 0, memcmp(key.baseAddress! + at, piece.baseAddress!, piece.count) != 0 { return false }
                at += piece.count
                return true
            }
            return same && at == key.count
        }
    }
}

/// One chain resolved over one catalog state: the chain and, for each table
/// name, the tables along it. The table lists hold no references: they are
/// valid while the state of `generation` is, which a reader checks inside
/// its read section before using them (`Localizer.current`).
final class Resolved: Sendable {
    let request: ChainRequest
    let preferred: [String]
    let development: String
    let chain: [String]
    /// The chain as C strings; shared by the rebuilds of this chain.
    let names: ChainNames
    /// The catalog state the tables below were taken from.
    let generation: Int
    /// Locales of the chain that have any table in the catalog, in chain order.
    let loadedLocales: [String]
    /// The catalog's locales the chain was matched against.
    let matchedOver: [String]
    let fast: FastTables

    deinit { fast.deallocate() }

    init(request: ChainRequest, preferred: [String], development: String, chain: [String], names: ChainNames,
         state: Catalog.State, interner: NameInterner) {
        self.request = request
        self.preferred = preferred
        self.development = development
        self.chain = chain
        self.names = names
        generation = state.generation
        let tableNames = UniqueStrings(state.tables.keys.map { $0.name }).list.sorted()
        let named = tableNames.map { name in
            (interner.intern(name), chain.compactMap { state.tables[Catalog.TableID(locale: $0, name: name)] })
        }
        let locales = UniqueStrings(state.tables.keys.map { $0.locale })
        loadedLocales = chain.filter(locales.contains)
        matchedOver = state.locales
        fast = FastTables(defaultTables: named.first { $0.0.string == Catalog.defaultTable }?.1 ?? [], named: named)
    }
}

/// A chain's names as C strings and one NULL-terminated array, owned here.
final class ChainNames: @unchecked Sendable {
    private let arena = TextArena()
    let texts: [CText]
    let list: UnsafePointer<UnsafePointer<CChar>?>
    var count: Int { texts.count }

    init(_ chain: [String]) {
        let arena = arena
        texts = chain.map { arena.append($0) }
        let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: chain.count + 1)
        for (index, text) in texts.enumerated() { list[index] = text.pointer }
        list[chain.count] = nil
        self.list = UnsafePointer(list)
    }

    deinit { UnsafeMutablePointer(mutating: list).deallocate() }
}

/// The chains a catalog's localizers asked for, resolved once and shared.
///
/// Each entry holds one retain of its `Resolved`; a localizer holds one of
/// the chain it publishes. Entries from an older catalog state are rebuilt
/// when next asked for, reusing the resolved chain (no ICU calls) while the
/// catalog's locales, which language matching reads, stay the same. The cache
/// holds at most `capacity` chains; past that it starts over, retiring what
/// it held, so that requests naming ever new locales cannot grow it.
final class ChainCache: Sendable {
    static let capacity = 256
    /// Open addressing by `ChainRequest.hash`, at most half full: 16 slots
    /// at first (most programs ask for one or two chains), doubled as
    /// chains are added, up to twice `capacity`.
    private struct Slots {
        static let largest = 2 * ChainCache.capacity
        var slots = [Unmanaged<Resolved>?](repeating: nil, count: 16)
        var count = 0

        /// The slot holding a request that `matches`, else the empty slot where it would go.
        func slot(_ hash: UInt64, _ matches: (ChainRequest) -> Bool) -> (index: Int, found: Bool) {
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while let entry = slots[index] {
                if entry._withUnsafeGuaranteedRef({ matches($0.request) }) { return (index, true) }
                index = (index + 1) & mask
            }
            return (index, false)
        }

        /// Twice the slots, each entry placed again (only while below `largest`).
        mutating func grow() {
            let old = slots
            slots = [Unmanaged<Resolved>?](repeating: nil, count: 2 * old.count)
            for case let entry? in old {
                let hash = entry._withUnsafeGuaranteedRef { $0.request.hash }
                slots[slot(hash) { _ in false }.index] = entry
            }
        }
    }
    private let entries = Locked<Slots>.make(Slots())

    deinit {
        entries.withLock { for case let entry? in $0.slots { retire(entry) } }
    }

    /// The resolved chain for a request, retained once for the caller.
    func resolved(_ request: ChainRequest, catalog: Catalog) throws(ParlanceError) -> Unmanaged<Resolved> {
        if let hit = cached(request, catalog: catalog) { return hit }
        // Resolve outside the lock: canonicalization and likely subtags call ICU.
        guard let development = try LocaleName.canonical(request.development) else {
            throw ParlanceError(.locale, "the development locale cannot be C or POSIX")
        }
        var preferred: [String] = []
        if let names = request.names {
            // A name that names no language costs that name, not the request.
            for name in names {
                for tag in (try? LocaleName.requested(name)) ?? [] where !preferred.contains(tag) { preferred.append(tag) }
            }
        } else {
            preferred = EnvironmentLocales.preferred()
        }
        let state = catalog.state
        let chain = FallbackChain.resolve(preferred: preferred, development: development, available: state.locales)
        let made = Resolved(request: request, preferred: preferred, development: development, chain: chain,
                            names: ChainNames(chain), state: state, interner: catalog.names)
        // The environment is read again each time: such requests are not kept.
        if request.isEnvironment { return .passRetained(made) }
        return insert(made)
    }

    /// The resolved chain rebuilt over the catalog's current state (or the
    /// cached one already rebuilt), retained once for the caller.
    func refreshed(_ old: Resolved, catalog: Catalog) -> Unmanaged<Resolved> {
        if let hit = cached(old.request, catalog: catalog) { return hit }
        let state = catalog.state
        // The same locales: the same chain. Others may match the request better (language matching).
        let chain = state.locales == old.matchedOver ? old.chain
            : FallbackChain.resolve(preferred: old.preferred, development: old.development, available: state.locales)
        let made = Resolved(request: old.request, preferred: old.preferred, development: old.development,
                            chain: chain, names: chain == old.chain ? old.names : ChainNames(chain), state: state,
                            interner: catalog.names)
        if old.request.isEnvironment { return .passRetained(made) }
        return insert(made)
    }

    private func cached(_ request: ChainRequest, catalog: Catalog) -> Unmanaged<Resolved>? {
        lookup(request.hash, catalog: catalog) { $0 == request }
    }

    /// The resolved chain of a probe's request when it was asked for before
    /// (over the current catalog state), retained once; allocates nothing.
    func cached(_ probe: ChainProbe, catalog: Catalog) -> Unmanaged<Resolved>? {
        lookup(probe.hash, catalog: catalog) { probe.matches($0) }
    }

    private func lookup(_ hash: UInt64, catalog: Catalog, _ matches: (ChainRequest) -> Bool) -> Unmanaged<Resolved>? {
        ReadSection.run {
            let generation = catalog.generation
            return entries.withLock { entries -> Unmanaged<Resolved>? in
                let (index, found) = entries.slot(hash, matches)
                guard found, let entry = entries.slots[index], entry.takeUnretainedValue().generation == generation
                else { return nil }
                return entry.retain()
            }
        }
    }

    /// Keeps `made` (replacing an older entry of its request) and returns it
    /// retained for the caller.
    private func insert(_ made: Resolved) -> Unmanaged<Resolved> {
        let entry = Unmanaged.passRetained(made)
        let request = made.request
        let replaced: [Unmanaged<Resolved>] = entries.withLock { entries in
            var (index, found) = entries.slot(request.hash) { $0 == request }
            if found {
                let old = entries.slots[index]!
                entries.slots[index] = entry
                return [old]
            }
            var replaced: [Unmanaged<Resolved>] = []
            if entries.count >= Self.capacity {
                replaced = entries.slots.compactMap { $0 }
                entries = Slots()
                index = entries.slot(request.hash) { _ in false }.index
            } else if 2 * (entries.count + 1) > entries.slots.count, entries.slots.count < Slots.largest {
                entries.grow()
                index = entries.slot(request.hash) { _ in false }.index
            }
            entries.slots[index] = entry
            entries.count += 1
            return replaced
        }
        for old in replaced { retire(Unmanaged<AnyObject>.fromOpaque(old.toOpaque())) }
        return entry.retain()
    }
}

private func retire(_ entry: Unmanaged<Resolved>) {
    retire(Unmanaged<AnyObject>.fromOpaque(entry.toOpaque()))
}

/// Table lists as plain memory: each list a count and `Unmanaged<Table>`s
/// that the catalog state they came from keeps alive. Walking them costs no
/// reference counting, which is most of a lookup's price otherwise.
/// `@unchecked Sendable`: written once in `init`, read-only afterwards.
struct FastTables: @unchecked Sendable {
    struct List {
        let base: UnsafeMutablePointer<Unmanaged<Table>>?
        let count: Int

        /// The tables as an array (for the general, reference-counted paths).
        var tables: [Table] { (0..<count).map { base![$0].takeUnretainedValue() } }

        /// The plain-lookup text of the first table along the list that has
        /// the key: the hot path of both `Localizer` and the libintl runtime.
        /// A key without context goes straight to each table's storage.
        @inline(__always)
        func firstText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
            if let context { return firstText(key: key, inContext: context) }
            let bytes = KeyBytes(p0: key)
            for index in 0..<count {
                if let text = base![index]._withUnsafeGuaranteedRef({ $0.storage.text(bytes) }) { return text }
            }
            return nil
        }

        /// The plural hot path along the list: the text, nil for a miss
        /// everywhere, or `.none` when some table needs the general path.
        @inline(__always)
        func firstPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                         operand: PluralOperand) -> UnsafePointer<CChar>?? {
            for index in 0..<count {
                switch base![index]._withUnsafeGuaranteedRef({ $0.fastPlural(key: key, context: context, operand: operand) }) {
                case .found(let text): return .some(text)
                case .missing: continue
                case .general: return .none
                }
            }
            return .some(nil)
        }

        @inline(never)
        private func firstText(key: UnsafeRawBufferPointer, inContext context: UnsafeRawBufferPointer) -> UnsafePointer<CChar>? {
            for index in 0..<count {
                if let text = base![index]._withUnsafeGuaranteedRef({ $0.plainText(key: key, context: context) }) {
                    return text
                }
            }
            return nil
        }
    }

    let defaultList: List
    let names: UnsafeMutablePointer<(name: CText, list: List)>?
    let nameCount: Int

    init(defaultTables: [Table], named: [(CText, [Table])]) {
        defaultList = Self.list(defaultTables)
        nameCount = named.count
        names = named.isEmpty ? nil : .allocate(capacity: named.count)
        for (index, entry) in named.enumerated() { (names! + index).initialize(to: (entry.0, Self.list(entry.1))) }
    }

    private static func list(_ tables: [Table]) -> List {
        guard !tables.isEmpty else { return List(base: nil, count: 0) }
        let base = UnsafeMutablePointer<Unmanaged<Table>>.allocate(capacity: tables.count)
        for (index, table) in tables.enumerated() { (base + index).initialize(to: .passUnretained(table)) }
        return List(base: base, count: tables.count)
    }

    func deallocate() {
        defaultList.base?.deallocate()
        for index in 0..<nameCount { names![index].list.base?.deallocate() }
        names?.deallocate()
    }

    /// The list of a table name (nil: the default), compared as bytes.
    @inline(__always)
    func list(named name: UnsafeRawBufferPointer?) -> List {
        guard let name else { return defaultList }
        return knownList(named: name) ?? List(base: nil, count: 0)
    }

    /// The list of a name, or nil when the name is not one of them.
    @inline(__always)
    func knownList(named name: UnsafeRawBufferPointer) -> List? {
        for index in 0..<nameCount {
            let entry = names![index]
            if entry.name.count == name.count
                && (name.count == 0 || memcmp(entry.name.pointer, name.baseAddress!, name.count) == 0) {
                return entry.list
            }
        }
        return nil
    }
}
