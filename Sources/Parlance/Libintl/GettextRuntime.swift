internal import CParlanceShim
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The state behind the libintl-compatible API (`parlance_gettext` and
/// friends): domain bindings, the default domain, the languages, and the
/// catalogs found, which are never unloaded (so returned strings live as
/// long as the process, as with libintl).
///
/// Each thread is answered in its own languages (`GettextLanguages`: the
/// thread's choice, its `uselocale` locale, the process's choice, the
/// global locale). Every distinct source of languages seen gets a slot:
/// its language list and the catalogs of each domain along it. A thread
/// keeps its slot in a thread-local cache with the epoch it belongs to, so
/// a lookup finds its tables without parsing a name or taking a lock.
///
/// Lookups read an immutable snapshot without locks. The environment is read
/// when the runtime starts and again on `setLanguages(nil)`, as glibc reads it
/// again only when told (`_nl_msg_cat_cntr`).
package final class GettextRuntime: Sendable {
    package static let shared = GettextRuntime()

    package static let defaultDirectory = "/usr/share/locale"
    package static let defaultDomain = "messages"

    /// What lookups read: the default domain and, per slot, the tables of
    /// each domain resolved so far, in search order.
    /// `@unchecked Sendable`: `fast` is written in `init` only, read-only
    /// after, and freed in `deinit`, once no reader can hold the snapshot.
    final class Snapshot: @unchecked Sendable {
        let defaultDomain: CText
        /// The slots' owner: a thread's cached slot counts only with this epoch.
        let epoch: UInt64
        /// Each slot: its languages, and its resolved domains' tables, languages and headers.
        let slots: [Slot]
        /// Each slot's domains without reference counting, for the hot path.
        let fast: UnsafeMutableBufferPointer<FastTables>
        /// The tables `fast` points to, kept alive with it.
        private let domains: [[(CText, [Table])]]
        /// Who is told about misses (`GettextRuntime.onMiss`); with one, every lookup walks the general way.
        let onMiss: (@Sendable (Miss) -> Void)?

        init(defaultDomain: CText, epoch: UInt64, slots: [Slot], onMiss: (@Sendable (Miss) -> Void)?) {
            self.defaultDomain = defaultDomain
            self.epoch = epoch
            self.onMiss = onMiss
            self.slots = slots
            domains = slots.map { $0.domains }
            fast = .allocate(capacity: slots.count)
            for (index, slot) in slots.enumerated() {
                (fast.baseAddress! + index).initialize(to: FastTables(defaultTables: [], named: slot.domains))
            }
        }

        /// The domains of the calling thread's cached slot, nil when its
        /// cache is of another epoch.
        @inline(__always)
        func tables(of thread: UnsafePointer<parlance_shim_messages_locale>) -> FastTables? {
            let slot = thread.pointee.slot
            guard thread.pointee.epoch == epoch, slot >= 0, slot < fast.count else { return nil }
            return fast[slot]
        }

        deinit {
            for tables in fast { tables.deallocate() }
            fast.deallocate()
        }
    }

    /// One source of languages (`GettextLanguages.Key`) and what was found along them.
    struct Slot {
        let languages: [String]
        var resolved: [String: [Table]] = [:]
        /// The language (a variant of the list's, as glibc spells it) of each resolved table.
        var locales: [String: [String]] = [:]
        /// The header of each resolved domain: the first of its catalogs' that has one.
        var headers: [String: CText] = [:]
        /// The domains, interned, for `FastTables`.
        var domains: [(CText, [Table])] = []
    }

    private struct State {
        var bindings: [String: String] = [:]
        var domain = GettextRuntime.defaultDomain
        /// The environment as read and the languages the application chose.
        var languages = GettextLanguages()
        var epoch = GettextRuntime.nextEpoch()
        var slots: [Slot] = []
        var slotOf: [GettextLanguages.Key: Int] = [:]
        /// Every catalog file looked for: its table, or nil when absent or unreadable.
        var files: [String: Table?] = [:]
        /// The header of each catalog file read that has one, kept once per file.
        var fileHeaders: [String: CText] = [:]
        var onMiss: (@Sendable (Miss) -> Void)?

        /// Forgets every slot: the languages they stand for changed.
        mutating func startOver() {
            slots = []
            slotOf = [:]
            epoch = GettextRuntime.nextEpoch()
        }
    }

    /// More distinct sources of languages than this (threads choosing ever
    /// new lists) start the slots over, so that the runtime does not grow
    /// with them; the catalogs read stay.
    static let slotLimit = 64

    /// Epochs are unique across runtimes: a thread's cache names one.
    private static let epochs = Atomic<UInt64>(0)
    private static func nextEpoch() -> UInt64 { epochs.wrappingAdd(1, ordering: .relaxed).newValue }

    private let state: Locked<State>
    private let snapshot: Published<Snapshot>
    /// Strings handed to C callers: domain names and directories.
    package let names = NameInterner()

    package init() {
        let initial = State()
        state = Locked.make(initial)
        snapshot = Published(Snapshot(defaultDomain: names.intern(Self.defaultDomain), epoch: initial.epoch, slots: [],
                                      onMiss: nil))
    }

    // MARK: Settings

    /// Binds (non-nil directory) and returns a domain's directory. A query
    /// (nil) or a binding to the same directory changes nothing.
    package func bind(domain: String, directory: String?) -> String {
        guard let directory else {
            return state.withLock { $0.bindings[domain] ?? Self.defaultDirectory }
        }
        return update { state in
            guard state.bindings[domain] != directory else { return (directory, false) }
            state.bindings[domain] = directory
            for index in state.slots.indices {
                state.slots[index].resolved = [:]
                state.slots[index].locales = [:]
                state.slots[index].headers = [:]
                state.slots[index].domains = []
            }
            return (directory, true)
        }
    }

    /// Sets (non-nil) and returns the default domain; "" resets it to
    /// "messages". A query (nil) changes nothing.
    package func textDomain(_ domain: String?) -> String {
        guard let domain else { return state.withLock { $0.domain } }
        return update { state in
            let name = domain.isEmpty ? Self.defaultDomain : domain
            guard state.domain != name else { return (name, false) }
            state.domain = name
            return (name, true)
        }
    }

    /// Installs (or with nil removes) the handler told about misses: a
    /// msgid no catalog of the thread's languages has (`locales`: the
    /// languages), or one a catalog after the first supplied (`locales`:
    /// the languages of the catalogs before it). Neither the header (the
    /// msgid "") nor a category other than `LC_MESSAGES` nor a thread
    /// without languages ("C") is reported: those are untranslated by rule.
    package func onMiss(_ handler: (@Sendable (Miss) -> Void)?) {
        update { state in
            state.onMiss = handler
            return ((), true)
        }
    }

    /// Chooses the languages (a colon list); nil or "" reads the environment again.
    package func setLanguages(_ languages: String?) throws(ParlanceError) {
        let chosen = (languages ?? "").isEmpty ? nil : languages
        for name in (chosen ?? "").split(separator: ":") where !name.isEmpty {
            _ = try LocaleName.canonical(String(name))
        }
        let languages = GettextLanguages(chosen: chosen.map(EnvironmentLocales.languageList))
        update { state in
            state.languages = languages
            state.startOver()
            return ((), true)
        }
    }

    /// Chooses the calling thread's languages, most preferred first; nil or
    /// [] returns the thread to glibc's rules (`GettextLanguages`).
    package static func setThreadLanguages(_ languages: [String]?) throws(ParlanceError) {
        let list = languages ?? []
        for name in list {
            guard !name.isEmpty, !name.contains(":") else {
                throw ParlanceError(.locale, "'\(name)' names no language")
            }
            _ = try LocaleName.canonical(name)
        }
        let joined = list.isEmpty ? nil : list.joined(separator: ":")
        let status = joined.map { parlance_shim_messages_locale_choose($0) } ?? parlance_shim_messages_locale_choose(nil)
        if status != 0 { throw ParlanceError(.resource, "out of memory keeping the thread's languages") }
    }

    /// Applies a change and, when it changed something, publishes a fresh
    /// snapshot (the old one is retired).
    private func update<R>(_ change: (inout State) -> (R, changed: Bool)) -> R {
        state.withLock { state in
            let (result, changed) = change(&state)
            if changed { publish(state) }
            return result
        }
    }

    private func publish(_ state: State) {
        snapshot.store(Snapshot(defaultDomain: names.intern(state.domain), epoch: state.epoch, slots: state.slots,
                                onMiss: state.onMiss))
    }

    /// The calling thread's slot in the current snapshot: from its cache,
    /// else found (or made) under the lock and remembered in the cache.
    private func currentSlot() -> (Snapshot, Int) {
        let thread = parlance_shim_messages_locale_current()
        let current = snapshot.load()
        if current.tables(of: thread) != nil { return (current, thread.pointee.slot) }
        let key = GettextLanguages.Key.of(thread)
        let (epoch, slot) = state.withLock { state in
            if let slot = state.slotOf[key] { return (state.epoch, slot) }
            if state.slots.count >= Self.slotLimit { state.startOver() }
            state.slots.append(Slot(languages: state.languages.languages(for: key)))
            state.slotOf[key] = state.slots.count - 1
            publish(state)
            return (state.epoch, state.slots.count - 1)
        }
        parlance_shim_messages_locale_remember(epoch, slot)
        let published = snapshot.load()
        // A concurrent start-over may have replaced the slots since: then
        // the slot is looked for again.
        return published.epoch == epoch && slot < published.fast.count ? (published, slot) : currentSlot()
    }

    // MARK: Lookup

    /// The translation of msgid (in context) in domain (nil: the default),
    /// or nil when no catalog of the languages has it. `count` selects a
    /// plural form by the catalog's own Plural-Forms formula.
    @inline(__always)
    package func lookup(domain: UnsafeRawBufferPointer?, context: UnsafeRawBufferPointer?, msgid: UnsafeRawBufferPointer,
                        count: UInt64?) -> UnsafePointer<CChar>? {
        // Tables found are never unloaded (libintl's promise: the strings live
        // as long as the process); the section guards the snapshot.
        ReadSection.enter()
        defer { ReadSection.exit() }
        return lookupInSection(domain: domain, context: context, msgid: msgid, count: count)
    }

    @inline(__always)
    private func lookupInSection(domain: UnsafeRawBufferPointer?, context: UnsafeRawBufferPointer?,
                                 msgid: UnsafeRawBufferPointer, count: UInt64?) -> UnsafePointer<CChar>? {
        if msgid.isEmpty && context == nil { return header(domain: domain) }
        if let fast = fastLookup(domain: domain, context: context, msgid: msgid, count: count) {
            if let text = fast { return text }
            // A miss: once more in NFC, when the key or context is not.
            guard let retried = NormalForm.retry(msgid, context, { msgid, context in
                fastLookup(domain: domain, context: context, msgid: msgid, count: count)
            }) else { return nil }
            if let decided = retried { return decided }
        }
        return general(domain: domain, context: context, msgid: msgid, count: count)
    }

    /// The hot path, the one walk's loop inlined (`FastTables.List`): no
    /// reference counting, no allocation. The text, nil for a miss, or
    /// `.none` when the general walk must answer (the thread's slot or the
    /// domain not resolved yet, a miss handler, a plural the fast loop
    /// leaves to it).
    @inline(__always)
    private func fastLookup(domain: UnsafeRawBufferPointer?, context: UnsafeRawBufferPointer?,
                            msgid: UnsafeRawBufferPointer, count: UInt64?) -> UnsafePointer<CChar>?? {
        let thread = parlance_shim_messages_locale_current()
        return snapshot.withCurrent { current in
            guard current.onMiss == nil, let tables = current.tables(of: thread) else { return .none }
            let name = domain ?? UnsafeRawBufferPointer(start: current.defaultDomain.pointer, count: current.defaultDomain.count)
            guard let list = tables.knownList(named: name) else { return .none }
            if let count {
                return list.firstPlural(key: msgid, context: context, operand: .int(Int64(bitPattern: count)))
            }
            return .some(list.firstText(key: msgid, context: context))
        }
    }

    /// The one walk (`Table.walk`) with libintl's policy (`LibintlWalk`).
    @inline(never)
    private func general(domain: UnsafeRawBufferPointer?, context: UnsafeRawBufferPointer?,
                         msgid: UnsafeRawBufferPointer, count: UInt64?) -> UnsafePointer<CChar>? {
        let query = LookupQuery(key: msgid, context: context, count: count.map { .int(Int64(bitPattern: $0)) })
        return Table.walk(query, table: domain, policy: LibintlWalk(runtime: self)).hit?.text.pointer
    }

    /// The translation of `""`: the header of the domain's first catalog
    /// that has one, as libintl returns it (programs read `Plural-Forms`
    /// and the charset this way), for every count.
    private func header(domain: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
        resolved(domain: domain.map { String(decoding: $0, as: UTF8.self) }).header?.pointer
    }

    /// A domain resolved along a slot's languages: what the walk goes along.
    struct Domain {
        let name: String
        /// The thread's languages.
        let languages: [String]
        let tables: [Table]
        /// The language of each table, as glibc spells it.
        let locales: [String]
        let header: CText?
        let onMiss: (@Sendable (Miss) -> Void)?
    }

    /// A domain's tables and header along the calling thread's languages
    /// (nil: the default domain), resolved now if they were not.
    func resolved(domain: String?) -> Domain {
        while true {
            let (current, slot) = currentSlot()
            let name = domain ?? current.defaultDomain.string
            let known = current.slots[slot]
            if let tables = known.resolved[name] {
                return Domain(name: name, languages: known.languages, tables: tables, locales: known.locales[name] ?? [],
                              header: known.headers[name], onMiss: current.onMiss)
            }
            if let found = resolve(name, slot: slot, epoch: current.epoch, onMiss: current.onMiss) { return found }
            // The slots started over meanwhile: find the thread's slot again.
        }
    }

    /// libintl's answer to `dcnpgettext`: the translation, else the
    /// untranslated text — `msgid`, or `plural` for a count other than 1 —
    /// as the caller's own pointer (glibc's rule). Only `LC_MESSAGES`
    /// catalogs exist: another category gives the untranslated text. nil
    /// only without a msgid.
    package func translate(domain: UnsafePointer<CChar>?, context: UnsafePointer<CChar>?, msgid: UnsafePointer<CChar>?,
                           plural: UnsafePointer<CChar>?, count: UInt64?, category: Int32 = LC_MESSAGES)
        -> UnsafePointer<CChar>? {
        guard let msgid else { return nil }
        func bytes(_ text: UnsafePointer<CChar>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: text, count: strlen(text)) }
        if category == LC_MESSAGES,
           let found = lookup(domain: domain.map(bytes), context: context.map(bytes), msgid: bytes(msgid), count: count) {
            return found
        }
        if let count, count != 1, let plural { return plural }
        return msgid
    }

    /// `bind_textdomain_codeset`: the codeset a domain's translations come
    /// in. Parlance's are UTF-8 and nothing else: asking for UTF-8 (or for
    /// nothing) gives "UTF-8", asking for another codeset nil (libintl's
    /// EINVAL).
    package static func codeset(asked: String?) -> String? {
        guard let asked else { return "UTF-8" }
        let name = asked.lowercased()
        return name == "utf-8" || name == "utf8" ? "UTF-8" : nil
    }

    package func lookup(domain: String?, context: String?, msgid: String, count: UInt64?) -> String? {
        withKeyBytes(msgid, context) { key, context in
            guard var domain else { return lookup(domain: nil, context: context, msgid: key, count: count).map { String(cString: $0) } }
            return domain.withUTF8 {
                lookup(domain: UnsafeRawBufferPointer($0), context: context, msgid: key, count: count).map { String(cString: $0) }
            }
        }
    }

    /// Finds a domain's catalogs along a slot's languages and publishes
    /// them; nil when the slots started over since the slot was found.
    private func resolve(_ domain: String, slot: Int, epoch: UInt64, onMiss: (@Sendable (Miss) -> Void)?) -> Domain? {
        state.withLock { state in
            guard state.epoch == epoch, slot < state.slots.count else { return nil }
            let languages = state.slots[slot].languages
            if let tables = state.slots[slot].resolved[domain] {
                return Domain(name: domain, languages: languages, tables: tables,
                              locales: state.slots[slot].locales[domain] ?? [],
                              header: state.slots[slot].headers[domain], onMiss: onMiss)
            }
            let directory = state.bindings[domain] ?? Self.defaultDirectory
            var tables: [Table] = []
            var locales: [String] = []
            var header: CText? = nil
            for variant in GettextLocaleNames.chain(languages) {
                let base = String(concatenating: directory, "/", variant, "/LC_MESSAGES/", domain)
                if let table = Self.load(base, locale: variant, domain: domain, files: &state.files,
                                         headers: &state.fileHeaders, names: names) {
                    tables.append(table)
                    locales.append(variant)
                    header = header ?? state.fileHeaders[base]
                }
            }
            state.slots[slot].resolved[domain] = tables
            state.slots[slot].locales[domain] = locales
            state.slots[slot].domains.append((names.intern(domain), tables))
            if let header { state.slots[slot].headers[domain] = header }
            publish(state)
            return Domain(name: domain, languages: languages, tables: tables, locales: locales, header: header,
                          onMiss: onMiss)
        }
    }

    /// Reads `base.mo`, else `base.po`, once per path; its header goes to `headers`.
    private static func load(_ base: String, locale: String, domain: String, files: inout [String: Table?],
                             headers: inout [String: CText], names: NameInterner) -> Table? {
        if let known = files[base] { return known }
        var table: Table? = nil
        // Named only for a file found: most of the names libintl's search tries have none.
        func tag() -> String { (try? LocaleName.canonical(locale)).flatMap { $0 } ?? "und" }
        func parsed(_ path: String, _ format: TableFormat) -> Table? {
            guard let bytes = try? FileSystem.read(path), let parsed = try? format.read(bytes, path: path) else { return nil }
            if let header = parsed.header { headers[base] = names.keep(header) }
            return Table(locale: tag(), name: domain, sources: [TableSource(id: path, format: format, order: 0, parsed: parsed)])
        }
        // Each path made a String only for a file that is there.
        if FileSystem.isFile(base, extension: TableFormat.mo.fileExtension) {
            let compiled = String(concatenating: base, ".", TableFormat.mo.fileExtension)
            // A UTF-8 .mo is served in place, nothing parsed at open (one copy of its bytes).
            if let served = try? TableFormat.mo.servedInPlace(file: compiled) {
                table = Table(inPlace: served, locale: tag(), name: domain)
                files[base] = table
                if let header = served.header { headers[base] = names.keep(header) }
                return table
            }
            table = parsed(compiled, .mo)
        }
        if table == nil, FileSystem.isFile(base, extension: TableFormat.po.fileExtension) {
            table = parsed(String(concatenating: base, ".", TableFormat.po.fileExtension), .po)
        }
        files[base] = table
        return table
    }
}
