/// Fluent's messages (`.ftl` tables): named values, select expressions
/// choosing their own variants, references to the messages and terms of
/// the message's own table (one bundle per language: the chain, not the
/// bundle, falls back to other languages, as fluent-fallback does).
/// Formatting never fails: the text comes with every error, listed when
/// the caller collects them (`formatReportingErrors`). Placeables are
/// isolated (FSI…PDI) as `FluentBundle` does unless an isolation is set.
package final class FluentMessageSyntax: MessageSyntaxPlugin {
    package let id = 6
    package let name = "fluent"
    package let selectsItsOwnArms = true

    /// A table's terms: kept under the context `-` (the key `id`), which no
    /// message has, so that a lookup of a message never finds one.
    package static let termContext = "-"

    package func format(named message: NamedMessage) throws(ParlanceError) -> String {
        let bundle = FluentBundle(locale: message.locale)
        bundle.useIsolating = !message.isolationGiven || message.isolates
        bundle.applicationFunctions = message.functions.given
        bundle.stored = { key, term in message.sibling(key, term ? Self.termContext : nil) }
        var arguments: [String: FluentValue] = [:]
        for (name, value) in message.values { arguments[name] = FluentValue(value) }
        let (text, errors) = bundle.format(FluentStoredValue.pattern(message.text), arguments: arguments,
                                           key: message.found == nil ? nil : message.key)
        if let collect = message.collect {
            collect.errors += errors.map { MessageFormat2Error(.init(reported: $0.kind.rawValue), $0.description) }
        }
        return message.written(text)
    }
}

extension FluentValue {
    /// A value given to a formatting call, as fluent.js takes a JavaScript value.
    init(_ argument: FormatArgument) {
        switch argument {
        case .int(let n): self = .number(FluentNumber(parsing: String(n)) ?? FluentNumber(Double(n)))
        case .double(let d): self = d.isFinite ? .number(FluentNumber(d)) : .string(String(d))
        case .decimal(let text): self = FluentNumber(parsing: text).map(FluentValue.number) ?? .string(text)
        case .string(let text): self = .string(text)
        case .date(let ms): self = .date(epochMilliseconds: ms)
        case .bool(let b): self = .string(b ? "true" : "false")
        case .list(let items): self = .string(items.joined(separator: ", "))
        }
    }
}

extension MessageSyntax {
    /// Fluent: `{ $name }`, `{ -term }`, `{ $n -> [one] … *[other] … }` (`.ftl` tables).
    public static let fluent = MessageSyntax(FluentMessageSyntax())
}
