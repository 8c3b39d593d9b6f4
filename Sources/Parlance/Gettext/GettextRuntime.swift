import Synchronization

/// The state behind the libintl-compatible API (`parlance_gettext` and
/// friends): domain bindings, the default domain, the chosen languages, and
/// the catalogs found, which are never unloaded (so returned strings live as
/// long as the process, as with libintl).
package final class GettextRuntime: Sendable {
    package static let shared = GettextRuntime()

    package static let defaultDirectory = "/usr/share/locale"
    package static let defaultDomain = "messages"

    private struct State {
        var bindings: [String: String] = [:]
        var domain = GettextRuntime.defaultDomain
        /// Languages chosen by the application (colon list), or nil for the environment.
        var languages: String? = nil
        /// The catalogs to search, by domain, directory and language list.
        var resolved: [String: [Table]] = [:]
        /// Every catalog file looked for: its table, or nil when absent or unreadable.
        var files: [String: Table?] = [:]
    }

    private let state = Mutex(State())
    /// Strings handed to C callers: domain names and directories.
    package let names = NameInterner()

    package init() {}

    // MARK: Domains

    package func bind(domain: String, directory: String?) -> String {
        state.withLock { state in
            if let directory {
                state.bindings[domain] = directory
                state.resolved = [:]
            }
            return state.bindings[domain] ?? Self.defaultDirectory
        }
    }

    /// Sets (non-nil) and returns the default domain; "" resets it to "messages".
    package func textDomain(_ domain: String?) -> String {
        state.withLock { state in
            if let domain { state.domain = domain.isEmpty ? Self.defaultDomain : domain }
            return state.domain
        }
    }

    /// Chooses the languages (a colon list); nil or "" returns to the environment.
    package func setLanguages(_ languages: String?) throws(ParlanceError) {
        let list = (languages ?? "").isEmpty ? nil : languages
        for name in (list ?? "").split(separator: ":") where !name.isEmpty {
            _ = try LocaleName.canonical(String(name))
        }
        state.withLock { $0.languages = list }
    }

    // MARK: Lookup

    /// The translation of msgid (in context) in domain, or nil when no
    /// catalog of the languages has it. `count` selects a plural form by the
    /// catalog's own Plural-Forms formula.
    package func lookup(domain: String?, context: String?, msgid: String, count: UInt64?) -> CText? {
        for table in tables(for: domain) {
            guard let entry = table.entry(msgid, context: context) else { continue }
            if let count {
                if let hit = table.pluralText(msgid, context: context, operand: .integer(Int64(bitPattern: count))) {
                    return hit.text
                }
            } else if let text = table.text(of: entry) {
                return text
            }
        }
        return nil
    }

    /// The catalogs to search for a domain under the current languages, in order.
    func tables(for domain: String?) -> [Table] {
        let languages = currentLanguages()
        return state.withLock { state in
            let name = domain ?? state.domain
            let directory = state.bindings[name] ?? Self.defaultDirectory
            let key = name + "\u{0}" + directory + "\u{0}" + languages.joined(separator: ":")
            if let tables = state.resolved[key] { return tables }
            var tables: [Table] = []
            for language in languages {
                for variant in GettextLocaleNames.variants(of: language) {
                    let base = directory + "/" + variant + "/LC_MESSAGES/" + name
                    if let table = Self.load(base, locale: variant, domain: name, files: &state.files) {
                        tables.append(table)
                    }
                }
            }
            state.resolved[key] = tables
            return tables
        }
    }

    /// The language list: the application's, else the environment's as
    /// glibc reads it (`LANGUAGE` unless the locale is C), stopping at C.
    func currentLanguages() -> [String] {
        let chosen = state.withLock { $0.languages }
        let list: String
        if let chosen {
            list = chosen
        } else {
            let variable = EnvironmentLocales.variable
            guard let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ variable($0) }).first(where: { !$0.isEmpty }),
                  !Self.isUntranslated(locale) else { return [] }
            let language = variable("LANGUAGE") ?? ""
            list = language.isEmpty ? locale : language
        }
        var result: [String] = []
        for name in list.split(separator: ":") where !name.isEmpty {
            if Self.isUntranslated(String(name)) { break }
            result.append(String(name))
        }
        return result
    }

    /// Exactly glibc's test: "C" and "POSIX" (not "C.UTF-8") mean untranslated.
    private static func isUntranslated(_ locale: String) -> Bool {
        locale == "C" || locale == "POSIX"
    }

    /// Reads `base.mo`, else `base.po`, once per path.
    private static func load(_ base: String, locale: String, domain: String, files: inout [String: Table?]) -> Table? {
        if let known = files[base] { return known }
        var table: Table? = nil
        for format in [TableFormat.mo, .po] {
            let path = base + "." + format.fileExtension
            guard FileSystem.isFile(path), let bytes = try? FileSystem.read(path),
                  let parsed = try? format.read(bytes, path: path) else { continue }
            let tag = (try? LocaleName.canonical(locale)).flatMap { $0 } ?? "und"
            let source = TableSource(id: path, format: format, order: 0, parsed: parsed)
            table = Table(locale: tag, name: domain, sources: [source])
            break
        }
        files[base] = table
        return table
    }
}
