/// Writes every locale and table of a catalog as one compiled catalog
/// (`docs/compiled-format.md`), which `Catalog.load(path:)` maps and uses
/// in place: the Compiled format's `WholeCatalogWriter`.
extension CompiledTableFormat: WholeCatalogWriter {
    package var wholeCatalogWriter: (any WholeCatalogWriter)? { self }

    package func encode(_ tables: [TableContents]) throws(ParlanceError) -> [UInt8] {
        try CompiledCatalogWriter.encode(tables)
    }

    package func verify(path: String) throws(ParlanceError) -> WholeCatalogSummary {
        try CompiledCatalogFile(path: path).verify()
    }
}

/// The compiled catalog's layout, written from a catalog's tables.
package enum CompiledCatalogWriter {
    /// An entry or group laid out, with its payload placed.
    private struct PlannedEntry {
        var hash: UInt64
        var key: CompiledStringPool.Reference
        var text: CompiledStringPool.Reference
        var kind: CompiledFormat.Kind
        var payloadCount: UInt32
        var payloadOffset: Int  // within the payload section; -1: none
    }

    private struct PlannedGroup {
        var hash: UInt64
        var key: CompiledStringPool.Reference
        var firstKey: CompiledStringPool.Reference
        var forms: [CompiledStringPool.Reference]
        var storedKeys: [CompiledStringPool.Reference]
    }

    private struct PlannedTable {
        var locale: CompiledStringPool.Reference
        var name: CompiledStringPool.Reference
        var flags: UInt32
        var entries: [PlannedEntry]
        var groups: [PlannedGroup]
        var formula: GettextPluralFormula?
    }

    static func encode(_ tables: [TableContents]) throws(ParlanceError) -> [UInt8] {
        var pool = CompiledStringPool()
        var payload = CompiledBuffer()
        var planned: [PlannedTable] = []
        for table in tables.sorted(by: { ($0.locale, $0.name) < ($1.locale, $1.name) }) {
            planned.append(try plan(table, pool: &pool, payload: &payload))
        }
        guard planned.count < Int(UInt32.max) else { throw ParlanceError(.resource, "too many tables") }

        // Offsets: header, directory, payloads, then each table's sections, then strings.
        let payloadStart = aligned(CompiledFormat.Header.size + CompiledFormat.Directory.size * planned.count)
        var cursor = aligned(payloadStart + payload.count)
        var layouts: [(slots: Int, slotCount: Int, entries: Int, groupSlots: Int, groupSlotCount: Int, groups: Int, formula: Int)] = []
        for table in planned {
            let slotCount = slotCapacity(table.entries.count), groupSlotCount = slotCapacity(table.groups.count)
            let slots = cursor
            cursor = aligned(cursor + 4 * slotCount)
            let entries = cursor
            cursor += CompiledFormat.Entry.size * table.entries.count
            let groupSlots = cursor
            cursor = aligned(cursor + 4 * groupSlotCount)
            let groups = cursor
            cursor += CompiledFormat.Group.size * table.groups.count
            let formula = cursor
            if let nodes = table.formula?.nodes {
                cursor += CompiledFormat.Formula.headerSize + CompiledFormat.Formula.nodeSize * nodes.count
            }
            layouts.append((slots, slotCount, entries, groupSlots, groupSlotCount, groups, formula))
        }
        let stringsOffset = cursor

        var out = CompiledBuffer()
        out.bytes.reserveCapacity(stringsOffset + pool.bytes.count + 8)
        out.bytes += CompiledFormat.magic
        out.append(CompiledFormat.version)
        out.append(UInt16(CompiledFormat.Header.size))
        out.append(CompiledFormat.byteOrderMark)
        out.append(UInt32(0))  // flags
        out.append(UInt64(0))  // file size, set below
        out.append(UInt32(0))  // checksum, set below
        out.append(UInt32(planned.count))
        out.append(UInt64(CompiledFormat.Header.size))
        out.append(UInt64(stringsOffset))
        out.append(UInt64(pool.bytes.count))
        out.append(CompiledFormat.hashCheck)
        out.bytes += repeatElement(0, count: CompiledFormat.Header.size - out.count)

        for (table, layout) in zip(planned, layouts) {
            out.append(table.locale)
            out.append(table.name)
            out.append(table.flags)
            out.append(UInt32(table.entries.count))
            out.append(UInt64(layout.slots))
            out.append(UInt32(layout.slotCount))
            out.append(UInt32(table.groups.count))
            out.append(UInt64(layout.entries))
            out.append(UInt64(layout.groupSlots))
            out.append(UInt32(layout.groupSlotCount))
            out.append(UInt32(table.formula?.nodes.count ?? 0))
            out.append(UInt64(layout.groups))
            out.append(UInt64(layout.formula))
        }
        out.align()
        precondition(out.count == payloadStart, "compiled catalog layout")  // the writer's own arithmetic
        out.bytes += payload.bytes
        out.align()

        for (table, layout) in zip(planned, layouts) {
            precondition(out.count == layout.slots, "compiled catalog layout")
            writeSlots(table.entries.map { $0.hash }, count: layout.slotCount, to: &out)
            for entry in table.entries {
                out.append(entry.hash)
                out.append(entry.key)
                out.append(entry.text)
                out.append(entry.kind.rawValue)
                out.append(entry.payloadCount)
                out.append(UInt64(entry.payloadOffset < 0 ? 0 : payloadStart + entry.payloadOffset))
            }
            writeSlots(table.groups.map { $0.hash }, count: layout.groupSlotCount, to: &out)
            for group in table.groups {
                out.append(group.hash)
                out.append(group.key)
                out.append(group.firstKey)
                for form in group.forms { out.append(form) }
                for key in group.storedKeys { out.append(key) }
            }
            if let formula = table.formula { writeFormula(formula, to: &out) }
        }
        precondition(out.count == stringsOffset, "compiled catalog layout")
        out.bytes += pool.bytes
        out.align()
        out.put(UInt64(out.count), at: CompiledFormat.Header.fileSize)
        out.put(CompiledCatalogFile.checksum(of: out.bytes), at: CompiledFormat.Header.checksum)
        return out.bytes
    }

    private static func plan(_ table: TableContents, pool: inout CompiledStringPool,
                             payload: inout CompiledBuffer) throws(ParlanceError) -> PlannedTable {
        var entries: [PlannedEntry] = []
        let stored = table.entries.sorted { lexicographicallyPrecedes($0.storedKey, $1.storedKey) }
        guard stored.count < Int(UInt32.max) / 2 else { throw ParlanceError(.resource, "too many entries in \(table.locale)/\(table.name)") }
        for entry in stored {
            var planned = PlannedEntry(hash: hash(entry.storedKey), key: try pool.add(entry.storedKey),
                                       text: try pool.add(entry.plainText), kind: .text,
                                       payloadCount: 0, payloadOffset: -1)
            switch entry.value {
            case .text:
                break
            case .plural(let forms, _):
                planned.kind = .plural
                planned.payloadCount = 6
                planned.payloadOffset = try appendReferences(table.formsAlone(forms), pool: &pool, payload: &payload)
            case .gettextPlural(let texts):
                planned.kind = .gettextPlural
                planned.payloadCount = UInt32(texts.count)
                planned.payloadOffset = try appendReferences(texts, pool: &pool, payload: &payload)
            case .stringsdict(let format, _):
                planned.kind = .stringsdict
                payload.align()
                planned.payloadOffset = payload.count
                try CompiledStringsdict.encode(format, pool: &pool, to: &payload)
                planned.payloadCount = UInt32(payload.count - planned.payloadOffset)
            }
            entries.append(planned)
        }
        var groups: [PlannedGroup] = []
        for (key, entry) in table.groups.sorted(by: { lexicographicallyPrecedes($0.key, $1.key) }) {
            guard case .plural(let all, let keys) = entry.value else { continue }
            let forms = table.formsAlone(all)
            var formReferences: [CompiledStringPool.Reference] = []
            var keyReferences: [CompiledStringPool.Reference] = []
            for index in 0..<6 {
                formReferences.append(try pool.add(index < forms.count ? forms[index] : nil))
                keyReferences.append(try pool.add(index < (keys?.count ?? 0) ? keys![index] : nil))
            }
            groups.append(PlannedGroup(hash: hash(key), key: try pool.add(key), firstKey: try pool.add(entry.storedKey),
                                       forms: formReferences, storedKeys: keyReferences))
        }
        if let nodes = table.formula?.nodes, nodes.count > CompiledFormat.Formula.maximumNodes {
            throw ParlanceError(.resource, "the Plural-Forms formula of \(table.locale)/\(table.name) has over \(CompiledFormat.Formula.maximumNodes) nodes")
        }
        var flags: UInt32 = 0
        if table.hasKeyValueSources { flags |= CompiledFormat.keyValueSources }
        if table.hasGettextSources { flags |= CompiledFormat.gettextSources }
        if table.formula != nil { flags |= CompiledFormat.hasFormula }
        return PlannedTable(locale: try pool.add(table.locale), name: try pool.add(table.name), flags: flags,
                            entries: entries, groups: groups, formula: table.formula)
    }

    private static func appendReferences(_ texts: [CText?], pool: inout CompiledStringPool,
                                         payload: inout CompiledBuffer) throws(ParlanceError) -> Int {
        payload.align()
        let offset = payload.count
        for text in texts { payload.append(try pool.add(text)) }
        return offset
    }

    private static func appendReferences(_ texts: [CText], pool: inout CompiledStringPool,
                                         payload: inout CompiledBuffer) throws(ParlanceError) -> Int {
        try appendReferences(texts.map(Optional.some), pool: &pool, payload: &payload)
    }

    /// An open-addressing slot array of entry indices, as the reader probes it.
    private static func writeSlots(_ hashes: [UInt64], count: Int, to out: inout CompiledBuffer) {
        var slots = [UInt32](repeating: CompiledFormat.emptySlot, count: count)
        let mask = count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != CompiledFormat.emptySlot { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index)
        }
        for slot in slots { out.append(slot) }
        out.align()
    }

    private static func writeFormula(_ formula: GettextPluralFormula, to out: inout CompiledBuffer) {
        out.append(formula.limit)
        out.append(formula.root)
        out.append(UInt32(0))
        for node in formula.nodes {
            out.append(node.operation.rawValue)
            out.bytes += [0, 0, 0]
            out.append(node.first)
            out.append(node.second)
            out.append(node.third)
            out.append(node.value)
        }
    }

    /// At least 8 slots and at least twice the entries, a power of two.
    static func slotCapacity(_ count: Int) -> Int {
        var capacity = 8
        while capacity < count * 2 { capacity <<= 1 }
        return capacity
    }

    private static func aligned(_ offset: Int) -> Int {
        (offset + CompiledFormat.alignment - 1) / CompiledFormat.alignment * CompiledFormat.alignment
    }

    private static func hash(_ text: CText) -> UInt64 {
        KeyBytes(p0: UnsafeRawBufferPointer(start: text.pointer, count: text.count)).hash
    }

    private static func lexicographicallyPrecedes(_ a: CText, _ b: CText) -> Bool {
        UnsafeRawBufferPointer(start: a.pointer, count: a.count)
            .lexicographicallyPrecedes(UnsafeRawBufferPointer(start: b.pointer, count: b.count))
    }
}
