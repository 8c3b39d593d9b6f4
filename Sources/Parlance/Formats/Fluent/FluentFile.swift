/// A Fluent resource as table entries: each message's value under its id,
/// each attribute under `id.attr`, each term under the context `-`
/// (`FluentMessageSyntax.termContext`, spelled into the key as key-value
/// formats spell a context: `(-)brand`), every pattern kept as
/// `FluentStoredValue` says. Junk costs its entry only (lint reports it);
/// an id given twice keeps its first entry, as `FluentBundle.addResource`
/// without overrides does.
package enum FluentFile {
    package static func entries(_ resource: FluentResource, path: String?) -> [ParsedEntry] {
        var entries: [ParsedEntry] = []
        var seen = Set<String>()
        for entry in resource.entries {
            let found = self.entries(of: entry)
            guard let first = found.first, seen.insert(first.key.prefix { $0 != "." }.description).inserted else { continue }
            entries += found
        }
        return entries
    }

    /// The entries of one message or term (none for a comment or Junk).
    package static func entries(of entry: FluentEntry) -> [ParsedEntry] {
        let message: FluentMessage, context: String?
        switch entry {
        case .message(let m): message = m; context = nil
        case .term(let t): message = t; context = FluentMessageSyntax.termContext
        case .comment, .junk: return []
        }
        let id = ContextKey.compose(message.id, context: context)
        let note = message.comment?.content
        var entries: [ParsedEntry] = []
        if let value = message.value {
            entries.append(ParsedEntry(key: id, value: .text(FluentStoredValue.stored(value, source: message.valueSource ?? "")),
                                       line: message.line, column: message.column, comment: note))
        }
        for attribute in message.attributes {
            entries.append(ParsedEntry(key: id + "." + attribute.id,
                                       value: .text(FluentStoredValue.stored(attribute.value, source: attribute.source)),
                                       line: message.line, column: message.column, comment: note))
        }
        return entries
    }

    /// Where an entry's text is in its resource (scalar offsets), its attached comment included.
    package static func span(_ entry: FluentEntry) -> Range<Int> {
        switch entry {
        case .message(let m), .term(let m): m.span
        case .comment(let c): c.span
        case .junk(let j): j.span
        }
    }
}
