/// Parlance's hierarchical JSON tables, found in `xx.lproj/` (the `.strings` layout).
package final class JSONTableFormat: TableFormatPlugin {
    package var id: Int32 { 3 }
    package var name: String { "json" }
    package var fileExtension: String { "json" }
    package var precedence: Int { 1 }
    /// Found in `xx.lproj/` by the `.strings` layout.
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["lproj"]

    /// A JSON object (a String Catalog or an i18next namespace is known by its extension or place).
    package func sniff(_ head: [UInt8]) -> Bool {
        let rest = head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return rest.first == UInt8(ascii: "{")
    }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try JSONTableFile.parse(bytes, path: path))
    }
}

extension TableFormat {
    public static let json = TableFormat(JSONTableFormat())
}
