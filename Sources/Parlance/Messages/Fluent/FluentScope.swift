/// One formatting of a pattern, step for step as fluent-rs's resolver
/// (`resolver/pattern.rs`, `expression.rs`, `inline_expression.rs`):
/// errors are collected and a placeholder text (`{$name}`, `{msg}`,
/// `{-term}`, `{FN()}`) stands where a value could not be found.
struct FluentScope {
    /// The limit on placeables formatted for one message: a guard against
    /// expansion bombs (fluent-rs `MAX_PLACEABLES`).
    static let maxPlaceables = 100

    let bundle: FluentBundle
    let arguments: [String: FluentValue]
    /// A term's own named arguments while its pattern is formatted.
    var localArguments: [String: FluentValue]?
    /// The patterns being formatted (messages, terms, attributes by key): a
    /// reference to one of them is a cycle.
    var travelled: [String] = []
    var placeables = 0
    /// Set by the placeable guard: formatting stops.
    var dirty = false
    var errors: [FluentError] = []

    init(bundle: FluentBundle, arguments: [String: FluentValue]) {
        self.bundle = bundle
        self.arguments = arguments
    }

    mutating func write(_ pattern: FluentPattern, into out: inout String) {
        let isolate = bundle.useIsolating && pattern.elements.count > 1
        for element in pattern.elements {
            if dirty { return }
            switch element {
            case .text(let text):
                out += bundle.transform.map { $0(text) } ?? text
            case .placeable(let expression):
                placeables += 1
                if placeables > Self.maxPlaceables {
                    dirty = true
                    errors.append(FluentError(.tooManyPlaceables, "Too many placeables"))
                    return
                }
                let isolated = isolate && !Self.neverIsolated(expression)
                if isolated { out += "\u{2068}" }
                write(expression, into: &out)
                if dirty { out += "{" + Self.errorText(expression) + "}" }
                if isolated { out += "\u{2069}" }
            }
        }
    }

    /// Message and term references and string literals are not isolated (fluent-rs).
    private static func neverIsolated(_ expression: FluentExpression) -> Bool {
        switch expression {
        case .message, .term, .string: return true
        default: return false
        }
    }

    /// How `travelled` names the pattern of a message's or term's key (`id`, `id.attr`).
    static func trackedKey(_ key: String, term: Bool) -> String { (term ? "t:" : "m:") + key }

    /// Formats the pattern of `key` unless it is already being formatted (a cycle).
    private mutating func track(_ key: String, _ pattern: FluentPattern, _ expression: FluentExpression, into out: inout String) {
        if travelled.contains(key) {
            errors.append(FluentError(.cyclic, "Cyclic reference"))
            out += "{" + Self.errorText(expression) + "}"
            return
        }
        travelled.append(key)
        write(pattern, into: &out)
        travelled.removeLast()
    }

    /// What stands for an expression that could not be formatted.
    static func errorText(_ expression: FluentExpression) -> String {
        switch expression {
        case .message(let id, let attribute): return attribute.map { id + "." + $0 } ?? id
        case .term(let id, let attribute, _): return "-" + (attribute.map { id + "." + $0 } ?? id)
        case .function(let name, _): return name + "()"
        case .variable(let name): return "$" + name
        default: return "???"
        }
    }

    private mutating func referenceError(_ expression: FluentExpression, into out: inout String) {
        let what: String
        switch expression {
        case .message(let id, nil): what = "Unknown message: \(id)"
        case .term(let id, nil, _): what = "Unknown term: -\(id)"
        case .message, .term: what = "Unknown attribute: " + Self.errorText(expression)
        case .function: what = "Unknown function: " + Self.errorText(expression)
        default: what = "Unknown variable: " + Self.errorText(expression)
        }
        errors.append(FluentError(.reference, what))
        out += "{" + Self.errorText(expression) + "}"
    }

    // MARK: Expressions

    mutating func write(_ expression: FluentExpression, into out: inout String) {
        switch expression {
        case .string(let raw):
            out += FluentEscapes.unescape(raw)
        case .number(let text):
            out += FluentNumber(parsing: text).map { FluentFormatting.format($0, locale: bundle.locale) } ?? text
        case .message(let id, let attribute):
            switch bundle.reference(id, attribute: attribute, term: false) {
            case .missing: return referenceError(expression, into: &out)
            case .noValue:
                errors.append(FluentError(.noValue, "No value: \(id)"))
                out += "{" + id + "}"
            case .pattern(let value): track(Self.trackedKey(attribute.map { id + "." + $0 } ?? id, term: false), value, expression, into: &out)
            }
        case .term(let id, let attribute, let arguments):
            let named = self.arguments(arguments).named
            let saved = localArguments
            localArguments = named
            defer { localArguments = saved }
            switch bundle.reference(id, attribute: attribute, term: true) {
            case .missing: return referenceError(expression, into: &out)
            case .noValue: break
            case .pattern(let value): track(Self.trackedKey(attribute.map { id + "." + $0 } ?? id, term: true), value, expression, into: &out)
            }
        case .function(let name, let arguments):
            switch call(name, arguments) {
            case .unknown: return referenceError(expression, into: &out)
            case .value(.error): out += Self.errorText(expression)
            case .value(let result): out += text(of: result)
            case .failed: out += "{" + Self.errorText(expression) + "}"
            }
        case .variable(let name):
            if let value = (localArguments ?? arguments)[name] {
                out += text(of: value)
            } else {
                if localArguments == nil { errors.append(FluentError(.reference, "Unknown variable: $\(name)")) }
                out += "{$" + name + "}"
            }
        case .placeable(let inner):
            write(inner, into: &out)
        case .select(let selector, let variants):
            let value = resolve(selector)
            let chosen = variants.first { FluentSelection.matches($0.key, value, locale: bundle.locale) }
                ?? variants.first { $0.isDefault }
            if let chosen { write(chosen.value, into: &out) }
        }
    }

    func text(of value: FluentValue) -> String {
        FluentFormatting.text(of: value, locale: bundle.locale)
    }

    /// The value of an expression used as a selector or an argument.
    mutating func resolve(_ expression: FluentExpression) -> FluentValue {
        switch expression {
        case .string(let raw):
            return .string(FluentEscapes.unescape(raw))
        case .number(let text):
            return FluentNumber(parsing: text).map(FluentValue.number) ?? .error
        case .variable(let name):
            if let value = (localArguments ?? arguments)[name] { return value }
            if localArguments == nil { errors.append(FluentError(.reference, "Unknown variable: $\(name)")) }
            return .error
        case .function(let name, let arguments):
            switch call(name, arguments) {
            case .unknown:
                errors.append(FluentError(.reference, "Unknown function: \(name)()"))
                return .error
            case .value(let result): return result
            case .failed: return .error
            }
        default:
            var out = ""
            write(expression, into: &out)
            return .string(out)
        }
    }

    mutating func arguments(_ arguments: FluentCallArguments?) -> (positional: [FluentValue], named: [String: FluentValue]) {
        guard let arguments else { return ([], [:]) }
        var named: [String: FluentValue] = [:]
        for (name, value) in arguments.named { named[name] = resolve(value) }
        return (arguments.positional.map { resolve($0) }, named)
    }
}
