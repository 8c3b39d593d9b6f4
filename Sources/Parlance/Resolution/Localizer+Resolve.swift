/// The lookup itself, on bytes: the C API calls it with the caller's
/// pointers, the Swift API with a string's UTF-8. No locks, no allocation
/// on a hit.
extension Localizer {
    /// The walk along the localizer's chain (`Table.walk` with
    /// `LocalizerWalk`), which every general lookup takes: `text`,
    /// `lookup`, `plural`, `format`, `format_named`, `explain`, and the fast
    /// paths when they cannot answer (a stale chain, a miss handler, a
    /// device). Call inside a read section: the hit's text is valid until
    /// its end (or while its table is retained).
    func find(_ query: LookupQuery, table: UnsafeRawBufferPointer?) -> (hit: Table.Hit?, resolved: Resolved) {
        if table == nil, let name = defaultTable { return Self.withName(name) { find(query, table: $0) } }
        let (hit, resolved) = Table.walk(query, table: table, policy: LocalizerWalk(localizer: self))
        return (hit, resolved)
    }

    /// Runs `body` with a name's UTF-8 (a native string's own storage: no copy).
    static func withName<R>(_ name: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let done = name.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return done }
        var copy = name
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// `find` for a key, context and table given as Swift strings.
    func find(_ key: String, context: String?, table: String?, count: PluralOperand?, ordinal: Bool = false,
              formatting: Bool = false) -> (hit: Table.Hit?, resolved: Resolved) {
        withKeyBytes(key, context) { keyBytes, contextBytes in
            let query = LookupQuery(key: keyBytes, context: contextBytes, count: count, ordinal: ordinal,
                                    formatting: formatting)
            guard var name = table else { return find(query, table: nil) }
            return name.withUTF8 { find(query, table: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The text of a plain lookup, for the C API: no locks, no allocation,
    /// no reference counting on a hit from the first locale. It runs in a
    /// read section of its own; the text is valid as the lifetime rules say
    /// (until a reload replaces its table, or the caller's own section ends).
    /// The fast path is kept small; a stale chain, a miss handler or a
    /// device (whose texts a device rule may choose) takes the general one.
    @inline(__always)
    package func lookupText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                            table: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
        if table == nil, let name = defaultTable { return Self.withName(name) { lookupText(key: key, context: context, table: $0) } }
        ReadSection.enter()
        defer { ReadSection.exit() }
        let fast: UnsafePointer<CChar>?? = withPublished { resolved in
            guard resolved.generation == catalog.generation, !reportsMisses, !hasDevice else { return .none }
            return .some(resolved.fast.list(named: table).firstText(key: key, context: context))
        }
        if let fast {
            if let text = fast { return text }
            // A miss: once more in NFC, when the key or context is not. The
            // localizer is held unretained: a captured `self` cost a retain
            // and a release on every miss.
            let localizer = Unmanaged.passUnretained(self)
            return NormalForm.retry(key, context) { key, context in
                localizer._withUnsafeGuaranteedRef {
                    $0.withPublished { $0.fast.list(named: table).firstText(key: key, context: context) }
                }
            } ?? nil
        }
        return generalText(key: key, context: context, table: table)
    }

    @inline(never)
    private func generalText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                             table: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
        find(LookupQuery(key: key, context: context), table: table).hit?.text.pointer
    }

    /// The plural variant, for the C API; in a read section of its own, like `lookupText`.
    @inline(__always)
    package func lookupPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                              table: UnsafeRawBufferPointer?, count: PluralOperand) -> UnsafePointer<CChar>? {
        if table == nil, let name = defaultTable {
            return Self.withName(name) { lookupPlural(key: key, context: context, table: $0, count: count) }
        }
        ReadSection.enter()
        defer { ReadSection.exit() }
        let fast: UnsafePointer<CChar>?? = withPublished { resolved in
            guard resolved.generation == catalog.generation, !reportsMisses, !hasDevice else { return .none }
            return resolved.fast.list(named: table).firstPlural(key: key, context: context, operand: count)
        }
        if let fast {
            if let text = fast { return text }
            // A miss: once more in NFC, when the key or context is not (the
            // localizer held unretained, as in `lookupText`).
            let localizer = Unmanaged.passUnretained(self)
            guard let retried = NormalForm.retry(key, context, { key, context in
                localizer._withUnsafeGuaranteedRef {
                    $0.withPublished { $0.fast.list(named: table).firstPlural(key: key, context: context, operand: count) }
                }
            }) else { return nil }
            if let decided = retried { return decided }
        }
        return generalPlural(key: key, context: context, table: table, count: count)
    }

    @inline(never)
    private func generalPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                               table: UnsafeRawBufferPointer?, count: PluralOperand) -> UnsafePointer<CChar>? {
        find(LookupQuery(key: key, context: context, count: count), table: table).hit?.text.pointer
    }

    /// Finds a key given as Swift strings.
    /// The result holds its table, so its texts stay valid with it.
    package func resolve(_ key: String, context: String?, table: String?, count: PluralOperand?,
                         formatting: Bool = false) -> Resolution {
        ReadSection.run { resolveInSection(key, context: context, table: table, count: count, formatting: formatting) }
    }

    private func resolveInSection(_ key: String, context: String?, table: String?, count: PluralOperand?,
                                  formatting: Bool) -> Resolution {
        let (hit, resolved) = find(key, context: context, table: table, count: count, formatting: formatting)
        let chainFirst = resolved.chain.first
        return Resolution(found: hit?.text, table: hit?.table, tableName: table ?? defaultTable ?? Catalog.defaultTable,
                          storedKey: hit?.storedKey, category: hit?.category,
                          fallback: hit.map { $0.table.locale != chainFirst } ?? false, entry: hit?.entry)
    }
}

/// A localizer's policy for the one walk: its published chain, rebuilt
/// when the catalog changed (`Localizer.current`); its device; the
/// catalog's message syntaxes; a fallback is a hit from another locale than
/// the chain's first; misses go to its `onMiss` handler.
struct LocalizerWalk: WalkPolicy {
    let localizer: Localizer

    func chain(for query: inout LookupQuery, table: UnsafeRawBufferPointer?) -> (chain: Resolved, tables: [Table]) {
        let resolved = localizer.current
        query.device = localizer.device
        query.locale = resolved.chain.first
        var tables = resolved.fast.list(named: table).tables
        // A question for one language of the chain alone (a document localized in that language).
        if let only = query.onlyLocale { tables.removeAll { $0.locale != only } }
        return (resolved, tables)
    }

    func syntax(of table: Table) -> MessageSyntax { localizer.catalog.messageSyntax(of: table) }

    func reportsMisses(_ chain: Resolved) -> Bool { localizer.reportsMisses }

    func isFallback(_ hit: Table.Hit, chain: Resolved, tables: [Table]) -> Bool { hit.table.locale != chain.chain.first }

    func report(_ query: LookupQuery, table: UnsafeRawBufferPointer?, chain: Resolved, tables: [Table],
                supplier: Table.Hit?) {
        localizer.reportMiss(key: query.key, context: query.context, table: table, resolved: chain,
                             supplier: supplier?.table.locale)
    }
}
