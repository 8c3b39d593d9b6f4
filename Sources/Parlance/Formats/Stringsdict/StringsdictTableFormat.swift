/// Apple `.stringsdict` plural and device-specific rules, found in `xx.lproj/` (the `.strings` layout).
package enum StringsdictTableFormat: TableFormatPlugin {
    package static let id: Int32 = 2
    package static let name = "stringsdict"
    package static let fileExtension = "stringsdict"
    /// Over `.strings` entries of the same key, as in Apple's bundles.
    package static let precedence = 2
    /// Found in `xx.lproj/` by the `.strings` layout.
    package static let folderConventions = ["lproj"]

    package static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try StringsdictFile.parse(bytes, path: path))
    }
}

extension TableFormat {
    public static let stringsdict = TableFormat(StringsdictTableFormat.self)
}
