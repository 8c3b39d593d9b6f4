/// How a table keeps a Fluent pattern (a message's or term's value, or an
/// attribute's): a pattern of text alone as its text, which is what it
/// formats to; any other as its source after `=`. A stored text holding no
/// `{` is therefore its own text, and one holding `{` is source — a
/// pattern of text alone cannot hold a brace.
package enum FluentStoredValue {
    /// The text a table stores for a pattern whose source is `source`.
    package static func stored(_ pattern: FluentPattern, source: String) -> String {
        var text = ""
        for element in pattern.elements {
            guard case .text(let part) = element else { return source }
            text += part
        }
        return text
    }

    /// The pattern of a stored text, parsed once per distinct source (a
    /// bounded cache shared by every table and thread).
    static func pattern(_ stored: String) -> FluentPattern {
        guard stored.utf8.contains(UInt8(ascii: "{")) else { return FluentPattern(elements: [.text(stored)]) }
        if let found = cache.withLock({ $0[stored] }) { return found }
        let parsed = parse(stored)
        cache.withLock { cache in
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[stored] = parsed
        }
        return parsed
    }

    /// The source as the value of a message of its own; a source that no
    /// longer parses (a table edited by hand) is its own text.
    private static func parse(_ source: String) -> FluentPattern {
        let resource = FluentParser.parse("x =" + (source.hasPrefix("\n") ? "" : " ") + source)
        if resource.entries.count == 1, case .message(let message) = resource.entries[0], let value = message.value {
            return value
        }
        return FluentPattern(elements: [.text(source)])
    }

    static let limit = 512
    private static let cache = Locked<[String: FluentPattern]>.make([:])
}
