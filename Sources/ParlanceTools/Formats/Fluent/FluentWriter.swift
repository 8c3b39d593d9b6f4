import Parlance

/// Fluent source written from table entries (`convert`, merge's new
/// entries, pseudo): `id = …` for a key, `.attr = …` under its message for
/// `id.attr`, `-id = …` for a term (the context `-`), `#` lines for the
/// notes. A text holding `{` is a pattern's source as a Fluent table
/// stores it (`FluentStoredValue`) and is written as it is; any other text
/// is written so that Fluent reads it back as that text.
enum FluentWriter {
    static let termPrefix = "(" + FluentMessageSyntax.termContext + ")"

    /// A key Fluent can spell: `id`, `id.attr`, or a term's.
    static func isKey(_ key: String) -> Bool {
        let plain = key.hasPrefix(termPrefix) ? String(key.dropFirst(termPrefix.count)) : key
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy(isIdentifier)
    }

    private static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// Whether a text can be written: no `{`, or the source of one pattern.
    static func isWritable(_ text: String) -> Bool {
        guard text.contains("{") else { return true }
        let resource = FluentParser.parse("x =" + (text.hasPrefix("\n") ? "" : " ") + text)
        guard resource.entries.count == 1, case .message = resource.entries[0] else { return false }
        return true
    }

    static func render(_ entries: [(key: String, value: EntryValue, notes: [String])]) -> String {
        var order: [String] = []
        var groups: [String: (value: String?, attributes: [(String, String)], notes: [String])] = [:]
        for entry in entries {
            guard case .text(let text) = entry.value else { continue }
            let term = entry.key.hasPrefix(termPrefix)
            let plain = term ? String(entry.key.dropFirst(termPrefix.count)) : entry.key
            let parts = plain.split(separator: ".", maxSplits: 1).map(String.init)
            guard let id = parts.first.map({ (term ? "-" : "") + $0 }) else { continue }
            if groups[id] == nil { order.append(id); groups[id] = (nil, [], []) }
            if parts.count == 2 { groups[id]!.attributes.append((parts[1], text)) } else { groups[id]!.value = text }
            if groups[id]!.notes.isEmpty { groups[id]!.notes = entry.notes }
        }
        var out = ""
        for id in order {
            let group = groups[id]!
            for note in group.notes {
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += line.isEmpty ? "#\n" : "# " + line + "\n"
                }
            }
            out += id + " =" + (group.value.map { pattern($0) } ?? "") + "\n"
            for (name, text) in group.attributes { out += "    ." + name + " =" + pattern(text, indent: "        ") + "\n" }
        }
        return out
    }

    /// The text after `=`: a source as it is, a text escaped where Fluent
    /// would read it otherwise (leading and trailing spaces, `}`, a line
    /// starting with `[`, `*` or `.`, an empty text).
    static func pattern(_ text: String) -> String { pattern(text, indent: "    ") }

    static func pattern(_ text: String, indent: String) -> String {
        if text.contains("{") { return text.hasPrefix("\n") ? text : " " + text }
        if text.isEmpty { return " {\"\"}" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var out = " " + line(lines[0], continuation: false)
        for next in lines.dropFirst() {
            out += "\n" + (next.isEmpty ? "" : indent + line(next, continuation: true))
        }
        if lines.count > 1, lines.last!.isEmpty { out += indent + "{\"\"}" }
        return out
    }

    private static func line(_ line: Substring, continuation: Bool) -> String {
        var rest = line
        var out = ""
        let lead = rest.prefix { $0 == " " }
        if !lead.isEmpty {
            out += "{\"" + lead + "\"}"
            rest = rest.dropFirst(lead.count)
        } else if continuation, let first = rest.first, "[*.".contains(first) {
            out += "{\"" + String(first) + "\"}"
            rest = rest.dropFirst()
        }
        let trailing = rest.reversed().prefix { $0 == " " }.count
        out += rest.dropLast(trailing).replacingOccurrences(of: "}", with: "{\"}\"}")
        if trailing > 0 { out += "{\"" + String(repeating: " ", count: trailing) + "\"}" }
        return out
    }
}

private extension Substring {
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
