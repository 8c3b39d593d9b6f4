/// Java `.properties` resource bundles: ResourceBundle's file naming
/// (`Base_lang_Script_COUNTRY_variant.properties`, `Base.properties` the
/// root) is the layout, `java.text.MessageFormat` the message syntax.
package final class PropertiesTableFormat: TableFormatPlugin {
    package var id: Int32 { 11 }
    package var name: String { "properties" }
    package var fileExtension: String { "properties" }
    package var precedence: Int { 1 }
    package var layoutDescription: String? { "Java ResourceBundle .properties files" }
    package var messageSyntax: MessageSyntax { MessageSyntax.java }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: PropertiesFile.parse(bytes, path: path))
    }

    /// The table and locale a bundle file's name gives, unless given.
    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        [LoadedTable(found: try PropertiesFile.table(file: path, locale: locale, table: givenTable), format: format)]
    }

    /// A searched folder's bundle files, each a table by its base name in its locale.
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        PropertiesFile.bundles(in: try FileSystem.list(directory)).compactMap { bundle -> TableFile? in
            let path = FileSystem.join(directory, bundle.name)
            guard FileSystem.isFile(path), TableName.isValid(bundle.table) else { return nil }
            return TableFile(path: path, locale: bundle.locale, table: bundle.table, format: format)
        }
    }
}

extension TableFormat {
    /// Java `.properties` resource bundles.
    public static let properties = TableFormat(PropertiesTableFormat())
}
