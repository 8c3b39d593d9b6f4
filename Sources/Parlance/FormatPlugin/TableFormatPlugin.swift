/// A table format: one final class in its own folder (`Sources/Parlance/Formats/<Format>/`)
/// that says everything the runtime asks of a format, its one instance
/// registered by one line in `Formats/Registry.swift`. `TableFormat` wraps
/// it; loading, `Table` and resolution ask it and never name a format.
/// An instance, not a metatype: Embedded Swift has no metatype values.
///
/// The capabilities are read once, when a table is built, never inside a
/// lookup loop.
package protocol TableFormatPlugin: AnyObject, Sendable {
    /// The format's number in the C ABI's `parlance_format` enum (and the
    /// bindings'): never reused.
    var id: Int32 { get }
    /// The format's name for the tools and `TableFormat(name:)`: `strings`, `po`, `android`…
    var name: String { get }
    /// The extension of its files, and others that name it (`pot`, `xlf`).
    var fileExtension: String { get }
    var extensionAliases: [String] { get }
    /// Within one locale and table, a format of higher precedence overrides
    /// a lower one on the same key (`.stringsdict` over `.strings`, `.mo`
    /// over `.po`); at equal precedence the later load wins.
    var precedence: Int { get }

    /// Whether a file's first bytes (at least 16, when the file has them) are this format's.
    func sniff(_ head: [UInt8]) -> Bool
    /// Its reader refuses, with an error, a file whose first bytes `sniff`
    /// does not accept (a magic number). A file its extension names is then
    /// read without being sniffed first for a whole catalog: one open, not
    /// two; a whole catalog so named fails the reader and is found then.
    var refusesOtherBytes: Bool { get }

    // MARK: Lookup rules

    /// How a table of this format's keys are spelled and resolved.
    var keyRules: KeyRules { get }
    /// Whose language chooses a plural's quantity.
    var quantityLanguage: QuantityLanguage { get }
    /// A context the format may shorten: its contexts may carry a
    /// qualifier after this byte (Qt's context, U+0004, disambiguation),
    /// and a miss under a context holding it is asked of the same table
    /// once more with the qualifier dropped, as `QTranslator` retries with
    /// an empty disambiguation. nil (the default): a context is asked as it is.
    var contextQualifierSeparator: UInt8? { get }
    /// A key's text and its plural are two resources (Android's `<string>`
    /// and `<plurals>` of one name): a plain lookup gives the text, a count the plural.
    var keepsTextsApartFromPlurals: Bool { get }
    /// Which languages one file holds.
    var languages: FileLanguages { get }
    /// A file is a whole catalog of its own (locales and tables named
    /// inside, served as it is), not a table.
    var isWholeCatalog: Bool { get }
    /// The syntax of the messages unless a catalog declares another.
    var messageSyntax: MessageSyntax { get }

    // MARK: Reading

    /// A file's bytes into entries and, for gettext, its plural formula:
    /// the full read, which tools take.
    func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable
    /// With `quick`, the format's quick reader may give table entries
    /// already (`ParsedTable.prebuilt`): the path of catalogs, not of tools.
    /// A format without a quick reader declares nothing: the full read.
    func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable
    /// Every table a file holds, for tools (one for most formats).
    func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]]
    /// A file's one table, for the formats whose `load(file:)` reads one
    /// (those with a reader in place map the file instead of copying it).
    func readFile(_ path: String) throws(ParlanceError) -> ParsedTable
    /// The tables of the file at `path`: `table` is given (the file's name
    /// when the caller gave none, `TableName.standard` for a file named
    /// only by its extension); a nil `locale` comes from the file's place
    /// (`locale(ofFile:)`) or, for a format naming its languages, the file.
    func load(file path: String, locale: String?, table: String, givenTable: String?,
              states: XCStringsStates) throws(ParlanceError) -> [LoadedTable]
    /// The tables of bytes in memory (copied); ids are `<memory>/…`.
    func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
              givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable]
    /// The tables of files one `tableFiles(in:walk:)` call listed, read together.
    func load(files: ArraySlice<TableFile>, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable]
    /// The file at `path` served in place (`InPlaceTable`), or nil when this
    /// format serves none in place or cannot serve this one (it is then
    /// read). The default: nil.
    func servedInPlace(file path: String) throws(ParlanceError) -> InPlaceSource?
    /// This format as the writer of whole catalogs (`WholeCatalogWriter`),
    /// or nil when it writes none. The default: nil.
    var wholeCatalogWriter: (any WholeCatalogWriter)? { get }

    // MARK: Place in a folder

    /// The files of `directory` that are this format's tables (its layout
    /// in a catalog's folder, `walk` saying where the walk is), with the
    /// locale and table each is read as. A layout may list other formats'
    /// files that live in its folders (`xx.lproj/` holds `.stringsdict`
    /// and `.json` tables too).
    func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile]
    /// What its layout finds, for a folder where no layout found anything
    /// ("xx.lproj folders"); nil for a format found only by another's layout.
    var layoutDescription: String? { get }
    /// The names its layout gives folders and files (`lproj`, `LC_MESSAGES`,
    /// `values-`), which no code outside the format's folders (and those of
    /// the formats sharing its layout) spells: a test reads them from here.
    var folderConventions: [String] { get }
    /// Whether this format's layout claims a folder of that name (`fr.lproj`,
    /// `values-fr`): no other layout takes it for a language folder.
    func claimsFolder(_ name: String) -> Bool
    /// The locale the place of a file names by this format's folder
    /// convention, for any table file there (`fr.lproj/…`, `fr/LC_MESSAGES/…`).
    func placeLocale(_ path: String) -> String?
    /// The locale a file of this format at `path` has when none is given.
    func locale(ofFile path: String) -> String?
}

/// How a format's keys are spelled and resolved.
package enum KeyRules: Sendable {
    /// A key is one string; a context is composed into it as `(context)key`.
    case keyValue
    /// gettext's: the context is kept apart from the msgid (`context\u{4}msgid`).
    case contextApart
    /// i18next's: `_context` and plural suffixes tried in i18next's order, `$t()` nesting.
    case i18nextSuffixes
}

/// Whose language chooses a plural's quantity.
package enum QuantityLanguage: Sendable {
    /// The table's, as Apple's and gettext's runtimes choose.
    case table
    /// The device's, whatever the table's language, as Android's `getQuantityString` chooses.
    case device
}

/// Which languages one file of a format holds.
package enum FileLanguages: Sendable, Equatable {
    /// One, given or named by the file's place.
    case one
    /// Those the file names, each table naming its own (XLIFF): found beside language folders, not in one.
    case named
    /// Every language of its table (String Catalogs): a locale given picks one.
    case every
}

/// Where a catalog's folder walk is: the folder loaded, the folders searched,
/// and the resource folders (for UI documents) layouts found.
package struct FolderWalk {
    /// The folder loaded.
    package let root: String
    /// `root` and those of its `i18n/`, `res/`, `locales/` that exist.
    package let searched: [String]
    /// Each language folder's locale and path, for UI documents (`xx.lproj`).
    package var resourceFolders: [(locale: String, path: String)] = []
}

extension TableFormatPlugin {
    package var extensionAliases: [String] { [] }
    package func servedInPlace(file path: String) throws(ParlanceError) -> InPlaceSource? { nil }
    package var wholeCatalogWriter: (any WholeCatalogWriter)? { nil }
    package func sniff(_ head: [UInt8]) -> Bool { false }
    package var refusesOtherBytes: Bool { false }
    package var keyRules: KeyRules { .keyValue }
    package var quantityLanguage: QuantityLanguage { .table }
    package var contextQualifierSeparator: UInt8? { nil }
    package var keepsTextsApartFromPlurals: Bool { false }
    package var languages: FileLanguages { .one }
    package var isWholeCatalog: Bool { false }
    package var messageSyntax: MessageSyntax { .printf }
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] { [] }
    package func claimsFolder(_ name: String) -> Bool { false }
    package var folderConventions: [String] { [] }
    package var layoutDescription: String? { nil }
    package func placeLocale(_ path: String) -> String? { nil }
    package func locale(ofFile path: String) -> String? { TableFormat.inferredLocale(path) }

    /// The format this plug-in is.
    package var format: TableFormat { TableFormat(self) }

    package func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        try read(bytes, path: path)
    }

    package func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        [try read(bytes, path: path, quick: false).entries]
    }

    /// One table of the file at `path`, in the locale given or that its place names.
    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tag = try fileLocale(path, locale)
        return [LoadedTable(found: FoundTable(id: path, locale: tag, table: table, parsed: try readFile(path)), format: format)]
    }

    /// One table of bytes, in the locale given.
    package func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
                      givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let (id, tag) = try bufferName(locale, table)
        return [LoadedTable(found: FoundTable(id: id, locale: tag, table: table, parsed: try read(Array(raw), path: nil, quick: true)),
                            format: format)]
    }

    package func load(files: ArraySlice<TableFile>, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        var tables: [LoadedTable] = []
        for file in files { tables += try file.format.load(file: file.path, locale: file.locale, table: file.table, states: states) }
        return tables
    }

    /// A file's table, read whole (formats with a reader in place override it).
    package func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        try read(try FileSystem.read(path), path: path, quick: true)
    }

    /// The canonical locale of a one-language file: given, else its place's.
    package func fileLocale(_ path: String, _ locale: String?) throws(ParlanceError) -> String {
        guard let name = locale ?? self.locale(ofFile: path) else {
            // The layout this format's files are found in: its own, or the one whose folders it shares.
            let layout = layoutDescription ?? TableFormat.registered.first {
                $0.layoutDescription != nil && $0.folderConventions.contains(where: folderConventions.contains)
            }?.layoutDescription
            throw ParlanceError(.invalidArgument, "cannot tell the locale: neither the file's name nor its place names one"
                                + (layout.map { " (\($0))" } ?? "") + "; give one", path: path)
        }
        return try LocaleName.tag(name, path: path)
    }

    /// The id and canonical locale of a one-language table of bytes.
    package func bufferName(_ locale: String?, _ table: String) throws(ParlanceError) -> (id: String, locale: String) {
        guard let locale else { throw ParlanceError(.invalidArgument, "a \(fileExtension) table needs a locale") }
        let tag = try LocaleName.tag(locale, path: nil)
        return ("<memory>/\(tag)/\(table).\(fileExtension)", tag)
    }

    /// The files of `directory` with this format's extension, as `TableFile`s of their own languages.
    package func ownFiles(in directory: String, table: (String) -> String?) throws(ParlanceError) -> [TableFile] {
        var files: [TableFile] = []
        for name in try FileSystem.list(directory) {
            let ext = FileSystem.splitExtension(name).ext.lowercased()
            guard ext == fileExtension || extensionAliases.contains(ext) else { continue }
            let path = FileSystem.join(directory, name)
            guard FileSystem.isFile(path) else { continue }
            files.append(TableFile(path: path, locale: nil, table: table(path), format: format))
        }
        return files
    }
}
