internal import CParlanceShim

/// Which languages the libintl functions answer a thread in: glibc's
/// `guess_category_value` and `DCIGETTEXT`, plus Parlance's two choices.
///
/// glibc takes the `LC_MESSAGES` name of the thread's locale (the one
/// `uselocale` set, else the global one `setlocale` set); when that is
/// exactly "C" (glibc names "POSIX" "C" too) nothing is translated;
/// otherwise a non-empty `LANGUAGE` wins over it. In that order here:
///
/// 1. the languages the thread chose (`parlance_set_thread_languages`);
/// 2. the thread's own locale (`uselocale`), as glibc;
/// 3. the languages the process chose (`parlance_set_languages`);
/// 4. the global locale, as glibc, when it names a language; when it is
///    C (`C`, `POSIX`, `C.UTF-8`: no `setlocale` call yet, or the system
///    lacks the locale asked for), the first non-empty of `LC_ALL`,
///    `LC_MESSAGES`, `LANG` read directly, else that C locale itself
///    (`EnvironmentLocales.names`), so that languages work without
///    installed locales.
///
/// The variables are read when the runtime starts and on
/// `parlance_set_languages(NULL)`; the locale names on every call, through
/// a per-thread cache (`GettextLanguages.Key.current`).
package struct GettextLanguages: Sendable {
    /// Where a thread's languages come from, and the name that decides them.
    package enum Key: Hashable, Sendable {
        /// Chosen for the thread: a colon-separated list.
        case chosen(String)
        /// The thread's own locale's `LC_MESSAGES` name.
        case thread(String)
        /// The global locale's `LC_MESSAGES` name.
        case global(String)
    }

    /// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG` as read.
    private let variables: [String: String]
    /// The languages `parlance_set_languages` chose, nil: none.
    let chosen: [String]?

    package init(chosen: [String]? = nil,
                 environment: (String) -> String? = EnvironmentLocales.variable) {
        var variables: [String: String] = [:]
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] { variables[name] = environment(name) }
        self.variables = variables
        self.chosen = chosen
    }

    /// The languages, most preferred first, that a key stands for ([]:
    /// untranslated).
    package func languages(for key: Key) -> [String] {
        switch key {
        case .chosen(let list):
            return EnvironmentLocales.languageList(list)
        case .thread(let name):
            return categoryValue(name)
        case .global(let name):
            if let chosen { return chosen }
            if Self.namesALanguage(name) { return categoryValue(name) }
            return EnvironmentLocales.names({ variables[$0] }, processLocale: name)
        }
    }

    /// Whether a locale name is more than the C locale: "C", "POSIX",
    /// "C.UTF-8" and the like are not.
    static func namesALanguage(_ name: String) -> Bool {
        let base = name.prefix { $0 != "." && $0 != "@" }
        return !base.isEmpty && base != "C" && base != "POSIX"
    }

    /// glibc's rule for a locale name: nothing for "C", else `LANGUAGE`
    /// (read up to a "C" entry) when it is set and not empty, else the name.
    private func categoryValue(_ name: String) -> [String] {
        if EnvironmentLocales.isUntranslated(name) { return [] }
        let listed = EnvironmentLocales.languageList(variables["LANGUAGE"] ?? "")
        return listed.isEmpty ? [name] : listed
    }
}

extension GettextLanguages.Key {
    /// The calling thread's key, as the shim last saw it.
    static func of(_ thread: UnsafePointer<parlance_shim_messages_locale>) -> Self {
        let name = thread.pointee.name.map { String(cString: $0) } ?? "C"
        switch Int(thread.pointee.kind) {
        case Int(PARLANCE_SHIM_LOCALE_CHOSEN): return .chosen(name)
        case Int(PARLANCE_SHIM_LOCALE_THREAD): return .thread(name)
        default: return .global(name)
        }
    }
}
