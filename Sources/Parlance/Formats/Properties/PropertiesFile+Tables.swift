/// The tables `.properties` files give a catalog, named by ResourceBundle's
/// rules (`PropertiesFile+BundleName`).
extension PropertiesFile {
    /// The table of one file: its base name and locale from the file's name
    /// (`messages_pt_BR.properties` → `messages`, `pt-BR`; `messages.properties`
    /// → the root, `und`), unless given.
    package static func table(file path: String, locale: String?, table: String?) throws(ParlanceError) -> FoundTable {
        let name = FileSystem.baseName(path)
        let named = bundles(in: [name]).first
        let tableName = table ?? named?.table ?? TableName.standard
        try TableName.check(tableName)
        let tag = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
            ?? named?.locale ?? rootLocale
        return FoundTable(id: path, locale: tag, table: tableName,
                          parsed: ParsedTable(entries: parse(try FileSystem.read(path), path: path)))
    }
}
