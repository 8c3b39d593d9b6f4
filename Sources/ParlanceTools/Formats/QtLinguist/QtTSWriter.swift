import Parlance

/// A message as Qt's TS writer writes it (`ts.cpp` `saveTS`, what
/// `lupdate` and Linguist write): four spaces per level, `<location>`s,
/// `<source>`, `<comment>`, `<extracomment>`, `<translatorcomment>`, then
/// `<translation>` with its `type`, a numerus message's forms each a
/// `<numerusform>` on a line of its own, and length variants (texts
/// holding U+009C) as `variants="yes"` with a `<lengthvariant>` each.
struct QtTSMessage {
    enum Kind: String { case finished = "", unfinished, vanished, obsolete }

    var context: String
    var source: String
    /// The disambiguation.
    var comment = ""
    var extraComment = ""
    var translatorComment = ""
    var locations: [(file: String?, line: String?)] = []
    var numerus = false
    var kind = Kind.finished
    var translations: [String] = [""]
}

enum QtTSWriter {
    /// The start of a file Qt writes, up to its first `<context>`.
    static func header(language: String, sourceLanguage: String?) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\""
        if !language.isEmpty && language != "C" { out += " language=\"" + language + "\"" }
        if let sourceLanguage, !sourceLanguage.isEmpty, sourceLanguage != "C" { out += " sourcelanguage=\"" + sourceLanguage + "\"" }
        return out + ">\n"
    }

    static let footer = "</TS>\n"

    static func contextStart(_ name: String) -> String { "<context>\n    <name>" + protect(name) + "</name>\n" }
    static let contextEnd = "</context>\n"

    static func message(_ message: QtTSMessage) -> String {
        var out = "    <message" + (message.numerus ? " numerus=\"yes\"" : "") + ">\n"
        for location in message.locations {
            out += "        <location"
            if let file = location.file { out += " filename=\"" + protect(file) + "\"" }
            if let line = location.line { out += " line=\"" + protect(line) + "\"" }
            out += "/>\n"
        }
        out += "        <source>" + protect(message.source) + "</source>\n"
        for (name, text) in [("comment", message.comment), ("extracomment", message.extraComment),
                             ("translatorcomment", message.translatorComment)] where !text.isEmpty {
            out += "        <" + name + ">" + protect(text) + "</" + name + ">\n"
        }
        out += "        <translation" + (message.kind == .finished ? "" : " type=\"" + message.kind.rawValue + "\"")
        if message.numerus {
            out += ">"
            for form in message.translations {
                out += "\n            <numerusform" + variants(form, indent: "            ") + "</numerusform>"
            }
            out += "\n        "
        } else {
            out += variants(message.translations.first ?? "", indent: "        ")
        }
        return out + "</translation>\n    </message>\n"
    }

    /// `ts.cpp` `writeVariants`: the text, or its length variants.
    private static func variants(_ text: String, indent: String) -> String {
        guard text.contains(QtTSFile.variantSeparator) else { return ">" + protect(text) }
        var out = " variants=\"yes\">"
        for variant in text.split(separator: QtTSFile.variantSeparator, omittingEmptySubsequences: false) {
            out += "\n    " + indent + "<lengthvariant>" + protect(String(variant)) + "</lengthvariant>"
        }
        return out + "\n" + indent
    }

    /// `ts.cpp` `protect`: the five XML characters as entities; control
    /// characters but tab and line feed, and white space beyond ASCII
    /// (`QChar::isSpace`), as `<byte value="x…"/>`.
    static func protect(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "&quot;"
            case "&": out += "&amp;"
            case ">": out += "&gt;"
            case "<": out += "&lt;"
            case "'": out += "&apos;"
            default:
                let value = scalar.value
                if (value < 0x20 && scalar != "\n" && scalar != "\t") || (value > 0x7F && isQtSpace(scalar)) {
                    out += "<byte value=\"x" + String(value, radix: 16) + "\"/>"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `QChar::isSpace` beyond ASCII: U+0085, U+00A0 and the separators (Zs, Zl, Zp).
    private static func isQtSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x85 || scalar.value == 0xA0 { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
