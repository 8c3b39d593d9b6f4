/// gettext compiled catalogs, served in place (mapped) when UTF-8; found by
/// gettext's layout (`POTableFormat`).
package final class MOTableFormat: TableFormatPlugin {
    package var id: Int32 { 5 }
    package var name: String { "mo" }
    package var fileExtension: String { "mo" }
    /// Over the `.po` it was built from.
    package var precedence: Int { 4 }
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["LC_MESSAGES"]
    package var keyRules: KeyRules { KeyRules.contextApart }

    package func sniff(_ head: [UInt8]) -> Bool {
        head.count >= 4 && (head[0...3] == [0xDE, 0x12, 0x04, 0x95] || head[0...3] == [0x95, 0x04, 0x12, 0xDE])
    }
    /// `MOHeader` refuses a file without the magic number.
    package var refusesOtherBytes: Bool { true }

    package func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        if quick, let table = try MOFile.quickTable(bytes, path: path) { return ParsedTable(table) }
        return try read(bytes, path: path)
    }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(try GettextFile.parseMO(bytes, path: path))
    }

    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tag = try fileLocale(path, locale)
        if let served = try servedInPlace(file: path) {
            return [LoadedTable(found: FoundTable(id: path, locale: tag, table: table, parsed: ParsedTable(entries: [])),
                                format: format, inPlace: served)]
        }
        return [LoadedTable(found: FoundTable(id: path, locale: tag, table: table, parsed: try readFile(path)), format: format)]
    }

    package func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
                      givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let (id, tag) = try bufferName(locale, table)
        if let file = try MappedMOFile.copy(raw, id: id) {
            return [LoadedTable(found: FoundTable(id: id, locale: tag, table: table, parsed: ParsedTable(entries: [])),
                                format: format, inPlace: file.inPlaceSource)]
        }
        return [LoadedTable(found: FoundTable(id: id, locale: tag, table: table, parsed: try read(Array(raw), path: nil, quick: true)),
                            format: format)]
    }
}

extension TableFormat {
    /// gettext compiled catalogs.
    public static let mo = TableFormat(MOTableFormat())
}
