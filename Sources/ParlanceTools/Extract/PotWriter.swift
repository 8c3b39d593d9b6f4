/// A minimal `.pot` writer for extracted messages: the header gettext
/// needs, `#.` notes, `#:` references, `msgctxt`/`msgid`/`msgid_plural`
/// and empty translations. Strings are C-escaped and never wrapped. No
/// creation date is written, so the same sources give the same bytes.
///
/// This is extraction's own output until `parlance merge`'s writers
/// (Sources/ParlanceTools/Merge, Writers) take over `--format po`.
public enum PotWriter {
    /// The `.pot` text of the messages of one table.
    public static func pot(_ messages: [SourceMessage]) -> String {
        var text = """
            # Translatable messages, extracted by parlance extract.
            #, fuzzy
            msgid ""
            msgstr ""
            "Project-Id-Version: PACKAGE VERSION\\n"
            "Language: \\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"

            """
        for message in messages {
            text += "\n"
            for note in message.notes { text += POWriter.comment("#.", note) }
            if !message.references.isEmpty {
                text += "#: " + message.references.map { "\($0.path):\($0.line)" }.joined(separator: " ") + "\n"
            }
            if let context = message.context { text += "msgctxt \(quote(context))\n" }
            text += "msgid \(quote(message.key))\n"
            if let plural = message.plural {
                text += "msgid_plural \(quote(plural))\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
            } else {
                text += "msgstr \"\"\n"
            }
        }
        return text
    }

    /// The `.pot` files for a result's messages (sorted by `MessageID`):
    /// one per table, nil table named `defaultTable`; (file name, text)
    /// sorted by name.
    public static func files(_ messages: [SourceMessage], defaultTable: String) -> [(name: String, text: String)] {
        let byTable = Dictionary(grouping: messages) { $0.table ?? defaultTable }
        // Grouping keeps each table's messages in the order given: `ExtractionResult`'s, by `MessageID`.
        return byTable.keys.sorted().map { table in (table + ".pot", pot(byTable[table]!)) }
    }

    /// A C string literal, as `.po` files spell them.
    static func quote(_ text: String) -> String { POWriter.quote(text) }
}

/// `parlance extract --list`: one line per message,
/// `key<TAB>context<TAB>plural<TAB>table<TAB>refs`, fields escaped like C
/// strings (without quotes) so tabs and newlines stay on one line, refs
/// `path:line` separated by spaces.
public enum ExtractListing {
    public static func lines(_ messages: [SourceMessage]) -> String {
        messages.map { m in
            [escape(m.key), escape(m.context ?? ""), escape(m.plural ?? ""), escape(m.table ?? ""),
             m.references.map { "\($0.path):\($0.line)" }.joined(separator: " ")].joined(separator: "\t") + "\n"
        }.joined()
    }

    static func escape(_ text: String) -> String {
        String(PotWriter.quote(text).dropFirst().dropLast())
    }

    /// `--list --report json`: one object per message, in the listing's order
    /// (absent members: no context, plural or table).
    public static func json(_ messages: [SourceMessage]) -> String {
        "[" + messages.map { m in
            var members = ["\"key\":\(JSONWriter.quote(m.key))"]
            if let context = m.context { members.append("\"context\":\(JSONWriter.quote(context))") }
            if let plural = m.plural { members.append("\"plural\":\(JSONWriter.quote(plural))") }
            if let table = m.table { members.append("\"table\":\(JSONWriter.quote(table))") }
            members.append("\"notes\":[" + m.notes.map(JSONWriter.quote).joined(separator: ",") + "]")
            members.append("\"references\":[" + m.references.map {
                "{\"path\":\(JSONWriter.quote($0.path)),\"line\":\($0.line)}"
            }.joined(separator: ",") + "]")
            return "{" + members.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]"
    }
}
