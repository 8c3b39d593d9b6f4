/// The plural hot path on compiled records: the chosen form's reference is
/// read straight from the payload, with nothing decoded or allocated.
extension CompiledTable {
    enum FastForm {
        case text(UnsafePointer<CChar>)
        case missing
        /// Needs the general path (a `.stringsdict`, variants in groups, or a damaged record).
        case general
    }

    /// The form of the entry at `position`: `choose` picks a category
    /// (six-slot plurals, given which slots are present) or a gettext index.
    @inline(__always)
    func fastForm(at position: Int, groupsMatter: Bool, category: (_ present: (PluralCategory) -> Bool) -> PluralCategory?,
                  gettextIndex: () -> Int) -> FastForm {
        typealias E = CompiledFormat.Entry
        guard position >= 0, position < entryCount else { return .general }
        guard entryIsValid(position) else { return .missing }
        let record = entryRecord(position)
        let count = Int(memory.u32(record + E.payloadCount))
        let payload = memory.offset(record + E.payloadOffset)
        func form(_ index: Int) -> CompiledMemory.Reference {
            guard memory.contains(payload, (index + 1) * CompiledFormat.referenceSize) else { return .invalid }
            return memory.reference(at: payload + index * CompiledFormat.referenceSize)
        }
        switch CompiledFormat.Kind.stored(memory.u32(record + E.kind)) {
        case .text:
            if groupsMatter { return .general }
            if case .text(let text) = memory.reference(at: record + E.text) { return .text(text.pointer) }
            return .general
        case .plural:
            guard count == 6 else { return .general }
            let present = { (c: PluralCategory) -> Bool in if case .text = form(c.rawValue) { return true } else { return false } }
            guard let chosen = category(present) else { return .missing }
            if case .text(let text) = form(chosen.rawValue) { return .text(text.pointer) }
            return .general
        case .gettextPlural:
            guard count > 0 else { return .missing }
            let index = gettextIndex()
            if index < count, case .text(let text) = form(index) { return .text(text.pointer) }
            if case .text(let first) = form(0) { return .text(first.pointer) }
            return .general
        case .stringsdict, nil:
            return .general
        }
    }
}
