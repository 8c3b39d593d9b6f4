internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#endif

/// One table of a compiled catalog, read in place: the hash index built by
/// the writer, probed with the runtime's key hash. Checked at open: the
/// regions below lie inside the mapping and are aligned. Checked on use:
/// entry indices, string references and payloads.
///
/// Held by its catalog file's directory; tables reach it unretained through
/// `TableStorage`, so the lookup path neither copies it nor counts references.
///
/// `@unchecked Sendable`: plain pointers into a read-only mapping that the
/// owning `Table` keeps alive; the check flags are written atomically.
final class CompiledTable: @unchecked Sendable {
    let memory: CompiledMemory
    let hasKeyValueSources: Bool
    let hasGettextSources: Bool

    /// File offsets of the regions.
    private let slots: Int
    private let slotMask: Int
    private let entries: Int
    let entryCount: Int
    private let groupSlots: Int
    private let groupSlotMask: Int
    private let groups: Int
    let groupCount: Int
    /// Per entry, then per group: 0 not checked yet, 1 every text of the
    /// record is valid UTF-8, 2 some is not, or the record could not be read
    /// (the record is then missing). Checked on first use, so that opening
    /// stays constant-time; a record checked is readable
    /// (`CompiledMemory.readable`) from then on.
    private let checked: UnsafeMutablePointer<UInt8>

    /// Reads a directory record's regions; nil when they fall outside the
    /// file. Everything that can fail is done before the object is made (an
    /// initializer that fails leaves its object unfreed in Embedded Swift).
    static func read(_ memory: CompiledMemory, record: Int) -> CompiledTable? {
        typealias D = CompiledFormat.Directory
        let flags = memory.u32(record + D.flags)
        guard flags & ~(CompiledFormat.keyValueSources | CompiledFormat.gettextSources | CompiledFormat.hasFormula) == 0 else {
            return nil
        }
        let entryCount = Int(memory.u32(record + D.entryCount)), groupCount = Int(memory.u32(record + D.groupCount))
        let slotCount = Int(memory.u32(record + D.slotCount)), groupSlotCount = Int(memory.u32(record + D.groupSlotCount))
        let slotsOffset = memory.offset(record + D.slotsOffset), entriesOffset = memory.offset(record + D.entriesOffset)
        let groupSlotsOffset = memory.offset(record + D.groupSlotsOffset), groupsOffset = memory.offset(record + D.groupsOffset)
        guard isRegion(memory, slotsOffset, count: slotCount, size: 4), isPowerOfTwo(slotCount),
              isRegion(memory, entriesOffset, count: entryCount, size: CompiledFormat.Entry.size),
              isRegion(memory, groupSlotsOffset, count: groupSlotCount, size: 4), isPowerOfTwo(groupSlotCount),
              isRegion(memory, groupsOffset, count: groupCount, size: CompiledFormat.Group.size),
              let checked = ZeroedMemory.allocate(entryCount + groupCount + 1) else { return nil }
        return CompiledTable(memory, flags: flags, slots: slotsOffset, slotMask: slotCount - 1, entries: entriesOffset,
                             entryCount: entryCount, groupSlots: groupSlotsOffset, groupSlotMask: groupSlotCount - 1,
                             groups: groupsOffset, groupCount: groupCount,
                             checked: checked.assumingMemoryBound(to: UInt8.self))
    }

    private init(_ memory: CompiledMemory, flags: UInt32, slots: Int, slotMask: Int, entries: Int, entryCount: Int,
                 groupSlots: Int, groupSlotMask: Int, groups: Int, groupCount: Int, checked: UnsafeMutablePointer<UInt8>) {
        self.memory = memory
        hasKeyValueSources = flags & CompiledFormat.keyValueSources != 0
        hasGettextSources = flags & CompiledFormat.gettextSources != 0
        self.slots = slots
        self.slotMask = slotMask
        self.entries = entries
        self.entryCount = entryCount
        self.groupSlots = groupSlots
        self.groupSlotMask = groupSlotMask
        self.groups = groups
        self.groupCount = groupCount
        self.checked = checked
    }

    deinit { ZeroedMemory.deallocate(checked, entryCount + groupCount + 1) }

    /// Whether every text of entry `index` is valid UTF-8 (checked once).
    @inline(__always)
    func entryIsValid(_ index: Int) -> Bool {
        let known = parlance_shim_flag_load(checked, index)
        if known != 0 { return known == 1 }
        return remember(index, recordIsValid(entryRecord(index), group: false))
    }

    /// Whether every text of group `index` is valid UTF-8 (checked once).
    func groupIsValid(_ index: Int) -> Bool {
        let known = parlance_shim_flag_load(checked, entryCount + index)
        if known != 0 { return known == 1 }
        return remember(entryCount + index, recordIsValid(groupRecord(index), group: true))
    }

    private func remember(_ slot: Int, _ valid: Bool) -> Bool {
        parlance_shim_flag_store(checked, slot, valid ? 1 : 2)
        return valid
    }

    /// Every string reference of a record, checked as UTF-8 (damaged
    /// references are left to the readers, which treat them as missing).
    private func recordIsValid(_ record: Int, group: Bool) -> Bool {
        guard memory.readable(record, group ? CompiledFormat.Group.size : CompiledFormat.Entry.size) else { return false }
        func valid(_ offset: Int) -> Bool {
            guard case .text(let text) = memory.reference(at: offset) else { return true }
            return parlance_shim_utf8_valid(text.pointer, text.count) != 0
        }
        func all(_ offset: Int, _ count: Int) -> Bool {
            guard count <= memory.size / CompiledFormat.referenceSize,
                  memory.contains(offset, count * CompiledFormat.referenceSize) else { return true }
            guard memory.readable(offset, count * CompiledFormat.referenceSize) else { return false }
            return (0..<count).allSatisfy { valid(offset + $0 * CompiledFormat.referenceSize) }
        }
        if group {
            typealias G = CompiledFormat.Group
            return valid(record + G.key) && valid(record + G.firstKey) && all(record + G.forms, 6)
                && all(record + G.storedKeys, 6)
        }
        typealias E = CompiledFormat.Entry
        guard valid(record + E.key), valid(record + E.text) else { return false }
        switch CompiledFormat.Kind(rawValue: memory.u32(record + E.kind)) {
        case .plural?, .gettextPlural?:
            return all(memory.offset(record + E.payloadOffset), Int(memory.u32(record + E.payloadCount)))
        default:
            return true   // .stringsdict payloads decode into Swift strings, repaired
        }
    }

    static func isRegion(_ memory: CompiledMemory, _ offset: Int, count: Int, size: Int) -> Bool {
        offset % CompiledFormat.alignment == 0 && offset >= CompiledFormat.Header.size
            && count <= memory.size / size && memory.contains(offset, count * size)
    }

    private static func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n & (n - 1) == 0 }

    // MARK: Lookup

    /// The index of the record with these key bytes, or -1. Probes at most
    /// every slot once, so a damaged slot array cannot loop forever.
    @inline(__always)
    private func position(_ key: KeyBytes, slots: Int, mask: Int, records: Int, count: Int, recordSize: Int) -> Int {
        let hash = key.hash
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0...mask {
            guard memory.readable(slots &+ slot &* 4, 4) else { return -1 }
            let index = memory.u32(slots &+ slot &* 4)
            if index == CompiledFormat.emptySlot { return -1 }
            if Int(index) < count {
                let record = records &+ Int(index) &* recordSize
                if memory.readable(record, recordSize), memory.u64(record) == hash, let stored = memory.text(at: record &+ CompiledFormat.Entry.key),
                   key.equals(stored) {
                    return Int(index)
                }
            }
            slot = (slot &+ 1) & mask
        }
        return -1
    }

    @inline(__always)
    func position(of key: KeyBytes) -> Int {
        position(key, slots: slots, mask: slotMask, records: entries, count: entryCount, recordSize: CompiledFormat.Entry.size)
    }

    /// The plain-lookup text of the entry with these key bytes: the hot path.
    @inline(__always)
    func text(_ key: KeyBytes) -> UnsafePointer<CChar>? {
        let index = position(of: key)
        guard index >= 0, entryIsValid(index) else { return nil }
        return memory.text(at: entries &+ index &* CompiledFormat.Entry.size &+ CompiledFormat.Entry.text)?.pointer
    }

    func find(_ key: KeyBytes) -> StoredEntry? {
        let index = position(of: key)
        return index < 0 ? nil : entry(at: index)
    }

    /// The SPLocalizedString plural group with these key bytes.
    func group(_ key: KeyBytes) -> StoredEntry? {
        let index = position(key, slots: groupSlots, mask: groupSlotMask, records: groups, count: groupCount,
                             recordSize: CompiledFormat.Group.size)
        return index < 0 ? nil : group(at: index)?.entry
    }

    /// Slot `slot` of the entry index: an entry index, or nil when empty.
    func entrySlot(_ slot: Int) -> UInt32? {
        guard memory.readable(slots + slot * 4, 4) else { return nil }
        let value = memory.u32(slots + slot * 4)
        return value == CompiledFormat.emptySlot ? nil : value
    }

    var slotCount: Int { slotMask + 1 }

    /// Slot `slot` of the group index.
    func groupSlot(_ slot: Int) -> UInt32? {
        guard memory.readable(groupSlots + slot * 4, 4) else { return nil }
        let value = memory.u32(groupSlots + slot * 4)
        return value == CompiledFormat.emptySlot ? nil : value
    }

    var groupSlotCount: Int { groupSlotMask + 1 }

    /// The group index's position of a group key, or -1.
    func groupPosition(of key: KeyBytes) -> Int {
        position(key, slots: groupSlots, mask: groupSlotMask, records: groups, count: groupCount,
                 recordSize: CompiledFormat.Group.size)
    }

    /// File offsets of records.
    func entryRecord(_ index: Int) -> Int { entries + index * CompiledFormat.Entry.size }
    func groupRecord(_ index: Int) -> Int { groups + index * CompiledFormat.Group.size }
}

/// A table of the directory: its names and formula, and the table itself.
struct CompiledTableEntry: Sendable {
    let locale: String
    let name: String
    let formula: GettextPluralFormula?
    let table: CompiledTable

    /// Reads a directory record; nil when it is damaged.
    init?(_ memory: CompiledMemory, record: Int) {
        typealias D = CompiledFormat.Directory
        guard let locale = memory.text(at: record + D.locale)?.string,
              let name = memory.text(at: record + D.name)?.string,
              (try? LocaleName.canonical(locale)) == locale,
              (try? TableName.check(name)) != nil,
              let table = CompiledTable.read(memory, record: record) else { return nil }
        if memory.u32(record + D.flags) & CompiledFormat.hasFormula != 0 {
            let nodeCount = Int(memory.u32(record + D.formulaNodeCount))
            let offset = memory.offset(record + D.formulaOffset)
            guard nodeCount <= CompiledFormat.Formula.maximumNodes,
                  CompiledTable.isRegion(memory, offset, count: 1,
                                         size: CompiledFormat.Formula.headerSize + nodeCount * CompiledFormat.Formula.nodeSize),
                  memory.readable(offset, CompiledFormat.Formula.headerSize + nodeCount * CompiledFormat.Formula.nodeSize),
                  let formula = CompiledTable.formula(memory, offset: offset, nodeCount: nodeCount) else {
                return nil
            }
            self.formula = formula
        } else {
            self.formula = nil
        }
        self.locale = locale
        self.name = name
        self.table = table
    }
}
