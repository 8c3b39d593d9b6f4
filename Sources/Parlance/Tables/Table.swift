#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The entries one file (or one in-memory load) contributed to a table.
struct TableSource: Sendable {
    /// The file path, or a name for bytes loaded from memory.
    let id: String
    let format: TableFormat
    /// Load sequence number: among sources of one precedence, later wins.
    let order: Int
    /// The entries, unless `index` holds them (`entries` reads them there).
    private let list: [StoredEntry]
    /// No two entries share a key (the table then needs no merging).
    let distinctKeys: Bool
    /// The entries indexed already, when the reader built the index.
    let index: KeyIndex?
    let arena: TextArena
    /// gettext sources: the Plural-Forms formula.
    let formula: GettextPluralFormula?
    /// gettext sources: the header (the translation of `""`), in UTF-8.
    let header: String?
    /// Which key conventions the entries use: `(context)key`, `context\u{4}key`.
    let usesKeyValueKeys: Bool
    let usesGettextKeys: Bool
    /// Served, not listed (`ParsedTable.servedOnly`).
    let servedOnly: Bool
    /// What else keeps the entries' texts alive (a compiled catalog's mapping).
    let owner: (any AnyObject & Sendable)?
    /// The notes the file keeps for translators, by stored key, kept when it
    /// was read: a listing never reads the file again.
    let notes: [(key: CText, note: String)]

    /// Every entry, in file order.
    var entries: [StoredEntry] {
        if list.isEmpty, let index { return Array(index.entries) }
        return list
    }

    /// Whether some entry's stored key begins with `byte`, read in place.
    func hasKey(beginningWith byte: UInt8) -> Bool {
        func begins(_ entry: StoredEntry) -> Bool { entry.storedKey.count > 0 && entry.storedKey.pointer[0] == CChar(byte) }
        if list.isEmpty, let index { return index.entries.contains(where: begins) }
        return list.contains(where: begins)
    }

    init(id: String, format: TableFormat, order: Int, parsed table: ParsedTable) {
        let arena = TextArena()
        self.id = id
        self.format = format
        self.order = order
        self.formula = table.formula
        self.header = table.header
        self.usesKeyValueKeys = format.keyRules != .contextApart
        self.usesGettextKeys = format.keyRules == .contextApart
        self.servedOnly = table.servedOnly
        self.owner = nil
        if let prebuilt = table.prebuilt {
            self.arena = prebuilt.arena
            // The index holds every entry: the reader's list is not kept twice.
            self.list = prebuilt.index == nil ? prebuilt.entries : []
            self.distinctKeys = true
            self.index = prebuilt.index
            self.notes = table.prebuiltNotes
            return
        }
        self.arena = arena
        self.distinctKeys = false
        self.index = nil
        var notes: [(key: CText, note: String)] = []
        self.list = table.entries.map { parsed in
            // Keys in NFC (NormalForm): a decomposed key in the file finds the composed one.
            let lookupKey = NormalForm.nfc(ContextKey.gettext(parsed.key, context: parsed.context))
            let storedKey = arena.append(lookupKey)
            if let comment = parsed.comment { notes.append((storedKey, comment)) }
            return StoredEntry(storedKey: storedKey, value: StoredValue(parsed.value, in: arena))
        }
        self.notes = notes
    }

    /// The entries of a table served in place, as a source that other
    /// loads can join: they point into its memory, which the source keeps.
    init(inPlace source: InPlaceSource, order: Int) {
        id = source.id
        format = source.format
        self.order = order
        arena = TextArena()
        formula = source.formula
        header = source.header
        usesKeyValueKeys = source.spellings.keyValue
        usesGettextKeys = source.spellings.gettext
        servedOnly = false
        owner = source.owner
        list = source.table.allEntries
        distinctKeys = false
        index = nil
        notes = []
    }
}

extension StoredValue {
    /// A parsed value as tables store it, its texts copied into `arena`.
    init(_ value: EntryValue, in arena: TextArena) {
        switch value {
        case .text(let text):
            self = .text(arena.append(text))
        case .plural(let forms):
            self = .plural(forms: PluralCategory.allCases.map { forms[$0].map(arena.append) }, storedKeys: nil)
        case .stringsdict(let format):
            self = .stringsdict(format, other: arena.append(format.render { _ in .other }))
        case .gettextPlural(let texts):
            self = .gettextPlural(texts.map(arena.append))
        }
    }
}

/// One table (e.g. `Localizable`) of one locale, merged from its sources:
/// `.stringsdict` entries override `.strings` ones with the same key, and a
/// later load of the same file replaces that file's entries.
///
/// Immutable once built, except for the lock-protected cache of rendered
/// `.stringsdict` plural variants.
final class Table: Sendable {
    let locale: String
    let name: String
    /// The locale's CLDR plural rules, made on first use (`rules`): a table
    /// whose plurals are gettext formulas never needs them.
    private let rulesSlot = Atomic<UInt>(0)
    let sources: [TableSource]
    /// Where the entries live (`TableStorage`): lookups, plurals,
    /// enumeration and compiling all go through it.
    let storage: TableStorage
    /// What the storage's unretained references point into: the index and
    /// the plural groups, or the table served in place and its memory's owner.
    private let owners: (any AnyObject & Sendable, (any AnyObject & Sendable)?)
    /// The table served in place, when that is the storage.
    let servedInPlace: InPlaceSource?
    /// The group keys of the plural groups (indexed storage).
    private let groupKeys = TextArena()
    /// The Plural-Forms formula of the table's gettext sources (the last wins).
    let gettextFormula: GettextPluralFormula?
    /// The formula (Germanic without one) with its indices for small counts.
    let gettext: GettextIndices
    /// Which key conventions the sources use: `(context)key` or `context\u{4}key`.
    let hasKeyValueSources: Bool
    let hasGettextSources: Bool
    /// Keys resolve by i18next's suffix rules: `key_context`, `key_one`…
    /// tried in i18next's order (`Table+I18next`; `KeyRules.i18nextSuffixes`).
    let resolvesI18nextSuffixes: Bool
    /// A plural's quantity is chosen by the rules of the locale asked for
    /// (the device's), whichever table supplies it (`PluralSelection.android`;
    /// `QuantityLanguage.device`).
    let choosesQuantitiesForTheDevice: Bool
    /// A key's text and its plural group are two entries (`TableFormatPlugin.keepsTextsApartFromPlurals`).
    let keepsTextsApartFromPlurals: Bool
    /// The byte after which a context's qualifier may be dropped on a miss
    /// (`TableFormatPlugin.contextQualifierSeparator`; `Table+ShortenedContext`).
    let contextQualifierSeparator: UInt8?
    /// The message syntax of the table's sources' format unless a catalog declares one.
    let defaultMessageSyntax: MessageSyntax
    /// The direction the locale's script is written in (bidi isolation's default), found when
    /// formatting asks: ICU answers it, and a table only looked up in never loads ICU.
    var direction: TextDirection {
        switch directionSlot.load(ordering: .relaxed) {
        case 1: return .leftToRight
        case 2: return .rightToLeft
        default:
            // Asked once: racing threads store the same answer.
            let found = TextDirection.of(locale: locale)
            directionSlot.store(found == .rightToLeft ? 2 : 1, ordering: .relaxed)
            return found
        }
    }
    /// `direction` once found: 0 not yet, 1 left to right, 2 right to left.
    private let directionSlot = Atomic<UInt8>(0)
    private let rendered = Locked<(cache: [String: CText], arena: TextArena)>.make(([:], TextArena()))

    /// The header of the table's gettext sources (the translation of `""`,
    /// the last source's that has one), in UTF-8; nil for other formats.
    var header: String? {
        if let servedInPlace { return servedInPlace.header }
        return sources.last { $0.header != nil }?.header
    }

    init(locale: String, name: String, sources: [TableSource]) {
        self.locale = locale
        self.name = name
        self.sources = sources.sorted { ($0.format.precedence, $0.order) < ($1.format.precedence, $1.order) }
        // Later sources win; keys compared as bytes under the index's own hash.
        // One source whose keys are distinct (a .po read by the quick reader)
        // is indexed as it is.
        var merged: [StoredEntry] = []
        var variants: [String: (forms: [CText?], keys: [CText?])] = [:]
        let single = self.sources.count == 1 && self.sources[0].distinctKeys && !self.sources[0].usesKeyValueKeys
        // One source of distinct keys and no SPLocalizedString variants (most
        // tables): indexed as it is, without a merge dictionary.
        var direct: KeyIndex?
        if !single, self.sources.count == 1, !Self.mayHoldVariants(self.sources[0]) {
            // A quick reader's index (its keys are distinct) serves as it is.
            if self.sources[0].distinctKeys, let prebuilt = self.sources[0].index {
                direct = prebuilt
            } else {
                let candidate = KeyIndex(entries: self.sources[0].entries, text: { $0.plainText })
                if candidate.duplicates == 0 { direct = candidate }
            }
        }
        if single {
            if self.sources[0].index == nil { merged = self.sources[0].entries }
        } else if direct == nil {
            var entries: [StoredKeyBytes: StoredEntry] = [:]
            entries.reserveCapacity(self.sources.reduce(0) { $0 + $1.entries.count })
            for source in self.sources {
                for entry in source.entries {
                    entries[StoredKeyBytes(entry.storedKey)] = entry
                    // SPLocalizedString's (context##category)key variants: key-value keys beginning with "(".
                    guard source.usesKeyValueKeys, case .text(let text) = entry.value, entry.storedKey.count > 0,
                          entry.storedKey.pointer[0] == CChar(UInt8(ascii: "(")),
                          let (group, category) = ContextKey.splitPluralVariant(entry.storedKey.string) else { continue }
                    var slot = variants[group] ?? (Array(repeating: nil, count: 6), Array(repeating: nil, count: 6))
                    slot.forms[category.rawValue] = text
                    slot.keys[category.rawValue] = entry.storedKey
                    variants[group] = slot
                }
            }
            merged = Array(entries.values)
        }
        let index = direct ?? (single ? self.sources[0].index : nil) ?? KeyIndex(entries: merged, text: { $0.plainText })
        self.gettextFormula = self.sources.last(where: { $0.formula != nil })?.formula
        self.gettext = GettextIndices(self.gettextFormula)
        self.hasGettextSources = self.sources.contains { $0.usesGettextKeys }
        self.hasKeyValueSources = self.sources.contains { $0.usesKeyValueKeys }
        self.resolvesI18nextSuffixes = self.sources.contains { $0.format.keyRules == .i18nextSuffixes }
        self.choosesQuantitiesForTheDevice = self.sources.contains { $0.format.plugin.quantityLanguage == .device }
        self.keepsTextsApartFromPlurals = self.sources.contains { $0.format.plugin.keepsTextsApartFromPlurals }
        self.contextQualifierSeparator = self.sources.lazy.compactMap { $0.format.plugin.contextQualifierSeparator }.first
        self.defaultMessageSyntax = self.sources.lazy.map { $0.format.plugin.messageSyntax }.first { $0 != .printf } ?? .printf
        let arena = groupKeys
        let groups = KeyIndex(variants.compactMap { group, slot in
            guard let firstKey = slot.keys.compactMap({ $0 }).first else { return nil }
            return (arena.append(group), StoredEntry(storedKey: firstKey, value: .plural(forms: slot.forms, storedKeys: slot.keys)))
        })
        storage = .indexed(entries: .passUnretained(index), groups: .passUnretained(groups))
        owners = (index, groups)
        servedInPlace = nil
    }

    /// Whether a source may hold `(context##category)key` variants: a
    /// key-value key beginning with "(".
    private static func mayHoldVariants(_ source: TableSource) -> Bool {
        source.usesKeyValueKeys && source.hasKey(beginningWith: UInt8(ascii: "("))
    }

    deinit {
        gettext.deallocate()
        if let bits = UnsafeRawPointer(bitPattern: rulesSlot.load(ordering: .acquiring)) {
            Unmanaged<PluralRules>.fromOpaque(bits).release()
        }
    }

    /// The locale's CLDR plural rules.
    @inline(__always)
    var rules: PluralRules {
        if let bits = UnsafeRawPointer(bitPattern: rulesSlot.load(ordering: .acquiring)) {
            return Unmanaged<PluralRules>.fromOpaque(bits).takeUnretainedValue()
        }
        return makeRules()
    }

    @inline(never)
    private func makeRules() -> PluralRules {
        let rules = Unmanaged.passRetained(PluralRules.forLocale(locale))
        let (stored, current) = rulesSlot.compareExchange(expected: 0, desired: UInt(bitPattern: rules.toOpaque()),
                                                          ordering: .acquiringAndReleasing)
        if stored { return rules.takeUnretainedValue() }
        rules.release()   // another thread made them first
        return Unmanaged<PluralRules>.fromOpaque(UnsafeRawPointer(bitPattern: current)!).takeUnretainedValue()
    }

    /// A table a format serves in place: nothing is read until lookups.
    init(inPlace source: InPlaceSource, locale: String, name: String) {
        self.locale = locale
        self.name = name
        sources = []
        gettextFormula = source.formula
        gettext = GettextIndices(source.formula)
        hasKeyValueSources = source.spellings.keyValue
        hasGettextSources = source.spellings.gettext
        resolvesI18nextSuffixes = source.format.keyRules == .i18nextSuffixes
        choosesQuantitiesForTheDevice = source.format.plugin.quantityLanguage == .device
        keepsTextsApartFromPlurals = source.format.plugin.keepsTextsApartFromPlurals
        contextQualifierSeparator = source.format.plugin.contextQualifierSeparator
        defaultMessageSyntax = source.format.plugin.messageSyntax
        storage = .inPlace(source.table.inPlaceStorage)
        owners = (source.owner, source.table)
        servedInPlace = source
    }

    /// The same table with `source` added, or replacing the source with its id.
    /// A table served in place becomes a source of its own, under any file
    /// loaded later (its entries join in place).
    func replacing(_ source: TableSource) -> Table {
        if let servedInPlace {
            guard servedInPlace.id != source.id else { return Table(locale: locale, name: name, sources: [source]) }
            return Table(locale: locale, name: name, sources: [TableSource(inPlace: servedInPlace, order: 0), source])
        }
        return Table(locale: locale, name: name, sources: sources.filter { $0.id != source.id } + [source])
    }

    /// The table without the sources read from `file` (ids `file` and
    /// `file#…`), nil when nothing else is left.
    func removing(sourcesOf file: String) -> Table? {
        func fromFile(_ source: TableSource) -> Bool { source.id == file || source.id.hasPrefix(file + "#") }
        guard sources.contains(where: fromFile) else { return self }
        let rest = sources.filter { !fromFile($0) }
        return rest.isEmpty ? nil : Table(locale: locale, name: name, sources: rest)
    }

    /// A `.stringsdict` entry rendered for one category and device, interned
    /// so that the C API can return it; rendered once per entry, category
    /// and device.
    func rendered(_ format: StringsdictFormat, key: String, wanted: PluralCategory, explicitZero: Bool,
                  device: Device?) -> CText {
        rendered.withLock { state in
            var cacheKey = key + (explicitZero ? "\u{0}0" : "\u{0}") + wanted.name
            if let device { cacheKey += "\u{0}" + device.name }
            if let text = state.cache[cacheKey] { return text }
            let text = state.arena.append(format.render(device: device) {
                $0.category(wanted: wanted, explicitZero: explicitZero)
            })
            state.cache[cacheKey] = text
            return text
        }
    }
}

extension StringsdictFormat {
    /// The format with every `%#@name@` replaced by its variable's variant
    /// for the category `choose` gives (falling back to `other`) and for
    /// `device`, and the variables in that variant likewise (up to
    /// `StringsdictFormatter.maximumNesting` deep); other placeholders are
    /// left as written. Placeholders are found by the one format parser,
    /// `FormatSpecifier`.
    func render(device: Device? = nil, _ choose: (Variable) -> PluralCategory) -> String {
        render(format, device: device, choose, depth: 0)
    }

    private func render(_ text: String, device: Device?, _ choose: (Variable) -> PluralCategory, depth: Int) -> String {
        FormatSpecifier.rewriting(text) { placeholder in
            guard case .variable(let name) = placeholder.kind, let variable = variables[name],
                  depth < StringsdictFormatter.maximumNesting else { return placeholder.raw }
            return render(variable.variant(for: choose(variable), device: device), device: device, choose, depth: depth + 1)
        }
    }

    /// The variable names the format's placeholders name, in order.
    var referencedVariables: [String] {
        FormatSpecifier.segments(in: format).compactMap {
            guard case .placeholder(let placeholder) = $0, case .variable(let name) = placeholder.kind else { return nil }
            return name
        }
    }

    /// The entry as `device` reads it, without device rules: each device
    /// variable replaced by the device's text (as it reads in place), a
    /// text entry when no variable is left.
    package func settlingDevices(for device: Device?) -> EntryValue {
        func settle(_ text: String, depth: Int) -> String {
            FormatSpecifier.rewriting(text) { placeholder in
                guard case .variable(let name) = placeholder.kind, let variable = variables[name],
                      case .device = variable.rule, depth < StringsdictFormatter.maximumNesting else { return placeholder.raw }
                return settle(variable.variant(for: .other, device: device), depth: depth + 1)
            }
        }
        var kept: [String: Variable] = [:]
        for (name, variable) in variables {
            switch variable.rule {
            case .device: continue
            case .plural(let forms):
                kept[name] = Variable(name: name, valueType: variable.valueType,
                                      rule: .plural(forms.mapTexts { settle($0, depth: 1) }))
            case .width(let widths):
                kept[name] = Variable(name: name, valueType: variable.valueType,
                                      rule: .width(widths.map { ($0.width, settle($0.text, depth: 1)) }))
            }
        }
        let settled = settle(format, depth: 0)
        let referenced = FormatSpecifier.segments(in: settled).contains { segment in
            guard case .placeholder(let p) = segment, case .variable = p.kind else { return false }
            return true
        }
        guard referenced else { return .text(settled) }
        return .stringsdict(StringsdictFormat(format: settled, variables: kept))
    }

    /// Whether any variable is a device rule: its texts depend on the localizer's device.
    package var variesByDevice: Bool {
        variables.values.contains { if case .device = $0.rule { true } else { false } }
    }
}

extension StringsdictFormat.Variable {
    func variant(for category: PluralCategory, device: Device?) -> String {
        switch rule {
        case .plural(let forms): return forms[category] ?? forms[.other] ?? ""
        case .width(let widths): return widths.max { $0.width < $1.width }?.text ?? ""
        case .device(let devices): return Device.choose(devices, for: device) ?? ""   // Device.choose's rule
        }
    }
}

/// A stored key as a dictionary key: hashed once with the index's hash,
/// compared as bytes (cheaper than hashing and comparing `String`s).
struct StoredKeyBytes: Hashable {
    let text: CText
    let hash: UInt64

    init(_ text: CText) {
        self.text = text
        hash = KeyBytes(p0: UnsafeRawBufferPointer(start: text.pointer, count: text.count)).hash
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: StoredKeyBytes, b: StoredKeyBytes) -> Bool {
        a.hash == b.hash && a.text.count == b.text.count && memcmp(a.text.pointer, b.text.pointer, a.text.count) == 0
    }
}
