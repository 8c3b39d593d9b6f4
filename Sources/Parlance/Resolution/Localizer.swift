import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Looks strings up in a catalog along a locale fallback chain.
///
/// Lookups take no locks: the chain and the tables it selects live in one
/// immutable `Resolved` object that `setLocales` and catalog loads replace
/// atomically, so each lookup reads one consistent chain.
public final class Localizer: Sendable {
    public let catalog: Catalog

    /// The chain, and for each table name the tables along it.
    final class Resolved: Sendable {
        let preferred: [String]
        let development: String
        let chain: [String]
        /// Chain entries as C strings and as one NULL-terminated array, for the C API.
        let chainNames: [CText]
        nonisolated(unsafe) let chainList: UnsafePointer<UnsafePointer<CChar>?>
        /// The catalog state the tables below were taken from.
        let generation: Int
        /// The tables of the default table name along the chain.
        let defaultTables: [Table]
        /// The tables of every table name along the chain.
        let named: [(name: CText, tables: [Table])]
        /// Locales of the chain that have any table in the catalog.
        let loadedLocales: Set<String>
        /// The same table lists without reference counting, for the C hot path.
        let fast: FastTables

        deinit { fast.deallocate() }

        init(preferred: [String], development: String, catalog: Catalog) {
            self.preferred = preferred
            self.development = development
            let chain = FallbackChain.resolve(preferred: preferred, development: development)
            self.chain = chain
            chainNames = chain.map(catalog.names.intern)
            chainList = catalog.names.internList(chainNames)
            let state = catalog.state
            generation = state.generation
            let names = Set(state.tables.keys.map(\.name)).sorted()
            named = names.map { name in
                (catalog.names.intern(name),
                 chain.compactMap { state.tables[Catalog.TableID(locale: $0, name: name)] })
            }
            defaultTables = named.first { $0.name.string == Catalog.defaultTable }?.tables ?? []
            loadedLocales = Set(state.tables.keys.map(\.locale)).intersection(chain)
            fast = FastTables(defaultTables: defaultTables, named: named)
        }
    }

    private let resolved: AtomicReference<Resolved>
    var resolvedChain: AtomicReference<Resolved> { resolved }
    /// Serializes writers: locale switches and rebuilds after catalog loads.
    private let writer = Mutex<Void>(())
    private let missHandler = Mutex<(@Sendable (Miss) -> Void)?>(nil)
    private let hasMissHandler = Atomic<Bool>(false)

    /// - Parameters:
    ///   - locales: preferred locales, most preferred first (BCP 47 or POSIX
    ///     spellings); nil reads the environment like glibc (`LANGUAGE`,
    ///     `LC_ALL`, `LC_MESSAGES`, `LANG`).
    ///   - development: the last-resort locale.
    public init(catalog: Catalog, locales: [String]? = nil, development: String = "en") throws(ParlanceError) {
        self.catalog = catalog
        guard let developmentTag = try LocaleName.canonical(development) else {
            throw ParlanceError(.locale, "the development locale cannot be C or POSIX")
        }
        let preferred = try locales.map(Self.canonicalize) ?? EnvironmentLocales.preferred()
        resolved = AtomicReference(Resolved(preferred: preferred, development: developmentTag, catalog: catalog))
    }

    /// The resolved fallback chain, most preferred first.
    public var locales: [String] { current.chain }

    /// The development locale.
    public var developmentLocale: String { current.development }

    /// Replaces the preferred locales; on error the previous chain stays.
    public func setLocales(_ locales: [String]?) throws(ParlanceError) {
        let preferred = try locales.map(Self.canonicalize) ?? EnvironmentLocales.preferred()
        writer.withLock { _ in
            resolved.store(Resolved(preferred: preferred, development: resolved.load().development, catalog: catalog))
        }
    }

    /// Installs (or with nil removes) the handler told about misses.
    public func onMiss(_ handler: (@Sendable (Miss) -> Void)?) {
        missHandler.withLock { $0 = handler }
        hasMissHandler.store(handler != nil, ordering: .releasing)
    }

    /// The current chain and tables, rebuilt first when the catalog changed.
    @inline(__always)
    var current: Resolved {
        let resolved = resolved.load()
        if resolved.generation == catalog.generation { return resolved }
        return rebuild()
    }

    private func rebuild() -> Resolved {
        writer.withLock { _ in
            let old = resolved.load()
            if old.generation == catalog.generation { return old }
            let new = Resolved(preferred: old.preferred, development: old.development, catalog: catalog)
            resolved.store(new)
            return new
        }
    }

    /// The chain as C strings, interned for the catalog's lifetime.
    package var chainNames: [CText] { current.chainNames }

    /// The chain as one NULL-terminated C array and its length, read together.
    package var chainList: (list: UnsafePointer<UnsafePointer<CChar>?>, count: Int) {
        let resolved = current
        return (resolved.chainList, resolved.chainNames.count)
    }

    private static func canonicalize(_ names: [String]) throws(ParlanceError) -> [String] {
        var tags: [String] = []
        for name in names {
            if let tag = try LocaleName.canonical(name) { tags.append(tag) }
        }
        return tags
    }

    // MARK: Misses

    var reportsMisses: Bool { hasMissHandler.load(ordering: .acquiring) }

    /// Tells the handler about a miss, or about a fallback hit by `supplier`.
    func reportMiss(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, table: UnsafeRawBufferPointer?,
                    resolved: Resolved, supplier: String?) {
        guard let handler = missHandler.withLock({ $0 }) else { return }
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

/// Table lists as plain memory: each list a count and `Unmanaged<Table>`s
/// that the owning `Resolved` keeps alive. Walking them costs no reference
/// counting, which is most of a lookup's price otherwise.
/// `@unchecked Sendable`: written once in `init`, read-only afterwards.
struct FastTables: @unchecked Sendable {
    struct List {
        let base: UnsafeMutablePointer<Unmanaged<Table>>?
        let count: Int

        /// The tables as an array (for the general, reference-counted paths).
        var tables: [Table] { (0..<count).map { base![$0].takeUnretainedValue() } }
    }

    let defaultList: List
    let names: UnsafeMutablePointer<(name: CText, list: List)>?
    let nameCount: Int

    init(defaultTables: [Table], named: [(name: CText, tables: [Table])]) {
        defaultList = Self.list(defaultTables)
        nameCount = named.count
        names = named.isEmpty ? nil : .allocate(capacity: named.count)
        for (index, entry) in named.enumerated() { (names! + index).initialize(to: (entry.name, Self.list(entry.tables))) }
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
