import Parlance

/// Fluent resources as the tools see them: `ROOT/LOCALE/TABLE.ftl` (a
/// table in folders, Thunderbird's `mail/messenger/chat`, Firefox's
/// `browser/preferences/preferences`, is its path under the language
/// folder, `FluentFolder`); the document keeps every byte of an untouched
/// file (`FluentDocument`), and lint lists each Junk entry with its place.
struct FluentToolFormat: FileDocumentFormat {
    typealias Document = FluentDocument

    var name: String { "fluent" }
    var tableFormats: [TableFormat] { [.fluent] }
    func convertName(_ format: TableFormat) -> String { name }
    var messageExtensions: [String] { [TableFormat.fluent.fileExtension] }
    var folderShape: String { "LOCALE/NAME.ftl files" }
    var tableFolders: Bool { true }
    var printfPlaceholders: Bool { false }
    var defaultTable: String { "main" }
    /// No untranslated mark: a copy of the source counts as untranslated.
    func marksUntranslated(_ format: TableFormat) -> Bool { false }

    func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        let resource = FluentParser.parse(bytes: bytes, path: path)
        let findings = resource.errors.map { error in
            LintFinding(path: path, line: error.line, column: error.column, severity: .error,
                        message: error.message + " (the entry is Junk: the runtime leaves it out)")
        }
        return ([FluentFile.entries(resource, path: path)], findings)
    }

    /// A resource under a language folder is the table of its path from
    /// there (`de/mail/messenger/chat.ftl`: `mail/messenger/chat`), as the
    /// folder's listing names it; a `LOCALE.ftl` the table of its name.
    func placedFile(_ path: String, root: String?) -> (table: String, locale: String)? {
        guard FileSystemTools.splitExtension(path).ext == TableFormat.fluent.fileExtension else { return nil }
        let stem = FileSystemTools.splitExtension(FileSystemTools.baseName(path)).stem
        if FluentFolder.isLocale(stem) { return (stem, stem) }
        return FluentFolder.resource(path).map { (table: $0.table, locale: $0.locale) }
    }

    func directory(_ place: CatalogPlace, locale: String) -> String { place.join(locale) }

    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        [FileSystemTools.join(directory(place, locale: locale), table + "." + TableFormat.fluent.fileExtension)]
    }

    func locale(member name: String, _ place: CatalogPlace) -> String? {
        FluentFolder.isLocale(name) && FileSystem.isDirectory(place.join(name)) && !tables(place, locale: name).isEmpty
            ? name : nil
    }

    func tables(_ place: CatalogPlace, locale: String) -> [String] {
        ((try? FluentFolder.tables(in: directory(place, locale: locale))) ?? []).map(\.name)
    }

    func holds(_ place: CatalogPlace) -> Bool { !locales(place).isEmpty }

    func target(file: Bool) -> ConvertTarget {
        // A term keeps its context `-` (written `-id`); another context is spelled into the id, `id-context`.
        let spell: @Sendable (String, String) -> String = { key, context in
            context == FluentMessageSyntax.termContext ? ContextKey.compose(key, context: context) : key + "-" + context
        }
        var target = ConvertTarget(name: "Fluent", contexts: .suffix(spell), variables: false)
        target.invalidKey = ({ FluentWriter.isKey($0) }, "not a Fluent identifier (a letter, then letters, digits, - and _; .attribute)")
        target.unwritable = { text in FluentWriter.isWritable(text) ? nil : "holds { but is no Fluent pattern" }
        return target
    }

    func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
               path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            [(FileSystemTools.join(table.locale, table.name + "." + TableFormat.fluent.fileExtension),
              FluentWriter.render(table.entries.map { (ContextKey.compose($0.key, context: $0.context), $0.value, $0.notes) }))]
        }
    }
}

extension OutputFormat {
    /// Fluent resources (`LOCALE/NAME.ftl`).
    public static let fluent = OutputFormat(FluentToolFormat())
}
