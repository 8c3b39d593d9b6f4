/// How a table's messages name their arguments and plural forms: a
/// registered plug-in (`MessageSyntaxPlugin`, one final class in
/// `Messages/<Syntax>/`), known to the C ABI and the bindings by its number.
/// The built-in syntaxes are static members declared in their folders
/// (`.printf`, `.icu`, `.messageFormat2`, `.i18next`, `.java`, `.fluent`); the list of
/// syntaxes is `Messages/SyntaxRegistry.swift`.
///
/// Each table format has a default: i18next JSON is `.i18next`, `.properties`
/// `.java`, `.ftl` `.fluent`, every other format `.printf` (Apple's and gettext's conventions). A catalog can
/// declare another syntax for a table name (`Catalog.setMessageSyntax`):
/// i18next JSON or `.strings` files holding ICU MessageFormat messages, as
/// i18next-icu, FormatJS and Android projects keep them.
public struct MessageSyntax: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The plug-in: its one instance, immutable, shared by every thread.
    package let plugin: any MessageSyntaxPlugin

    package init(_ plugin: any MessageSyntaxPlugin) { self.plugin = plugin }

    /// The syntax's number in the C ABI's `parlance_message_syntax`.
    public var rawValue: Int { plugin.id }

    /// The syntax numbered `rawValue` in the C ABI, or nil.
    public init?(rawValue: Int) {
        guard let plugin = Self.registry.all.first(where: { $0.id == rawValue }) else { return nil }
        self.init(plugin)
    }

    /// Every registered syntax, by number.
    public static var allCases: [MessageSyntax] {
        registry.all.sorted { $0.id < $1.id }.map(MessageSyntax.init)
    }

    /// The name used by the tools and the bindings: `printf`, `icu`, `mf2`, `i18next`, `java`, `fluent`.
    public var description: String { plugin.name }

    public init?(name: String) {
        guard let plugin = Self.registry.all.first(where: { $0.name == name }) else { return nil }
        self.init(plugin)
    }

    public static func == (a: MessageSyntax, b: MessageSyntax) -> Bool { a.plugin.id == b.plugin.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(plugin.id) }

    /// Whether messages take named values (`format(_:named:)`) rather than positional ones.
    public var takesNamedValues: Bool { plugin.takesNamedValues }

    /// Whether a message chooses its own plural and select arms from the
    /// values (ICU MessageFormat, MessageFormat 2), so that a lookup for
    /// formatting asks for the message, not a plural variant.
    var selectsItsOwnArms: Bool { plugin.selectsItsOwnArms }

    /// Adds a message syntax at run time (a host's own, or a test's), after
    /// the built-in ones: tables and `Catalog.setMessageSyntax` can then use
    /// it. Thread-safe; false, and nothing changes, when its number or name
    /// is taken.
    @discardableResult
    package static func register(_ plugin: any MessageSyntaxPlugin) -> Bool {
        registry.register(plugin) { $0.id == plugin.id || $0.name == plugin.name }
    }
}
