/// The text grammar of Apple `.strings` files: the old-style (OpenStep)
/// property list dictionary as CoreFoundation's `CFOldStylePList.c` reads it.
///
///     file   = space ( "{" pairs "}" | pairs ) space
///     pairs  = { string space ( "=" space string space | ) ";" space }
///     string = '"' ... '"' | "'" ... "'" | unquoted
///
/// `key;` is shorthand for `key = key;`. Space is U+0009...U+000D, U+0020,
/// U+2028, U+2029, `// ...` to the end of the line and `/* ... */`.
///
/// Where CoreFoundation silently accepts input that loses entries, this parser
/// reports an error instead (each is tested):
/// - an unterminated `/*` (CF drops the rest of the file);
/// - anything after the last `;` that does not start a key, such as `@` or a
///   stray `}` (CF stops reading there and keeps what it had);
/// - an empty file is an empty table (CF refuses zero-length data).
/// Values that are not strings (`{...}` dictionaries, `(...)` arrays, `<...>`
/// data) are valid old-style plists but not string tables: they are errors.
struct StringsParser {
    let text: [Unicode.Scalar]
    let path: String?
    var position = 0
    private let locator: TextLocator

    /// Where reading stopped early, like CoreFoundation, at text that cannot
    /// start a key; the entries before it are kept and the rest is ignored.
    private(set) var ignoredFrom: (line: Int, column: Int, found: String)? = nil

    init(_ text: [Unicode.Scalar], path: String?) {
        self.text = text
        self.path = path
        self.locator = TextLocator(text)
    }

    /// Every `key = value;` in file order, duplicates included.
    mutating func parse() throws(ParlanceError) -> [ParsedEntry] {
        try skipSpace()
        guard position < text.count else { return [] }
        var entries: [ParsedEntry] = []
        if text[position] == "{" {
            let brace = position
            position += 1
            try parsePairs(into: &entries, closer: "}")
            guard position < text.count else {
                throw error("missing '}' to close the '{'", at: brace)
            }
            position += 1  // the "}"
            try skipSpace()
            if position < text.count {
                throw error("unexpected \(describe(text[position])) after the closing '}'", at: position)
            }
        } else {
            try parsePairs(into: &entries, closer: nil)
        }
        return entries
    }

    /// `key = value;` pairs until the end of the text or, when wrapped, until `closer`.
    private mutating func parsePairs(into entries: inout [ParsedEntry], closer: Unicode.Scalar?) throws(ParlanceError) {
        while true {
            try skipSpace()
            guard position < text.count else { return }
            let scalar = text[position]
            if scalar == closer { return }
            guard Self.startsString(scalar) else {
                if closer == nil && !entries.isEmpty {
                    // CoreFoundation stops here and keeps what it read; so do we (lint warns).
                    let (line, column) = locator.location(of: position)
                    ignoredFrom = (line, column, describe(scalar))
                    position = text.count
                    return
                }
                throw error("unexpected \(describe(scalar)), expected a key", at: position)
            }
            let keyStart = position
            let key = try parseString()
            var afterValue = position
            try skipSpace()
            let value: String
            if position < text.count, text[position] == "=" {
                position += 1
                try skipSpace()
                guard position < text.count else {
                    throw error("unexpected end of file, expected a value", at: position)
                }
                let start = text[position]
                if start == "{" || start == "(" || start == "<" {
                    throw error("the value of \"\(key)\" must be a string, not \(describe(start))", at: position)
                }
                guard Self.startsString(start) else {
                    throw error("unexpected \(describe(start)), expected a value", at: position)
                }
                value = try parseString()
                afterValue = position
                try skipSpace()
            } else if position < text.count, text[position] == ";" {
                value = key
            } else if position < text.count {
                throw error("unexpected \(describe(text[position])), expected '=' or ';' after the key", at: position)
            } else {
                throw error("missing ';'", at: afterValue)
            }
            guard position < text.count, text[position] == ";" else {
                throw error("missing ';'", at: afterValue)
            }
            position += 1
            let (line, column) = locator.location(of: keyStart)
            entries.append(ParsedEntry(key: key, value: .text(value), line: line, column: column))
        }
    }

    static func startsString(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "'" || isUnquoted(scalar)
    }

    /// `[A-Za-z0-9_$/:.-]`, the characters of an unquoted string.
    static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "/", ":", ".", "-": return true
        default: return false
        }
    }

    /// A quoted or unquoted string starting at `position`.
    private mutating func parseString() throws(ParlanceError) -> String {
        let first = text[position]
        guard first == "\"" || first == "'" else {
            let start = position
            while position < text.count, Self.isUnquoted(text[position]) { position += 1 }
            var result = String()
            result.unicodeScalars.append(contentsOf: text[start..<position])
            return result
        }
        let quoteStart = position
        position += 1
        // UTF-16 because `\U` escapes produce UTF-16 code units.
        var units: [UInt16] = []
        while position < text.count {
            let scalar = text[position]
            if scalar == first {
                position += 1
                return String(decoding: units, as: UTF16.self)
            }
            position += 1
            if scalar == "\\" {
                guard position < text.count else { break }
                decodeEscape(into: &units)
            } else {
                units.append(contentsOf: UTF16.encode(scalar)!)  // a scalar always encodes
            }
        }
        throw error("unterminated string", at: quoteStart)
    }

    /// Skips whitespace and comments.
    private mutating func skipSpace() throws(ParlanceError) {
        while position < text.count {
            let scalar = text[position]
            switch scalar {
            case "\u{09}"..."\u{0D}", " ", "\u{2028}", "\u{2029}":
                position += 1
            case "/" where position + 1 < text.count && text[position + 1] == "/":
                position += 2
                while position < text.count {
                    let c = text[position]
                    if c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" { break }
                    position += 1
                }
            case "/" where position + 1 < text.count && text[position + 1] == "*":
                let start = position
                position += 2
                while true {
                    guard position + 1 < text.count else {
                        throw error("unterminated comment", at: start)
                    }
                    if text[position] == "*" && text[position + 1] == "/" { break }
                    position += 1
                }
                position += 2
            default:
                return
            }
        }
    }

    private func error(_ message: String, at index: Int) -> ParlanceError {
        let (line, column) = locator.location(of: index)
        return .syntax(message, path: path, line: line, column: column)
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x21 && scalar.value < 0x7F { return "'\(scalar)'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
