#if canImport(Glibc)
import Glibc
#endif

/// Where one table's entries live — the one storage abstraction behind
/// which plain lookups, plurals, plural groups, enumeration and compiling
/// all go. Each backend implements every operation once:
///
/// - `indexed`: entries parsed from source files and indexed in memory
///   (`KeyIndex`), with SPLocalizedString's `(context##category)key`
///   variants gathered into plural groups;
/// - `mapped`: a UTF-8 `.mo` served in place from a private copy of its
///   bytes (`MappedMOFile`), nothing parsed at open;
/// - `compiled`: a table of a compiled catalog read in place (`CompiledTable`).
///
/// Everything is read and validated before the table is published (texts
/// served in place are validated as UTF-8 on first use); nothing reads a
/// file afterwards. Payloads are plain values — the references are
/// unretained, their objects kept alive by the `Table` — so the lookup paths
/// switch on the storage without reference counting.
enum TableStorage: @unchecked Sendable {
    case indexed(entries: Unmanaged<KeyIndex>, groups: Unmanaged<KeyIndex>)
    case mapped(Unmanaged<MappedMOFile>)
    case compiled(Unmanaged<CompiledTable>)

    /// The plain-lookup text of the entry with exactly these key bytes.
    @inline(__always)
    func text(_ key: KeyBytes) -> UnsafePointer<CChar>? {
        switch self {
        case .indexed(let entries, _):
            return entries._withUnsafeGuaranteedRef { $0.text(key) }
        case .mapped(let file):
            return file._withUnsafeGuaranteedRef { file in file.translation(of: key)?.pointer }
        case .compiled(let table):
            return table._withUnsafeGuaranteedRef { $0.text(key) }
        }
    }

    /// The entry with exactly these key bytes.
    @inline(__always)
    func entry(_ key: KeyBytes) -> StoredEntry? {
        switch self {
        case .indexed(let entries, _): return entries._withUnsafeGuaranteedRef { $0.find(key) }
        case .mapped(let file): return file._withUnsafeGuaranteedRef { $0.entry(key) }
        case .compiled(let table): return table._withUnsafeGuaranteedRef { $0.find(key) }
        }
    }

    /// Whether the storage has SPLocalizedString plural groups.
    @inline(__always)
    var hasGroups: Bool {
        switch self {
        case .indexed(_, let groups): return groups._withUnsafeGuaranteedRef { $0.count > 0 }
        case .mapped: return false   // gettext keys have no `(context##category)` variants
        case .compiled(let table): return table._withUnsafeGuaranteedRef { $0.groupCount > 0 }
        }
    }

    /// The plural group with exactly these key bytes (`(context)key`).
    func group(_ key: KeyBytes) -> StoredEntry? {
        switch self {
        case .indexed(_, let groups): return groups._withUnsafeGuaranteedRef { $0.find(key) }
        case .mapped: return nil
        case .compiled(let table): return table._withUnsafeGuaranteedRef { $0.group(key) }
        }
    }

    /// Every entry, for enumeration and compiling; entries that are damaged
    /// or not valid UTF-8 are left out, as lookups leave them out.
    var allEntries: [StoredEntry] {
        switch self {
        case .indexed(let entries, _): return Array(entries.takeUnretainedValue().entries)
        case .mapped(let file): return file.takeUnretainedValue().allEntries
        case .compiled(let table): return table.takeUnretainedValue().allEntries
        }
    }

    /// Every plural group, by `(context)key`.
    var allGroups: [(key: CText, entry: StoredEntry)] {
        switch self {
        case .indexed(_, let groups):
            let index = groups.takeUnretainedValue()
            return Array(zip(index.keyTexts, index.entries))
        case .mapped: return []
        case .compiled(let table): return table.takeUnretainedValue().allGroups
        }
    }
}
