#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preferred locales a process's environment names, the way glibc's
/// gettext reads them: the locale comes from the first non-empty of
/// `LC_ALL`, `LC_MESSAGES`, `LANG`; when that locale is `C`/`POSIX` (or
/// none is set) nothing is preferred; otherwise a non-empty `LANGUAGE` (a
/// colon-separated list) takes precedence over it.
public enum EnvironmentLocales {
    public static func preferred(_ environment: (String) -> String? = EnvironmentLocales.variable) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment($0) }.first { !$0.isEmpty }
        guard let locale, let canonical = try? LocaleName.canonical(locale) else { return [] }
        if let language = environment("LANGUAGE"), !language.isEmpty {
            let listed = language.split(separator: ":").compactMap { try? LocaleName.canonical(String($0)) }
            if !listed.isEmpty { return listed }
        }
        return [canonical]
    }

    public static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
