import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Looks strings up in a catalog along a locale fallback chain.
///
/// Lookups take no locks: the chain and the tables it selects live in one
/// immutable `Resolved` object that `setLocales` and catalog loads replace
/// atomically, so each lookup reads one consistent chain. Resolved chains
/// are shared through the catalog's `ChainCache`: a chain asked for before
/// costs a dictionary probe, not a resolution.
public final class Localizer: Sendable {
    public let catalog: Catalog

    /// The published chain; replaced ones are retired (`Published`).
    private let resolved: Published<Resolved>
    /// The miss handler; also serializes writers (locale switches and
    /// rebuilds after catalog loads).
    private let writer = Locked<(@Sendable (Miss) -> Void)?>.make(nil)
    private let hasMissHandler = Atomic<Bool>(false)

    /// - Parameters:
    ///   - locales: preferred locales, most preferred first (BCP 47 or POSIX
    ///     spellings); nil reads the environment like glibc (`LANGUAGE`,
    ///     `LC_ALL`, `LC_MESSAGES`, `LANG`).
    ///   - development: the last-resort locale.
    public convenience init(catalog: Catalog, locales: [String]? = nil, development: String = "en") throws(ParlanceError) {
        try self.init(catalog: catalog, request: ChainRequest(locales, development: development))
    }

    /// A localizer for a request as the C API spells it.
    package init(catalog: Catalog, request: ChainRequest) throws(ParlanceError) {
        self.catalog = catalog
        // Nobody can be reading through a localizer that is going away: its
        // chain is released at once (other users of it hold their own retain).
        resolved = Published(retained: try catalog.chains.resolved(request, catalog: catalog), releasesAtEnd: true)
    }

    /// The resolved fallback chain, most preferred first.
    public var locales: [String] { ReadSection.run { current.chain } }

    /// The development locale.
    public var developmentLocale: String { ReadSection.run { current.development } }

    /// Replaces the preferred locales; on error the previous chain stays.
    /// A chain used before (by any localizer of the catalog) allocates nothing.
    public func setLocales(_ locales: [String]?) throws(ParlanceError) {
        try setLocales(ChainRequest(locales, development: developmentRequest))
    }

    /// The development locale as the localizer was asked for it.
    package var developmentRequest: String {
        ReadSection.run { resolved.withCurrent { $0.request.development } }
    }

    /// The current request (retained: safe to keep).
    package var request: ChainRequest {
        ReadSection.run { resolved.withCurrent { $0.request } }
    }

    package func setLocales(_ request: ChainRequest) throws(ParlanceError) {
        let next = try catalog.chains.resolved(request, catalog: catalog)
        writer.withLock { _ in resolved.store(retained: next) }
    }

    /// Installs (or with nil removes) the handler told about misses.
    public func onMiss(_ handler: (@Sendable (Miss) -> Void)?) {
        writer.withLock { $0 = handler }
        hasMissHandler.store(handler != nil, ordering: .releasing)
    }

    /// The current chain and tables, rebuilt first when the catalog changed.
    /// Call inside a read section; valid until its end.
    @inline(__always)
    var current: Resolved {
        let resolved = resolved.load()
        if resolved.generation == catalog.generation { return resolved }
        return rebuild()
    }

    /// The published chain without the freshness check (for the hot paths,
    /// which check the generation themselves); call inside a read section.
    @inline(__always)
    func withPublished<R>(_ body: (Resolved) -> R) -> R { resolved.withCurrent(body) }

    private func rebuild() -> Resolved {
        writer.withLock { _ in
            let old = resolved.load()
            if old.generation == catalog.generation { return old }
            let next = catalog.chains.refreshed(old, catalog: catalog)
            resolved.store(retained: next)
            return next.takeUnretainedValue()
        }
    }

    /// The chain as one NULL-terminated C array and its length, read
    /// together; valid while the localizer keeps this chain.
    package var chainList: (list: UnsafePointer<UnsafePointer<CChar>?>, count: Int) {
        ReadSection.run {
            let names = current.names
            return (names.list, names.count)
        }
    }

    // MARK: Misses

    var reportsMisses: Bool { hasMissHandler.load(ordering: .acquiring) }

    /// Tells the handler about a miss, or about a fallback hit by `supplier`.
    func reportMiss(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, table: UnsafeRawBufferPointer?,
                    resolved: Resolved, supplier: String?) {
        guard let handler = writer.withLock({ $0 }) else { return }
        let locales: [String]
        if let supplier {
            let before = resolved.chain.prefix { $0 != supplier }
            locales = before.filter { resolved.loadedLocales.contains($0) }
            if locales.isEmpty { return }
        } else {
            locales = resolved.chain
        }
        handler(Miss(key: String(decoding: key, as: UTF8.self),
                     context: context.map { String(decoding: $0, as: UTF8.self) },
                     table: table.map { String(decoding: $0, as: UTF8.self) } ?? Catalog.defaultTable,
                     locales: locales, suppliedBy: supplier))
    }
}

/// What a localizer asks for: preferred locale names as the caller spelled
/// them (nil: the environment's) and the development locale, kept as one
/// string: the number of names in decimal (or `e` for the environment),
/// then each name, then the development locale, NUL-separated. The count
/// makes the encoding unambiguous for names that hold any byte (POSIX names
/// allow almost anything after `.` and `@`). Short requests fit Swift's
/// inline strings, so a request seen before allocates nothing.
package struct ChainRequest: Hashable, Sendable {
    let key: String

    package init(_ names: [String]?, development: String) {
        var key = names.map { String($0.count) } ?? "e"
        key += "\u{0}"
        for name in names ?? [] { key += name; key += "\u{0}" }
        key += development
        self.key = key
    }

    /// The request of C strings, built in one pass over their bytes;
    /// `development` is the development locale's UTF-8.
    package init(_ names: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, development: UnsafeRawBufferPointer) {
        let prefix = names != nil && count > 0 ? String(count) : "e"
        var length = prefix.utf8.count + 1 + development.count
        if let names, count > 0 {
            for index in 0..<count { length += strlen(names[index]!) + 1 }
        }
        key = String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            for byte in prefix.utf8 { buffer[at] = byte; at += 1 }
            buffer[at] = 0
            at += 1
            if let names, count > 0 {
                for index in 0..<count {
                    let name = names[index]!
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
    }

    /// The key's NUL-separated parts: the count, the names, the development locale.
    private var parts: [Substring] {
        let all = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
        let count = Int(all[0]) ?? 0
        // Everything after the names is the development locale (it may hold a NUL only in an invalid request).
        return Array(all[..<(count + 1)]) + [all[(count + 1)...].joined(separator: "\u{0}")[...]]
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
        let parts = parts
        return parts[1..<(parts.count - 1)].map(String.init)
    }

    var development: String { String(parts.last!) }
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
    /// Locales of the chain that have any table in the catalog.
    let loadedLocales: Set<String>
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
        let tableNames = Set(state.tables.keys.map(\.name)).sorted()
        let named = tableNames.map { name in
            (interner.intern(name), chain.compactMap { state.tables[Catalog.TableID(locale: $0, name: name)] })
        }
        loadedLocales = Set(state.tables.keys.map(\.locale)).intersection(chain)
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
/// when next asked for, reusing the resolved chain (no ICU calls). The cache
/// holds at most `capacity` chains; past that it starts over, retiring what
/// it held, so that requests naming ever new locales cannot grow it.
final class ChainCache: Sendable {
    static let capacity = 256
    private let entries = Locked<[ChainRequest: Unmanaged<Resolved>]>.make([:])

    deinit {
        entries.withLock { for (_, entry) in $0 { retire(entry) } }
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
            for name in names {
                if let tag = try LocaleName.canonical(name) { preferred.append(tag) }
            }
        } else {
            preferred = EnvironmentLocales.preferred()
        }
        let chain = FallbackChain.resolve(preferred: preferred, development: development)
        let made = Resolved(request: request, preferred: preferred, development: development, chain: chain,
                            names: ChainNames(chain), state: catalog.state, interner: catalog.names)
        // The environment is read again each time: such requests are not kept.
        if request.isEnvironment { return .passRetained(made) }
        return insert(made)
    }

    /// The resolved chain rebuilt over the catalog's current state (or the
    /// cached one already rebuilt), retained once for the caller.
    func refreshed(_ old: Resolved, catalog: Catalog) -> Unmanaged<Resolved> {
        if let hit = cached(old.request, catalog: catalog) { return hit }
        let made = Resolved(request: old.request, preferred: old.preferred, development: old.development,
                            chain: old.chain, names: old.names, state: catalog.state, interner: catalog.names)
        if old.request.isEnvironment { return .passRetained(made) }
        return insert(made)
    }

    private func cached(_ request: ChainRequest, catalog: Catalog) -> Unmanaged<Resolved>? {
        ReadSection.run {
            let generation = catalog.generation
            return entries.withLock { entries -> Unmanaged<Resolved>? in
                guard let entry = entries[request], entry.takeUnretainedValue().generation == generation else { return nil }
                return entry.retain()
            }
        }
    }

    /// Keeps `made` (replacing an older entry of its request) and returns it
    /// retained for the caller.
    private func insert(_ made: Resolved) -> Unmanaged<Resolved> {
        let entry = Unmanaged.passRetained(made)
        let replaced: [Unmanaged<Resolved>] = entries.withLock { entries in
            var replaced: [Unmanaged<Resolved>] = []
            if let old = entries.updateValue(entry, forKey: made.request) {
                replaced.append(old)
            } else if entries.count > Self.capacity {
                replaced = entries.compactMap { $0.key == made.request ? nil : $0.value }
                entries = [made.request: entry]
            }
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
