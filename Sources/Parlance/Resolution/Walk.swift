/// What differs between the callers of the one walk (`Table.walk`): how the
/// chain is found and kept fresh, what the query learns from it (the
/// device, the locale asked for first), how a formatted table's messages
/// are read, what counts as a fallback and who is told about misses. A
/// localizer's policy is `LocalizerWalk`; libintl's (glibc's chain, no
/// device, no formatting) is `LibintlWalk`.
protocol WalkPolicy {
    /// The chain the walk went along, handed back to the caller and to `report`.
    associatedtype Chain
    /// The current chain (brought up to date first when stale) and the
    /// tables of a table name along it (nil: the default table); completes
    /// the query with what the chain decides.
    func chain(for query: inout LookupQuery, table: UnsafeRawBufferPointer?) -> (chain: Chain, tables: [Table])
    /// How a table's messages are read, asked when the query is for formatting.
    func syntax(of table: Table) -> MessageSyntax
    /// Whether anyone is told about misses along the chain (the walk asks
    /// nothing more otherwise).
    func reportsMisses(_ chain: Chain) -> Bool
    /// Whether a hit came from a table after the chain's first locale.
    func isFallback(_ hit: Table.Hit, chain: Chain, tables: [Table]) -> Bool
    /// Tells about a miss (`supplier` nil) or about a fallback hit.
    func report(_ query: LookupQuery, table: UnsafeRawBufferPointer?, chain: Chain, tables: [Table], supplier: Table.Hit?)
}

extension Table {
    /// The one walk along a chain, which every general lookup takes — a
    /// localizer's `text`, `plural`, `format`, `format_named`, `explain`,
    /// and every libintl function — and the fast paths when they cannot
    /// answer. It owns the order of the steps: the chain's freshness (the
    /// policy's `chain`), the first hit along the tables (`firstHit`), the
    /// retry of a key not in NFC (`NormalForm`), and the miss and fallback
    /// reports. Call inside a read section: the hit's text is valid until
    /// its end (or while its table is retained).
    @inline(__always)
    static func walk<Policy: WalkPolicy>(_ query: LookupQuery, table: UnsafeRawBufferPointer?, policy: Policy)
        -> (hit: Hit?, chain: Policy.Chain) {
        var query = query
        let (chain, tables) = policy.chain(for: &query, table: table)
        let syntax: ((Table) -> MessageSyntax)? = query.formatting ? { policy.syntax(of: $0) } : nil
        var hit = firstHit(in: tables, query, syntax: syntax)
        if hit == nil {
            // A key not in NFC, once more in NFC.
            hit = NormalForm.retry(query.key, query.context) { key, context in
                firstHit(in: tables, query.asking(key: key, context: context), syntax: syntax)
            } ?? nil
        }
        if policy.reportsMisses(chain) {
            if let hit {
                if policy.isFallback(hit, chain: chain, tables: tables) {
                    policy.report(query, table: table, chain: chain, tables: tables, supplier: hit)
                }
            } else {
                policy.report(query, table: table, chain: chain, tables: tables, supplier: nil)
            }
        }
        return (hit, chain)
    }
}
