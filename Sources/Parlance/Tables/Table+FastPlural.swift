#if canImport(Glibc)
import Glibc
#endif

/// The plural hot path: selection on the index's flat data, without
/// copying entries. `.stringsdict` entries take the general path.
extension Table {
    enum FastPlural {
        case found(UnsafePointer<CChar>)
        /// Not in this table (or no usable form): go on along the chain.
        case missing
        /// Needs the general path (`pluralText`).
        case general
    }

    @inline(__always)
    func fastPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, operand: PluralOperand) -> FastPlural {
        // i18next's own candidates (`Table+I18next`); Android's quantities by the locale asked for.
        if resolvesI18nextSuffixes || choosesQuantitiesForTheDevice { return .general }
        switch storage {
        case .indexed(let entries, let groups):
            return entries._withUnsafeGuaranteedRef { index in
                groups._withUnsafeGuaranteedRef { pluralGroups in
                    indexedPlural(index, pluralGroups, key: key, context: context, operand: operand)
                }
            }
        case .mapped(let file):
            return file._withUnsafeGuaranteedRef { mappedPlural($0, key: key, context: context, operand: operand) }
        case .compiled(let table):
            return table._withUnsafeGuaranteedRef { compiledPlural($0, key: key, context: context, operand: operand) }
        }
    }

    /// A plural of parsed entries, read from the index's flat plural shapes.
    @inline(__always)
    private func indexedPlural(_ index: KeyIndex, _ pluralGroups: KeyIndex, key: UnsafeRawBufferPointer,
                               context: UnsafeRawBufferPointer?, operand: PluralOperand) -> FastPlural {
        let position = firstSpelling(key: key, context: context) { bytes -> Int? in
            let found = index.position(of: bytes)
            return found >= 0 ? found : nil
        } ?? -1
        if position >= 0 {
            let shape = index.pluralShape(at: position)
            switch shape.kind {
            case .text:
                // A plain entry may still have `(context##category)key` variants.
                if pluralGroups.count > 0 { return .general }
                return shape.text.map { .found($0) } ?? .missing
            case .categories:
                return select(shape.forms, operand).map { .found($0) } ?? .missing
            case .gettext:
                guard shape.count > 0 else { return .missing }
                let chosen = PluralSelection.gettextForm(PluralSelection.gettextIndex(operand, gettext), count: shape.count)
                return .found(shape.forms[chosen] ?? shape.forms[0]!)
            case .stringsdict:
                return .general
            }
        }
        guard pluralGroups.count > 0 else { return .missing }
        let group = context.map { pluralGroups.position(of: .composite(context: $0, key: key)) }
            ?? pluralGroups.position(of: KeyBytes(p0: key))
        guard group >= 0 else { return .missing }
        return select(pluralGroups.pluralShape(at: group).forms, operand).map { .found($0) } ?? .missing
    }

    /// A plural of a compiled table, read from its records in place.
    private func compiledPlural(_ compiled: CompiledTable, key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                                operand: PluralOperand) -> FastPlural {
        let position = firstSpelling(key: key, context: context) { bytes -> Int? in
            let found = compiled.position(of: bytes)
            return found >= 0 ? found : nil
        } ?? -1
        guard position >= 0 else { return compiled.groupCount > 0 ? .general : .missing }
        let form = compiled.fastForm(at: position, groupsMatter: compiled.groupCount > 0, category: { present in
            PluralSelection.category(operand, rules: rules, available: present)
        }, gettextIndex: {
            PluralSelection.gettextIndex(operand, gettext)
        })
        switch form {
        case .text(let text): return .found(text)
        case .missing: return compiled.groupCount > 0 ? .general : .missing
        case .general: return .general
        }
    }

    /// A plural of a mapped `.mo`: walk the translation's NUL-separated forms, as libintl does.
    private func mappedPlural(_ file: MappedMOFile, key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                              operand: PluralOperand) -> FastPlural {
        guard let translation = firstSpelling(key: key, context: context, { file.translation(of: $0) }) else {
            return .missing
        }
        let index = PluralSelection.gettextIndex(operand, gettext)
        // The forms up to the one chosen, walked as libintl walks them.
        var form = translation.pointer, seen = 1
        let end = translation.pointer + translation.count
        while seen <= index {
            let next = form + strlen(form) + 1
            if next >= end { break }
            form = next
            seen += 1
        }
        // The forms counted so far decide with libintl's rule (`gettextForm`).
        return .found(PluralSelection.gettextForm(index, count: seen) == index ? form : translation.pointer)
    }

    /// Explicit zero, the rules' category, else other, on six category slots.
    @inline(__always)
    private func select(_ forms: UnsafePointer<UnsafePointer<CChar>?>, _ operand: PluralOperand) -> UnsafePointer<CChar>? {
        PluralSelection.category(operand, rules: rules, available: { forms[$0.rawValue] != nil }).flatMap { forms[$0.rawValue] }
    }
}
