/// Compiled records decoded into the runtime's `StoredEntry`, their texts
/// pointing into the mapping; nil for a record that does not decode.
extension CompiledTable {
    func entry(at index: Int) -> StoredEntry? {
        typealias E = CompiledFormat.Entry
        guard index >= 0, index < entryCount, entryIsValid(index) else { return nil }
        let record = entryRecord(index)
        guard let key = memory.text(at: record + E.key) else { return nil }
        let text = memory.reference(at: record + E.text)
        let count = Int(memory.u32(record + E.payloadCount))
        let payload = memory.offset(record + E.payloadOffset)
        let value: StoredValue
        switch CompiledFormat.Kind(rawValue: memory.u32(record + E.kind)) {
        case .text:
            guard case .text(let text) = text else { return nil }
            value = .text(text)
        case .plural:
            guard count == 6, let forms = texts(at: payload, count: 6) else { return nil }
            value = .plural(forms: forms, storedKeys: nil)
        case .gettextPlural:
            guard let texts = texts(at: payload, count: count) else { return nil }
            var present: [CText] = []
            for text in texts {
                guard let text else { return nil }
                present.append(text)
            }
            value = .gettextPlural(present)
        case .stringsdict:
            guard case .text(let other) = text,
                  let format = CompiledStringsdict.decode(memory, offset: payload, length: count) else { return nil }
            value = .stringsdict(format, other: other)
        case nil:
            return nil
        }
        return StoredEntry(storedKey: key, value: value)
    }

    /// A plural group: its key, and an entry with the variants by category.
    func group(at index: Int) -> (key: CText, entry: StoredEntry)? {
        typealias G = CompiledFormat.Group
        guard index >= 0, index < groupCount, groupIsValid(index) else { return nil }
        let record = groupRecord(index)
        guard let key = memory.text(at: record + G.key), let first = memory.text(at: record + G.firstKey),
              let forms = texts(at: record + G.forms, count: 6),
              let keys = texts(at: record + G.storedKeys, count: 6) else { return nil }
        return (key, StoredEntry(storedKey: first, value: .plural(forms: forms, storedKeys: keys)))
    }

    /// `count` string references at `offset`; nil if any is invalid.
    private func texts(at offset: Int, count: Int) -> [CText?]? {
        guard count <= memory.size / CompiledFormat.referenceSize,
              memory.contains(offset, count * CompiledFormat.referenceSize),
              memory.readable(offset, count * CompiledFormat.referenceSize) else { return nil }
        var texts: [CText?] = []
        texts.reserveCapacity(count)
        for index in 0..<count {
            switch memory.reference(at: offset + index * CompiledFormat.referenceSize) {
            case .absent: texts.append(nil)
            case .text(let text): texts.append(text)
            case .invalid: return nil
            }
        }
        return texts
    }

    /// Every entry that decodes, in file order.
    var allEntries: [StoredEntry] {
        _ = memory.readable(0, memory.size)   // every entry: the file read once, in order
        return (0..<entryCount).compactMap(entry(at:))
    }

    /// Every plural group that decodes.
    var allGroups: [(key: CText, entry: StoredEntry)] { (0..<groupCount).compactMap(group(at:)) }

    /// The Plural-Forms formula stored at `offset`, checked to be a tree over
    /// its nodes (each node the operand of at most one other, the root of
    /// none), so evaluating it visits each node at most once.
    static func formula(_ memory: CompiledMemory, offset: Int, nodeCount: Int) -> GettextPluralFormula? {
        typealias F = CompiledFormat.Formula
        let limit = memory.u64(offset + F.limit)
        let root = Int32(bitPattern: memory.u32(offset + F.root))
        var nodes: [GettextPluralFormula.Node] = []
        var used = [Bool](repeating: false, count: nodeCount)
        func operand(_ index: Int32) -> Bool {
            guard index >= 0, Int(index) < nodeCount, !used[Int(index)] else { return false }
            used[Int(index)] = true
            return true
        }
        for index in 0..<nodeCount {
            let at = offset + F.headerSize + index * F.nodeSize
            guard let operation = GettextPluralFormula.Operation(rawValue: UInt8(truncatingIfNeeded: memory.u32(at + F.operation))) else {
                return nil
            }
            let node = GettextPluralFormula.Node(
                operation: operation, value: memory.u64(at + F.value),
                first: Int32(bitPattern: memory.u32(at + F.first)), second: Int32(bitPattern: memory.u32(at + F.second)),
                third: Int32(bitPattern: memory.u32(at + F.third)))
            switch operation {
            case .variable, .number: break
            case .not: guard operand(node.first) else { return nil }
            case .conditional: guard operand(node.first), operand(node.second), operand(node.third) else { return nil }
            default: guard operand(node.first), operand(node.second) else { return nil }
            }
            nodes.append(node)
        }
        guard root >= 0, Int(root) < nodeCount, !used[Int(root)] else { return nil }
        return GettextPluralFormula(limit: limit, nodes: nodes, root: root)
    }
}
