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
                    throw UsageError("unknown --syntax '\(parts.last!)' (printf, icu, mf2, i18next)")
                }
                if parts.count == 2 { byTable[parts[0]] = syntax } else { all = syntax }
            }
        }

        /// The declared syntax of a table, if ICU MessageFormat or MessageFormat 2.
        func messages(table: String) -> MessageSyntax? {
            let syntax = byTable[table] ?? all
            return syntax == .icu || syntax == .messageFormat2 ? syntax : nil
        }
    }

    /// What a message asks of its arguments.
    struct Shape {
        /// Argument name → kind (`none`, `number`, `date`, `plural`, `select`…).
        var arguments: [String: String] = [:]
        /// Plural and ordinal selections: the argument, ordinal or not, and its keys.
        var selections: [(name: String, ordinal: Bool, keys: [String])] = []
    }

    /// The shape of a message, or the parser's located error.
    static func shape(_ text: String, syntax: MessageSyntax) -> Result<Shape, ParlanceError> {
        var shape = Shape()
        switch syntax {
        case .icu:
            switch ICUMessageFormat.arguments(text) {
            case .failure(let error): return .failure(error)
            case .success(let arguments):
                for argument in arguments {
                    // The same argument may appear twice (`{n}` and `{n, plural…}`): the richer kind counts.
                    if shape.arguments[argument.name] == nil || argument.kind != "none" {
                        shape.arguments[argument.name] = argument.kind
                    }
                    if argument.kind == "plural" || argument.kind == "selectordinal" {
                        shape.selections.append((argument.name, argument.kind == "selectordinal", argument.selectors))
                    }
                }
            }
        case .messageFormat2:
            switch MessageFormat2Check.shape(text) {
            case .failure(let error): return .failure(error)
            case .success(let found): shape = found
            }
        default:
            break
        }
        return .success(shape)
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
