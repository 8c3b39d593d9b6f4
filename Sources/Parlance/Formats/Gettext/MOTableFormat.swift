/// gettext compiled catalogs, served in place (mapped) when UTF-8; found by
/// gettext's layout (`POTableFormat`).
package enum MOTableFormat: TableFormatPlugin {
    package static let id: Int32 = 5
    package static let name = "mo"
    package static let fileExtension = "mo"
    /// Over the `.po` it was built from.
    package static let precedence = 4
    package static let folderConventions = ["LC_MESSAGES"]
    package static let keyRules = KeyRules.contextApart

    package static func sniff(_ head: [UInt8]) -> Bool {
        head.count >= 4 && (head[0...3] == [0xDE, 0x12, 0x04, 0x95] || head[0...3] == [0x95, 0x04, 0x12, 0xDE])
    }

    package static func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        if quick, let table = try MOFile.quickTable(bytes, path: path) { return ParsedTable(table) }
        return try read(bytes, path: path)
    }

    package static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(try GettextFile.parseMO(bytes, path: path))
    }

    package static func load(file path: String, locale: String?, table: String, givenTable: String?,
                             states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tag = try fileLocale(path, locale)
        if let served = try servedInPlace(file: path) {
            return [LoadedTable(found: FoundTable(id: path, locale: tag, table: table, parsed: ParsedTable(entries: [])),
                                format: format, inPlace: served)]
        }
        return [LoadedTable(found: FoundTable(id: path, locale: tag, table: table, parsed: try readFile(path)), format: format)]
    }

    package static func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
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
    public static let mo = TableFormat(MOTableFormat.self)
}
