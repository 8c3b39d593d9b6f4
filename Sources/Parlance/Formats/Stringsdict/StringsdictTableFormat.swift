/// Apple `.stringsdict` plural and device-specific rules, found in `xx.lproj/` (the `.strings` layout).
package final class StringsdictTableFormat: TableFormatPlugin {
    package let id: Int32 = 2
    package let name = "stringsdict"
    package let fileExtension = "stringsdict"
    /// Over `.strings` entries of the same key, as in Apple's bundles.
    package let precedence = 2
    /// Found in `xx.lproj/` by the `.strings` layout.
    package let folderConventions = ["lproj"]

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try StringsdictFile.parse(bytes, path: path))
    }
}

extension TableFormat {
    public static let stringsdict = TableFormat(StringsdictTableFormat())
}
