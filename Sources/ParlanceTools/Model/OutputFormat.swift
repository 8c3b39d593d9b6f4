import Parlance

/// A format the tools write, read and lint: its rules are its folder's
/// `ToolFormat` conformance (`Formats/<Format>/`), which also declares the
/// format's value here (`OutputFormat.po`, …). `OutputFormat.registry`
/// (Layout/) is the one list of them; the tools ask it instead of naming a format.
public struct OutputFormat: Hashable, Sendable, CustomStringConvertible {
    /// The format's rules for the tools.
    package let tools: any ToolFormat

    package init(_ tools: any ToolFormat) { self.tools = tools }

    /// The name `--format` takes.
    public var rawValue: String { tools.name }
    public var description: String { rawValue }

    public static func == (lhs: OutputFormat, rhs: OutputFormat) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The default table (Apple, JSON), domain (gettext) or namespace (i18next's default, `translation`).
    public var defaultTable: String { tools.defaultTable }
}
