/// Reading a whole compiled catalog: what `parlance compile --verify` runs.
extension CompiledCatalogFile {
    /// What a verified file holds.
    package typealias Summary = WholeCatalogSummary

    /// Checks the checksum, then walks every index, record, string and
    /// payload; throws at the first damage found.
    package func verify() throws(ParlanceError) -> Summary {
        guard memory.readable(0, memory.size) else { throw PrivateBytes.changed(path) }
        let computed = computedChecksum
        guard computed == storedChecksum else {
            throw Self.corrupt("checksum mismatch: the header records \(hex(storedChecksum)), the contents give \(hex(computed))", path)
        }
        var summary = Summary(tables: tables.count, entries: 0, pluralGroups: 0, bytes: memory.size, checksum: computed)
        for directoryEntry in tables {
            let place = "\(directoryEntry.locale)/\(directoryEntry.name)"
            let table = directoryEntry.table
            try walk(place + " entry index", slots: table.slotCount, count: table.entryCount, slot: table.entrySlot)
            for index in 0..<table.entryCount {
                let record = table.entryRecord(index)
                guard let entry = table.entry(at: index) else { throw Self.corrupt("\(place): entry \(index) does not decode", path) }
                try checkIndexed(entry.storedKey, hash: memory.u64(record), at: index, place: place, table.position(of:))
                if case .invalid = memory.reference(at: record + CompiledFormat.Entry.text) {
                    throw Self.corrupt("\(place): entry \(index) has a bad text reference", path)
                }
            }
            try walk(place + " plural group index", slots: table.groupSlotCount, count: table.groupCount, slot: table.groupSlot)
            for index in 0..<table.groupCount {
                guard let (key, _) = table.group(at: index) else {
                    throw Self.corrupt("\(place): plural group \(index) does not decode", path)
                }
                try checkIndexed(key, hash: memory.u64(table.groupRecord(index)), at: index, place: place, table.groupPosition(of:))
            }
            summary.entries += table.entryCount
            summary.pluralGroups += table.groupCount
        }
        return summary
    }

    /// Every record is in exactly one slot, every slot empty or a record.
    private func walk(_ what: String, slots: Int, count: Int, slot: (Int) -> UInt32?) throws(ParlanceError) {
        var seen = [Bool](repeating: false, count: count)
        var filled = 0
        for index in 0..<slots {
            guard let value = slot(index) else { continue }
            guard Int(value) < count, !seen[Int(value)] else {
                throw Self.corrupt("\(what): slot \(index) holds \(value), of \(count) records", path)
            }
            seen[Int(value)] = true
            filled += 1
        }
        guard filled == count, count < slots else {
            throw Self.corrupt("\(what): \(filled) slots filled for \(count) records in \(slots) slots", path)
        }
    }

    /// The recorded hash is the key's, and probing for the key finds the record.
    private func checkIndexed(_ key: CText, hash: UInt64, at index: Int, place: String,
                              _ position: (KeyBytes) -> Int) throws(ParlanceError) {
        let bytes = KeyBytes(p0: UnsafeRawBufferPointer(start: key.pointer, count: key.count))
        guard bytes.hash == hash else { throw Self.corrupt("\(place): record \(index) has the wrong hash for its key", path) }
        guard position(bytes) == index else {
            throw Self.corrupt("\(place): record \(index) is not found by its key (a duplicate or a broken probe chain)", path)
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
