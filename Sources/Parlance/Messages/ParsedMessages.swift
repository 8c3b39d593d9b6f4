/// MessageFormat 2 messages parsed once, not per call: a bounded cache by
/// source text, shared by a catalog's localizers. A host formatting
/// endless distinct messages keeps at most `limit` of them.
final class ParsedMessages: Sendable {
    static let limit = 512
    private let cache = Locked<[String: MessageFormat2]>.make([:])

    /// The parsed message, or its located `.syntax` error.
    func messageFormat2(_ source: String) throws(ParlanceError) -> MessageFormat2 {
        if let found = cache.withLock({ $0[source] }) { return found }
        let parsed = try MessageFormat2(source)
        cache.withLock { cache in
            if cache.count >= Self.limit { cache.removeAll(keepingCapacity: true) }
            cache[source] = parsed
        }
        return parsed
    }
}
