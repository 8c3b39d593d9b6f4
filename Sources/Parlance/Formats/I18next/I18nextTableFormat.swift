/// i18next JSON v4: one namespace of one language (`<lng>/<ns>.json`),
/// keys resolved by i18next's suffix rules, messages in its syntax.
package final class I18nextTableFormat: TableFormatPlugin {
    package var id: Int32 { 10 }
    package var name: String { "i18next" }
    package var fileExtension: String { "json" }
    package var precedence: Int { 1 }
    package var layoutDescription: String? { "i18next LNG/NS.json files" }
    package var keyRules: KeyRules { KeyRules.i18nextSuffixes }
    package var messageSyntax: MessageSyntax { MessageSyntax.i18next }

    package func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        try I18nextFile.read(bytes, path: path, quick: quick)
    }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        try I18nextFile.read(bytes, path: path, quick: false)
    }

    /// Read in place, mapped, when the quick reader takes it.
    package func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        if let table = FileSystem.withMappedFile(path, I18nextFile.quickTable) ?? nil { return ParsedTable(prebuilt: table) }
        return try read(try FileSystem.read(path), path: path, quick: true)
    }

    /// `<lng>/<ns>.json`: the folder is the language; `<lng>.json`
    /// (i18next's `{{lng}}.json` load path): the file's name is.
    package func locale(ofFile path: String) -> String? {
        if let placed = TableFormat.inferredLocale(path) { return placed }
        let folder = FileSystem.baseName(FileSystem.directoryName(path))
        if Self.isLanguageFolder(of: path) { return folder }
        let stem = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        return I18nextFolder.isLanguageMember(stem, of: FileSystem.directoryName(path), file: true) ? stem : nil
    }

    /// Whether the folder of a file loaded alone is its language, as the
    /// folder walk decides (`I18nextFolder.isLanguageMember`: `strings/` or
    /// `src/` is none).
    private static func isLanguageFolder(of path: String) -> Bool {
        let directory = FileSystem.directoryName(path)
        return I18nextFolder.isLanguageMember(FileSystem.baseName(directory), of: FileSystem.directoryName(directory), file: false)
    }

    /// A namespace file's table: given, else the namespace i18next gives it,
    /// `translation` (its default namespace) for a `<lng>.json` file outside
    /// a language folder, else the file's name.
    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tag = try fileLocale(path, locale)
        let stem = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        let name = givenTable ?? (I18nextFolder.isLanguageMember(stem, of: FileSystem.directoryName(path), file: true)
                                  && !Self.isLanguageFolder(of: path)
                                  ? I18nextFolder.defaultNamespace : table)
        return [LoadedTable(found: FoundTable(id: path, locale: tag, table: name, parsed: try readFile(path)), format: format)]
    }

    /// Every namespace of every language folder of a searched folder (but
    /// for the searched folders themselves: `locales/` is no language of the root).
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try I18nextFolder.files(in: directory, skipping: directory == walk.root ? walk.searched.map(FileSystem.baseName) : []).map {
            TableFile(path: $0.path, locale: $0.locale, table: $0.namespace, format: format)
        }
    }
}

extension TableFormat {
    /// i18next JSON v4: one namespace of one language (`<lng>/<ns>.json`).
    public static let i18next = TableFormat(I18nextTableFormat())

    /// Whether a folder's name makes it an i18next language folder: a
    /// language (`I18nextFolder.isLanguage`) whose name no other format's
    /// layout claims (not `.lproj`, not an Android `values` folder).
    package static func isI18nextLanguageFolder(_ name: String) -> Bool {
        !folderClaimed(name, except: TableFormat.i18next.plugin) && I18nextFolder.isLanguage(name)
    }
}
