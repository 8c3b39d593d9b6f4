/// Parlance's compiled catalogs (`parlance compile`): every locale and
/// table in one file, mapped and read in place.
package enum CompiledTableFormat: TableFormatPlugin {
    package static let id: Int32 = 6
    package static let name = "compiled"
    package static let fileExtension = "parlance"
    /// A compiled catalog is a snapshot; files loaded over it take precedence.
    package static let precedence = -1
    package static let isWholeCatalog = true

    package static func sniff(_ head: [UInt8]) -> Bool { head.starts(with: CompiledFormat.magic) }

    package static func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        throw ParlanceError(.invalidArgument, "compiled catalogs load from a file, with load(path:)", path: path)
    }
}

extension TableFormat {
    /// Parlance's compiled catalogs (`parlance compile`): every locale and
    /// table in one file, mapped and read in place.
    public static let compiled = TableFormat(CompiledTableFormat.self)
}
