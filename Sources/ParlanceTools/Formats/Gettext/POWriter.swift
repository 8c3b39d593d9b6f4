import Parlance

/// gettext `.po`/`.pot` text, in the layout `msgmerge` and `xgettext` use:
///
///     # translator comment
///     #. note for translators (from the source code)
///     #: src/main.c:12 src/other.c:40
///     #, fuzzy, c-format
///     #| msgid "previous source text"
///     msgctxt "context"
///     msgid "one file"
///     msgid_plural "%d files"
///     msgstr[0] ""
///     msgstr[1] ""
///
/// Entries are separated by a blank line; obsolete ones are written with
/// `#~` before each keyword line, after the live entries, as `msgmerge` does.
/// A string containing a newline other than at its very end is split after
/// each `\n` into continuation lines (`msgid ""` first). Long lines are not
/// wrapped: every gettext tool reads them, and diffs stay one line per change.
public enum POWriter {
    /// A quoted, escaped `.po` string.
    public static func quote(_ text: String) -> String { Quoting.quote(text, Quoting.po) }

    /// `keyword "text"`, or `keyword ""` and one line per `\n`-ended piece.
    static func field(_ keyword: String, _ text: String, prefix: String) -> String {
        let pieces = splitLines(text)
        if pieces.count <= 1 { return prefix + keyword + " " + quote(text) + "\n" }
        var out = prefix + keyword + " \"\"\n"
        for piece in pieces { out += prefix + quote(piece) + "\n" }
        return out
    }

    /// Pieces each ending with `\n` (the last may not).
    static func splitLines(_ text: String) -> [String] {
        // Most texts have no line break, or one at the very end: one piece.
        let utf8 = text.utf8
        if let first = utf8.firstIndex(of: UInt8(ascii: "\n")), utf8.index(after: first) != utf8.endIndex {
            return splitLines(scalars: text)
        }
        return text.isEmpty ? [] : [text]
    }

    private static func splitLines(scalars text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// A comment of any number of lines, each line behind `marker` (`#`,
    /// `#.`): a line break inside a comment must not start a line gettext
    /// would read as anything else.
    static func comment(_ marker: String, _ text: String) -> String {
        var out = ""
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }   // a note ending with its line break
        for line in lines {
            out += line.isEmpty ? marker + "\n" : marker + " " + line + "\n"
        }
        return out
    }

    /// One entry, without the blank line that separates entries.
    package static func entry(_ entry: POEntry) -> String {
        var out = ""
        for comment in entry.translatorComments { out += Self.comment("#", comment) }
        for note in entry.extractedComments { out += Self.comment("#.", note) }
        if !entry.references.isEmpty { out += "#: " + entry.references.joined(separator: " ") + "\n" }
        if !entry.flags.isEmpty { out += "#, " + entry.flags.joined(separator: ", ") + "\n" }
        let prefix = entry.isObsolete ? "#~ " : ""
        if let previous = entry.previousContext { out += field("msgctxt", previous, prefix: prefix + "#| ") }
        if let previous = entry.previousMsgid { out += field("msgid", previous, prefix: prefix + "#| ") }
        if let previous = entry.previousMsgidPlural { out += field("msgid_plural", previous, prefix: prefix + "#| ") }
        if let context = entry.context { out += field("msgctxt", context, prefix: prefix) }
        out += field("msgid", entry.msgid, prefix: prefix)
        if let plural = entry.msgidPlural {
            out += field("msgid_plural", plural, prefix: prefix)
            let forms = entry.msgstr.isEmpty ? ["", ""] : entry.msgstr
            for (index, text) in forms.enumerated() { out += field("msgstr[\(index)]", text, prefix: prefix) }
        } else {
            out += field("msgstr", entry.msgstr.first ?? "", prefix: prefix)
        }
        return out
    }

    /// A whole file: the header (if any) first, live entries, then obsolete ones.
    package static func file(_ entries: [POEntry]) -> String {
        var out = ""
        for pass in 0..<3 {   // the header, live entries, obsolete ones
            for item in entries where (item.isObsolete ? 2 : item.isHeader ? 0 : 1) == pass {
                if !out.isEmpty { out += "\n" }
                out += entry(item)
            }
        }
        return out
    }

    /// A header entry from `Name: value` fields.
    package static func header(_ fields: [(String, String)], comments: [String] = [], fuzzy: Bool = false) -> POEntry {
        var entry = POEntry(msgid: "", msgstr: [fields.map { "\($0.0): \($0.1)\n" }.joined()])
        entry.translatorComments = comments
        if fuzzy { entry.flags = ["fuzzy"] }
        return entry
    }
}
