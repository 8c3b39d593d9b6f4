/// How a table's messages name their arguments and plural forms.
///
/// Each table format has a default: i18next JSON is `.i18next`, `.properties`
/// `.java`, every other format `.printf` (Apple's and gettext's conventions). A catalog can
/// declare another syntax for a table name (`Catalog.setMessageSyntax`):
/// i18next JSON or `.strings` files holding ICU MessageFormat messages, as
/// i18next-icu, FormatJS and Android projects keep them.
public enum MessageSyntax: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// printf and Apple placeholders (`%d`, `%1$@`, `%#@var@`), gettext's plural forms.
    case printf = 1
    /// ICU MessageFormat: `{count, plural, one {# file} other {# files}}`, formatted by ICU.
    case icu = 2
    /// Unicode MessageFormat 2: `.input {$n :number} .match $n one {{…}} * {{…}}`.
    case messageFormat2 = 3
    /// i18next's interpolation: `{{name}}`, `$t(key)`, plural and context key suffixes.
    case i18next = 4
    /// `java.text.MessageFormat`: `{0}`, `{0,number,integer}`, `{0,choice,0#…|1<…}` (`.properties` tables).
    case java = 5

    /// The name used by the tools and the bindings: `printf`, `icu`, `mf2`, `i18next`.
    public var description: String {
        switch self {
        case .printf: "printf"
        case .icu: "icu"
        case .messageFormat2: "mf2"
        case .i18next: "i18next"
        case .java: "java"
        }
    }

    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = found
    }

    /// Whether messages take named values (`format(_:named:)`) rather than positional ones.
    public var takesNamedValues: Bool { self != .printf && self != .java }

    /// Whether a message chooses its own plural and select arms from the
    /// values (ICU MessageFormat, MessageFormat 2), so that a lookup for
    /// formatting asks for the message, not a plural variant.
    var selectsItsOwnArms: Bool { self == .icu || self == .messageFormat2 || self == .java }
}
