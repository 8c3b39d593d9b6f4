internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runtime's reading of a String Catalog: every language's entries
/// read from the file's bytes straight into its table's arena and index
/// (one arena for the file: the languages share their keys), with no JSON
/// tree or tape, `String` or `ParsedEntry` in between. The rules are
/// `XCStringsFile`'s, through the functions both readers call.
///
/// It reads the shapes Xcode writes itself: a localization with a
/// `stringUnit` (`state`, `value`) or `variations.plural` whose forms are
/// string units; a string's `comment` is kept as its note for translators;
/// `extractionState` and other members it does not serve are skipped
/// (checked as JSON). Any other localization (device
/// variations, `substitutions`, a member twice, escapes in a member name or
/// state, a NUL) is read from its own bytes by the full reader's
/// `XCStringsReader`. It gives up (nil) at anything wrong — a localization
/// the full reader refuses, a locale that names no language, a key twice, a
/// member of the wrong kind, any JSON the full parser refuses — and at
/// `strings` before `sourceLanguage`: `XCStringsFile.parse` then reads the
/// file and reports the located error, so both give the same tables for
/// every file this one takes. Bytes outside strings must be JSON's ASCII;
/// each string is checked as UTF-8 when read, so the bytes behind it can
/// leave memory as it goes (`release`).
enum XCStringsQuickReader {
    /// The tables of the catalog in `text`, the source language's first and
    /// the others as they first appear (only `only`'s, when given), or nil
    /// when the full reader must read it.
    /// `release` is told, between keys, that the bytes before an offset will not be read again.
    static func read(_ text: UnsafeBufferPointer<UInt8>, states: XCStringsStates, only: String?,
                     release: (Int) -> Void = { _ in }) -> [(locale: String, table: PrebuiltTable)]? {
        guard let base = text.baseAddress else { return nil }
        return withoutActuallyEscaping(release) { release in
            var reader = Reader(base: base, count: text.count, states: states, only: only, release: release)
            reader.at = TextDecoding.utf8ByteOrderMarkLength(text)
            defer { reader.free() }
            return reader.catalog()
        }
    }

    /// A localization's outcome: what it serves, or nothing (not served).
    enum Served {
        case nothing
        case value(StoredValue)
    }

    struct Reader {
        typealias Span = UnsafeBufferPointer<UInt8>

        let base: UnsafePointer<UInt8>
        let count: Int
        let states: XCStringsStates
        let sourceStates: XCStringsStates
        let only: String?
        let release: (Int) -> Void
        var at = 0
        /// One arena for every table: a key is stored once.
        let arena = TextArena()
        var tables: [PrebuiltTable] = []
        var locales: [String] = []
        /// Whether a table is returned (all of them, or `only`'s).
        var kept: [Bool] = []
        /// Localization names read before, as written, and their table.
        var names: [(name: [UInt8], table: Int)] = []
        var keyBuffer = ScratchBytes(), decoded = ScratchBytes(), normal = ScratchBytes()

        init(base: UnsafePointer<UInt8>, count: Int, states: XCStringsStates, only: String?, release: @escaping (Int) -> Void) {
            self.base = base
            self.count = count
            self.release = release
            self.states = XCStringsFile.served(states, sourceLanguage: false)
            self.sourceStates = XCStringsFile.served(states, sourceLanguage: true)
            self.only = only
        }

        func free() {
            keyBuffer.free()
            decoded.free()
            normal.free()
        }

        // MARK: The catalog

        mutating func catalog() -> [(locale: String, table: PrebuiltTable)]? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var seenSource = false, seenStrings = false
            var more = !take(UInt8(ascii: "}"))
            while more {
                guard let name = memberName() else { return nil }
                if equals(name, "sourceLanguage") {
                    guard !seenSource, let tag = languageTag() else { return nil }
                    seenSource = true
                    addTable(tag)
                } else if equals(name, "strings") {
                    // The source language first (Xcode writes it first); else the full reader.
                    guard seenSource, !seenStrings, strings() else { return nil }
                    seenStrings = true
                } else {
                    guard skipValue(depth: 1) else { return nil }
                }
                guard let next = afterMember(UInt8(ascii: "}")) else { return nil }
                more = next
            }
            skipSpace()
            guard seenSource, at == count else { return nil }
            var result: [(locale: String, table: PrebuiltTable)] = []
            for position in tables.indices where kept[position] {
                // Indexed one by one, each table's entry list let go once its index holds them.
                guard var table = tables[position].indexed() else { return nil }
                tables[position] = PrebuiltTable(expecting: 0, arena: arena)
                table.entries = []
                table.hashes = []
                result.append((locales[position], table))
            }
            return result
        }

        private mutating func addTable(_ tag: String) {
            // Room for an entry per 128 bytes (Xcode writes more an entry): reserved, touched only as it fills.
            let keep = only == nil || only == tag
            tables.append(PrebuiltTable(expecting: keep ? count / 128 : 0, arena: arena))
            locales.append(tag)
            kept.append(keep)
        }

        /// `"strings" : { key : body, … }`.
        private mutating func strings() -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            guard !take(UInt8(ascii: "}")) else { return true }
            var translations: [(table: Int, entry: StoredValue)] = []
            while true {
                release(at)   // what came before this key is in the tables
                guard at < count, base[at] == UInt8(ascii: "\""), let key = string(keyBuffer: true), take(UInt8(ascii: ":")),
                      entry(key, &translations) else { return false }
                guard let next = afterMember(UInt8(ascii: "}")) else { return false }
                if !next { return true }
            }
        }

        /// One key's body, and its entries placed by `XCStringsFile.place`.
        private mutating func entry(_ key: Span, _ translations: inout [(table: Int, entry: StoredValue)]) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            translations.removeAll(keepingCapacity: true)
            var translatable = true, seenFlag = false, seenLocalizations = false
            var source: StoredValue?
            var comment: String?   // the note for translators, when a string (as the full reader reads it)
            var more = !take(UInt8(ascii: "}"))
            while more {
                guard let name = memberName() else { return false }
                if equals(name, "localizations") {
                    guard !seenLocalizations, localizations(key, &translations, &source) else { return false }
                    seenLocalizations = true
                } else if equals(name, "shouldTranslate") {
                    guard !seenFlag else { return false }
                    seenFlag = true
                    if literal("true") {
                        translatable = true
                    } else if literal("false") {
                        translatable = false
                    } else {
                        return false
                    }
                } else if equals(name, "comment") {
                    skipSpace()
                    if at < count, base[at] == UInt8(ascii: "\"") {
                        guard let text = string(keyBuffer: false) else { return false }
                        comment = String(decoding: text, as: UTF8.self)
                    } else {
                        comment = nil   // a comment that is not a string is none
                        guard skipValue(depth: 3) else { return false }
                    }
                } else {
                    // `extractionState`, what later versions add.
                    guard skipValue(depth: 3) else { return false }
                }
                guard let next = afterMember(UInt8(ascii: "}")) else { return false }
                more = next
            }
            // Nothing kept needs the key: it is not stored.
            guard kept[0] || (translatable && translations.contains { kept[$0.table] }) else { return true }
            let arena = arena
            let stored = PrebuiltTable.storedKey(key, normal: &normal, in: arena)
            // The key as its own text: the stored key itself, unless normalizing changed it.
            XCStringsFile.place(translatable: translatable, translations: translations, source: source,
                                key: { .text(stored.asWritten ? stored.key : arena.append(bytes: key)) }) { table, value in
                guard kept[table] else { return }
                tables[table].append(StoredEntry(storedKey: stored.key, value: value), hash: stored.hash)
                if let comment { tables[table].notes.append((stored.key, comment)) }
            }
            return true
        }

        /// `"localizations" : { language : localization, … }`.
        private mutating func localizations(_ key: Span, _ translations: inout [(table: Int, entry: StoredValue)],
                                            _ source: inout StoredValue?) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            var more = !take(UInt8(ascii: "}"))
            while more {
                guard let table = language() else { return false }
                let start = at
                var served = localization(table)
                if served == nil {
                    at = start
                    served = unusual(table, key: key)
                }
                guard let served else { return false }
                if table == 0 {
                    if case .value(let value) = served { source = value }   // named twice: the last served
                } else if case .value(let value) = served {
                    translations.append((table, value))
                }
                guard let next = afterMember(UInt8(ascii: "}")) else { return false }
                more = next
            }
            return true
        }

        /// A localization's name and its colon: its table, made when first named.
        private mutating func language() -> Int? {
            guard at < count, base[at] == UInt8(ascii: "\"") else { return nil }
            guard let (length, escaped) = scan(), !escaped else { return nil }
            let name = Span(start: base + at + 1, count: length)
            at += length + 2
            guard take(UInt8(ascii: ":")) else { return nil }
            for known in names where known.name.withUnsafeBufferPointer({ Self.same($0, name) }) { return known.table }
            guard let tag = XCStringsReader.tag(String(decoding: name, as: UTF8.self)) else { return nil }
            let table: Int
            if let existing = locales.firstIndex(of: tag) {
                table = existing
            } else {
                // Every language the file names is a table, even one left empty by the states served.
                table = tables.count
                addTable(tag)
            }
            names.append((Array(name), table))
            return table
        }

        /// `{ "stringUnit" : …, "variations" : … }` of a language; variations
        /// win over a unit beside them.
        private mutating func localization(_ table: Int) -> Served? {
            guard take(UInt8(ascii: "{")) else { return nil }
            let states = table == 0 ? sourceStates : self.states
            var unit: Served?, plural: Served?
            var more = !take(UInt8(ascii: "}"))
            while more {
                guard let name = memberName() else { return nil }
                if equals(name, "stringUnit") {
                    guard unit == nil, let text = stringUnit(states: states, keep: kept[table], depth: 6) else { return nil }
                    unit = text
                } else if equals(name, "variations") {
                    guard plural == nil, let forms = variations(states: states, keep: kept[table]) else { return nil }
                    plural = forms
                } else if equals(name, "substitutions") {
                    return nil
                } else {
                    guard skipValue(depth: 5) else { return nil }
                }
                guard let next = afterMember(UInt8(ascii: "}")) else { return nil }
                more = next
            }
            return plural ?? unit ?? .nothing
        }

        /// A localization of another shape, read from its bytes by the full
        /// reader's `XCStringsReader` (nil when it refuses it).
        private mutating func unusual(_ table: Int, key: Span) -> Served? {
            let start = at
            // Checked here as the full parser checks it in place (its depth in the document).
            guard skipValue(depth: 4) else { return nil }
            let reader = XCStringsReader(path: nil, states: table == 0 ? sourceStates : states)
            let value: EntryValue?
            do throws(ParlanceError) {
                let node = try JSONParser.parse(Array(Span(start: base + start, count: at - start)), path: nil)
                value = try reader.localization(node, key: String(decoding: key, as: UTF8.self))
            } catch {
                return nil
            }
            guard let value else { return .nothing }
            return .value(kept[table] ? StoredValue(value, in: arena) : .text(Self.unstored))
        }

        /// `{ "plural" : { category : { "stringUnit" : … }, … } }`.
        private mutating func variations(states: XCStringsStates, keep: Bool) -> Served? {
            guard take(UInt8(ascii: "{")), let name = memberName(), equals(name, "plural"), take(UInt8(ascii: "{")) else {
                return nil
            }
            var forms = [CText?](repeating: nil, count: PluralCategory.allCases.count)
            var more = !take(UInt8(ascii: "}"))
            while more {
                guard let name = memberName(), let category = PluralCategory(name: String(decoding: name, as: UTF8.self)),
                      take(UInt8(ascii: "{")) else { return nil }
                var seenUnit = false
                var moreFields = !take(UInt8(ascii: "}"))
                while moreFields {
                    guard let field = memberName() else { return nil }
                    if equals(field, "stringUnit") {
                        guard !seenUnit, let served = stringUnit(states: states, keep: keep, depth: 9) else { return nil }
                        seenUnit = true
                        if case .value(.text(let text)) = served { forms[category.rawValue] = text }
                    } else if equals(field, "variations") {
                        return nil   // a form varying by device
                    } else {
                        guard skipValue(depth: 8) else { return nil }
                    }
                    guard let next = afterMember(UInt8(ascii: "}")) else { return nil }
                    moreFields = next
                }
                guard let next = afterMember(UInt8(ascii: "}")) else { return nil }
                more = next
            }
            // The one kind of variation read here: `device` and others to the full reader.
            guard afterMember(UInt8(ascii: "}")) == false else { return nil }
            guard XCStringsFile.servesPlural({ forms[$0.rawValue] != nil }) else { return .nothing }
            return .value(.plural(forms: forms, storedKeys: nil))
        }

        /// `{ "state" : …, "value" : … }` (inside `depth` containers): the
        /// value's text (in the arena when `keep`), or nothing when its state
        /// is not served or it has none.
        private mutating func stringUnit(states: XCStringsStates, keep: Bool, depth: Int) -> Served? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var state: Span?, value: Span?   // the value decoded into `decoded`, which nothing else here uses
            var more = !take(UInt8(ascii: "}"))
            while more {
                guard let name = memberName() else { return nil }
                if equals(name, "state") {
                    guard state == nil, at < count, base[at] == UInt8(ascii: "\"") else { return nil }
                    guard let (length, escaped) = scan(), !escaped else { return nil }
                    state = Span(start: base + at + 1, count: length)
                    at += length + 2
                } else if equals(name, "value") {
                    guard value == nil, at < count, base[at] == UInt8(ascii: "\""), let text = string(keyBuffer: false) else {
                        return nil
                    }
                    value = text
                } else {
                    guard skipValue(depth: depth) else { return nil }
                }
                guard let next = afterMember(UInt8(ascii: "}")) else { return nil }
                more = next
            }
            guard states.serves(state: state.map { String(decoding: $0, as: UTF8.self) }), let value else { return .nothing }
            return .value(.text(keep ? arena.append(bytes: value) : Self.unstored))
        }

        /// The text of a unit in a table not returned: never stored, never read.
        private static let unstored = CText(pointer: UnsafeRawPointer(("" as StaticString).utf8Start)
            .assumingMemoryBound(to: CChar.self), count: 0)
    }
}
