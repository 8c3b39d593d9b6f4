/// Parlance's compiled catalogs (`parlance compile`): every locale and
/// table in one file, mapped and read in place.
package final class CompiledTableFormat: TableFormatPlugin {
    package var id: Int32 { 6 }
    package var name: String { "compiled" }
    package var fileExtension: String { "parlance" }
    /// A compiled catalog is a snapshot; files loaded over it take precedence.
    package var precedence: Int { -1 }
    package var isWholeCatalog: Bool { true }

    package func sniff(_ head: [UInt8]) -> Bool { head.starts(with: CompiledFormat.magic) }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        throw ParlanceError(.invalidArgument, "compiled catalogs load from a file, with load(path:)", path: path)
    }

    /// Every table of the file, each served in place, as the file names its locale and table.
    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        try CompiledCatalogFile(path: path).inPlaceSources.map {
            LoadedTable(found: FoundTable(id: $0.source.id, locale: $0.locale, table: $0.name, parsed: ParsedTable(entries: [])),
                        format: format, inPlace: $0.source)
        }
    }
}

extension TableFormat {
    /// Parlance's compiled catalogs (`parlance compile`): every locale and
    /// table in one file, mapped and read in place.
    public static let compiled = TableFormat(CompiledTableFormat())
}
