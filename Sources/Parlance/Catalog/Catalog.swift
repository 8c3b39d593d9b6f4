import Synchronization

/// Loaded translation tables, by locale and table name.
///
/// Loads are all or nothing and replace the catalog's state atomically:
/// lookups running on other threads see the tables before or after a load,
/// never a mix, and a failed load leaves the previous state serving.
public final class Catalog: Sendable {
    struct TableID: Hashable, Sendable {
        let locale: String
        let name: String
    }

    /// An immutable view of everything loaded; replaced as a whole by loads.
    final class State: Sendable {
        let tables: [TableID: Table]
        /// `.lproj` folders seen in directory loads, per locale, in load order.
        let resourceDirectories: [String: [String]]
        let generation: Int
        /// Locales and table names, sorted: made once per load, before it is
        /// published, so that listing them one by one (the C API's
        /// `parlance_catalog_table(catalog, i)`) is linear in their number.
        let locales: [String]
        let tableNames: [String]

        init(tables: [TableID: Table], resourceDirectories: [String: [String]], generation: Int) {
            self.tables = tables
            self.resourceDirectories = resourceDirectories
            self.generation = generation
            locales = UniqueStrings(tables.keys.lazy.map { $0.locale }).list.sorted()
            tableNames = UniqueStrings(tables.keys.lazy.map { $0.name }).list.sorted()
        }
    }

    /// Readers load the state without locks; a load publishes a new one and
    /// retires the old, which is released (with the tables only it held)
    /// once no read section that could hold it remains.
    private let current = Published(State(tables: [:], resourceDirectories: [:], generation: 0))
    /// Serializes loads (readers never wait on it).
    private let loading = Locked<Int>.make(0)
    /// `XCStringsStates` raw value: what string catalogs loaded from now on serve.
    let stringCatalogStates = Atomic<UInt32>(XCStringsStates.served.rawValue)
    /// Message syntaxes declared by table name (`Catalog.setMessageSyntax`).
    let messageSyntaxes = MessageSyntaxes()
    /// MessageFormat 2 messages of its tables, parsed on first use.
    let parsedMessages = ParsedMessages()
    /// MessageFormat 2 functions the application added (`setMessageFunction`).
    let messageFunctions = MessageFunctions()
    /// Names handed to C callers (locales, tables): they live as long as the catalog.
    package let names = NameInterner()
    /// Localizers with change handlers, told after each load.
    let observers = CatalogObservers()

    /// The default table name.
    public static let defaultTable = TableName.standard

    public init() {}

    /// Resolved fallback chains with their table lists, shared by localizers.
    let chains = ChainCache()

    /// The current state, retained: safe to keep beyond a read section.
    var state: State { ReadSection.run { current.load() } }

    /// The current state without retaining it; call inside a read section.
    @inline(__always)
    func withState<R>(_ body: (State) -> R) -> R { current.withCurrent(body) }

    /// Changes with every load; localizers rebuild their table lists when it
    /// does. Call inside a read section.
    @inline(__always)
    var generation: Int { current.withCurrent { $0.generation } }

    /// Locales with at least one table, canonical BCP 47, sorted.
    public var locales: [String] { state.locales }

    /// Table names over all locales, sorted.
    public var tables: [String] { state.tableNames }

    /// Parsed files ready to join the catalog; made before anything changes.
    struct PendingTable {
        let id: String
        let locale: String
        let table: String
        let format: TableFormat
        let parsed: ParsedTable
        /// A table its format serves in place instead of `parsed` (`InPlaceTable`).
        var inPlace: InPlaceSource? = nil
        /// For formats that hold several tables (String Catalogs, XLIFF): the
        /// file, whose earlier tables this load replaces all of. The tables'
        /// ids are the file, or the file, `#` and the table.
        var file: String? = nil
    }

    /// Adds parsed tables and resource folders in one atomic step.
    func commit(_ pending: [PendingTable], resourceDirectories: [(locale: String, path: String)]) {
        loading.withLock { sequence in
            let old = state
            var tables = old.tables
            // A file of every language (a string catalog) loaded again leaves
            // the languages it no longer has.
            let multilingual = Set(pending.compactMap { $0.file })
            if !multilingual.isEmpty {
                let kept = Set(pending.map { TableID(locale: $0.locale, name: $0.table) })
                for (id, table) in tables where !kept.contains(id) {
                    var left: Table? = table
                    for file in multilingual { left = left?.removing(sourcesOf: file) }
                    tables[id] = left
                }
            }
            for item in pending {
                sequence += 1
                let id = TableID(locale: item.locale, name: item.table)
                if let served = item.inPlace {
                    if tables[id] == nil || tables[id]?.servedInPlace?.id == served.id {
                        tables[id] = Table(inPlace: served, locale: item.locale, name: item.table)
                        continue
                    }
                    // Joining other sources: its entries join in place, like theirs.
                    tables[id] = tables[id]?.replacing(TableSource(inPlace: served, order: sequence))
                    continue
                }
                let source = TableSource(id: item.id, format: item.format, order: sequence, parsed: item.parsed)
                tables[id] = tables[id]?.replacing(source) ?? Table(locale: item.locale, name: item.table, sources: [source])
            }
            var directories = old.resourceDirectories
            for (locale, path) in resourceDirectories where !(directories[locale] ?? []).contains(path) {
                directories[locale, default: []].append(path)
            }
            publish(State(tables: tables, resourceDirectories: directories, generation: old.generation + 1))
        }
        observers.catalogChanged()
    }

    /// Adds or replaces every table of a whole catalog (a compiled
    /// catalog: each served in place) in one atomic step.
    func commit(wholeCatalog pending: [PendingTable]) {
        loading.withLock { _ in
            let old = state
            var tables = old.tables
            for item in pending {
                guard let served = item.inPlace else { continue }
                tables[TableID(locale: item.locale, name: item.table)] = Table(inPlace: served, locale: item.locale, name: item.table)
            }
            publish(State(tables: tables, resourceDirectories: old.resourceDirectories, generation: old.generation + 1))
        }
        observers.catalogChanged()
    }

    /// Called with `loading` held. The old state is retired: its tables
    /// that the new state does not share are freed once no read section
    /// that could hold them remains.
    private func publish(_ next: State) {
        current.store(next)
    }
}

/// Interns strings at stable addresses for the C API, for the catalog's
/// lifetime: locale and table names, bounded by what was loaded.
package final class NameInterner: Sendable {
    private let storage = Locked<(names: [String: CText], arena: TextArena)>.make(([:], TextArena()))

    package func intern(_ name: String) -> CText {
        storage.withLock { state in
            if let text = state.names[name] { return text }
            let text = state.arena.append(name)
            state.names[name] = text
            return text
        }
    }

    /// A copy of `text` kept as long as the interner, not interned: for a
    /// text stored once per source (a catalog file's header), which hashing
    /// would only slow.
    package func keep(_ text: String) -> CText {
        storage.withLock { $0.arena.append(text) }
    }
}
