/// i18next's interpolation and nesting, as i18next 22's `Interpolator` does them:
///
/// - `{{name}}` is the named value, escaped for HTML when `escape` is on
///   (`& < > " ' /` as `&amp; &lt; &gt; &quot; &#39; &#x2F;`); `{{- name}}`
///   is never escaped; spaces inside the braces are allowed; `{{name,
///   format}}` formats the value with i18next's built-in formatters in
///   `locale` (`I18nextFormat`). A name with no value stays as written.
///   Numbers print as JavaScript prints them (`7`, `1.5`).
/// - `$t(key)`, `$t(ns:key)` and `$t(key, {"count": 2})` insert another
///   message, formatted with the caller's values and context, overridden by
///   the JSON options (`{{name}}` inside them is filled first; single quotes
///   stand for double quotes). A missing nested key inserts the key. A
///   message nesting the message that nests it inserts nothing there (once
///   around, as i18next), and nesting stops at `maxDepth`.
/// - Values are inserted as they are: a value holding `{{x}}` or `$t(x)` is
///   not read again.
enum I18nextMessage {
    static let maxDepth = 8

    /// What a nested `$t(…)` asks for: a key, its table (namespace) when
    /// named, and the values it is formatted with.
    struct Nested {
        var key: String
        var table: String?
        var values: [String: FormatArgument]
        var context: String?
    }

    /// `text` with its values and nested messages; `nest` formats a nested message (nil: missing).
    /// `isolate` wraps each interpolated value (bidi isolation, `FormatOptions`).
    static func format(_ text: String, values: [String: FormatArgument], escape: Bool, locale: String? = nil,
                       isolate: (String) -> String = { $0 }, nest: (Nested) -> String?) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 == "{" || $0 == "$" }) {
            out += rest[..<start]
            rest = rest[start...]
            if rest.hasPrefix("{{"), let close = rest.firstRange(of: "}}") {
                out += interpolated(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound], values: values,
                                    escape: escape, locale: locale).map(isolate) ?? String(rest[..<close.upperBound])
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("$t("), let close = rest.firstIndex(of: ")") {
                let inside = rest[rest.index(rest.startIndex, offsetBy: 3)..<close]
                out += nested(inside, values: values, escape: escape, nest: nest)
                rest = rest[rest.index(after: close)...]
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out + rest
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
        if let formats, let locale, let formatted = I18nextFormat.apply(value, formats: formats, locale: locale) { text = formatted }
        return raw || !escape ? text : escapeHTML(text)
    }

    /// `$t(key)` or `$t(key, {options})`.
    private static func nested(_ inside: Substring, values: [String: FormatArgument], escape: Bool,
                               nest: (Nested) -> String?) -> String {
        var keyPart = inside
        var merged = values
        var context = values["context"].flatMap { if case .string(let text) = $0 { text } else { nil } }
        if let comma = inside.firstIndex(of: ","), let brace = inside[comma...].firstIndex(of: "{") {
            keyPart = inside[..<comma]
            // The options may name the caller's values: {{n}} is filled first.
            var json = format(String(inside[brace...]), values: values, escape: false, locale: nil) { _ in nil }
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
        var table: String?
        if let colon = key.firstIndex(of: ":") {
            table = String(key[..<colon])
            key = key[key.index(after: colon)...]
        }
        let request = Nested(key: String(key), table: table, values: merged, context: context)
        return nest(request) ?? String(key)
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
