@testable import Parlance

/// The runtime's side of the tests' `kv` format: `LANG.kv` files in a
/// catalog's folder (or its `i18n/`, `res/`, `locales/`), each the
/// `Localizable` table of its language.
final class KeyValueTableFormat: TableFormatPlugin {
    /// The one instance the tests register.
    static let shared = KeyValueTableFormat()

    let id: Int32 = 900
    let name = "kv"
    let fileExtension = "kv"
    let precedence = 1
    let layoutDescription: String? = "LANG.kv files"

    func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try KeyValueFile.parse(bytes, path: path))
    }

    /// A file's name is its language; its table is `Localizable` unless given.
    func locale(ofFile path: String) -> String? {
        FileSystem.splitExtension(FileSystem.baseName(path)).stem
    }

    func load(file path: String, locale: String?, table: String, givenTable: String?,
              states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tag = try fileLocale(path, locale)
        return [LoadedTable(found: FoundTable(id: path, locale: tag, table: givenTable ?? TableName.standard,
                                              parsed: try readFile(path)), format: format)]
    }

    func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try ownFiles(in: directory) { _ in TableName.standard }.map {
            TableFile(path: $0.path, locale: locale(ofFile: $0.path), table: $0.table, format: format)
        }
    }
}
