/// The format flags extraction writes (`c-format`, `objc-format`,
/// `python-format`, `python-brace-format`), decided as xgettext decides
/// them: a message is a format string of a kind its language uses when its
/// msgid or msgid_plural parses as one with at least one directive (`%%`
/// counts; GNU gettext 0.21's parsers, which are stricter than the
/// languages' runtimes: `{}` and `{x!r}` are no brace format, `%a` no
/// Python one). Objective-C strings that parse as C formats are `c-format`,
/// those that need `%@` `objc-format`. Swift has no xgettext flag: none.
enum FormatFlags {
    static func flags(key: String, plural: String?, language: SourceLanguage) -> [String] {
        let texts = [key] + (plural.map { [$0] } ?? [])
        func any(_ parse: (String) -> Bool) -> Bool { texts.contains(where: parse) }
        switch language {
        case .c, .cpp:
            return any { isCFormat($0, objc: false) } ? ["c-format"] : []
        case .objc:
            if any({ isCFormat($0, objc: false) }) { return ["c-format"] }
            return any { isCFormat($0, objc: true) } ? ["objc-format"] : []
        case .python:
            var flags: [String] = []
            if any(isPythonFormat) { flags.append("python-format") }
            if any(isPythonBraceFormat) { flags.append("python-brace-format") }
            return flags
        case .swift, .gtkBuilder, .interfaceBuilder:
            return []
        }
    }

    // MARK: C (gettext's format-c.c)

    /// A valid printf format with at least one directive: positional
    /// (`%1$s`, numbered without gaps) or not, never both; glibc's flags
    /// (`'` and the others), `*` widths and precisions, C99 sizes, `%m`,
    /// `<inttypes.h>` macros written `%<PRIu64>`, and with `objc` `%@`.
    static func isCFormat(_ text: String, objc: Bool) -> Bool {
        let s = Array(text.utf8)
        var i = 0, directives = 0
        var numbered: Set<Int> = [], unnumbered = 0
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        func number() -> Int? {
            var k = i, value = 0
            while at(k).isDigit { value = value * 10 + Int(at(k) - 0x30); k += 1 }
            guard k > i, at(k) == UInt8(ascii: "$"), value > 0 else { return nil }
            i = k + 1
            return value
        }
        func argument(_ n: Int?) { if let n { numbered.insert(n) } else { unnumbered += 1 } }
        while i < s.count {
            guard s[i] == UInt8(ascii: "%") else { i += 1; continue }
            i += 1
            directives += 1
            if at(i) == UInt8(ascii: "%") { i += 1; continue }
            let position = number()
            while Array(" +-#0'".utf8).contains(at(i)) { i += 1 }
            for part in 0..<2 {   // width, then precision
                if part == 1 { guard at(i) == UInt8(ascii: ".") else { break }; i += 1 }
                if at(i) == UInt8(ascii: "*") {
                    i += 1
                    let n = number()
                    if (n == nil) != (position == nil) { return false }
                    argument(n)
                } else {
                    while at(i).isDigit { i += 1 }
                }
            }
            if at(i) == UInt8(ascii: "<") {
                guard let close = s[i...].firstIndex(of: UInt8(ascii: ">")),
                      ArgumentValue.isInttypesMacro(String(decoding: s[(i + 1)..<close], as: UTF8.self)) else { return false }
                i = close + 1
                argument(position)
                continue
            }
            while Array("hlLqjzZt".utf8).contains(at(i)) { i += 1 }
            let conversion = at(i)
            i += 1
            if conversion == UInt8(ascii: "m") { continue }
            guard Array("diouxXeEfFgGaAcspn".utf8).contains(conversion) || (objc && conversion == UInt8(ascii: "@")) else {
                return false
            }
            argument(position)
        }
        if !numbered.isEmpty && (unnumbered > 0 || numbered.max()! != numbered.count) { return false }
        return directives > 0
    }

    // MARK: Python (format-python.c, format-python-brace.c)

    /// `%s`, `%(name)s`, `%%`: named and unnamed arguments never mixed, `*`
    /// only unnamed, conversions `csrdiuoxXeEfFgG`.
    static func isPythonFormat(_ text: String) -> Bool {
        let s = Array(text.utf8)
        var i = 0, directives = 0, named = 0, unnamed = 0
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        while i < s.count {
            guard s[i] == UInt8(ascii: "%") else { i += 1; continue }
            i += 1
            directives += 1
            var isNamed = false
            if at(i) == UInt8(ascii: "(") {
                var depth = 1
                i += 1
                while i < s.count && depth > 0 {
                    if s[i] == UInt8(ascii: "(") { depth += 1 } else if s[i] == UInt8(ascii: ")") { depth -= 1 }
                    i += 1
                }
                guard depth == 0 else { return false }
                isNamed = true
            }
            while Array(" -+#0".utf8).contains(at(i)) { i += 1 }
            for part in 0..<2 {
                if part == 1 { guard at(i) == UInt8(ascii: ".") else { break }; i += 1 }
                if at(i) == UInt8(ascii: "*") {
                    guard !isNamed else { return false }
                    unnamed += 1
                    i += 1
                } else {
                    while at(i).isDigit { i += 1 }
                }
            }
            while Array("hlL".utf8).contains(at(i)) { i += 1 }
            let conversion = at(i)
            i += 1
            if conversion == UInt8(ascii: "%") { continue }
            guard Array("csrdiuoxXeEfFgG".utf8).contains(conversion) else { return false }
            if isNamed { named += 1 } else { unnamed += 1 }
        }
        return directives > 0 && (named == 0 || unnamed == 0)
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
