/// libintl's policy for the one walk (`Table.walk`): glibc's chain — the
/// catalogs of the domain along the calling thread's languages, with
/// gettext's locale-name fallback (`GettextRuntime.resolved`) — no device,
/// no formatting (libintl returns texts); a fallback is a hit from a
/// catalog after the first found; misses go to `GettextRuntime.onMiss`.
/// What libintl returns then (the msgid or msgid_plural pointer on a miss,
/// the header for "") is `GettextRuntime.translate`'s rule, outside the walk.
struct LibintlWalk: WalkPolicy {
    let runtime: GettextRuntime

    func chain(for query: inout LookupQuery, table: UnsafeRawBufferPointer?)
        -> (chain: GettextRuntime.Domain, tables: [Table]) {
        let domain = runtime.resolved(domain: table.map { String(decoding: $0, as: UTF8.self) })
        return (domain, domain.tables)
    }

    /// Never asked: libintl does not format.
    func syntax(of table: Table) -> MessageSyntax { table.defaultMessageSyntax }

    /// A thread without languages ("C") asks for the untranslated text: no miss.
    func reportsMisses(_ chain: GettextRuntime.Domain) -> Bool { chain.onMiss != nil && !chain.languages.isEmpty }

    func isFallback(_ hit: Table.Hit, chain: GettextRuntime.Domain, tables: [Table]) -> Bool {
        tables.first !== hit.table
    }

    func report(_ query: LookupQuery, table: UnsafeRawBufferPointer?, chain: GettextRuntime.Domain, tables: [Table],
                supplier: Table.Hit?) {
        guard let handler = chain.onMiss else { return }
        var locales = chain.languages
        var supplied: String? = nil
        if let supplier, let index = tables.firstIndex(where: { $0 === supplier.table }) {
            locales = Array(chain.locales.prefix(index))
            supplied = index < chain.locales.count ? chain.locales[index] : nil
        }
        handler(Miss(key: String(decoding: query.key, as: UTF8.self),
                     context: query.context.map { String(decoding: $0, as: UTF8.self) },
                     table: chain.name, locales: locales, suppliedBy: supplied))
    }
}
