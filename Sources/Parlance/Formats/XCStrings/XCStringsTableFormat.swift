/// Apple String Catalogs: every language of a table in one JSON file,
/// found in a catalog's folder or in `xx.lproj/`.
package enum XCStringsTableFormat: TableFormatPlugin {
    package static let id: Int32 = 7
    package static let name = "xcstrings"
    package static let fileExtension = "xcstrings"
    /// Xcode builds a catalog into `.strings` and `.stringsdict`: as strong as either.
    package static let precedence = 2
    package static let layoutDescription: String? = "string catalogs"
    /// Beside `xx.lproj/` folders, or in `mul.lproj/`.
    package static let folderConventions = ["lproj"]
    package static let languages = FileLanguages.every

    package static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        throw ParlanceError(.invalidArgument, "a string catalog holds every language; load it into a catalog", path: path)
    }

    package static func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        try read([], path: path, quick: true)
    }

    /// One table per language, every state as written.
    package static func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        try XCStringsFile.parse(bytes, path: path, states: .all).localizations.map(\.entries)
    }

    package static func load(file path: String, locale: String?, table: String, givenTable: String?,
                             states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
        return format.loaded(try XCStringsFile.tables(file: path, table: table, only: only, states: states))
    }

    package static func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
                             givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: nil) }
        return format.loaded(try XCStringsFile.tables(Array(raw), id: "<memory>/\(table).xcstrings", path: nil, table: table,
                                                      only: only, states: states))
    }

    /// The catalogs of a searched folder, each a table named by its file.
    package static func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try ownFiles(in: directory) { path in
            let stem = FileSystem.splitExtension(FileSystem.baseName(path)).stem
            return stem.isEmpty ? TableName.standard : stem
        }
    }
}

extension TableFormat {
    /// Apple String Catalogs: every language of a table in one JSON file.
    public static let xcstrings = TableFormat(XCStringsTableFormat.self)

    /// For tools: the languages of a String Catalog and each one's entries,
    /// every state as written, the source language first (`XCStringsFile`'s rules).
    package static func stringCatalogLanguages(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (sourceLanguage: String, tables: [(locale: String, entries: [ParsedEntry])]) {
        try XCStringsFile.languages(bytes, path: path)
    }
}
