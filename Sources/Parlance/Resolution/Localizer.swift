import Synchronization

/// Looks strings up in a catalog along a locale fallback chain.
///
/// The chain can be switched at any time (`setLocales`) while other threads
/// look strings up: each lookup reads one consistent chain.
public final class Localizer: Sendable {
    public let catalog: Catalog

    struct Settings: Sendable {
        let preferred: [String]
        let development: String
        let chain: [String]
        /// Chain entries as C strings, for the C API.
        let chainNames: [CText]
        /// The same as one NULL-terminated array (a consistent snapshot for C).
        nonisolated(unsafe) let chainList: UnsafePointer<UnsafePointer<CChar>?>
    }

    private let settings: Mutex<Settings>
    private let missHandler = Mutex<(@Sendable (Miss) -> Void)?>(nil)

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
        settings = Mutex(Self.settings(preferred, developmentTag, catalog))
    }

    /// The resolved fallback chain, most preferred first.
    public var locales: [String] { settings.withLock { $0.chain } }

    /// The development locale.
    public var developmentLocale: String { settings.withLock { $0.development } }

    /// Replaces the preferred locales; on error the previous chain stays.
    public func setLocales(_ locales: [String]?) throws(ParlanceError) {
        let preferred = try locales.map(Self.canonicalize) ?? EnvironmentLocales.preferred()
        let development = developmentLocale
        let next = Self.settings(preferred, development, catalog)
        settings.withLock { $0 = next }
    }

    /// Installs (or with nil removes) the handler told about misses.
    public func onMiss(_ handler: (@Sendable (Miss) -> Void)?) {
        missHandler.withLock { $0 = handler }
    }

    /// The chain as C strings, interned for the catalog's lifetime.
    package var chainNames: [CText] { settings.withLock { $0.chainNames } }

    /// The chain as one NULL-terminated C array and its length, read together.
    package var chainList: (list: UnsafePointer<UnsafePointer<CChar>?>, count: Int) {
        settings.withLock { ($0.chainList, $0.chainNames.count) }
    }

    var currentSettings: Settings { settings.withLock { $0 } }

    private static func canonicalize(_ names: [String]) throws(ParlanceError) -> [String] {
        var tags: [String] = []
        for name in names {
            if let tag = try LocaleName.canonical(name) { tags.append(tag) }
        }
        return tags
    }

    private static func settings(_ preferred: [String], _ development: String, _ catalog: Catalog) -> Settings {
        let chain = FallbackChain.resolve(preferred: preferred, development: development)
        let names = chain.map(catalog.names.intern)
        return Settings(preferred: preferred, development: development, chain: chain,
                        chainNames: names, chainList: catalog.names.internList(names))
    }

    // MARK: Resolution

    /// Finds key along the chain. `count` selects a plural variant.
    package func resolve(_ key: String, context: String?, table: String?, count: PluralOperand?) -> Resolution {
        let tableName = table ?? Catalog.defaultTable
        let chain = currentSettings.chain
        let tables = catalog.state.tables
        for (index, locale) in chain.enumerated() {
            guard let table = tables[Catalog.TableID(locale: locale, name: tableName)] else { continue }
            if let count {
                if let hit = table.pluralText(key, context: context, operand: count) {
                    let resolution = Resolution(found: hit.text, table: table, tableName: tableName, storedKey: hit.storedKey,
                                                category: hit.category, fallback: index > 0, entry: hit.entry)
                    if index > 0 { reportFallback(key, context, tableName, chain[..<index], locale, tables) }
                    return resolution
                }
            } else if let entry = table.entry(key, context: context), let text = table.text(of: entry) {
                if index > 0 { reportFallback(key, context, tableName, chain[..<index], locale, tables) }
                return Resolution(found: text, table: table, tableName: tableName, storedKey: entry.storedKey,
                                  category: nil, fallback: index > 0, entry: entry)
            }
        }
        report(Miss(key: key, context: context, table: tableName, locales: chain, suppliedBy: nil))
        return Resolution(found: nil, table: nil, tableName: tableName, storedKey: nil, category: nil,
                          fallback: false, entry: nil)
    }

    private func reportFallback(_ key: String, _ context: String?, _ table: String, _ tried: ArraySlice<String>,
                                _ supplier: String, _ tables: [Catalog.TableID: Table]) {
        guard missHandler.withLock({ $0 != nil }) else { return }
        let loaded = Set(tables.keys.map(\.locale))
        let missing = tried.filter { loaded.contains($0) }
        guard !missing.isEmpty else { return }
        report(Miss(key: key, context: context, table: table, locales: missing, suppliedBy: supplier))
    }

    private func report(_ miss: Miss) {
        guard let handler = missHandler.withLock({ $0 }) else { return }
        handler(miss)
    }
}
