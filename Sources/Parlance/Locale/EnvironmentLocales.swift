#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preferred locales a process's environment names, the way glibc's
/// gettext reads them: the locale is the first non-empty of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` (read directly, so that a locale the system has
/// not installed, which `setlocale` refuses, still counts), else the
/// process's `LC_MESSAGES` locale as `setlocale` set it (a program that
/// calls `setlocale(LC_ALL, "C.UTF-8")` with no variable set); when that
/// locale is `C`/`POSIX` (or there is none) nothing is preferred; otherwise
/// a non-empty `LANGUAGE` (a colon-separated list, read up to a `C` entry)
/// takes precedence over it.
public enum EnvironmentLocales {
    /// The preferred locales as canonical BCP 47 tags.
    public static func preferred(_ environment: (String) -> String? = EnvironmentLocales.variable,
                                 processLocale: String? = EnvironmentLocales.processMessagesLocale()) -> [String] {
        var seen = Set<String>()
        return names(environment, processLocale: processLocale).flatMap { (try? LocaleName.requested($0)) ?? [] }
            .filter { seen.insert($0).inserted }
    }

    /// The preferred locales as the environment spells them (`de_AT.UTF-8`,
    /// `sr@latin`), for the libintl functions, which look for folders of
    /// those names.
    package static func names(_ environment: (String) -> String? = EnvironmentLocales.variable,
                              processLocale: String? = EnvironmentLocales.processMessagesLocale()) -> [String] {
        let set = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment($0) }.first { !$0.isEmpty }
        // glibc ignores LANGUAGE only for exactly "C" (and "POSIX"); "C.UTF-8" keeps it.
        guard let locale = set ?? processLocale, !isUntranslated(locale) else { return [] }
        let listed = languageList(environment("LANGUAGE") ?? "")
        return listed.isEmpty ? [locale] : listed
    }

    /// A colon-separated list of languages as glibc reads `LANGUAGE`: empty
    /// entries skipped, read up to a `C` (or `POSIX`) entry.
    package static func languageList(_ list: String) -> [String] {
        var result: [String] = []
        for name in list.split(separator: ":") where !name.isEmpty {
            if isUntranslated(String(name)) { break }
            result.append(String(name))
        }
        return result
    }

    /// Exactly glibc's test: "C" and "POSIX" (not "C.UTF-8") mean untranslated.
    package static func isUntranslated(_ locale: String) -> Bool {
        locale == "C" || locale == "POSIX"
    }

    /// The process's `LC_MESSAGES` locale as `setlocale` last set it ("C" until a program sets one).
    public static func processMessagesLocale() -> String? {
        setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
    }

    public static func variable(_ name: String) -> String? {
        // withCString: the implicit conversion copies the name into a new array in Embedded Swift.
        guard let value = name.withCString({ getenv($0) }) else { return nil }
        return String(cString: value)
    }
}
