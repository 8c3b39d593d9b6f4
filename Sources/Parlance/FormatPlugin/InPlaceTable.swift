/// A table a format serves in place from memory it owns (a `.mo`'s private
/// copy, a compiled catalog's), nothing parsed at open: the storage
/// capability a format plug-in provides. `TableStorage` keeps one
/// unretained and reaches it through `InPlaceStorage`
/// (`Formats/Registry.swift`), which switches on the built-in ones: a lookup
/// calls the format's reader directly, never through a witness table.
///
/// Each operation checks what it reads; texts are valid UTF-8 or missing.
protocol InPlaceTable: AnyObject, Sendable {
    /// The plain-lookup text of the entry with exactly these key bytes.
    func text(_ key: KeyBytes) -> UnsafePointer<CChar>?
    /// The entry with exactly these key bytes.
    func entry(_ key: KeyBytes) -> StoredEntry?
    /// Whether it has SPLocalizedString plural groups.
    var hasGroups: Bool { get }
    /// The plural group with exactly these key bytes (`(context)key`).
    func group(_ key: KeyBytes) -> StoredEntry?
    /// Every entry; damaged ones and those not valid UTF-8 left out.
    var allEntries: [StoredEntry] { get }
    /// Every plural group, by `(context)key`.
    var allGroups: [(key: CText, entry: StoredEntry)] { get }
    /// A plural read in place: the key in the spellings `spellings` tries,
    /// a category chosen by `category` (given which are present), a gettext
    /// form by `gettextIndex`.
    func fastPlural(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?, spellings: KeySpellings,
                    category: ((PluralCategory) -> Bool) -> PluralCategory?, gettextIndex: () -> Int) -> FastPlural
    /// The `InPlaceStorage` case a lookup switches on to reach this table,
    /// unretained (its `Table` keeps it alive).
    var inPlaceStorage: InPlaceStorage { get }
    /// gettext's header (the translation of `""`) in UTF-8, read when
    /// asked; nil for tables that keep none.
    var header: String? { get }
}

extension InPlaceTable {
    var header: String? { nil }
}

extension TableFormat {
    /// The file at `path` served in place by this format (an `InPlaceTable`
    /// rather than a read, as libintl asks of `.mo` files), or nil when it
    /// serves no file in place or cannot serve this one. A plug-in's
    /// requirement with a default, not a protocol of its own: asking a
    /// metatype for a protocol is a dynamic cast, which scans every
    /// conformance record of the process the first time (about 60,000
    /// instructions, in the libintl path's first lookup).
    func servedInPlace(file path: String) throws(ParlanceError) -> InPlaceSource? {
        try plugin.servedInPlace(file: path)
    }
}

/// An operation on a table served in place, run with the table's own type
/// (`InPlaceStorage.read`): specialised for each built-in storage.
protocol InPlaceRead {
    associatedtype Result
    func callAsFunction<T: InPlaceTable>(_ table: T) -> Result
}

/// A table served in place as a format's loader gives it: the table, what
/// keeps its memory alive, and what the table's lookups need to know.
package struct InPlaceSource: Sendable {
    let table: any InPlaceTable
    /// What the table's memory lives in (the mapped `.mo` itself, the compiled catalog file).
    let owner: any AnyObject & Sendable
    /// The source's id: the file's path, or a name for bytes.
    let id: String
    let format: TableFormat
    let formula: GettextPluralFormula?
    let spellings: KeySpellings
    /// gettext's header (the translation of `""`), in UTF-8.
    var header: String? { table.header }
}

/// The result of a plural fast path.
enum FastPlural {
    case found(UnsafePointer<CChar>)
    /// Not in this table (or no usable form): go on along the chain.
    case missing
    /// Needs the general path (`pluralText`).
    case general
}

/// Which key spellings a table's sources use: `(context)key` in key-value
/// sources, `context\u{4}key` in gettext sources.
struct KeySpellings: Sendable {
    let keyValue: Bool
    let gettext: Bool

    /// What `probe` finds first among the spellings of a key in context:
    /// `(context)key` in key-value sources, then `context\u{4}key` in
    /// gettext sources; the key alone without a context. The one place of
    /// that rule, for every storage and path.
    @inline(__always)
    func first<Found>(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                      _ probe: (KeyBytes) -> Found?) -> Found? {
        guard let context else { return probe(KeyBytes(p0: key)) }
        if keyValue, let found = probe(.composite(context: context, key: key)) { return found }
        return gettext ? probe(.gettext(context: context, key: key)) : nil
    }
}
