/// The messages and terms of one language, formatted with Fluent's runtime
/// semantics (fluent-rs `FluentBundle`): formatting never fails — it gives
/// text and every error met on the way. Placeables are wrapped in FSI…PDI
/// (bidi isolation) unless `useIsolating` is false.
package final class FluentBundle {
    package let locale: String
    package var useIsolating = true
    /// Applied to each text element of a pattern as it is written, not to
    /// string literals, variant keys or values (fluent-rs `set_transform`,
    /// which Firefox uses for its pseudo-locales); nil: the text as written.
    package var transform: ((String) -> String)?
    private(set) var messages: [String: FluentMessage] = [:]
    private(set) var terms: [String: FluentMessage] = [:]
    private(set) var functions: [String: FluentFunction] = FluentBuiltins.functions
    /// An application's functions (a catalog's), asked before `functions`.
    package var applicationFunctions: [String: MessageFunction] = [:]
    /// The stored text (`FluentStoredValue`) of a message's or term's value
    /// or attribute by its table key (`id`, `id.attr`; a term's is asked
    /// with `term` true), for ids not added: a bundle reading a table.
    package var stored: ((_ key: String, _ term: Bool) -> String?)?

    package init(locale: String) { self.locale = locale }

    /// Adds the messages and terms of `resource`; an id already present is
    /// kept unless `allowOverrides`, each such id reported.
    @discardableResult
    package func add(_ resource: FluentResource, allowOverrides: Bool = false) -> [FluentError] {
        var errors: [FluentError] = []
        for entry in resource.entries {
            switch entry {
            case .message(let message):
                if messages[message.id] != nil && !allowOverrides {
                    errors.append(FluentError(.overriding, "Attempt to override an existing message: \"\(message.id)\""))
                } else {
                    messages[message.id] = message
                }
            case .term(let term):
                if terms[term.id] != nil && !allowOverrides {
                    errors.append(FluentError(.overriding, "Attempt to override an existing term: \"-\(term.id)\""))
                } else {
                    terms[term.id] = term
                }
            case .comment, .junk:
                continue
            }
        }
        return errors
    }

    package func addFunction(_ name: String, _ function: @escaping FluentFunction) {
        functions[name] = function
    }

    package func hasMessage(_ id: String) -> Bool { messages[id] != nil }

    package func message(_ id: String) -> FluentMessage? { messages[id] }
    func term(_ id: String) -> FluentMessage? { terms[id] }

    /// What a reference to a message or term (and its attribute) finds:
    /// the added entries first, then the table's.
    func reference(_ id: String, attribute: String?, term: Bool) -> FluentReference {
        if let entry = term ? terms[id] : messages[id] {
            if let attribute {
                guard let found = entry.attributes.first(where: { $0.id == attribute }) else { return .missing }
                return .pattern(found.value)
            }
            guard let value = entry.value else { return .noValue }
            return .pattern(value)
        }
        guard let stored, let text = stored(attribute.map { id + "." + $0 } ?? id, term) else { return .missing }
        return .pattern(FluentStoredValue.pattern(text))
    }
    func function(_ name: String) -> FluentFunction? { functions[name] }

    /// The message's value (or its attribute's), formatted; nil when the
    /// message, the attribute, or the value does not exist.
    package func format(_ id: String, attribute: String? = nil,
                        arguments: [String: FluentValue] = [:]) -> (text: String, errors: [FluentError])? {
        guard let message = messages[id] else { return nil }
        let pattern: FluentPattern?
        if let attribute {
            pattern = message.attributes.last(where: { $0.id == attribute })?.value
        } else {
            pattern = message.value
        }
        guard let pattern else { return nil }
        return format(pattern, arguments: arguments, key: attribute.map { id + "." + $0 } ?? id)
    }

    /// `pattern` formatted; `key` is the message (`id` or `id.attr`) it is
    /// the pattern of, so that a reference back to it is a cycle, as
    /// fluent-rs tracks the pattern it starts from.
    package func format(_ pattern: FluentPattern, arguments: [String: FluentValue],
                        key: String? = nil) -> (text: String, errors: [FluentError]) {
        var scope = FluentScope(bundle: self, arguments: arguments)
        if let key { scope.travelled = [FluentScope.trackedKey(key, term: false)] }
        var out = ""
        scope.write(pattern, into: &out)
        return (out, scope.errors)
    }
}

/// What a reference names: nothing, a message without a value, or a pattern.
enum FluentReference {
    case missing
    case noValue
    case pattern(FluentPattern)
}
