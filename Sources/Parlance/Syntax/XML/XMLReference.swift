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
    /// `slash`, as i18next escapes values): safe in HTML and XML text and
    /// attributes. A CR is `&#13;` (an XML reader would read a raw one as a
    /// line feed); with `attribute`, line feeds and tabs are `&#10;` and
    /// `&#9;` too (a reader normalizes them to spaces in attribute values).
    /// `quotes` leaves the quote characters a place does not need escaped as
    /// they are (an attribute's other quote; any quote in element content).
    package static func escape(_ text: String, slash: Bool = false, attribute: Bool = false,
                               quotes: Quotes = .both) -> String {
        guard text.utf8.contains(where: { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x0D: return true
            case UInt8(ascii: "\""): return quotes == .both || quotes == .double
            case UInt8(ascii: "'"): return quotes == .both || quotes == .single
            case UInt8(ascii: "/"): return slash
            case 0x0A, 0x09: return attribute
            default: return false
            }
        }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes == .both || quotes == .double: out += "&quot;"
            case "'" where quotes == .both || quotes == .single: out += "&#39;"
            case "\r": out += "&#13;"
            case "/" where slash: out += "&#x2F;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Which quote characters `escape` writes as references.
    package enum Quotes: Sendable {
        case both, double, single, none
    }
}
