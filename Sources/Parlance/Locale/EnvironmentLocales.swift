#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preferred locales a process's environment names, the way glibc's
/// gettext reads them: the locale comes from the first non-empty of
/// `LC_ALL`, `LC_MESSAGES`, `LANG`; when that locale is `C`/`POSIX` (or
/// none is set) nothing is preferred; otherwise a non-empty `LANGUAGE` (a
/// colon-separated list, read up to a `C` entry) takes precedence over it.
public enum EnvironmentLocales {
    public static func preferred(_ environment: (String) -> String? = EnvironmentLocales.variable) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment($0) }.first { !$0.isEmpty }
        // glibc ignores LANGUAGE only for exactly "C" (and "POSIX"); "C.UTF-8" keeps it.
        guard let locale, locale != "C", locale != "POSIX" else { return [] }
        if let language = environment("LANGUAGE"), !language.isEmpty {
            var listed: [String] = []
            for name in language.split(separator: ":") {
                if name == "C" || name == "POSIX" { break }  // glibc stops at C
                if let tag = try? LocaleName.canonical(String(name)) { listed.append(tag) }
            }
            if !listed.isEmpty { return listed }
        }
        return (try? LocaleName.canonical(locale)).flatMap { $0 }.map { [$0] } ?? []
    }

    public static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
