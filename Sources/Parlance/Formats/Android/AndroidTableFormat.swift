/// Android string resources (`res/values-*/strings.xml`): one namespace,
/// the default table; quantities chosen by the device's language.
package final class AndroidTableFormat: TableFormatPlugin {
    package var id: Int32 { 8 }
    package var name: String { "android" }
    package var fileExtension: String { "xml" }
    package var precedence: Int { 1 }
    package var layoutDescription: String? { "Android values folders" }
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["values-"]
    package var quantityLanguage: QuantityLanguage { QuantityLanguage.device }
    package var keepsTextsApartFromPlurals: Bool { true }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try AndroidResourcesFile.parse(bytes, path: path))
    }

    /// Android's resources are one namespace: the default table, unless one is given.
    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        format.loaded([try AndroidResourcesFile.table(path, locale: locale, table: givenTable ?? TableName.standard)])
    }

    /// One folder's `values*/` files at once: references resolve across them.
    package func load(files: ArraySlice<TableFile>, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        format.loaded(try AndroidResourcesFile.tables(files: files.map { $0.path }))
    }

    /// `values[-qualifiers]/*.xml` of a searched folder, the default table.
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try AndroidResourcesFile.files(in: directory).map {
            TableFile(path: $0.path, locale: $0.locale, table: TableName.standard, format: format)
        }
    }

    package func claimsFolder(_ name: String) -> Bool { AndroidFolder.locale(name) != nil }
}

extension TableFormat {
    /// Android string resources (`res/values-*/strings.xml`).
    public static let android = TableFormat(AndroidTableFormat())
}
