/// Builds locale fallback chains with ICU's likely subtags.
///
/// For each preferred locale the chain holds the locale itself, its forms
/// with and without likely subtags, then less specific forms that keep its
/// script: `fr-CA` → `fr`; `zh-TW` → `zh-Hant-TW` → `zh-Hant` (never `zh`,
/// which means Simplified); `sr-Latn` never reaches Cyrillic `sr`. The
/// development locale's chain comes last; duplicates keep their first place.
public enum FallbackChain {
    public static func resolve(preferred: [String], development: String?) -> [String] {
        var chain: [String] = []
        var seen = Set<String>()
        for tag in preferred + (development.map { [$0] } ?? []) {
            for candidate in expand(tag) where seen.insert(candidate).inserted {
                chain.append(candidate)
            }
        }
        return chain
    }

    /// One locale's own chain, most specific first. `tag` is canonical BCP 47.
    static func expand(_ tag: String) -> [String] {
        let full = LocaleName.subtags(LocaleName.maximized(tag))
        guard !full.script.isEmpty else { return truncations(of: tag) }
        let languageScript = LocaleName.subtags(LocaleName.maximized(full.language)).script
        let scriptIsDefault = languageScript == full.script
        var result = [tag]
        if !full.region.isEmpty {
            let withScript = "\(full.language)-\(full.script)-\(full.region)"
            let minimal = LocaleName.minimized(withScript)
            if scriptIsDefault {
                result.append("\(full.language)-\(full.region)")
            } else {
                result.append(withScript)
                result.append(minimal)
            }
        }
        if !scriptIsDefault { result.append("\(full.language)-\(full.script)") }
        if scriptIsDefault { result.append(full.language) }
        // Drop forms that widen the script or region that was asked for.
        let wanted = LocaleName.subtags(tag)
        return result.filter { candidate in
            let parts = LocaleName.subtags(candidate)
            if !wanted.region.isEmpty, !parts.region.isEmpty, parts.region != wanted.region { return false }
            return true
        }
    }

    /// `a-b-c` → `a-b-c`, `a-b`, `a`: for tags ICU knows no likely subtags for.
    private static func truncations(of tag: String) -> [String] {
        var parts = tag.split(separator: "-").map(String.init)
        var result: [String] = []
        while !parts.isEmpty {
            result.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return result
    }
}
