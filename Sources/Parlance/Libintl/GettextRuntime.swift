import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The state behind the libintl-compatible API (`parlance_gettext` and
/// friends): domain bindings, the default domain, the chosen languages, and
/// the catalogs found, which are never unloaded (so returned strings live as
/// long as the process, as with libintl).
///
/// Lookups read an immutable snapshot without locks. The environment is read
/// when the runtime starts and again on `setLanguages(nil)`, as glibc reads it
/// again only when told (`_nl_msg_cat_cntr`).
package final class GettextRuntime: Sendable {
    package static let shared = GettextRuntime()

    package static let defaultDirectory = "/usr/share/locale"
    package static let defaultDomain = "messages"

    /// What lookups read: the default domain and the tables of each domain
    /// resolved so far, in search order.
    final class Snapshot: Sendable {
        let defaultDomain: CText
        let domains: [(name: CText, tables: [Table])]
        /// Each resolved domain's header: the first of its catalogs' that has one.
        let headers: [String: CText]
        /// The same lists without reference counting, for the hot path.
        let fast: FastTables

        init(defaultDomain: CText, domains: [(name: CText, tables: [Table])], headers: [String: CText] = [:]) {
            self.defaultDomain = defaultDomain
            self.domains = domains
            self.headers = headers
            fast = FastTables(defaultTables: [], named: domains.map { ($0.name, $0.tables) })
        }

        deinit { fast.deallocate() }
    }

    private struct State {
        var bindings: [String: String] = [:]
        var domain = GettextRuntime.defaultDomain
        /// Languages chosen by the application, else read from the environment.
        var languages: [String] = []
        var resolved: [String: [Table]] = [:]
        /// The header of each resolved domain that has one (see Snapshot.headers).
        var headers: [String: CText] = [:]
        /// Every catalog file looked for: its table, or nil when absent or unreadable.
        var files: [String: Table?] = [:]
        /// The header of each catalog file read that has one.
        var fileHeaders: [String: String] = [:]
    }

    private let state: Locked<State>
    private let snapshot: Published<Snapshot>
    /// Strings handed to C callers: domain names and directories.
    package let names = NameInterner()

    package init() {
        var initial = State()
        initial.languages = Self.environmentLanguages()
        state = Locked.make(initial)
        snapshot = Published(Snapshot(defaultDomain: names.intern(Self.defaultDomain), domains: []))
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
            state.resolved = [:]
            state.headers = [:]
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

    /// Chooses the languages (a colon list); nil or "" reads the environment again.
    package func setLanguages(_ languages: String?) throws(ParlanceError) {
        let chosen = (languages ?? "").isEmpty ? nil : languages
        for name in (chosen ?? "").split(separator: ":") where !name.isEmpty {
            _ = try LocaleName.canonical(String(name))
        }
        let list = chosen.map(EnvironmentLocales.languageList) ?? Self.environmentLanguages()
        update { state in
            state.languages = list
            state.resolved = [:]
            state.headers = [:]
            return ((), true)
        }
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
        snapshot.store(Snapshot(defaultDomain: names.intern(state.domain),
                                domains: state.resolved.map { (names.intern($0.key), $0.value) }, headers: state.headers))
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
        if let text = lookupAsGiven(domain: domain, context: context, msgid: msgid, count: count) { return text }
        // A key not in NFC, once more in NFC (NormalForm).
        return NormalForm.retry(msgid, context) { msgid, context in
            lookupAsGiven(domain: domain, context: context, msgid: msgid, count: count)
        } ?? nil
    }

    @inline(__always)
    private func lookupAsGiven(domain: UnsafeRawBufferPointer?, context: UnsafeRawBufferPointer?,
                               msgid: UnsafeRawBufferPointer, count: UInt64?) -> UnsafePointer<CChar>? {
        // The hot path: no reference counting, no allocation.
        let fast: UnsafePointer<CChar>?? = snapshot.withCurrent { current in
            let name = domain ?? UnsafeRawBufferPointer(start: current.defaultDomain.pointer, count: current.defaultDomain.count)
            guard let list = current.fast.knownList(named: name) else { return .none }
            if let count {
                return list.firstPlural(key: msgid, context: context, operand: .integer(Int64(bitPattern: count)))
            }
            return .some(list.firstText(key: msgid, context: context))
        }
        if let fast { return fast }
        let current = snapshot.load()
        let name = domain ?? UnsafeRawBufferPointer(start: current.defaultDomain.pointer, count: current.defaultDomain.count)
        let tables = current.fast.knownList(named: name)?.tables ?? resolve(String(decoding: name, as: UTF8.self))
        let operand = count.map { PluralOperand.integer(Int64(bitPattern: $0)) }
        return Table.firstHit(in: tables, LookupQuery(key: msgid, context: context, count: operand))?.text.pointer
    }

    /// The translation of `""`: the header of the domain's first catalog
    /// that has one, as libintl returns it (programs read `Plural-Forms`
    /// and the charset this way), for every count.
    private func header(domain: UnsafeRawBufferPointer?) -> UnsafePointer<CChar>? {
        var current = snapshot.load()
        let name = domain.map { String(decoding: $0, as: UTF8.self) } ?? current.defaultDomain.string
        if current.headers[name] == nil {   // not resolved yet, or no catalog has a header
            _ = resolve(name)
            current = snapshot.load()
        }
        return current.headers[name]?.pointer
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

    /// Finds a domain's catalogs under the current languages and publishes them.
    private func resolve(_ domain: String) -> [Table] {
        state.withLock { state in
            if let tables = state.resolved[domain] { return tables }
            let directory = state.bindings[domain] ?? Self.defaultDirectory
            var tables: [Table] = []
            var header: String? = nil
            for language in state.languages {
                for variant in GettextLocaleNames.variants(of: language) {
                    let base = directory + "/" + variant + "/LC_MESSAGES/" + domain
                    if let table = Self.load(base, locale: variant, domain: domain, files: &state.files,
                                             headers: &state.fileHeaders) {
                        tables.append(table)
                        header = header ?? state.fileHeaders[base]
                    }
                }
            }
            state.resolved[domain] = tables
            if let header { state.headers[domain] = names.intern(header) }
            publish(state)
            return tables
        }
    }

    /// The languages the environment names, as glibc reads them: `LANGUAGE`
    /// unless the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) is C; read up to a C entry.
    static func environmentLanguages() -> [String] { EnvironmentLocales.names() }



    /// Reads `base.mo`, else `base.po`, once per path; its header goes to `headers`.
    private static func load(_ base: String, locale: String, domain: String, files: inout [String: Table?],
                             headers: inout [String: String]) -> Table? {
        if let known = files[base] { return known }
        var table: Table? = nil
        let tag = (try? LocaleName.canonical(locale)).flatMap { $0 } ?? "und"
        // A UTF-8 .mo is served in place, nothing parsed at open (one copy of its bytes).
        let compiled = base + "." + TableFormat.mo.fileExtension
        if FileSystem.isFile(compiled), let file = try? MappedMOFile.open(compiled) {
            table = Table(mapped: file, locale: tag, name: domain)
            files[base] = table
            headers[base] = file.headerTranslation
            return table
        }
        for format in [TableFormat.mo, .po] {
            let path = base + "." + format.fileExtension
            guard FileSystem.isFile(path), let bytes = try? FileSystem.read(path),
                  let parsed = try? format.read(bytes, path: path) else { continue }
            let source = TableSource(id: path, format: format, order: 0, parsed: parsed)
            table = Table(locale: tag, name: domain, sources: [source])
            headers[base] = parsed.header
            break
        }
        files[base] = table
        return table
    }
}
