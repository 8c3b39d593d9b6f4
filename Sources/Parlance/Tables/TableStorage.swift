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
/// - `inPlace`: a table a format serves in place (`InPlaceTable`, the
///   capability a format plug-in provides: a UTF-8 `.mo` from a private
///   copy of its bytes, a table of a compiled catalog), nothing parsed at
///   open.
///
/// Everything is read and validated before the table is published (texts
/// served in place are validated as UTF-8 on first use); nothing reads a
/// file afterwards. Payloads are plain values — the references are
/// unretained, their objects kept alive by the `Table` — so the lookup paths
/// switch on the storage without reference counting, and `InPlaceStorage`
/// switches on the formats' storages: every call is direct.
enum TableStorage: @unchecked Sendable {
    case indexed(entries: Unmanaged<KeyIndex>, groups: Unmanaged<KeyIndex>)
    case inPlace(InPlaceStorage)

    /// The plain-lookup text of the entry with exactly these key bytes.
    @inline(__always)
    func text(_ key: KeyBytes) -> UnsafePointer<CChar>? {
        switch self {
        case .indexed(let entries, _):
            return entries._withUnsafeGuaranteedRef { $0.text(key) }
        case .inPlace(let storage):
            return storage.read(ReadText(key: key))
        }
    }

    /// The entry with exactly these key bytes.
    @inline(__always)
    func entry(_ key: KeyBytes) -> StoredEntry? {
        switch self {
        case .indexed(let entries, _): return entries._withUnsafeGuaranteedRef { $0.find(key) }
        case .inPlace(let storage):
            return storage.read(ReadEntry(key: key))
        }
    }

    /// Whether the storage has SPLocalizedString plural groups.
    @inline(__always)
    var hasGroups: Bool {
        switch self {
        case .indexed(_, let groups): return groups._withUnsafeGuaranteedRef { $0.count > 0 }
        case .inPlace(let storage):
            return storage.read(ReadHasGroups())
        }
    }

    /// The plural group with exactly these key bytes (`(context)key`).
    func group(_ key: KeyBytes) -> StoredEntry? {
        switch self {
        case .indexed(_, let groups): return groups._withUnsafeGuaranteedRef { $0.find(key) }
        case .inPlace(let storage):
            return storage.read(ReadGroup(key: key))
        }
    }

    /// Every entry, for enumeration and compiling; entries that are damaged
    /// or not valid UTF-8 are left out, as lookups leave them out.
    var allEntries: [StoredEntry] {
        switch self {
        case .indexed(let entries, _): return Array(entries.takeUnretainedValue().entries)
        case .inPlace(let storage):
            return storage.read(ReadAllEntries())
        }
    }

    /// Every plural group, by `(context)key`.
    var allGroups: [(key: CText, entry: StoredEntry)] {
        switch self {
        case .indexed(_, let groups):
            let index = groups.takeUnretainedValue()
            return zip(index.keyTexts, index.entries).map { (key: $0, entry: $1) }
        case .inPlace(let storage):
            return storage.read(ReadAllGroups())
        }
    }
}

// The operations on a table served in place, each run with the table's own type (`InPlaceStorage.read`).

private struct ReadText: InPlaceRead {
    let key: KeyBytes
    @inline(__always)
    func callAsFunction<T: InPlaceTable>(_ table: T) -> UnsafePointer<CChar>? { table.text(key) }
}

private struct ReadEntry: InPlaceRead {
    let key: KeyBytes
    @inline(__always)
    func callAsFunction<T: InPlaceTable>(_ table: T) -> StoredEntry? { table.entry(key) }
}

private struct ReadHasGroups: InPlaceRead {
    @inline(__always)
    func callAsFunction<T: InPlaceTable>(_ table: T) -> Bool { table.hasGroups }
}

private struct ReadGroup: InPlaceRead {
    let key: KeyBytes
    func callAsFunction<T: InPlaceTable>(_ table: T) -> StoredEntry? { table.group(key) }
}

private struct ReadAllEntries: InPlaceRead {
    func callAsFunction<T: InPlaceTable>(_ table: T) -> [StoredEntry] { table.allEntries }
}

private struct ReadAllGroups: InPlaceRead {
    func callAsFunction<T: InPlaceTable>(_ table: T) -> [(key: CText, entry: StoredEntry)] { table.allGroups }
}
