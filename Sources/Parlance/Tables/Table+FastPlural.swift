#if canImport(Glibc)
import Glibc
#endif

/// The plural hot path: selection on the index's flat data, without
/// copying entries. `.stringsdict` entries take the general path.
extension Table {
    @inline(__always)
    func fastPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, operand: PluralOperand) -> FastPlural {
        // i18next's own candidates (`Table+I18next`); Android's quantities by the locale asked for.
        if resolvesI18nextSuffixes || choosesQuantitiesForTheDevice { return .general }
        let found: FastPlural
        switch storage {
        case .indexed(let entries, let groups):
            found = entries._withUnsafeGuaranteedRef { index in
                groups._withUnsafeGuaranteedRef { pluralGroups in
                    indexedPlural(index, pluralGroups, key: key, context: context, operand: operand)
                }
            }
        case .inPlace(let storage):
            found = storage.read(InPlacePlural(table: .passUnretained(self), key: key, context: context, operand: operand))
        }
        // A miss under a context the format may shorten: the walk asks again (`Table+ShortenedContext`).
        if case .missing = found, shortened(context) != nil { return .general }
        return found
    }

    /// A plural of a table served in place, read by its format
    /// (`InPlaceTable.fastPlural`) with this table's spellings and rules.
    private struct InPlacePlural: InPlaceRead {
        /// The table asking, alive for the call: no reference counting on the hot path.
        let table: Unmanaged<Table>
        let key: UnsafeRawBufferPointer
        let context: UnsafeRawBufferPointer?
        let operand: PluralOperand

        @inline(__always)
        func callAsFunction<T: InPlaceTable>(_ inPlace: T) -> FastPlural {
            table._withUnsafeGuaranteedRef { table in
                inPlace.fastPlural(key: key, context: context, spellings: table.spellings, category: { present in
                    // The rules live as long as the table: read unretained.
                    Unmanaged.passUnretained(table.rules)._withUnsafeGuaranteedRef {
                        PluralSelection.category(operand, rules: $0, available: present)
                    }
                }, gettextIndex: {
                    table.gettextIndex(of: operand)
                })
            }
        }
    }

    /// The gettext translation index of `operand` by this table's formula,
    /// (`GettextIndices`: small counts from plain memory).
    @inline(__always)
    func gettextIndex(of operand: PluralOperand) -> Int {
        PluralSelection.gettextIndex(operand, gettext)
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
                let chosen = PluralSelection.gettextForm(gettextIndex(of: operand), count: shape.count)
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

    /// Explicit zero, the rules' category, else other, on six category slots.
    @inline(__always)
    private func select(_ forms: UnsafePointer<UnsafePointer<CChar>?>, _ operand: PluralOperand) -> UnsafePointer<CChar>? {
        PluralSelection.category(operand, rules: rules, available: { forms[$0.rawValue] != nil }).flatMap { forms[$0.rawValue] }
    }
}
