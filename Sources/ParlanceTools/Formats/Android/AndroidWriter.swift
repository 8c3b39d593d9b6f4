import Parlance

/// Android `strings.xml`, escaped so that aapt compiles each text back to
/// itself: `\\`, `\'`, `\"`, `\n`, `\t`, a leading `@` or `?` escaped,
/// `&`, `<`, `>` as entities, and a text whose spaces aapt would collapse
/// (leading, trailing, doubled) in double quotes. An entry not to be
/// translated has `translatable="false"` (what Android lint reads).
enum AndroidWriter {
    static func document(_ entries: [ConvertEntry], toolsLocale: String?) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        if let toolsLocale {
            out += "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:locale=\"\(toolsLocale)\">\n"
        } else {
            out += "<resources>\n"
        }
        // A string-array's items (`name[0]`, `name[1]`…) are written together,
        // where the first of them stands, in index order.
        var arrays: [String: [Int: String]] = [:]
        var fixedArrays: Set<String> = []
        for entry in entries {
            if case .text(let text) = entry.value, let (name, index) = AndroidNames.arrayItem(entry.key) {
                arrays[name, default: [:]][index] = text
                if entry.doNotTranslate { fixedArrays.insert(name) }
            }
        }
        for entry in entries {
            if let (name, _) = AndroidNames.arrayItem(entry.key), case .text = entry.value {
                guard let items = arrays.removeValue(forKey: name) else { continue }   // written with its first item
                out += "    <string-array name=\"\(name)\"\(fixedArrays.contains(name) ? Self.fixed : "")>\n"
                // An array has no holes: an index no entry has is an empty item, as its place must stay.
                for index in 0...(items.keys.max() ?? 0) {
                    out += "        <item>\(escape(items[index] ?? ""))</item>\n"
                }
                out += "    </string-array>\n"
                continue
            }
            switch entry.value {
            case .plural(let forms):
                out += "    <plurals name=\"\(entry.key)\"\(entry.doNotTranslate ? Self.fixed : "")>\n"
                for category in forms.categories {
                    out += "        <item quantity=\"\(category.name)\">\(escape(forms[category] ?? ""))</item>\n"
                }
                out += "    </plurals>\n"
            default:
                out += "    <string name=\"\(entry.key)\"\(entry.doNotTranslate ? Self.fixed : "")>\(escape(entry.value.texts.first ?? ""))</string>\n"
            }
        }
        return out + "</resources>\n"
    }

    private static let fixed = " translatable=\"false\""

    /// The folder of a locale: `values` for the default one, `values-de`,
    /// `values-pt-rBR`, `values-b+sr+Latn` (a script or a longer tag).
    /// Indonesian, Hebrew and Yiddish take the codes Android's resource
    /// folders have always used for them (`values-in`, `values-iw`,
    /// `values-ji`: Java's `Locale` codes), as Android Studio writes them.
    static func folder(_ locale: String, isDefault: Bool) -> String {
        if isDefault { return "values" }
        let parts = locale.split(separator: "-").map(String.init)
        let language = legacyLanguages[parts[0]] ?? parts[0]
        if parts.count == 1 { return "values-" + language }
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isUppercase) { return "values-\(language)-r\(parts[1])" }
        return "values-b+" + parts.joined(separator: "+")
    }

    private static let legacyLanguages = ["id": "in", "he": "iw", "yi": "ji"]

    static func escape(_ text: String) -> String {
        // aapt's escapes first, then XML's (`XMLReference.escape`: & < > " ' and CR as references).
        var escaped = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "'": escaped += "\\'"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "@" where index == 0, "?" where index == 0: escaped += "\\" + String(scalar)
            // What XML cannot hold even as a reference, as aapt's \u escape.
            case _ where (scalar.value < 0x20 && scalar != "\r") || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)   // at most 4 digits here
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let out = XMLReference.escape(escaped, quotes: .none)   // quotes are backslash-escaped already
        // aapt collapses runs of spaces and trims the ends outside quotes.
        let scalars = Array(text.unicodeScalars)
        let spaced = scalars.first == " " || scalars.last == " " || scalars.contains("\r")
            || zip(scalars, scalars.dropFirst()).contains { $0 == " " && $1 == " " }
        if spaced {
            return "\"" + out + "\""
        }
        return out
    }
}
