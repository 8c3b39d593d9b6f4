/// Apple String Catalogs: every language of a table in one JSON file,
/// found in a catalog's folder or in `xx.lproj/`.
package final class XCStringsTableFormat: TableFormatPlugin {
    package var id: Int32 { 7 }
    package var name: String { "xcstrings" }
    package var fileExtension: String { "xcstrings" }
    /// Xcode builds a catalog into `.strings` and `.stringsdict`: as strong as either.
    package var precedence: Int { 2 }
    package var layoutDescription: String? { "string catalogs" }
    /// Beside `xx.lproj/` folders, or in `mul.lproj/`.
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["lproj"]
    package var languages: FileLanguages { FileLanguages.every }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        throw ParlanceError(.invalidArgument, "a string catalog holds every language; load it into a catalog", path: path)
    }

    package func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        try read([], path: path, quick: true)
    }

    /// One table per language, every state as written.
    package func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        try XCStringsFile.parse(bytes, path: path, states: .all).localizations.map { $0.entries }
    }

    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
        return format.loaded(try XCStringsFile.tables(file: path, table: table, only: only, states: states))
    }

    package func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
                      givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: nil) }
        return format.loaded(try XCStringsFile.tables(Array(raw), id: "<memory>/\(table).xcstrings", path: nil, table: table,
                                                      only: only, states: states))
    }

    /// The catalogs of a searched folder, each a table named by its file.
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try ownFiles(in: directory) { path in
            let stem = FileSystem.splitExtension(FileSystem.baseName(path)).stem
            return stem.isEmpty ? TableName.standard : stem
        }
    }
}

extension TableFormat {
    /// Apple String Catalogs: every language of a table in one JSON file.
    public static let xcstrings = TableFormat(XCStringsTableFormat())

    /// For tools: the languages of a String Catalog and each one's entries,
    /// every state as written, the source language first (`XCStringsFile`'s rules).
    package static func stringCatalogLanguages(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (sourceLanguage: String, tables: [(locale: String, entries: [ParsedEntry])]) {
        try XCStringsFile.languages(bytes, path: path)
    }
}
