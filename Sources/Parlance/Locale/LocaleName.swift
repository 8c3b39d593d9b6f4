internal import CParlanceShim

/// Locale names: POSIX and BCP 47 spellings in, canonical BCP 47 tags out.
public enum LocaleName {
    /// The language of a legacy `.lproj` folder name that CoreFoundation
    /// still maps (`english`, lowercased). A switch, not a dictionary: a
    /// process's first locale name would build and hash it.
    private static func legacyName(_ lowered: String) -> String? {
        switch lowered {
        case "english": "en"
        case "french": "fr"
        case "german": "de"
        case "italian": "it"
        case "japanese": "ja"
        case "spanish": "es"
        case "dutch": "nl"
        case "portuguese": "pt"
        case "swedish": "sv"
        case "danish": "da"
        case "finnish": "fi"
        case "norwegian": "nb"
        case "korean": "ko"
        case "chinese": "zh"
        case "russian": "ru"
        default: nil
        }
    }

    /// The canonical BCP 47 tag for `name`: `pt_BR.UTF-8` and `pt-BR` give
    /// `pt-BR`, `zh_Hant_TW` gives `zh-Hant-TW`, `sr_RS@latin` and `sr_RS@Latn`
    /// give `sr-Latn-RS`.
    /// Returns nil for `C` and `POSIX` (the untranslated locale).
    public static func canonical(_ name: String) throws(ParlanceError) -> String? {
        if isPlainLanguage(name) { return name }
        return try canonicalWithICU(name)
    }

    /// The canonical tag of a locale name a file or caller gives, or a
    /// `.locale` error (located at `path`) when it names no language.
    package static func tag(_ name: String, path: String?) throws(ParlanceError) -> String {
        guard let tag = try canonical(name) else {
            throw ParlanceError(.locale, "'\(name)' names no language", path: path)
        }
        return tag
    }

    /// `canonical` asking ICU for every name.
    static func canonicalWithICU(_ name: String) throws(ParlanceError) -> String? {
        var base = Substring(name)
        var modifier: Substring = ""
        // Searched as bytes: both are ASCII, and a Character search breaks graphemes.
        if let at = base.utf8.firstIndex(of: UInt8(ascii: "@")) {
            modifier = base[base.utf8.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.utf8.firstIndex(of: UInt8(ascii: ".")) { base = base[..<dot] }  // POSIX codeset
        if base == "C" || base == "POSIX" { return nil }
        if modifier.isEmpty && isRoot(base) { return "und" }
        if let legacy = legacyName(base.lowercased()) { base = Substring(legacy) }
        var posix = String(base)
        var subtag = ""   // the modifier as a variant or private-use subtag
        let lowered = modifier.lowercased()
        if let script = modifierScript(lowered) {
            posix = insertScript(script, into: posix)
        } else if parlance_icu_is_script_code(lowered) != 0 {
            // `sr@Latn`, `uz@Cyrl`: a script code as the modifier, as some catalogs are named.
            posix = insertScript(lowered.prefix(1).uppercased() + lowered.dropFirst(), into: posix)
        } else if !lowered.isEmpty && lowered != "euro" {   // de_DE@euro: the currency, not the language
            subtag = modifierSubtag(lowered)
        }
        guard !posix.isEmpty, posix.utf8.allSatisfy({ isTagByte($0) }),
              let tag = callShim({ parlance_icu_to_bcp47(posix, $0, $1) }), tag != "und"
        else {
            if subtag.isEmpty, let opaque = opaqueTag(posix) { return opaque }
            throw ParlanceError(.locale, "invalid locale name '\(name)'")
        }
        return subtag.isEmpty ? tag : tag + "-" + subtag
    }

    /// Whether a name spells BCP 47's root, `und` (CLDR's `root`): ICU
    /// canonicalises a name it cannot read to `und` as well (and `und`
    /// itself to nothing), so only these spellings are taken for it.
    private static func isRoot(_ name: Substring) -> Bool {
        let lowered = name.lowercased()
        return lowered == "und" || lowered == "root"
    }

    /// The tags a requested locale name stands for, most specific first: its
    /// canonical tag, then, for a POSIX name with a modifier (`be@latin`,
    /// `ca_ES.UTF-8@valencia`), the tag of the name without it, as libintl's
    /// search drops the modifier: `be@latin` is `be-Latn` then `be`, so what
    /// a Latin catalog lacks comes from the language's own, as with glibc.
    /// A BCP 47 request (`be-Latn`) follows CLDR alone. Empty for C and POSIX.
    public static func requested(_ name: String) throws(ParlanceError) -> [String] {
        guard let tag = try canonical(name) else { return [] }
        guard let at = name.firstIndex(of: "@"),
              let plain = try canonical(String(name[..<at])), plain != tag else { return [tag] }
        return [tag, plain]
    }

    /// A code that i18next serves as it finds it but BCP 47 cannot spell
    /// (`kab-KAB`: a region is two letters or three digits): its language,
    /// then the other subtag as a private-use one (`kab-x-kab`), so that a folder
    /// and a request of that name meet, and the language's own tables
    /// follow in the chain, as i18next falls back from `kab-KAB` to `kab`.
    /// Only `language-code`, as i18next's two-part codes: nil when the first
    /// part is no language, the second is not 1 to 8 letters and digits, or
    /// there are more parts (`foo-bar-baz` stays an invalid name).
    private static func opaqueTag(_ name: String) -> String? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        func isAlphanumeric(_ part: Substring) -> Bool {
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { isTagByte($0) && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }
        }
        guard parts.count == 2, (2...3).contains(parts[0].utf8.count),
              parts[0].utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }),
              parts.dropFirst().allSatisfy(isAlphanumeric),
              let language = callShim({ parlance_icu_to_bcp47(parts[0].lowercased(), $0, $1) }),
              language != "und", !language.contains("-") else { return nil }
        return language + "-x-" + parts.dropFirst().map { $0.lowercased() }.joined(separator: "-")
    }

    /// Modifiers naming a script, as glibc's locales spell them.
    private static func modifierScript(_ lowered: String) -> String? {
        switch lowered {
        case "latin": "Latn"
        case "cyrillic": "Cyrl"
        case "devanagari": "Deva"
        case "arabic": "Arab"
        case "iqtelif": "Latn"   // tt@iqtelif: Tatar in the Latin alphabet
        default: nil
        }
    }

    /// Any other modifier keeps the locale apart from the plain language
    /// (`ca@valencia` is not `ca`): a BCP 47 variant when it has a
    /// variant's shape (`ca-valencia`; `sr@ije` is the registered
    /// `ijekavsk`), else a private-use subtag (`en@quot` is `en-x-quot`).
    private static func modifierSubtag(_ modifier: String) -> String {
        if modifier == "ije" { return "ijekavsk" }
        let bytes = Array(modifier.utf8)
        let alphanumeric = bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
        guard alphanumeric, !bytes.isEmpty, bytes.count <= 8 else { return "" }
        let isVariant = bytes.count >= 5 || (bytes.count == 4 && bytes[0] >= 0x30 && bytes[0] <= 0x39)
        return isVariant ? modifier : "x-" + modifier
    }

    /// Adds likely subtags: `zh-TW` → `zh-Hant-TW`, `sr` → `sr-Cyrl-RS`.
    static func maximized(_ tag: String) -> String {
        callShim { parlance_icu_likely_subtags(tag, 1, $0, $1) } ?? tag
    }

    /// Removes likely subtags: `zh-Hant-TW` → `zh-TW`.
    static func minimized(_ tag: String) -> String {
        callShim { parlance_icu_likely_subtags(tag, 0, $0, $1) } ?? tag
    }

    /// Whether `tag` is a two-letter language code that ICU keeps as it is:
    /// canonical, and the language of its likely subtags (`de`, `en`, `fr`;
    /// not the deprecated `in`, `iw`, `ji`, `jw`, `mo`). Such names, the
    /// ones most programs ask for, are answered without ICU's data; a test
    /// holds the rule against ICU for every two-letter code.
    static func isPlainLanguage(_ tag: String) -> Bool {
        var utf8 = tag.utf8.makeIterator()
        guard let first = utf8.next(), let second = utf8.next(), utf8.next() == nil,
              first >= 0x61, first <= 0x7A, second >= 0x61, second <= 0x7A else { return false }
        switch (first, second) {
        case (0x69, 0x6E), (0x69, 0x77), (0x6A, 0x69), (0x6A, 0x77), (0x6D, 0x6F): return false   // in iw ji jw mo
        default: return true
        }
    }

    /// Language, script and region subtags of a tag (empty when absent).
    static func subtags(_ tag: String) -> (language: String, script: String, region: String) {
        var language = [CChar](repeating: 0, count: 64)
        var script = [CChar](repeating: 0, count: 64)
        var region = [CChar](repeating: 0, count: 64)
        guard parlance_icu_subtags(tag, &language, &script, &region, 64) == 0 else { return (tag, "", "") }
        return (decode(language), decode(script), decode(region))
    }

    private static func isTagByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F
    }

    private static func insertScript(_ script: String, into posix: String) -> String {
        let parts = posix.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first else { return posix }
        return ([String(language), script] + parts.dropFirst().map(String.init)).joined(separator: "_")
    }

    private static func callShim(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 160)
        let length = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count)) }
        guard length > 0, Int(length) < buffer.count else { return nil }
        return decode(buffer)
    }

    private static func decode(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
