/// gettext's locale-name fallback: the folder names libintl tries for one
/// language, most specific first (glibc's `_nl_explode_name` and
/// `_nl_make_l10nflist`): `de_DE.UTF-8@euro`, `de_DE.utf8@euro`,
/// `de_DE@euro`, `de.UTF-8@euro`, `de.utf8@euro`, `de@euro`, `de_DE.UTF-8`,
/// `de_DE.utf8`, `de_DE`, `de.UTF-8`, `de.utf8`, `de`.
package enum GettextLocaleNames {
    /// libintl's chain: the folder names tried for a list of languages, in
    /// order — each language's `variants` in turn, as glibc's
    /// `_nl_find_domain` tries them (a name reached twice is tried twice,
    /// finding the catalog already read). The one gettext chain builder.
    package static func chain(_ languages: [String]) -> [String] {
        languages.flatMap(variants(of:))
    }

    package static func variants(of name: String) -> [String] {
        var rest = Substring(name)
        var modifier: Substring? = nil
        var codeset: Substring? = nil
        var territory: Substring? = nil
        // By bytes, as glibc's _nl_explode_name cuts a name (and without
        // the grapheme breaking a search for a Character runs).
        if let at = rest.utf8.firstIndex(of: UInt8(ascii: "@")) {
            modifier = rest[rest.utf8.index(after: at)...]
            rest = rest[..<at]
        }
        if let dot = rest.utf8.firstIndex(of: UInt8(ascii: ".")) {
            codeset = rest[rest.utf8.index(after: dot)...]
            rest = rest[..<dot]
        }
        if let underscore = rest.utf8.firstIndex(of: UInt8(ascii: "_")) {
            territory = rest[rest.utf8.index(after: underscore)...]
            rest = rest[..<underscore]
        }
        // Each part a String: `String + Substring` is the standard library's
        // unspecialised `append(contentsOf:)`, whose first call resolves an
        // associated type at run time (80,000 instructions in a process's first lookup).
        let language = String(rest)
        let modifierText = modifier.map(String.init), territoryText = territory.map(String.init)
        let codesetText = codeset.map(String.init)
        let normalized = codeset.map(normalizeCodeset)
        let distinctNormalized = normalized.flatMap { $0 != codeset.map(String.init) ? $0 : nil }

        // Bits as in glibc's loadinfo.h; count down from the full mask.
        let hasModifier = modifier != nil, hasTerritory = territory != nil
        let hasCodeset = codeset != nil, hasNormalized = distinctNormalized != nil
        // Each suffix once (short enough to be stored inline), each name in one allocation.
        let territorySuffix = territoryText.map { "_" + $0 }, codesetSuffix = codesetText.map { "." + $0 }
        let normalizedSuffix = distinctNormalized.map { "." + $0 }, modifierSuffix = modifierText.map { "@" + $0 }
        var result: [String] = []
        for mask in stride(from: 15, through: 0, by: -1) {
            let wantsNormalized = mask & 1 != 0, wantsCodeset = mask & 2 != 0
            let wantsTerritory = mask & 4 != 0, wantsModifier = mask & 8 != 0
            if wantsNormalized && wantsCodeset { continue }
            if (wantsNormalized && !hasNormalized) || (wantsCodeset && !hasCodeset)
                || (wantsTerritory && !hasTerritory) || (wantsModifier && !hasModifier) { continue }
            result.append(String(concatenating: language, wantsTerritory ? territorySuffix ?? "" : "",
                                 wantsCodeset ? codesetSuffix ?? "" : "", wantsNormalized ? normalizedSuffix ?? "" : "",
                                 wantsModifier ? modifierSuffix ?? "" : ""))
        }
        return result
    }

    /// glibc's `_nl_normalize_codeset`: letters lowered, digits kept, the rest
    /// dropped, and "iso" prefixed to an all-digit result ("UTF-8" → "utf8",
    /// "8859-1" → "iso88591").
    package static func normalizeCodeset(_ codeset: Substring) -> String {
        var bytes: [UInt8] = []
        var onlyDigits = true
        for byte in codeset.utf8 {   // ASCII letters and digits alone, as glibc's isalnum in the C locale
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20); onlyDigits = false
            case UInt8(ascii: "a")...UInt8(ascii: "z"): bytes.append(byte); onlyDigits = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            default: break
            }
        }
        let result = String(decoding: bytes, as: UTF8.self)
        return onlyDigits ? "iso" + result : result
    }
}
