/// XML's references, the one reading of them for every XML reader
/// (property lists, Android resources, XLIFF), and HTML's escaping.
package enum XMLReference {
    /// The character `&name;` stands for: the five predefined entities and
    /// `&#N;` / `&#xH;` (not 0, not a surrogate). Nil for anything else.
    static func scalar(named name: Substring) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.first == "#" else { return nil }
        var digits = name.dropFirst()
        var radix = 10
        if digits.first == "x" || digits.first == "X" {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
              let value = UInt32(digits, radix: radix), value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    /// `text` with `& < > " '` as references (and `/` as `&#x2F;` with
    /// `slash`, as i18next escapes values): safe in HTML text and attributes.
    package static func escape(_ text: String, slash: Bool = false) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) || (slash && $0 == "/") }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "/" where slash: out += "&#x2F;"
            default: out.append(character)
            }
        }
        return out
    }
}
