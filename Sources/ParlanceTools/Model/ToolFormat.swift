import Parlance

/// What one file of a format holds.
package enum DocumentSpan: Sendable {
    /// One table of one language (`.strings`, `.po`, JSON, Android, i18next).
    case table
    /// Every table of one language, a `<file>` each (XLIFF's `<lang>.xliff`).
    case language
    /// One table in every language (a String Catalog).
    case catalog
}

/// A table converted for a writer: its language, name and entries.
package struct ConvertedTable: Sendable {
    package var locale: String
    package var name: String
    package var entries: [ConvertEntry]
    /// The files the table was read from, where a writer keeps their names
    /// (Android's legacy `values-in`, `values-iw`, `values-ji`).
    package var sourceFiles: [String] = []
}

/// One format as the tools see it: where its files live in a catalog
/// directory, how a table's documents open and start empty, what its files
/// can carry, and how `convert` writes a table to it. Each format's
/// conformance lives in its own folder (`Formats/<Format>/`); the registry
/// `OutputFormat.registry` (Layout/) is the only list of them, and layout,
/// merge, pseudo, convert, lint, stats and the usage texts ask it instead of
/// switching over formats. Every format the tools write is also a `ConvertFormat`.
package protocol ToolFormat: ConvertFormat {
    /// The name `--format` takes (`strings`, `po`, …).
    var name: String { get }
    /// The rules for the catalog directory at `place`: the format's own
    /// (default), or those of another layout of it that the folder holds
    /// (XLIFF's `DOMAIN.LOCALE.xlf` documents beside Xcode's `<lang>.xliff`).
    func rules(for place: CatalogPlace) -> any ToolFormat
    /// The runtime's table formats of this format's files (Apple's
    /// `.strings` and `.stringsdict`): lint reads them through `lintRead`,
    /// `convert` writes them through `converter(for:)`.
    var tableFormats: [TableFormat] { get }
    /// How `convert` writes `format`, one of `tableFormats` (default: as this format).
    func converter(for format: TableFormat) -> (any ConvertFormat)?
    /// The name `convert` gives `format` in its usage texts (default: its extension).
    func convertName(_ format: TableFormat) -> String
    /// What lint reads of a file of `format`: every table it holds and the
    /// findings of the format's own reading (damage `.strings` tolerates,
    /// i18next v3 keys). Default: the runtime's reading, no findings.
    func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding])
    /// The extensions of the files `merge --from` reads as this format's
    /// tables, the table being the file's name without its extension.
    var messageExtensions: [String] { get }
    /// A file the format recognises by where it is, not by its extension
    /// alone (an i18next namespace in a folder named for a language, below
    /// `root` when given): its table and language. Asked before the extensions.
    func placedFile(_ path: String, root: String?) -> (table: String, locale: String)?
    /// Whether a file of `format` can mark an entry as not translated yet
    /// (`.strings`' marker, `.po`'s empty or fuzzy msgstr); where it cannot,
    /// a copy of the source counts as untranslated.
    func marksUntranslated(_ format: TableFormat) -> Bool
    /// A text may name another entry of its file (`{key.path}`), which lint checks.
    var textsReferToEntries: Bool { get }
    /// Formats of one layout family (Apple's `.lproj` folders) keep their
    /// tables side by side and are read together.
    var layoutFamily: LayoutFamily? { get }
    /// What a catalog directory of this format holds, for the message when
    /// no format holds one (empty: said by another of its family).
    var folderShape: String { get }
    /// The template document of a table (gettext's `<domain>.pot`), which
    /// merge rewrites from the messages; formats that keep templates.
    func templateDocument(_ place: CatalogPlace, table: String) throws -> any TableDocument
    /// The extension of the template files `extract --format EXT` writes
    /// alone, one per table (gettext's `pot`), or nil.
    var templateExtension: String? { get }
    /// The template file of one table's extracted messages, in their order.
    func template(_ messages: [SourceMessage]) -> String
    /// The default table (Apple, JSON), domain (gettext) or namespace (i18next's `translation`).
    var defaultTable: String { get }
    var span: DocumentSpan { get }
    /// gettext and XLIFF keep the development texts beside each translation
    /// (msgid, `<source>`): the development locale has a file of its own
    /// only when it has one already or asks for one, and its texts are read
    /// from those (`sourceTables`).
    var keepsSourceTexts: Bool { get }
    /// Android serves the default resources where a translation is missing:
    /// merge adds new strings to them alone.
    var addsToDevelopmentOnly: Bool { get }
    /// gettext's `<domain>.pot` templates at the root.
    var keepsTemplates: Bool { get }
    /// The templates present at the root, by table.
    func templates(_ place: CatalogPlace) -> [String]
    /// Where a table's template is (gettext: `DIR/<domain>.pot`).
    func templatePath(_ place: CatalogPlace, table: String) -> String
    /// How a locale is spelled in paths (gettext: `pt_BR`).
    func pathLocale(_ locale: String) -> String

    func directory(_ place: CatalogPlace, locale: String) -> String
    /// The locales of the root, each once (default: the members that name one).
    func locales(_ place: CatalogPlace) -> [String]
    /// The files of one table in one locale, in the order entries are added to them.
    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String]
    /// The locale a member of the root names (a folder, or XLIFF's `<lang>.xliff`), or nil.
    func locale(member name: String, _ place: CatalogPlace) -> String?
    /// Tables present in a locale.
    func tables(_ place: CatalogPlace, locale: String) -> [String]
    /// Whether a catalog directory is in this format (detection asks the
    /// formats in the registry's order). Not asked of a format of a layout
    /// family: the family tells which of its formats a directory is.
    func holds(_ place: CatalogPlace) -> Bool
    /// The documents of one table in one locale (missing files read as empty).
    func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument]
    /// New, empty documents at `paths`.
    func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument]
    /// The entries of one file of the format, with where each came from.
    func entries(path: String, locale: String) throws -> [LocatedEntry]
    /// The file at `path` read into the format's editable document and
    /// written back with nothing changed: what `convert` to the same format
    /// writes, so that everything the file holds (states, comments, order,
    /// spelling) is kept byte for byte.
    func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8]
    /// The messages of one file, for `merge --from` (default: each entry's
    /// key, texts as default values and notes).
    func messages(path: String, table: String, locale: String) throws -> [SourceMessage]
    /// The development texts a file holds beside its translations (gettext's
    /// msgids), to check the file alone; nil where a file holds none.
    func ownSources(path: String) throws -> [DocumentEntry]?

    /// gettext keeps plural messages' source plural (`msgid_plural`) and
    /// spells a context apart (`context\u{4}msgid`).
    var gettextKeys: Bool { get }
    /// Placeholders are printf's (`%@`, `%1$d`); false for i18next's `{{name}}`.
    var printfPlaceholders: Bool { get }
    /// Xcode's Base internationalization: `Base.lproj/TABLE.storyboard` is
    /// the development language's table (`baseDocument`), the other
    /// languages' translations this format's files.
    var baseInternationalization: Bool { get }
    /// SPLocalizedString's plural variants (`(context##one)key`) can be asked for (`--sp-plurals`).
    var takesPluralVariants: Bool { get }
    /// `DocumentSpan.language`: the file of one language, read (or, when
    /// `empty`, started) at `path`.
    func languageDocument(_ place: CatalogPlace, path: String, locale: String, empty: Bool) throws -> any LanguageDocument
    /// What a file spanning several tables or languages holds.
    func readSpan(_ place: CatalogPlace, path: String, locale: String) throws -> SpanRead
    /// The development texts of a table the format keeps apart from the
    /// languages (gettext's template, else the development locale's file).
    func developmentSources(_ place: CatalogPlace, table: String) throws -> (path: String, isTemplate: Bool, entries: [DocumentEntry])?
    /// `DocumentSpan.catalog`: one language of the file at `path` replaced
    /// by `drafts` (pseudo; each with the development value it came from);
    /// true when there was something to write.
    func replaceLanguage(_ drafts: [(draft: EntryDraft, original: EntryValue)], locale: String, path: String,
                         sourceLanguage: String) throws -> Bool
    /// `DocumentSpan.catalog`: merge of the whole directory at once.
    func mergeCatalogs(_ byTable: [String: [SourceMessage]], _ place: CatalogPlace, options: MergeOptions) throws -> MergeReport
}

extension ToolFormat {
    package func rules(for place: CatalogPlace) -> any ToolFormat { self }
    package func converter(for format: TableFormat) -> (any ConvertFormat)? { tableFormats.contains(format) ? self : nil }
    package func convertName(_ format: TableFormat) -> String { format.fileExtension }
    package func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        (try format.readTables(bytes, path: path), [])
    }
    package var messageExtensions: [String] { [] }
    package func placedFile(_ path: String, root: String?) -> (table: String, locale: String)? { nil }
    package func marksUntranslated(_ format: TableFormat) -> Bool { true }
    package var layoutFamily: LayoutFamily? { nil }
    package func holds(_ place: CatalogPlace) -> Bool { false }
    package var textsReferToEntries: Bool { false }
    package func templateDocument(_ place: CatalogPlace, table: String) throws -> any TableDocument {
        throw ToolError.io("this format keeps no templates", path: templatePath(place, table: table))
    }
    package var templateExtension: String? { nil }
    package func template(_ messages: [SourceMessage]) -> String { "" }
    package var defaultTable: String { Catalog.defaultTable }
    package var span: DocumentSpan { .table }
    package var keepsSourceTexts: Bool { false }
    package var addsToDevelopmentOnly: Bool { false }
    package var keepsTemplates: Bool { false }
    package func templates(_ place: CatalogPlace) -> [String] { [] }
    package func templatePath(_ place: CatalogPlace, table: String) -> String { place.root }
    package func pathLocale(_ locale: String) -> String { locale }
    package var gettextKeys: Bool { false }
    package func messages(path: String, table: String, locale: String) throws -> [SourceMessage] {
        try entries(path: path, locale: locale).map { SourceMessage.message($0.entry, table: table) }
    }
    package var takesPluralVariants: Bool { false }
    package var baseInternationalization: Bool { false }
    package var printfPlaceholders: Bool { true }
    package func languageDocument(_ place: CatalogPlace, path: String, locale: String, empty: Bool) throws -> any LanguageDocument {
        throw ToolError.io("one file of this format holds one table", path: path)
    }
    package func readSpan(_ place: CatalogPlace, path: String, locale: String) throws -> SpanRead { SpanRead() }
    package func developmentSources(_ place: CatalogPlace, table: String) throws -> (path: String, isTemplate: Bool, entries: [DocumentEntry])? { nil }
    package func ownSources(path: String) throws -> [DocumentEntry]? { nil }
    package func replaceLanguage(_ drafts: [(draft: EntryDraft, original: EntryValue)], locale: String, path: String,
                                 sourceLanguage: String) throws -> Bool {
        throw ToolError.io("this format keeps a file per table and language", path: path)
    }
    package func mergeCatalogs(_ byTable: [String: [SourceMessage]], _ place: CatalogPlace, options: MergeOptions) throws -> MergeReport {
        throw ToolError.io("this format keeps a file per table and language", path: place.root)
    }

    /// The names of the root's members that name a locale.
    package func locales(_ place: CatalogPlace) -> [String] {
        FileSystemTools.list(place.root).compactMap { locale(member: $0, place) }
    }

    /// Files of `directory` with one of `extensions`, by stem (the table).
    package func stems(in directories: [String], extensions: Set<String>) -> [String] {
        Set(directories.flatMap { FileSystemTools.list($0) }.compactMap { name -> String? in
            let (stem, ext) = FileSystemTools.splitExtension(name)
            return extensions.contains(ext) && !stem.isEmpty ? stem : nil
        }).sorted()
    }
}

/// How `convert` writes to one format: what the format's files carry and
/// the files a set of converted tables gives. Each writing format's
/// conformance lives in its folder; `OutputFormat.converter(for:)` (Layout/)
/// finds it through the registry.
package protocol ConvertFormat: Sendable {
    /// What an entry written to this format keeps; `file`: the destination is one file.
    func target(file: Bool) -> ConvertTarget
    /// The files (paths relative to the destination, or the destination
    /// itself when `file`) of `tables`, converted for `target`.
    func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
               path: (String) -> String) throws -> [(path: String, text: String)]
    /// Whether a table's name may hold `/` (i18next's namespaces in folders).
    var tableFolders: Bool { get }
    /// Whether the development language's tables are written as tables
    /// (not by XLIFF, where they are each unit's source).
    var writesDevelopmentLanguage: Bool { get }
    /// What a file of this format says of its entries beside their texts
    /// (states, instructions to translators), for `convert` to carry or list.
    func marks(file: String) throws -> [EntryMark]
}

extension ConvertFormat {
    package var tableFolders: Bool { false }
    package var writesDevelopmentLanguage: Bool { true }
    package func marks(file: String) throws -> [EntryMark] { [] }

    /// Formats whose file holds one table of one language: each table is written alone.
    package func eachTable(_ tables: [ConvertedTable], file: Bool, path: (String) -> String,
                           _ write: (ConvertedTable) throws -> [(String, String)]) throws -> [(path: String, text: String)] {
        guard !file || tables.count == 1 else {
            throw UsageError("\(tables.count) tables to write; give a directory, or choose one with --locale and --table")
        }
        return try tables.flatMap { table in try write(table).map { (path($0.0), $0.1) } }
    }
}

/// A file holding every table of one language (`DocumentSpan.language`):
/// merge and pseudo take each table's document from it, give it back with
/// its edits, and write the file once.
package protocol LanguageDocument {
    var path: String { get }
    var tableNames: [String] { get }
    func document(_ table: String) -> any TableDocument
    mutating func update(_ table: any TableDocument)
    /// Takes a table out; its report path when it was there.
    mutating func removeTable(_ table: String) -> String?
    /// The report path of a table the file holds, or nil.
    func reportPath(_ table: String) -> String?
    func render() -> [UInt8]
}

/// What a file spanning several tables or languages holds, read for lint,
/// stats and pseudo (`CatalogSnapshot`).
package struct SpanRead {
    package var tables: [(locale: String, table: String, entries: [DocumentEntry])] = []
    /// Each table's development texts, where the file keeps them.
    package var sources: [String: [DocumentEntry]] = [:]
    package init() {}
}
