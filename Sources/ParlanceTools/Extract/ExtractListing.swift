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
        String(Quoting.quote(text, Quoting.c).dropFirst().dropLast())
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
