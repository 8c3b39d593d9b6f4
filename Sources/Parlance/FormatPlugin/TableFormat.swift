/// A table format Parlance reads: a registered plug-in
/// (`TableFormatPlugin`, one final class in `Formats/<Format>/`), known to the
/// C ABI and the bindings by its number. The built-in formats are static
/// members declared in their folders (`.strings`, `.po`, …); the list of
/// formats is `Formats/Registry.swift`.
public struct TableFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The plug-in: an instance of a class-bound protocol, immutable,
    /// shared by every thread (not a metatype: Embedded Swift has no
    /// metatype values, and the C library is to be built with it).
    package let plugin: any TableFormatPlugin

    package init(_ plugin: any TableFormatPlugin) { self.plugin = plugin }

    /// The format's number in the C ABI's `parlance_format`.
    public var rawValue: Int32 { plugin.id }

    /// The format numbered `rawValue` in the C ABI, or nil.
    public init?(rawValue: Int32) {
        guard let plugin = Self.registered.first(where: { $0.id == rawValue }) else { return nil }
        self.init(plugin)
    }

    /// The registered formats' plug-ins, in registry order.
    package static var registered: [any TableFormatPlugin] { registry.all }

    /// Adds a table format at run time (a host's own, or a test's), after
    /// the built-in ones: `Catalog.load`, the folder walk and every tool
    /// that asks the registry serve it from then on. Register before the
    /// loads that should see it; thread-safe. False, and nothing changes,
    /// when its number, name or extension is taken.
    @discardableResult
    package static func register(_ plugin: any TableFormatPlugin) -> Bool {
        registry.register(plugin) {
            $0.id == plugin.id || $0.name == plugin.name || $0.fileExtension == plugin.fileExtension
        }
    }

    /// Every registered format, by number.
    public static var allCases: [TableFormat] { formats { _ in true } }

    /// The registered formats whose plug-in `matches`, by number: sorting
    /// only those (usually one) rather than every format.
    package static func formats(where matches: (any TableFormatPlugin) -> Bool) -> [TableFormat] {
        registered.filter(matches).sorted { $0.id < $1.id }.map(TableFormat.init)
    }

    /// The file extension of the format.
    public var fileExtension: String { plugin.fileExtension }

    /// The format's name: `strings`, `po`, `android`, `i18next`…
    public var description: String { plugin.name }

    /// The format a file extension names (its own or an alias such as
    /// `pot`, `xlf`), or nil; the lowest-numbered when several share one.
    public init?(fileExtension: some StringProtocol) {
        let lowered = fileExtension.lowercased()
        guard let format = Self.formats(where: { $0.fileExtension == lowered || $0.extensionAliases.contains(lowered) }).first
        else { return nil }
        self = format
    }

    /// The format a name such as "strings", "json" or "i18next" names, or nil.
    public init?(name: some StringProtocol) {
        let lowered = name.lowercased()
        if let format = Self.formats(where: { $0.name == lowered }).first {
            self = format
            return
        }
        self.init(fileExtension: lowered)
    }

    public static func == (a: TableFormat, b: TableFormat) -> Bool { a.plugin.id == b.plugin.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(plugin.id) }

    /// Within one locale and table, a format of higher precedence overrides
    /// a lower one on the same key (`TableFormatPlugin.precedence`).
    var precedence: Int { plugin.precedence }

    /// How the format's keys are spelled and resolved.
    var keyRules: KeyRules { plugin.keyRules }

    /// One file holds every language of its table (String Catalogs): a
    /// locale given picks one of them.
    package var holdsEveryLanguage: Bool { plugin.languages == .every }

    /// A file of this format names its own languages (String Catalogs,
    /// XLIFF documents): found beside language folders, not in one.
    package var namesItsLanguages: Bool { plugin.languages != .one }

    /// Reads a table file's bytes into entries.
    package func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        try read(bytes, path: path, quick: false).entries
    }

    /// Every table a file holds, for tools: one for most formats; one per
    /// language for a String Catalog (every state, as written); one per
    /// table for XLIFF (files naming no language read as `en`).
    package func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        try plugin.readTables(bytes, path: path)
    }

    /// Reads a table file's bytes into entries and, for gettext, its plural
    /// formula and plural msgids. With `quick`, a file a quick reader accepts
    /// comes back as table entries already (`ParsedTable.prebuilt`), with no
    /// `ParsedEntry`: the path of catalogs, not of tools.
    package func read(_ bytes: [UInt8], path: String?, quick: Bool = true) throws(ParlanceError) -> ParsedTable {
        try plugin.read(bytes, path: path, quick: quick)
    }
}
