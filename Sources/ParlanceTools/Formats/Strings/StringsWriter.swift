/// Apple `.strings` text as Xcode's genstrings writes it:
///
///     /* Note for translators */
///     "key" = "value";
///
/// Strings are always double-quoted. `"` and `\` are escaped, as are the
/// control characters (`\n`, `\t`, `\r`, and `\UXXXX` for the rest, which
/// CoreFoundation reads back as the same UTF-16 unit); everything else,
/// non-ASCII included, is written as is and left to the file's encoding.
public enum StringsWriter {
    /// A quoted, escaped `.strings` string.
    public static func quote(_ text: String) -> String { Quoting.quote(text, Quoting.strings) }

    /// `/* note */` (notes joined by newlines); `*/` inside a note is broken
    /// up so the comment cannot end early. Empty when there are no notes.
    public static func comment(_ notes: [String]) -> String {
        guard !notes.isEmpty else { return "" }
        let text = EntryComment.text(notes).replacingAll("*/", with: "* /")
        return "/* " + text + " */"
    }

    /// `"key" = "value";`
    public static func line(key: String, value: String) -> String {
        quote(key) + " = " + quote(value) + ";"
    }

    /// A whole file for entries written from scratch: a blank line between
    /// entries, the note above each.
    public static func file(_ entries: [(key: String, value: String, notes: [String])]) -> String {
        entries.map { entry in
            let note = comment(entry.notes)
            return (note.isEmpty ? "" : note + "\n") + line(key: entry.key, value: entry.value) + "\n"
        }.joined(separator: "\n")
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, containsOccurrence(of: target) else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstOccurrence(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
