import Parlance

/// Lint of tables whose messages are ICU MessageFormat or MessageFormat 2
/// (declared with `parlance lint --syntax`, as the runtime's
/// `Catalog.setMessageSyntax` declares them):
///
/// - every message is parsed; one that does not parse is an error located
///   at its entry, with the line and column inside the message;
/// - a translation's arguments against the development text's: an argument
///   the source lacks is an error, one of another kind (a plural where the
///   source has a number, a date where it has a string) an error, one left
///   out a warning;
/// - plural and selectordinal arms against the locale's CLDR categories
///   (cardinal or ordinal): an arm the locale never reaches is a warning, a
///   category the locale uses that has no arm is a warning (ICU and
///   MessageFormat 2 fall back to `other` / `*`).
enum MessageCheck {
    /// The syntaxes `--syntax` declares: `icu` or `mf2` for every table, `TABLE=icu` for one.
    struct Declared: Sendable {
        var all: MessageSyntax?
        var byTable: [String: MessageSyntax] = [:]

        init() {}

        init(_ options: [String]) throws {
            for option in options {
                let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard let syntax = MessageSyntax(name: parts.last!) else {
                    throw UsageError("unknown --syntax '\(parts.last!)' (\(MessageSyntax.allCases.map(\.description).joined(separator: ", ")))")
                }
                if parts.count == 2 { byTable[parts[0]] = syntax } else { all = syntax }
            }
        }

        /// The declared syntax of a table, if one lint parses (`parsed`).
        func messages(table: String) -> MessageSyntax? {
            guard let syntax = byTable[table] ?? all, MessageCheck.reader(syntax) != nil else { return nil }
            return syntax
        }
    }

    typealias Shape = MessageShape

    /// The syntaxes lint parses: those of the syntax registry that read a
    /// message's shape, each with what its messages are called in usage texts.
    static var parsed: [(syntax: MessageSyntax, title: String, shape: @Sendable (String) -> Result<Shape, ParlanceError>)] {
        MessageSyntax.allCases.compactMap { syntax in syntax.plugin.shapeReader.map { (syntax, syntax.plugin.title, $0) } }
    }

    static func reader(_ syntax: MessageSyntax) -> (@Sendable (String) -> Result<Shape, ParlanceError>)? {
        syntax.plugin.shapeReader
    }

    /// The names of the syntaxes lint parses, joined (`icu|mf2`, `icu or mf2`).
    static func parsedNames(_ separator: String) -> String { parsed.map(\.syntax.description).joined(separator: separator) }

    /// The shape of a message, or the parser's located error (none for a syntax lint does not parse).
    static func shape(_ text: String, syntax: MessageSyntax) -> Result<Shape, ParlanceError> {
        reader(syntax)?(text) ?? .success(Shape())
    }

    /// Problems of a translation's message against its source's.
    static func compare(source: Shape, translation: Shape) -> [PlaceholderCheck.Problem] {
        var problems: [PlaceholderCheck.Problem] = []
        for name in translation.arguments.keys.sorted() {
            guard let wanted = source.arguments[name] else {
                problems.append(.init(severity: .error, message: "argument '\(name)' is not in the source message"))
                continue
            }
            let kind = translation.arguments[name]!
            if family(kind) != family(wanted), family(kind) != "any", family(wanted) != "any" {
                problems.append(.init(severity: .error, message: "argument '\(name)' is \(kind) here, \(wanted) in the source message"))
            }
        }
        for name in source.arguments.keys.sorted() where translation.arguments[name] == nil {
            problems.append(.init(severity: .warning, message: "argument '\(name)' of the source message is not used"))
        }
        return problems
    }

    /// Plural arms against the categories `locale` uses.
    static func arms(_ shape: Shape, locale: String) -> [PlaceholderCheck.Problem] {
        var problems: [PlaceholderCheck.Problem] = []
        for selection in shape.selections {
            let used = PluralRules.forLocale(locale, ordinal: selection.ordinal).categories
            let what = selection.ordinal ? "ordinal" : "plural"
            let categories = selection.keys.compactMap { PluralCategory(name: $0) }
            let never = categories.filter { !used.contains($0) }
            if !never.isEmpty {
                problems.append(.init(severity: .warning, message: "\(what) '\(selection.name)' has "
                    + never.map { "'\($0.name)'" }.joined(separator: ", ") + ", which \(locale) never uses"))
            }
            let lacking = used.filter { !categories.contains($0) && $0 != .other }
            if !lacking.isEmpty {
                problems.append(.init(severity: .warning, message: "\(what) '\(selection.name)' lacks "
                    + lacking.map { "'\($0.name)'" }.joined(separator: ", ") + ", which \(locale) uses (those counts get 'other')"))
            }
        }
        return problems
    }

    /// Kinds that take the same value: numbers (plain, plural, ordinal, spelled out), dates, strings (select).
    private static func family(_ kind: String) -> String {
        switch kind {
        case "number", "plural", "selectordinal", "spellout", "ordinal", "duration", "choice", "integer", "offset", "math": "number"
        case "date", "time", "datetime": "date"
        case "select", "string": "string"
        case "none": "any"
        default: kind
        }
    }
}
