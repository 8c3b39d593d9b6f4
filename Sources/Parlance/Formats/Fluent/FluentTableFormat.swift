/// Fluent resources (`.ftl`, Fluent Syntax 1.0): the layouts Fluent
/// projects use (`LOCALE/NAME.ftl`, `LOCALE.ftl`), Fluent's own message
/// syntax. One table per file; a message's references reach the
/// messages and terms of its own table.
package enum FluentTableFormat: TableFormatPlugin {
    package static let id: Int32 = 12
    package static let name = "fluent"
    package static let fileExtension = "ftl"
    package static let precedence = 1
    package static let layoutDescription: String? = "Fluent LOCALE/NAME.ftl files"
    package static let messageSyntax = MessageSyntax.fluent

    package static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: FluentFile.entries(FluentParser.parse(bytes: bytes, path: path), path: path))
    }

    /// `LOCALE/…/NAME.ftl` or `LOCALE.ftl`.
    package static func locale(ofFile path: String) -> String? {
        TableFormat.inferredLocale(path) ?? FluentFolder.locale(ofFile: path)
    }

    /// The resources of a searched folder's language folders and its `LOCALE.ftl` files.
    package static func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try FluentFolder.files(in: directory, skipping: directory == walk.root ? walk.searched.map(FileSystem.baseName) : [])
            .map { TableFile(path: $0.path, locale: $0.locale, table: $0.table, format: format) }
    }
}

extension TableFormat {
    /// Fluent resources (`LOCALE/NAME.ftl`).
    public static let fluent = TableFormat(FluentTableFormat.self)
}
