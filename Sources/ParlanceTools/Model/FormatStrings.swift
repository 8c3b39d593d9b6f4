/// A format string's arguments as gettext's parsers read them (`FormatStrings`).
struct FormatArguments: Equatable {
    /// The type of a conversion that takes any value (Python's `%s`, `%r`).
    static let any = "any"
    /// Directives, `%%` included.
    var directives: Int
    /// The arguments in the order they are taken (C's numbered ones by number), by type.
    var positional: [String]
    /// Python's `%(name)s`: name → type.
    var named: [String: String] = [:]
}

/// C and Python `%` format strings as GNU gettext's parsers read them
/// (format-c.c, format-python.c): whether a text is one, with what
/// arguments, and whether a translation's fit its msgid's. Extraction
/// decides xgettext's flags with them (`FormatFlags`), merge checks a
/// translation against a flag the template brings (`PODocument`).
enum FormatStrings {
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// `<inttypes.h>`'s format macros: `PRI`, a conversion of `diouxX`, then
    /// `8`/`16`/`32`/`64`, `LEAST` or `FAST` and one of those, `MAX` or `PTR`.
    static func isInttypesMacro(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 4, bytes.starts(with: Array("PRI".utf8)), Array("diouxX".utf8).contains(bytes[3]) else {
            return false
        }
        var rest = String(decoding: bytes[4...], as: UTF8.self)
        if rest == "MAX" || rest == "PTR" { return true }
        for prefix in ["LEAST", "FAST"] where rest.hasPrefix(prefix) { rest.removeFirst(prefix.count) }
        return ["8", "16", "32", "64"].contains(rest)
    }

    // MARK: C (gettext's format-c.c)

    /// A valid printf format with at least one directive (`cArguments`).
    static func isCFormat(_ text: String, objc: Bool) -> Bool {
        (cArguments(text, objc: objc)?.directives ?? 0) > 0
    }

    /// The arguments of a valid printf format, as gettext's format-c.c reads
    /// them, or nil: positional (`%1$s`, numbered without gaps, one type a
    /// number) or not, never both; glibc's flags (`'` and the others), `*`
    /// widths and precisions (an `int` each), C99 sizes, `%m`, `<inttypes.h>`
    /// macros written `%<PRIu64>`, and with `objc` `%@`. Each argument's type
    /// is its size and its conversion's class (`l` + `int`, `unsigned`…).
    static func cArguments(_ text: String, objc: Bool) -> FormatArguments? {
        let s = Array(text.utf8)
        var i = 0, directives = 0
        var numbered: [Int: String] = [:], unnumbered: [String] = []
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        func number() -> Int? {
            var k = i, value = 0
            while isDigit(at(k)) { value = value * 10 + Int(at(k) - 0x30); k += 1 }
            guard k > i, at(k) == UInt8(ascii: "$"), value > 0 else { return nil }
            i = k + 1
            return value
        }
        func argument(_ n: Int?, _ type: String) -> Bool {
            guard let n else { unnumbered.append(type); return true }
            if let known = numbered[n], known != type { return false }
            numbered[n] = type
            return true
        }
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
                    if (n == nil) != (position == nil) { return nil }
                    guard argument(n, "int") else { return nil }
                } else {
                    while isDigit(at(i)) { i += 1 }
                }
            }
            if at(i) == UInt8(ascii: "<") {
                guard let close = s[i...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                let macro = String(decoding: s[(i + 1)..<close], as: UTF8.self)
                guard isInttypesMacro(macro) else { return nil }
                i = close + 1
                // `PRId64` and `PRIi64` take the same type, as `PRIu64` and `PRIx64` do.
                let signed = macro.utf8.dropFirst(3).first.map { $0 == UInt8(ascii: "d") || $0 == UInt8(ascii: "i") } ?? false
                guard argument(position, (signed ? "int" : "unsigned") + String(macro.dropFirst(4))) else { return nil }
                continue
            }
            var size = ""
            while Array("hlLqjzZt".utf8).contains(at(i)) { size.append(Character(UnicodeScalar(at(i)))); i += 1 }
            if size == "q" { size = "ll" } else if size == "Z" { size = "z" }   // the same sizes, other spellings
            let conversion = at(i)
            i += 1
            if conversion == UInt8(ascii: "m") { continue }
            let kind: String
            switch conversion {
            case UInt8(ascii: "d"), UInt8(ascii: "i"): kind = "int"
            case UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"): kind = "unsigned"
            case _ where Array("eEfFgGaA".utf8).contains(conversion): kind = "double"
            case UInt8(ascii: "c"): kind = "char"
            case UInt8(ascii: "s"): kind = "string"
            case UInt8(ascii: "p"): kind = "pointer"
            case UInt8(ascii: "n"): kind = "count"
            case UInt8(ascii: "@") where objc: kind = "object"
            default: return nil
            }
            guard argument(position, size + kind) else { return nil }
        }
        if !numbered.isEmpty {
            guard unnumbered.isEmpty, numbered.keys.max()! == numbered.count else { return nil }
            unnumbered = (1...numbered.count).map { numbered[$0]! }
        }
        return FormatArguments(directives: directives, positional: unnumbered)
    }

    // MARK: Python (format-python.c)

    /// `%s`, `%(name)s`, `%%` with at least one directive (`pythonArguments`).
    static func isPythonFormat(_ text: String) -> Bool {
        (pythonArguments(text)?.directives ?? 0) > 0
    }

    /// The arguments of a valid Python `%` format, as gettext's
    /// format-python.c reads them, or nil: named and unnamed arguments never
    /// mixed, `*` only unnamed (an integer each), conversions
    /// `csrdiuoxXeEfFgG`; `s` and `r` take any value.
    static func pythonArguments(_ text: String) -> FormatArguments? {
        let s = Array(text.utf8)
        var i = 0, directives = 0
        var named: [String: String] = [:], unnamed: [String] = []
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        while i < s.count {
            guard s[i] == UInt8(ascii: "%") else { i += 1; continue }
            i += 1
            directives += 1
            var name: String?
            if at(i) == UInt8(ascii: "(") {
                var depth = 1
                i += 1
                let start = i
                while i < s.count && depth > 0 {
                    if s[i] == UInt8(ascii: "(") { depth += 1 } else if s[i] == UInt8(ascii: ")") { depth -= 1 }
                    i += 1
                }
                guard depth == 0 else { return nil }
                name = String(decoding: s[start..<(i - 1)], as: UTF8.self)
            }
            while Array(" -+#0".utf8).contains(at(i)) { i += 1 }
            for part in 0..<2 {
                if part == 1 { guard at(i) == UInt8(ascii: ".") else { break }; i += 1 }
                if at(i) == UInt8(ascii: "*") {
                    guard name == nil else { return nil }
                    unnamed.append("integer")
                    i += 1
                } else {
                    while isDigit(at(i)) { i += 1 }
                }
            }
            while Array("hlL".utf8).contains(at(i)) { i += 1 }
            let conversion = at(i)
            i += 1
            if conversion == UInt8(ascii: "%") { continue }
            let kind: String
            switch conversion {
            case UInt8(ascii: "c"): kind = "character"
            case UInt8(ascii: "s"), UInt8(ascii: "r"): kind = FormatArguments.any
            case _ where Array("diuoxX".utf8).contains(conversion): kind = "integer"
            case _ where Array("eEfFgG".utf8).contains(conversion): kind = "float"
            default: return nil
            }
            if let name {
                if let known = named[name], known != kind, known != FormatArguments.any, kind != FormatArguments.any { return nil }
                if named[name] == nil || named[name] == FormatArguments.any { named[name] = kind }
            } else {
                unnamed.append(kind)
            }
        }
        guard named.isEmpty || unnamed.isEmpty else { return nil }
        return FormatArguments(directives: directives, positional: unnamed, named: named)
    }

    /// The readers of the format flags whose strings Parlance checks, and
    /// whether a translation may take fewer positional arguments than its
    /// msgid where the check is not strict (C's may, Python's may not).
    static func reader(flag: String) -> (parse: (String) -> FormatArguments?, fewerPositional: Bool)? {
        switch flag {
        case "c-format": ({ cArguments($0, objc: false) }, true)
        case "objc-format": ({ cArguments($0, objc: true) }, true)
        case "python-format": (pythonArguments, false)
        default: nil
        }
    }

    /// Whether a translation's arguments fit its msgid's, as gettext's
    /// `format_check` decides: strict, the same arguments of the same types;
    /// else (a plural form used for few numbers) a C translation may leave
    /// out trailing arguments and `any` fits every type. Named arguments:
    /// each of the translation's is one of the msgid's, every one where strict.
    static func fits(_ source: FormatArguments, _ translation: FormatArguments, strict: Bool, fewerPositional: Bool) -> Bool {
        func same(_ a: String, _ b: String) -> Bool { a == b || (!strict && (a == FormatArguments.any || b == FormatArguments.any)) }
        if !source.named.isEmpty && !translation.positional.isEmpty { return false }
        if !source.positional.isEmpty && !translation.named.isEmpty { return false }
        for (name, type) in translation.named {
            guard let wanted = source.named[name], same(wanted, type) else { return false }
        }
        if strict && source.named.keys.contains(where: { translation.named[$0] == nil }) { return false }
        let (n1, n2) = (source.positional.count, translation.positional.count)
        if strict || !fewerPositional ? n1 != n2 : n1 < n2 { return false }
        return zip(source.positional, translation.positional).allSatisfy { same($0, $1) }
    }

    /// Whether a translated entry fits the format `flag` says it is, as
    /// msgmerge checks an entry whose template brings a format flag it did
    /// not carry (it marks it fuzzy when not): each msgstr against the
    /// msgid_plural (the msgid where there is none), strictly unless the
    /// entry has several plural forms and the form is used for fewer than
    /// five numbers of 0…1000 (`often`, from the file's Plural-Forms; none:
    /// never strict). Nil where Parlance reads no strings of `flag`, or the
    /// msgid is none of them (msgfmt's to report).
    static func translationFits(flag: String, msgid: String, msgidPlural: String?, msgstr: [String], often: () -> [Bool]?) -> Bool? {
        guard let read = reader(flag: flag), let source = read.parse(msgidPlural ?? msgid) else { return nil }
        let plurals = msgidPlural != nil && msgstr.count > 1
        let distribution = plurals ? often() : nil
        for (index, text) in msgstr.enumerated() {
            let strict = !plurals || (distribution.map { index < $0.count && $0[index] } ?? false)
            guard let translation = read.parse(text),
                  fits(source, translation, strict: strict, fewerPositional: read.fewerPositional) else { return false }
        }
        return true
    }
}
