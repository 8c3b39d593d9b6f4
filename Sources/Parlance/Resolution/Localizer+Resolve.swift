/// The lookup itself, on bytes: the C API calls it with the caller's
/// pointers, the Swift API with a string's UTF-8. No locks, no allocation
/// on a hit.
extension Localizer {
    /// Finds a key along the chain; `count` selects a plural variant. Call
    /// inside a read section: the hit's text is valid until its end (or
    /// while its table is retained).
    @inline(__always)
    func find(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, table: UnsafeRawBufferPointer?,
              count: PluralOperand?) -> (hit: Table.Hit?, resolved: Resolved) {
        let resolved = current
        if let hit = walk(resolved, key: key, context: context, table: table, count: count) { return (hit, resolved) }
        // A key not in NFC, once more in NFC (NormalForm).
        if let hit = NormalForm.retry(key, context, { walk(resolved, key: $0, context: $1, table: table, count: count) }) ?? nil {
            return (hit, resolved)
        }
        if reportsMisses { reportMiss(key: key, context: context, table: table, resolved: resolved, supplier: nil) }
        return (nil, resolved)
    }

    /// The first table along the chain that has the key.
    private func walk(_ resolved: Resolved, key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                      table: UnsafeRawBufferPointer?, count: PluralOperand?) -> Table.Hit? {
        let device = device
        for candidate in resolved.fast.list(named: table).tables {
            if let hit = candidate.hit(key: key, context: context, count: count, device: device) {
                if reportsMisses && candidate.locale != resolved.chain.first {
                    reportMiss(key: key, context: context, table: table, resolved: resolved, supplier: candidate.locale)
                }
                return hit
            }
        }
        return nil
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
        ReadSection.enter()
        defer { ReadSection.exit() }
        let fast: UnsafePointer<CChar>?? = withPublished { resolved in
            guard resolved.generation == catalog.generation, !reportsMisses, !hasDevice else { return .none }
            return .some(resolved.fast.list(named: table).firstText(key: key, context: context))
        }
        if let fast {
            if let text = fast { return text }
            return NormalForm.retry(key, context) { key, context in
                withPublished { $0.fast.list(named: table).firstText(key: key, context: context) }
            } ?? nil
        }
        return generalText(key: key, context: context, table: table)
    }

    @inline(never)
    private func generalText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                             table: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
        find(key: key, context: context, table: table, count: nil).hit?.text.pointer
    }

    /// The plural variant, for the C API; in a read section of its own, like `lookupText`.
    @inline(__always)
    package func lookupPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                              table: UnsafeRawBufferPointer?, count: PluralOperand) -> UnsafePointer<CChar>? {
        ReadSection.enter()
        defer { ReadSection.exit() }
        let fast: UnsafePointer<CChar>?? = withPublished { resolved in
            guard resolved.generation == catalog.generation, !reportsMisses, !hasDevice else { return .none }
            return Table.fastPlural(in: resolved.fast.list(named: table), key: key, context: context, operand: count)
        }
        if let fast {
            if let text = fast { return text }
            // A miss: once more in NFC, when the key or context is not.
            guard let retried = NormalForm.retry(key, context, { key, context in
                withPublished { Table.fastPlural(in: $0.fast.list(named: table), key: key, context: context, operand: count) }
            }) else { return nil }
            if let decided = retried { return decided }
        }
        return generalPlural(key: key, context: context, table: table, count: count)
    }

    @inline(never)
    private func generalPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                               table: UnsafeRawBufferPointer?, count: PluralOperand) -> UnsafePointer<CChar>? {
        find(key: key, context: context, table: table, count: count).hit?.text.pointer
    }

    /// Finds a key given as Swift strings.
    /// The result holds its table, so its texts stay valid with it.
    package func resolve(_ key: String, context: String?, table: String?, count: PluralOperand?) -> Resolution {
        ReadSection.run { resolveInSection(key, context: context, table: table, count: count) }
    }

    private func resolveInSection(_ key: String, context: String?, table: String?, count: PluralOperand?) -> Resolution {
        var tableName = table
        let (hit, resolved): (Table.Hit?, Resolved) = withKeyBytes(key, context) { keyBytes, contextBytes in
            guard tableName != nil else {
                let found = find(key: keyBytes, context: contextBytes, table: nil, count: count)
                return (found.hit, found.resolved)
            }
            return tableName!.withUTF8 {
                let found = find(key: keyBytes, context: contextBytes, table: UnsafeRawBufferPointer($0), count: count)
                return (found.hit, found.resolved)
            }
        }
        let chainFirst = resolved.chain.first
        return Resolution(found: hit?.text, table: hit?.table, tableName: table ?? Catalog.defaultTable,
                          storedKey: hit?.storedKey, category: hit?.category,
                          fallback: hit.map { $0.table.locale != chainFirst } ?? false, entry: hit?.entry)
    }
}
