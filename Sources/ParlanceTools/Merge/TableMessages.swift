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
        guard let (format, table, locale) = OutputFormat.messageSource(path, i18nextRoot: i18nextRoot) else {
            let ext = FileSystemTools.splitExtension(path).ext
            throw ToolError.io("cannot read messages from a '.\(ext)' file (\(OutputFormat.messageExtensions))", path: path)
        }
        return try format.tools.messages(path: path, table: table, locale: locale)
    }
}
