/// ResourceBundle's file naming, the layout of a folder of `.properties`
/// files: `Base_lang_Script_COUNTRY_variant.properties` is the table `Base`
/// in that locale (`ResourceBundle.Control.toBundleName` read backwards),
/// and `Base.properties` is the table's root bundle, loaded as the locale
/// `und`.
///
/// Java looks a bundle up along its candidate list (`de_CH` → `de` → root)
/// after which it tries the JVM's default locale; Parlance's fallback chain
/// takes the place of both (the default-locale step is the chain's
/// development locale).
extension PropertiesFile {
    /// The locale of a bundle with no locale suffix: the root bundle.
    package static let rootLocale = "und"

    /// Each `.properties` file of a folder (`names`: the folder's entries)
    /// with its table (the base name) and its locale (a BCP 47 tag,
    /// `rootLocale` for the base file), in the order of `names`.
    ///
    /// A base name may hold underscores (`admin_messages_de`): a stem that
    /// another file's name extends by a locale suffix is a base of its own;
    /// else the longest prefix that is another file's stem, then the
    /// shortest, that leaves a locale suffix is the base; a name with no
    /// locale suffix is a root bundle.
    package static func bundles(in names: [String]) -> [(name: String, table: String, locale: String)] {
        let stems = names.compactMap { name -> String? in
            let (stem, ext) = FileSystem.splitExtension(name)
            return ext == "properties" && !stem.isEmpty ? stem : nil
        }
        let known = Set(stems)
        var isBase = Set<String>()
        for stem in stems {
            for (prefix, suffix) in splits(stem) where known.contains(prefix) && locale(suffix: suffix) != nil {
                isBase.insert(prefix)
            }
        }
        var found: [(name: String, table: String, locale: String)] = []
        for stem in stems {
            let name = stem + ".properties"
            if isBase.contains(stem) {
                found.append((name, stem, rootLocale))
                continue
            }
            let candidates = splits(stem).compactMap { split in locale(suffix: split.suffix).map { (split.prefix, $0) } }
            if let pick = candidates.last(where: { known.contains($0.0) }) ?? candidates.first {
                found.append((name, pick.0, pick.1))
            } else {
                found.append((name, stem, rootLocale))
            }
        }
        return found
    }

    /// A stem cut at each underscore: (`a`, `b_c`), (`a_b`, `c`), shortest base first.
    private static func splits(_ stem: String) -> [(prefix: String, suffix: String)] {
        var result: [(prefix: String, suffix: String)] = []
        var index = stem.startIndex
        while let underscore = stem[index...].firstIndex(of: "_") {
            if underscore > stem.startIndex {
                result.append((String(stem[..<underscore]), String(stem[stem.index(after: underscore)...])))
            }
            index = stem.index(after: underscore)
        }
        return result
    }

    /// The BCP 47 tag of a bundle name's locale suffix (`pt_BR`,
    /// `sr_Latn_RS`, `de_CH_POSIX`), or nil when it is none. Java's
    /// spellings are taken as Java means them: the old codes `iw`, `in`,
    /// `ji` are `he`, `id`, `yi`; `no_NO_NY` is Nynorsk; `ja_JP_JP` the
    /// Japanese calendar and `th_TH_TH` Thai digits; another variant is a
    /// BCP 47 variant when it is spelled as one, else `x-lvariant-…` (as
    /// `Locale.toLanguageTag` writes it).
    package static func locale(suffix: String) -> String? {
        var parts = suffix.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        func isLetters(_ s: String, _ counts: ClosedRange<Int>, upper: Bool) -> Bool {
            counts.contains(s.utf8.count) && s.utf8.allSatisfy { upper ? (65...90).contains($0) : (97...122).contains($0) }
        }
        guard let language = parts.first, isLetters(language, 2...3, upper: false) else { return nil }
        parts.removeFirst()
        var script: String?
        if let first = parts.first, first.utf8.count == 4, isLetters(String(first.prefix(1)), 1...1, upper: true),
           isLetters(String(first.dropFirst()), 3...3, upper: false) {
            script = first
            parts.removeFirst()
        }
        var country: String?
        if let first = parts.first, isLetters(first, 2...2, upper: true)
            || (first.utf8.count == 3 && first.utf8.allSatisfy { (48...57).contains($0) }) {
            country = first
            parts.removeFirst()
        }
        let variant = parts.isEmpty ? nil : parts.joined(separator: "_")
        if let variant, variant.isEmpty || !variant.utf8.allSatisfy({ $0 == 95 || isAlphanumeric($0) }) { return nil }
        if script == nil, let country, let variant {
            switch language + "_" + country + "_" + variant {
            case "no_NO_NY": return "nn-NO"
            case "ja_JP_JP": return "ja-JP-u-ca-japanese"
            case "th_TH_TH": return "th-TH-u-nu-thai"
            default: break
            }
        }
        let renamed = ["iw": "he", "in": "id", "ji": "yi"][language] ?? language
        var tag = [renamed, script, country].compactMap { $0 }.joined(separator: "-")
        if let variant {
            let subtags = variant.split(separator: "_").map(String.init)
            if subtags.allSatisfy(isVariantSubtag) {
                tag += "-" + subtags.map { $0.lowercased() }.joined(separator: "-")
            } else {
                tag += "-x-lvariant-" + subtags.joined(separator: "-")
            }
        }
        return (try? LocaleName.canonical(tag)) ?? nil
    }

    /// The bundle name suffix of a BCP 47 tag (`pt-BR` → `pt_BR`,
    /// `sr-Latn-RS` → `sr_Latn_RS`), `locale(suffix:)` read backwards; nil
    /// when no suffix reads back as that tag.
    package static func suffix(locale tag: String) -> String? {
        var subtags = tag.split(separator: "-").map(String.init)
        if let x = subtags.firstIndex(of: "x"), subtags.count > x + 2, subtags[x + 1] == "lvariant" {
            subtags.removeSubrange(x...(x + 1))
        }
        guard let language = subtags.first else { return nil }
        var parts = [language]
        for subtag in subtags.dropFirst() {
            switch subtag.count {
            case 4 where subtag.first!.isLetter: parts.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            case 2, 3: parts.append(subtag.uppercased())
            default: parts.append(subtag)
            }
        }
        let suffix = parts.joined(separator: "_")
        return locale(suffix: suffix) == tag ? suffix : nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// BCP 47's variant: 5–8 letters or digits, or a digit and 3 more.
    private static func isVariantSubtag(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard bytes.allSatisfy(isAlphanumeric) else { return false }
        return (5...8).contains(bytes.count) || (bytes.count == 4 && (48...57).contains(bytes[0]))
    }
}
