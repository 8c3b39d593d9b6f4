/// XLIFF 1.2 and 2.0 (`.xliff`, `.xlf`): each `<file>` a table, found in a
/// catalog's folder (or in `xx.lproj/`, as a table of that language).
package enum XLIFFTableFormat: TableFormatPlugin {
    package static let id: Int32 = 9
    package static let name = "xliff"
    package static let fileExtension = "xliff"
    package static let extensionAliases = ["xlf"]
    package static let precedence = 2
    package static let layoutDescription: String? = "XLIFF documents"
    package static let languages = FileLanguages.named

    package static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        throw ParlanceError(.invalidArgument, "an XLIFF document holds a table per file element; load it into a catalog", path: path)
    }

    package static func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        try read([], path: path, quick: true)
    }

    /// One table per `<file>`; files naming no language read as `en`.
    package static func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        try XLIFFFile.parse(bytes, path: path, locale: "en").map(\.entries)
    }

    package static func load(file path: String, locale: String?, table: String, givenTable: String?,
                             states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        format.loaded(try XLIFFFile.tables(try FileSystem.read(path), id: path, path: path, locale: locale, table: givenTable))
    }

    package static func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
                             givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        format.loaded(try XLIFFFile.tables(Array(raw), id: "<memory>/\(table).xliff", path: nil, locale: locale, table: givenTable))
    }

    /// The documents of a searched folder, each naming its tables.
    package static func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try ownFiles(in: directory) { _ in nil }
    }
}

extension TableFormat {
    /// XLIFF 1.2 and 2.0 (`.xliff`, `.xlf`): each `<file>` a table.
    public static let xliff = TableFormat(XLIFFTableFormat.self)
}
