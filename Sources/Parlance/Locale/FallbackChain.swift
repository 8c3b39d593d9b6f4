internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds locale fallback chains with ICU's likely subtags.
///
/// For each preferred locale the chain holds the locale itself, its forms
/// with and without likely subtags, then less specific forms that keep its
/// script: `fr-CA` → `fr`; `zh-TW` → `zh-Hant-TW` → `zh-Hant` (never `zh`,
/// which means Simplified); `sr-Latn` never reaches Cyrillic `sr`. A
/// language's default script is in the chain too when the tag names it or
/// when catalogs name it by custom (`zh-CN` → `zh-Hans-CN` → `zh-Hans` →
/// `zh`: Apple's `zh-Hans.lproj`). Variants and private-use subtags stay
/// on each less specific form first (`ca-ES-valencia` → `ca-valencia` →
/// `ca-ES` → `ca`). The development locale's chain comes last; duplicates
/// keep their first place.
///
/// Given the locales a catalog has (`available`), each preferred locale is
/// also matched against them by CLDR's language distance (ICU's
/// `LocaleMatcher`), so that a language reaches its regional tables: the
/// best match, when its own chain does not hold it, comes before the first
/// of its own forms that the catalog has, or after them all when it has
/// none: `fr` → `fr`, `fr-FR`; `en-AU` → `en-AU`, `en-GB`, `en`;
/// `zh-HK` → `zh-HK`, `zh-Hant-HK`, `zh-Hant`, `zh-TW`. A language the
/// catalog lacks matches nothing. The development locale is not matched.
public enum FallbackChain {
    public static func resolve(preferred: [String], development: String?, available: [String] = []) -> [String] {
        var chain = UniqueStrings()
        let have = UniqueStrings(available)
        for tag in preferred {
            for candidate in matched(tag, available: available, have: have) { chain.insert(candidate) }
        }
        for candidate in development.map(expand) ?? [] { chain.insert(candidate) }
        return chain.list
    }

    /// `tag`'s own chain with the catalog's best match for it put in place.
    /// Only locales with the same variants and private use as `tag` are
    /// matched: a modifier keeps a locale apart (`en` never gets `en@quot`'s
    /// `en-x-quot`, `ca` never `ca-valencia`), as it does in `expand`.
    static func matched(_ tag: String, available: [String], have: UniqueStrings) -> [String] {
        var own = expand(tag)
        guard !available.isEmpty, !have.contains(tag) else { return own }
        let tail = splitTail(tag).tail
        let candidates = available.filter { splitTail($0).tail == tail }
        guard !candidates.isEmpty, let best = bestMatch(tag, among: candidates), !own.contains(best) else { return own }
        own.insert(best, at: own.firstIndex(where: have.contains) ?? own.endIndex)
        return own
    }

    /// The locale of `available` that best serves `tag` (ICU's LocaleMatcher), if any is close enough.
    static func bestMatch(_ tag: String, among available: [String]) -> String? {
        var pointers: [UnsafePointer<CChar>?] = []
        let copies = available.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        pointers = copies.map { UnsafePointer($0) }
        let index = pointers.withUnsafeBufferPointer { buffer in
            parlance_icu_best_match(tag, buffer.baseAddress, Int32(buffer.count))
        }
        return index >= 0 && Int(index) < available.count ? available[Int(index)] : nil
    }

    /// One locale's own chain, most specific first. `tag` is canonical BCP 47.
    static func expand(_ tag: String) -> [String] {
        // A plain language is its own chain: nothing less specific, its likely script the default one.
        if LocaleName.isPlainLanguage(tag), !scriptNamedByCustom.contains(tag) { return [tag] }
        let (base, tail) = splitTail(tag)
        guard !tail.isEmpty else { return expandedWithICU(tag) }
        // Variants and private use (`ca-ES-valencia`, `en-x-quot`, from
        // gettext's `ca_ES@valencia` and `en@quot`) stay on each less
        // specific form before they are dropped, as libintl keeps a
        // modifier: ca-ES-valencia, ca-valencia, ca-ES, ca.
        let chain = expand(base)
        return [tag] + chain.dropFirst().map { $0 + "-" + tail } + chain
    }

    /// (language[-script][-region], the rest: variants, extensions, private use).
    static func splitTail(_ tag: String) -> (base: String, tail: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return (tag, "") }
        var index = 1
        func isAlpha(_ s: Substring) -> Bool { s.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } }
        func isDigits(_ s: Substring) -> Bool { s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        if index < parts.count, parts[index].count == 4, isAlpha(parts[index]) { index += 1 }   // script
        if index < parts.count,
           (parts[index].count == 2 && isAlpha(parts[index])) || (parts[index].count == 3 && isDigits(parts[index])) {
            index += 1   // region
        }
        guard index < parts.count else { return (tag, "") }
        return (parts[..<index].joined(separator: "-"), parts[index...].joined(separator: "-"))
    }

    /// `expand` asking ICU's likely subtags for every tag.
    static func expandedWithICU(_ tag: String) -> [String] {
        let wanted = LocaleName.subtags(tag)
        let full = LocaleName.subtags(LocaleName.maximized(tag))
        guard !full.script.isEmpty, !full.language.isEmpty else { return truncations(of: tag) }
        let scriptIsDefault = LocaleName.subtags(LocaleName.maximized(full.language)).script == full.script
        var result = [tag]
        let namesScript = scriptIsDefault && (!wanted.script.isEmpty || scriptNamedByCustom.contains(full.language))
        if !wanted.region.isEmpty {
            if scriptIsDefault {
                result.append("\(full.language)-\(wanted.region)")
                if namesScript { result.append("\(full.language)-\(full.script)-\(wanted.region)") }
            } else {
                let withScript = "\(full.language)-\(full.script)-\(wanted.region)"
                result.append(withScript)
                result.append(LocaleName.minimized(withScript))
            }
        }
        if namesScript { result.append("\(full.language)-\(full.script)") }
        result.append(scriptIsDefault ? full.language : "\(full.language)-\(full.script)")
        return result
    }

    /// Languages whose tables are named with their script even when it is
    /// the default one: Chinese (`zh-Hans`, `zh-Hant` in Apple's, Android's
    /// and i18next's catalogs alike).
    static let scriptNamedByCustom = ["zh"]

    /// `a-b-c` → `a-b-c`, `a-b`, `a`: for tags ICU knows no likely subtags for.
    static func truncations(of tag: String) -> [String] {
        var parts = tag.split(separator: "-").map(String.init)
        var result: [String] = []
        while !parts.isEmpty {
            result.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return result
    }
}
