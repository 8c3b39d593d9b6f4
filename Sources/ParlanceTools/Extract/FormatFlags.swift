/// The format flags extraction writes (`c-format`, `objc-format`,
/// `python-format`, `python-brace-format`), decided as xgettext decides
/// them: a message is a format string of a kind its language uses when its
/// msgid or msgid_plural parses as one with at least one directive (`%%`
/// counts; GNU gettext 0.21's parsers, which are stricter than the
/// languages' runtimes: `{}` and `{x!r}` are no brace format, `%a` no
/// Python one). Objective-C strings that parse as C formats are `c-format`,
/// those that need `%@` `objc-format`. Swift has no xgettext flag: none.
/// The parsers of C and Python `%` formats are `FormatStrings` (Model/),
/// which merge's check of a translation against its flags shares.
enum FormatFlags {
    static func flags(key: String, plural: String?, language: SourceLanguage) -> [String] {
        let texts = [key] + (plural.map { [$0] } ?? [])
        func any(_ parse: (String) -> Bool) -> Bool { texts.contains(where: parse) }
        switch language {
        case .c, .cpp:
            return any { FormatStrings.isCFormat($0, objc: false) } ? ["c-format"] : []
        case .objc:
            if any({ FormatStrings.isCFormat($0, objc: false) }) { return ["c-format"] }
            return any { FormatStrings.isCFormat($0, objc: true) } ? ["objc-format"] : []
        case .python:
            var flags: [String] = []
            if any(FormatStrings.isPythonFormat) { flags.append("python-format") }
            if any(isPythonBraceFormat) { flags.append("python-brace-format") }
            return flags
        case .swift, .gtkBuilder, .interfaceBuilder:
            return []
        }
    }

    /// `{0}`, `{name.attr}`, `{0[1]}`, `{x:>10.2f}`, `{x:{width}}`; `{{`
    /// and `}}` are text; `{}` and conversions (`!r`) are not accepted.
    static func isPythonBraceFormat(_ text: String) -> Bool {
        let s = Array(text.utf8)
        var i = 0, directives = 0
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        func isNameStart(_ c: UInt8) -> Bool { c.isIdentifierStart }
        func field(topLevel: Bool) -> Bool {   // at the `{`
            i += 1
            if at(i).isDigit {
                while at(i).isDigit { i += 1 }
            } else if isNameStart(at(i)) {
                while isNameStart(at(i)) || at(i).isDigit { i += 1 }
            } else {
                return false
            }
            if at(i) == UInt8(ascii: ".") {
                i += 1
                guard isNameStart(at(i)) else { return false }
                while isNameStart(at(i)) || at(i).isDigit { i += 1 }
            } else if at(i) == UInt8(ascii: "[") {
                i += 1
                while i < s.count && s[i] != UInt8(ascii: "]") { i += 1 }
                guard at(i) == UInt8(ascii: "]") else { return false }
                i += 1
            }
            if at(i) == UInt8(ascii: ":") {
                guard topLevel else { return false }
                i += 1
                if at(i) == UInt8(ascii: "{") {
                    guard field(topLevel: false) else { return false }
                } else {
                    if Array("<>=^".utf8).contains(at(i + 1)) { i += 2 } else if Array("<>=^".utf8).contains(at(i)) { i += 1 }
                    if Array("+- ".utf8).contains(at(i)) { i += 1 }
                    if at(i) == UInt8(ascii: "#") { i += 1 }
                    if at(i) == UInt8(ascii: "0") { i += 1 }
                    while at(i).isDigit { i += 1 }
                    if at(i) == UInt8(ascii: ",") { i += 1 }
                    if at(i) == UInt8(ascii: ".") {
                        i += 1
                        guard at(i).isDigit else { return false }
                        while at(i).isDigit { i += 1 }
                    }
                    if Array("bcdeEfFgGnosxX%".utf8).contains(at(i)) { i += 1 }
                }
            }
            guard at(i) == UInt8(ascii: "}") else { return false }
            i += 1
            return true
        }
        while i < s.count {
            if s[i] == UInt8(ascii: "{") {
                if at(i + 1) == UInt8(ascii: "{") { i += 2; continue }
                guard field(topLevel: true) else { return false }
                directives += 1
            } else {
                i += s[i] == UInt8(ascii: "}") && at(i + 1) == UInt8(ascii: "}") ? 2 : 1
            }
        }
        return directives > 0
    }
}
