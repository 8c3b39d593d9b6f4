/// The walk's side of a context the format may shorten (the rule itself:
/// `Table.shortened`, Tables/Table+ShortenedContext.swift).
extension Table {
    /// The walk's lookup in this table after a miss: once more with the
    /// context's qualifier dropped, when the format may shorten it.
    @inline(__always)
    func shortenedHit(_ query: LookupQuery) -> Hit? {
        guard let shorter = shortened(query.context) else { return nil }
        return hit(query.asking(key: query.key, context: shorter))
    }
}
