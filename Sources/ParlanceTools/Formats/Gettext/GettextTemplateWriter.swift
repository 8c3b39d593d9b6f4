/// The `.pot` writer for extracted messages (`extract --format pot`,
/// through `GettextFormat.template`): the header gettext needs, `#.`
/// notes, `#:` references, xgettext's format flags (`#, c-format`),
/// `msgctxt`/`msgid`/`msgid_plural` and empty translations, in the order
/// given. Strings are C-escaped and never wrapped. No creation date is
/// written, so the same sources give the same bytes.
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
            if !message.formatFlags.isEmpty { text += "#, " + message.formatFlags.joined(separator: ", ") + "\n" }
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

    /// A C string literal, as `.po` files spell them.
    static func quote(_ text: String) -> String { POWriter.quote(text) }
}

