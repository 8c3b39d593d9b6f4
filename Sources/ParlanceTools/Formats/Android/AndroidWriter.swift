import Parlance

/// Android `strings.xml`, escaped so that aapt compiles each text back to
/// itself: `\\`, `\'`, `\"`, `\n`, `\t`, a leading `@` or `?` escaped,
/// `&`, `<`, `>` as entities, and a text whose spaces aapt would collapse
/// (leading, trailing, doubled) in double quotes.
enum AndroidWriter {
    static func document(_ entries: [ConvertEntry], toolsLocale: String?) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        if let toolsLocale {
            out += "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:locale=\"\(toolsLocale)\">\n"
        } else {
            out += "<resources>\n"
        }
        for entry in entries {
            switch entry.value {
            case .plural(let forms):
                out += "    <plurals name=\"\(entry.key)\">\n"
                for category in forms.categories {
                    out += "        <item quantity=\"\(category.name)\">\(escape(forms[category] ?? ""))</item>\n"
                }
                out += "    </plurals>\n"
            default:
                out += "    <string name=\"\(entry.key)\">\(escape(entry.value.texts.first ?? ""))</string>\n"
            }
        }
        return out + "</resources>\n"
    }

    /// The folder of a locale: `values` for the default one, `values-de`,
    /// `values-pt-rBR`, `values-b+sr+Latn` (a script or a longer tag).
    static func folder(_ locale: String, isDefault: Bool) -> String {
        if isDefault { return "values" }
        let parts = locale.split(separator: "-")
        if parts.count == 1 { return "values-" + locale }
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isUppercase) { return "values-\(parts[0])-r\(parts[1])" }
        return "values-b+" + parts.joined(separator: "+")
    }

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
