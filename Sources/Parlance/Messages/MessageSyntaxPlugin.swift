/// A message syntax: one final class in its own folder (`Sources/Parlance/Messages/<Syntax>/`)
/// that says how messages written in it are formatted, its one instance
/// registered by one line in `Messages/SyntaxRegistry.swift` (or at run
/// time, `MessageSyntax.register`); an instance, as a table format's
/// plug-in is (`TableFormatPlugin`), not a metatype.
/// `MessageSyntax` wraps it; the localizer asks it and never names a syntax.
package protocol MessageSyntaxPlugin: AnyObject, Sendable {
    /// The syntax's number in the C ABI's `parlance_message_syntax` enum (and the bindings'): never reused.
    var id: Int { get }
    /// The name the tools and the bindings use: `printf`, `icu`, `mf2`…
    var name: String { get }
    /// Messages take named values (`format(_:named:)`) rather than positional ones.
    var takesNamedValues: Bool { get }
    /// A message chooses its own plural and select arms from the values:
    /// a lookup for formatting asks for the message, not a plural variant.
    var selectsItsOwnArms: Bool { get }
    /// A key found nowhere is formatted as a message of this syntax, with
    /// the values given (i18next's `t()` interpolates the key; Qt's
    /// `translate` replaces `%n` in the source text), rather than given
    /// back as it is. A syntax of named values is asked so by named calls only.
    var formatsMissingKeys: Bool { get }

    /// A found message formatted with positional arguments: always text,
    /// the errors beside it (unlocated: the localizer names the entry).
    func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError])
    /// A found message (or, with `formatsMissingKeys`, a missing key)
    /// formatted with named values. Throws `.format` (unlocated).
    func format(named message: NamedMessage) throws(ParlanceError) -> String
    /// A message's text cut into its literal text and its syntax, which
    /// joined give the text back; text may be changed (pseudo-localized)
    /// without changing what the message means. Nil: the syntax leaves
    /// the cutting to the tools' placeholder shapes (printf's, `{name}`, …).
    func segments(of text: String) -> [MessageSegment]?
    /// What the syntax is called in full (`ICU MessageFormat`); default: its name.
    var title: String { get }
    /// What a message asks of its arguments, which `parlance lint` compares
    /// between a source and its translation, or a located `.format` error
    /// when the message does not parse; nil (the default) for a syntax
    /// that leaves this to the tools' placeholder checks.
    var shapeReader: (@Sendable (String) -> Result<MessageShape, ParlanceError>)? { get }
}

/// What a message asks of its arguments (`MessageSyntaxPlugin.shapeReader`).
package struct MessageShape: Sendable {
    /// Argument name → kind (`none`, `number`, `date`, `plural`, `select`…).
    package var arguments: [String: String] = [:]
    /// Plural and ordinal selections: the argument, ordinal or not, and its keys.
    package var selections: [(name: String, ordinal: Bool, keys: [String])] = []

    package init() {}
}

/// A piece of a message's text: literal text, or syntax (a placeable, a
/// variant key) that must be kept byte for byte.
package enum MessageSegment: Equatable, Sendable {
    case text(String)
    case syntax(String)
}

extension MessageSyntaxPlugin {
    package var takesNamedValues: Bool { true }
    package var selectsItsOwnArms: Bool { false }
    package var formatsMissingKeys: Bool { false }
    package func segments(of text: String) -> [MessageSegment]? { nil }
    package var title: String { name }
    package var shapeReader: (@Sendable (String) -> Result<MessageShape, ParlanceError>)? { nil }

    /// Syntaxes of named values refuse positional arguments.
    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        (message.text, [ParlanceError(.format, "its messages are \(name), which takes named values")])
    }

    /// Syntaxes of positional arguments refuse named values.
    package func format(named message: NamedMessage) throws(ParlanceError) -> String {
        throw ParlanceError(.format, "takes positional arguments, not named values")
    }

    /// The syntax this plug-in is.
    package var syntax: MessageSyntax { MessageSyntax(self) }
}

/// A message found for `Localizer.format(_:_:)`: its text, entry and table,
/// the arguments and how this call formats them.
package struct PositionalMessage {
    let found: CText
    let entry: StoredEntry
    /// The plural category of a number in the table's language.
    let category: (PluralOperand) -> PluralCategory
    package let arguments: [FormatArgument]
    let style: ArgumentStyle
    let device: Device?
    /// The caller's first locale, else the table's.
    package let callerLocale: String

    /// The message's text.
    package var text: String { found.string }
    /// Whether each argument is wrapped in bidi isolates.
    package var isolates: Bool { style.isolate != .none }
}

/// A message asked for by `Localizer.format(_:named:)`: its text, the
/// values, how this call formats them, and, for a syntax whose messages
/// nest others, how a nested message is looked up and formatted.
package struct NamedMessage {
    /// The message's text in its table; nil for a key found nowhere (`formatsMissingKeys`).
    let found: CText?
    /// The key asked for.
    package let key: String
    package let values: [String: FormatArgument]
    let style: ArgumentStyle
    /// The caller's first locale, else the development locale.
    package let callerLocale: String
    /// The catalog's parsed messages and its MessageFormat 2 functions.
    let parsed: ParsedMessages
    let functions: MessageFunctions
    /// Formatting that reports errors instead of throwing them (MessageFormat 2).
    let collect: MessageErrors?
    /// How deep in nesting this message is, and the output budget of the whole call.
    let depth: Int
    let budget: NestingBudget
    /// HTML-escape interpolated values (i18next's `escapeValue`).
    package let escape: Bool
    /// Formats a message this one nests (nil: missing; `""` past the depth or budget).
    let nest: (I18nextMessage.Nested) -> String?
    /// The stored text of another key of the message's own table (nil:
    /// not there, or a key found nowhere), for a syntax whose messages
    /// refer to others of their resource rather than along the chain.
    let sibling: (_ key: String, _ context: String?) -> String?

    /// The message's text (the key, for a key found nowhere).
    package var text: String { found?.string ?? key }
    /// The locale of the table the message came from.
    package var locale: String { style.locale }
    /// Whether each value is wrapped in bidi isolates.
    package var isolates: Bool { style.isolate != .none }
    /// Whether the call or the localizer chose an isolation (else the syntax's runtime default applies).
    package var isolationGiven: Bool { style.isolationGiven }

    /// `text` as this message's part of the whole call: nothing once a
    /// nested message's output passes the call's budget.
    /// `body` given the message's text in place (a table's, or the key's for the call).
    func withText<R>(_ body: (CText) -> R) -> R {
        if let found { return body(found) }
        return key.withCString { body(CText(pointer: $0, count: key.utf8.count)) }
    }

    func written(_ text: String) -> String { depth > 0 && !budget.write(text.utf8.count) ? "" : text }
}

/// The errors a formatting call gives beside its text.
final class MessageErrors {
    var errors: [MessageFormat2Error] = []
}
