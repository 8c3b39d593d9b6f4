import Parlance

/// Fluent resources as the tools see them, where the runtime finds them
/// (`FluentFolder`): `ROOT/LOCALE/TABLE.ftl` (a table in folders,
/// Thunderbird's `mail/messenger/chat`, Firefox's
/// `browser/preferences/preferences`, is its path under the language
/// folder) and `ROOT/LOCALE.ftl` (uutils' `locales/fr-FR.ftl`: the
/// standard table); the document keeps every byte of an untouched file
/// (`FluentDocument`), and lint lists each Junk entry with its place.
struct FluentToolFormat: FileDocumentFormat {
    typealias Document = FluentDocument

    var name: String { "fluent" }
    var tableFormats: [TableFormat] { [.fluent] }
    func convertName(_ format: TableFormat) -> String { name }
    var messageExtensions: [String] { [TableFormat.fluent.fileExtension] }
    var folderShape: String { "LOCALE/NAME.ftl or LOCALE.ftl files" }
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
    /// folder's listing names it; a `LOCALE.ftl` its language's standard
    /// table. Below `root`, as the runtime lists the root: `ROOT/LOCALE.ftl`
    /// or `ROOT/LOCALE/…/NAME.ftl`. Elsewhere a file directly in a language
    /// folder is a resource of it (`en/ui.ftl`: the table `ui`), then a
    /// file named by a locale is one (`locales/en-US.ftl`), then a resource
    /// of the nearest language folder above.
    func placedFile(_ path: String, root: String?) -> (table: String, locale: String)? {
        let ext = TableFormat.fluent.fileExtension
        guard FileSystemTools.splitExtension(path).ext == ext else { return nil }
        let stem = FileSystemTools.splitExtension(FileSystemTools.baseName(path)).stem
        if let root, let relative = FileSystemTools.relative(path, under: root) {
            let parts = relative.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 1, FluentFolder.isLocale(stem) { return (Catalog.defaultTable, stem) }
            if parts.count == 2, FluentFolder.isLocale(parts[0]) { return (String(parts[1].dropLast(ext.count + 1)), parts[0]) }
        }
        let folder = FileSystemTools.baseName(FileSystemTools.directoryName(path))
        if FluentFolder.isLocale(folder) { return (stem, folder) }
        if FluentFolder.isLocale(stem) { return (Catalog.defaultTable, stem) }
        return FluentFolder.resource(path).map { (table: $0.table, locale: $0.locale) }
    }

    func directory(_ place: CatalogPlace, locale: String) -> String { place.join(locale) }

    /// A language's one file, `ROOT/LOCALE.ftl`, where the root has it.
    private func localeFile(_ place: CatalogPlace, locale: String) -> String? {
        let path = place.join(locale + "." + TableFormat.fluent.fileExtension)
        return FileSystem.isFile(path) ? path : nil
    }

    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        if table == Catalog.defaultTable, let file = localeFile(place, locale: locale) { return [file] }
        return [FileSystemTools.join(directory(place, locale: locale), table + "." + TableFormat.fluent.fileExtension)]
    }

    /// A folder named by a locale holding resources, or a `LOCALE.ftl`.
    func locale(member name: String, _ place: CatalogPlace) -> String? {
        let (stem, ext) = FileSystemTools.splitExtension(name)
        if ext == TableFormat.fluent.fileExtension, FluentFolder.isLocale(stem), localeFile(place, locale: stem) != nil {
            return stem
        }
        return FluentFolder.isLocale(name) && FileSystem.isDirectory(place.join(name))
            && !((try? FluentFolder.tables(in: directory(place, locale: name))) ?? []).isEmpty ? name : nil
    }

    /// Each locale once: `fr/` and `fr.ftl` are one language.
    func locales(_ place: CatalogPlace) -> [String] {
        var seen = Set<String>()
        return FileSystemTools.list(place.root).sorted().compactMap { locale(member: $0, place) }.filter { seen.insert($0).inserted }
    }

    func tables(_ place: CatalogPlace, locale: String) -> [String] {
        let inFolder = ((try? FluentFolder.tables(in: directory(place, locale: locale))) ?? []).map(\.name)
        guard localeFile(place, locale: locale) != nil, !inFolder.contains(Catalog.defaultTable) else { return inFolder }
        return [Catalog.defaultTable] + inFolder
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
