import Parlance

/// Messages read back from table files, for `parlance merge --from`:
/// a `.pot`/`.po` gives msgctxt, msgid, msgid_plural, `#.` notes and `#:`
/// references; a `.strings`, `.stringsdict` or JSON table gives its keys
/// (contexts stay spelled in the key), its texts as default values and
/// `.strings` notes; a String Catalog gives its keys, its source language's
/// texts and each entry's `comment`; an i18next namespace (a `.json` in a
/// folder named for a language, not `.lproj`: lint's rule) gives its keys as
/// the runtime flattens them, its plural forms as one message, a context
/// spelled in the key (`friend_male`); plural entries become plural messages.
/// The table is the file name without its extension; an i18next namespace
/// under `i18nextRoot` (merge's output) is named by its path below its
/// language folder (`LNG/components/dialog.json`: `components/dialog`).
package enum TableMessages {
    package static func read(_ path: String, i18nextRoot: String? = nil) throws -> [SourceMessage] {
        guard FileSystemTools.isFile(path) else { throw ToolError.io("no such file", path: path) }
        let (stem, ext) = FileSystemTools.splitExtension(FileSystemTools.baseName(path))
        if ext == "json", let namespace = CatalogLayout.i18nextNamespace(path, root: i18nextRoot) {
            return try I18nextDocument(path: path, locale: namespace.locale).entries.map { message($0, table: namespace.table) }
        }
        switch ext.lowercased() {
        case "pot", "po":
            let (entries, _) = try POFile.parse(try FileSystem.read(path), path: path)
            return entries.filter { !$0.isHeader && !$0.isObsolete }.map { entry in
                SourceMessage(key: entry.msgid, context: entry.context, plural: entry.msgidPlural, table: stem,
                              notes: entry.extractedComments, references: entry.references.map(reference))
            }
        case "strings":
            return try StringsDocument(path: path).entries.map { message($0, table: stem) }
        case "stringsdict":
            return try StringsdictDocument(path: path).entries.map { message($0, table: stem) }
        case "json":
            return try JSONDocument(path: path).entries.map { message($0, table: stem) }
        case "xcstrings":
            return try XCStringsLocalization.entries(path: path).tables.first?.entries.map { message($0, table: stem) } ?? []
        default:
            throw ToolError.io("cannot read messages from a '.\(ext)' file (pot, po, strings, stringsdict, json or xcstrings)", path: path)
        }
    }

    static func message(_ entry: DocumentEntry, table: String) -> SourceMessage {
        switch entry.value {
        case .text(let text):
            return SourceMessage(key: entry.key, table: table, notes: entry.notes, defaultValue: text)
        default:
            let forms = entry.value.pluralForms
            return SourceMessage(key: entry.key, plural: forms?[.other] ?? entry.key, table: table, notes: entry.notes,
                                 defaultValue: forms?[.one])
        }
    }

    /// `path:line` (a reference without a line number gets 0).
    static func reference(_ text: String) -> SourceMessage.Reference {
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            return SourceMessage.Reference(path: String(text[..<colon]), line: line)
        }
        return SourceMessage.Reference(path: text, line: 0)
    }
}
