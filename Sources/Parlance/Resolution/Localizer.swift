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
    /// `FormatOptions.packed`: the defaults of formatting calls.
    let formatDefaults = Atomic<UInt32>(0)
    /// `Device.rawValue`, 0 for none.
    private let deviceCode = Atomic<UInt8>(0)
    /// Told after the languages or the catalog change (`onChange`).
    let changeHandlers = ChangeHandlers()

    /// The table a call that names none looks in — a gettext program's
    /// domain, an i18next namespace; nil: `Catalog.defaultTable`
    /// (`Localizable`). A table named in a call still wins.
    public let defaultTable: String?

    /// - Parameters:
    ///   - locales: preferred locales, most preferred first (BCP 47 or POSIX
    ///     spellings); nil reads the environment like glibc (`LANGUAGE`,
    ///     `LC_ALL`, `LC_MESSAGES`, `LANG`); empty: the development locale only.
    ///     A name that names no language is skipped.
    ///   - development: the last-resort locale.
    ///   - table: the table calls that name none look in (nil: `Localizable`).
    public convenience init(catalog: Catalog, locales: [String]? = nil, development: String = Localizer.defaultDevelopment,
                            table: String? = nil) throws(ParlanceError) {
        try self.init(catalog: catalog, request: ChainRequest(locales, development: development), table: table)
    }

    /// The development locale when none is given: the one default of the
    /// Swift API, the C API (a NULL development) and, through it, the bindings.
    @usableFromInline package static let defaultDevelopment = "en"

    /// Runs `body` with the bytes of a development locale as the C API
    /// passes it (nil: `defaultDevelopment`); no copy.
    package static func withDevelopment<R>(_ development: UnsafePointer<CChar>?,
                                           _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard let development else { return withName(defaultDevelopment, body) }
        return body(UnsafeRawBufferPointer(start: development, count: strlen(development)))
    }

    /// A localizer for a request.
    package convenience init(catalog: Catalog, request: ChainRequest, table: String? = nil) throws(ParlanceError) {
        if let table { try TableName.check(table) }
        self.init(catalog: catalog, resolved: try catalog.chains.resolved(request, catalog: catalog), table: table)
    }

    /// A localizer for a request as the C API spells it: a chain asked for
    /// before is found without building the request.
    package convenience init(catalog: Catalog, probe: ChainProbe, table: String? = nil) throws(ParlanceError) {
        if let table { try TableName.check(table) }
        if let hit = catalog.chains.cached(probe, catalog: catalog) {
            self.init(catalog: catalog, resolved: hit, table: table)
        } else {
            try self.init(catalog: catalog, request: ChainRequest(probe), table: table)
        }
    }

    private init(catalog: Catalog, resolved next: Unmanaged<Resolved>, table: String?) {
        self.catalog = catalog
        // The default table's name, as every lookup compares it: nil for `Localizable`.
        defaultTable = table == Catalog.defaultTable ? nil : table
        // Nobody can be reading through a localizer that is going away: its
        // chain is released at once (other users of it hold their own retain).
        resolved = Published(retained: next, releasesAtEnd: true)
    }

    /// The device whose texts device-specific entries give (`.stringsdict`
    /// device rules, String Catalog `variations.device`); nil, the default,
    /// gives the texts for `other`. Lookups without a device set take the
    /// fastest path.
    public var device: Device? {
        get { Device(rawValue: deviceCode.load(ordering: .relaxed)) }
        set { deviceCode.store(newValue?.rawValue ?? 0, ordering: .relaxed) }
    }

    var hasDevice: Bool { deviceCode.load(ordering: .relaxed) != 0 }

    /// The resolved fallback chain, most preferred first.
    public var locales: [String] { ReadSection.run { current.chain } }

    /// The development locale.
    public var developmentLocale: String { ReadSection.run { current.development } }

    /// Replaces the preferred locales; on error the previous chain stays.
    /// A chain used before (by any localizer of the catalog) allocates nothing.
    public func setLocales(_ locales: [String]?) throws(ParlanceError) {
        let before = chainBeforeChange()
        try setLocales(ChainRequest(locales, development: developmentRequest))
        localesChanged(from: before)
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

    /// `setLocales` for a request as the C API spells it: a chain asked for
    /// before is switched to without building the request or allocating.
    package func setLocales(_ probe: ChainProbe) throws(ParlanceError) {
        let before = chainBeforeChange()
        defer { localesChanged(from: before) }
        guard let next = catalog.chains.cached(probe, catalog: catalog) else {
            return try setLocales(ChainRequest(probe))
        }
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
