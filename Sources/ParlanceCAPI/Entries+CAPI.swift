// Enumeration: table snapshots for C callers.
import CParlanceAPI
import Parlance

/// A snapshot's entries as C structs, with every string and forms array it
/// points to; freed whole by `parlance_entries_free`.
final class EntriesSnapshot {
    let arena = TextArena()
    private(set) var entries: [parlance_entry] = []
    private var forms: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []

    init(_ list: [TableEntry]) {
        entries.reserveCapacity(list.count)
        for entry in list {
            var made = parlance_entry()
            made.version = UInt32(PARLANCE_ENTRY_VERSION)
            made.key = arena.append(entry.key).pointer
            made.context = entry.context.map { arena.append($0).pointer }
            made.text = arena.append(entry.text).pointer
            made.comment = entry.comment.map { arena.append($0).pointer }
            let slots: [String?]
            switch entry.value {
            case .text:
                made.kind = Int32(PARLANCE_ENTRY_TEXT.rawValue)
                slots = []
            case .plural(let plural):
                made.kind = Int32(PARLANCE_ENTRY_PLURAL.rawValue)
                slots = PluralCategory.allCases.map { plural[$0] }
            case .gettextPlural(let texts):
                made.kind = Int32(PARLANCE_ENTRY_GETTEXT_PLURAL.rawValue)
                slots = texts.map { $0 }
            case .variables:
                made.kind = Int32(PARLANCE_ENTRY_VARIABLES.rawValue)
                slots = entry.pluralForms.map { forms in PluralCategory.allCases.map { forms[$0] } } ?? []
            }
            if !slots.isEmpty {
                let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: slots.count)
                for (index, slot) in slots.enumerated() { (array + index).initialize(to: slot.map { arena.append($0).pointer }) }
                forms.append(array)
                made.forms = UnsafePointer(array)
                made.form_count = slots.count
            }
            entries.append(made)
        }
    }

    deinit { for array in forms { array.deallocate() } }
}

@_cdecl("parlance_catalog_entries")
public func parlance_catalog_entries(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ handle: OpaquePointer?,
                                     _ locale: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        let localeName = try string(locale, "locale"), tableName = try string(table, "table")
        guard let list = try catalog(handle).entries(locale: localeName, table: tableName) else {
            throw ParlanceError(.notFound, "no table '\(tableName)' for locale '\(localeName)'")
        }
        out.pointee = OpaquePointer(Unmanaged.passRetained(EntriesSnapshot(list)).toOpaque())
    }
}

private func snapshot(_ handle: OpaquePointer?) -> EntriesSnapshot? {
    handle.map { Unmanaged<EntriesSnapshot>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

@_cdecl("parlance_entries_count")
public func parlance_entries_count(_ handle: OpaquePointer?) -> Int {
    snapshot(handle)?.entries.count ?? 0
}

@_cdecl("parlance_entries_get")
public func parlance_entries_get(_ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<parlance_entry>?) -> Int32 {
    status { () throws(ParlanceError) in
        guard let entries = snapshot(handle) else { throw invalid("entries is NULL") }
        guard let out else { throw invalid("out is NULL") }
        let version = UnsafeRawPointer(out).load(as: UInt32.self)
        guard version == 1 || version == UInt32(PARLANCE_ENTRY_VERSION) else {
            throw invalid("out's version is \(version); initialize it with PARLANCE_ENTRY_INIT")
        }
        guard index >= 0, index < entries.entries.count else {
            throw invalid("index \(index) is past the \(entries.entries.count) entries")
        }
        var entry = entries.entries[index]
        guard version == 1 else {
            out.pointee = entry
            return
        }
        // A version 1 struct ends before `comment`: only its own fields are written.
        entry.version = 1
        withUnsafeBytes(of: &entry) { whole in
            UnsafeMutableRawPointer(out).copyMemory(from: whole.baseAddress!, byteCount: MemoryLayout<parlance_entry>.offset(of: \.comment)!)
        }
    }
}

@_cdecl("parlance_entries_free")
public func parlance_entries_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<EntriesSnapshot>.fromOpaque(UnsafeRawPointer(handle)).release()
}
