/// i18next's interpolation and nesting, as i18next 22's `Interpolator` does them:
///
/// - `{{name}}` is the named value, escaped for HTML when `escape` is on
///   (`& < > " ' /` as `&amp; &lt; &gt; &quot; &#39; &#x2F;`); `{{- name}}`
///   is never escaped; spaces inside the braces are allowed; `{{name,
///   format}}` formats the value with i18next's built-in formatters in
///   `locale` (`I18nextFormatter`). A name with no value stays as written.
///   Numbers print as JavaScript prints them (`7`, `1.5`).
/// - `$t(key)`, `$t(ns:key)` and `$t(key, {"count": 2})` insert another
///   message, formatted with the caller's values and context, overridden by
///   the JSON options (`{{name}}` inside them is filled first; single quotes
///   stand for double quotes). A missing nested key inserts the key. A
///   `$t(…)` spelling the key exactly as the message's own caller spelled
///   it inserts nothing there (i18next compares the key texts, so
///   `$t(ns:self)` inside `self` asked for as `self` goes round twice), and
///   nesting stops at `maxDepth`.
/// - Values are inserted as they are: a value holding `{{x}}` or `$t(x)` is
///   not read again.
enum I18nextMessage {
    static let maxDepth = 8

    /// What a nested `$t(…)` asks for: a key, its table (namespace) when
    /// named, and the values it is formatted with; `spelled` is the key as
    /// written (`ns:key`), which i18next compares to tell a message nesting
    /// the one that nests it.
    struct Nested {
        var spelled: String
        var key: String
        var table: String?
        var values: [String: FormatArgument]
        var context: String?
    }

    /// `text` with its values and nested messages; `nest` formats a nested message (nil: missing).
    /// `isolate` wraps each interpolated value (bidi isolation, `FormatOptions`).
    /// `budget` takes the length of each piece before it is written: once
    /// it refuses one, the text stops there (the caller reports the limit).
    /// Scanned as UTF-8, each byte once: a `{{` with no `}}` after it, or a
    /// `$t(` with no `)`, ends the search for either.
    static func format(_ text: String, values: [String: FormatArgument], escape: Bool, locale: String? = nil,
                       budget: NestingBudget? = nil, isolate: (String) -> String = { $0 },
                       nest: (Nested) -> String?) -> String {
        var out = ""
        var rest = Substring(text)
        var closes = (braces: true, parenthesis: true)   // whether a `}}` / `)` may still follow
        func take<S: StringProtocol>(_ piece: S) -> Bool {
            if let budget, !budget.write(piece.utf8.count) { return false }
            out += piece
            return true
        }
        while let start = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "$") }) {
            guard take(rest[..<start]) else { return out }
            rest = rest[start...]
            if closes.braces, rest.utf8.starts(with: "{{".utf8) {
                guard let close = firstRange(of: "}}", in: rest) else {
                    closes.braces = false
                    continue
                }
                let inside = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                let piece = interpolated(inside, values: values, escape: escape, locale: locale).map(isolate)
                guard take(piece ?? String(rest[..<close.upperBound])) else { return out }
                rest = rest[close.upperBound...]
            } else if closes.parenthesis, rest.utf8.starts(with: "$t(".utf8) {
                guard let close = rest.utf8.firstIndex(of: UInt8(ascii: ")")) else {
                    closes.parenthesis = false
                    continue
                }
                let inside = rest[rest.utf8.index(rest.startIndex, offsetBy: 3)..<close]
                guard let piece = nested(inside, values: values, escape: escape, budget: budget, nest: nest),
                      budget?.overflowed != true else { return out }
                out += piece
                rest = rest[rest.utf8.index(after: close)...]
            } else {
                let next = rest.utf8.index(after: rest.startIndex)
                guard take(rest[..<next]) else { return out }
                rest = rest[next...]
            }
        }
        _ = take(rest)
        return out
    }

    /// The first `target` (ASCII) in `text`, compared as UTF-8.
    private static func firstRange(of target: StaticString, in text: Substring) -> Range<String.Index>? {
        let bytes = UnsafeBufferPointer(start: target.utf8Start, count: target.utf8CodeUnitCount)
        var index = text.startIndex
        while let found = text.utf8[index...].firstIndex(of: bytes[0]) {
            if text.utf8[found...].starts(with: bytes) {
                return found..<text.utf8.index(found, offsetBy: bytes.count)
            }
            index = text.utf8.index(after: found)
        }
        return nil
    }

    /// The text of `{{inside}}`, or nil to keep it as written.
    private static func interpolated(_ inside: Substring, values: [String: FormatArgument], escape: Bool,
                                     locale: String?) -> String? {
        var name = trimmed(inside)
        var raw = false
        if name.hasPrefix("-") {
            raw = true
            name = trimmed(name.dropFirst())
        }
        var formats: Substring? = nil
        if let comma = name.firstIndex(of: ",") {
            formats = name[name.index(after: comma)...]
            name = trimmed(name[..<comma])
        }
        guard let value = values[String(name)] else { return nil }
        var text = javaScriptString(value)
        if let formats, let locale, let formatted = I18nextFormatter.apply(value, formats: formats, locale: locale) { text = formatted }
        return raw || !escape ? text : escapeHTML(text)
    }

    /// `$t(key)` or `$t(key, {options})`.
    /// The inserted text, nil when `budget` refused it.
    private static func nested(_ inside: Substring, values: [String: FormatArgument], escape: Bool,
                               budget: NestingBudget?, nest: (Nested) -> String?) -> String? {
        var keyPart = inside
        var merged = values
        var context = values["context"].flatMap { if case .string(let text) = $0 { text } else { nil } }
        if let comma = inside.firstIndex(of: ","), let brace = inside[comma...].firstIndex(of: "{") {
            keyPart = inside[..<comma]
            // The options may name the caller's values: {{n}} is filled first.
            var json = format(String(inside[brace...]), values: values, escape: false, locale: nil, budget: budget) { _ in nil }
            if budget?.overflowed == true { return nil }
            if !json.contains("\""), json.contains("'") { json = String(json.map { $0 == "'" ? "\"" : $0 }) }
            if let options = try? JSONParser.parse(Array(json.utf8), path: nil), case .object(let members) = options.value {
                for member in members {
                    switch member.value.value {
                    case .string(let text):
                        if member.key == "context" { context = text } else { merged[member.key] = .string(text) }
                    case .number(let spelled):
                        merged[member.key] = Int64(spelled).map(FormatArgument.int) ?? Double(spelled).map(FormatArgument.double)
                    case .bool(let flag):
                        merged[member.key] = .int(flag ? 1 : 0)
                    default:
                        continue
                    }
                }
            }
        }
        var key = trimmed(keyPart)
        let spelled = String(key)
        var table: String?
        if let colon = key.firstIndex(of: ":"), looksLikeObjectPath(key) {
            table = String(key[..<colon])
            key = key[key.index(after: colon)...]
        }
        let request = Nested(spelled: spelled, key: String(key), table: table, values: merged, context: context)
        if let text = nest(request) { return text }
        if let budget, !budget.write(key.utf8.count) { return nil }
        return String(key)
    }

    /// i18next's `looksLikeObjectPath`: a key holding ` `, `,`, `?`, `!` or
    /// `;` (before its first `.`, when that is not its start) is a text,
    /// whose `:` names no namespace (`$t(ns:New API key)` is the key
    /// `ns:New API key`).
    static func looksLikeObjectPath(_ key: Substring) -> Bool {
        let sentence: (Character) -> Bool = { " ,?!;".contains($0) }
        guard key.contains(where: sentence) else { return true }
        guard let dot = key.firstIndex(of: "."), dot != key.startIndex else { return false }
        return !key[..<dot].contains(where: sentence)
    }

    /// A value as JavaScript's `String(value)` spells it.
    static func javaScriptString(_ value: FormatArgument) -> String {
        switch value {
        case .string(let text), .decimal(let text): return text
        case .date(let milliseconds): return DateText.iso8601(milliseconds)
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let items): return items.joined(separator: ",")
        case .int(let n): return String(n)
        case .double(let d):
            if d.isNaN { return "NaN" }
            if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
            if d == d.rounded(), abs(d) < 1e21 { return String(Int64(d)) }
            return "\(d)"
        }
    }

    /// i18next's `escape`: `& < > " ' /`.
    static func escapeHTML(_ text: String) -> String { XMLReference.escape(text, slash: true) }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
