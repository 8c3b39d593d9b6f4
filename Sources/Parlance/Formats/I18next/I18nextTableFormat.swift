/// i18next JSON v4: one namespace of one language (`<lng>/<ns>.json`),
/// keys resolved by i18next's suffix rules, messages in its syntax.
package enum I18nextTableFormat: TableFormatPlugin {
    package static let id: Int32 = 10
    package static let name = "i18next"
    package static let fileExtension = "json"
    package static let precedence = 1
    package static let layoutDescription: String? = "i18next LNG/NS.json files"
    package static let keyRules = KeyRules.i18nextSuffixes
    package static let messageSyntax = MessageSyntax.i18next

    package static func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        try I18nextFile.read(bytes, path: path, quick: quick)
    }

    /// Read in place, mapped, when the quick reader takes it.
    package static func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        if let table = FileSystem.withMappedFile(path, I18nextFile.quickTable) ?? nil { return ParsedTable(prebuilt: table) }
        return try read(try FileSystem.read(path), path: path, quick: true)
    }

    /// `<lng>/<ns>.json`: the folder is the language.
    package static func locale(ofFile path: String) -> String? {
        TableFormat.inferredLocale(path) ?? FileSystem.baseName(FileSystem.directoryName(path))
    }

    /// Every namespace of every language folder of a searched folder (but
    /// for the searched folders themselves: `locales/` is no language of the root).
    package static func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try I18nextFolder.files(in: directory, skipping: directory == walk.root ? walk.searched.map(FileSystem.baseName) : [],
                                isLanguage: TableFormat.isI18nextLanguageFolder).map {
            TableFile(path: $0.path, locale: $0.locale, table: $0.namespace, format: format)
        }
    }
}

extension TableFormat {
    /// i18next JSON v4: one namespace of one language (`<lng>/<ns>.json`).
    public static let i18next = TableFormat(I18nextTableFormat.self)

    /// Whether a folder's name makes it an i18next language folder: a
    /// language (`I18nextFolder.isLanguage`) whose name no other format's
    /// layout claims (not `.lproj`, not an Android `values` folder).
    package static func isI18nextLanguageFolder(_ name: String) -> Bool {
        !folderClaimed(name, except: I18nextTableFormat.self) && I18nextFolder.isLanguage(name)
    }
}
