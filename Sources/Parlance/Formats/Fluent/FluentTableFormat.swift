/// Fluent resources (`.ftl`, Fluent Syntax 1.0): the layouts Fluent
/// projects use (`LOCALE/NAME.ftl`, `LOCALE.ftl`), Fluent's own message
/// syntax. One table per file; a message's references reach the
/// messages and terms of its own table.
package final class FluentTableFormat: TableFormatPlugin {
    package var id: Int32 { 12 }
    package var name: String { "fluent" }
    package var fileExtension: String { "ftl" }
    package var precedence: Int { 1 }
    package var layoutDescription: String? { "Fluent LOCALE/NAME.ftl files" }
    package var messageSyntax: MessageSyntax { MessageSyntax.fluent }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: FluentFile.entries(FluentParser.parse(bytes: bytes, path: path), path: path))
    }

    /// `LOCALE/…/NAME.ftl` or `LOCALE.ftl`.
    package func locale(ofFile path: String) -> String? {
        TableFormat.inferredLocale(path) ?? FluentFolder.locale(ofFile: path)
    }

    /// The resources of a searched folder's language folders and its `LOCALE.ftl` files.
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try FluentFolder.files(in: directory, skipping: directory == walk.root ? walk.searched.map(FileSystem.baseName) : [])
            .map { TableFile(path: $0.path, locale: $0.locale, table: $0.table, format: format) }
    }
}

extension TableFormat {
    /// Fluent resources (`LOCALE/NAME.ftl`).
    public static let fluent = TableFormat(FluentTableFormat())
}
