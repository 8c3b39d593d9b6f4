/// Apple `.stringsdict` plural and device-specific rules, found in `xx.lproj/` (the `.strings` layout).
package final class StringsdictTableFormat: TableFormatPlugin {
    package var id: Int32 { 2 }
    package var name: String { "stringsdict" }
    package var fileExtension: String { "stringsdict" }
    /// Over `.strings` entries of the same key, as in Apple's bundles.
    package var precedence: Int { 2 }
    /// Found in `xx.lproj/` by the `.strings` layout.
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["lproj"]

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try StringsdictFile.parse(bytes, path: path))
    }
}

extension TableFormat {
    public static let stringsdict = TableFormat(StringsdictTableFormat())
}
