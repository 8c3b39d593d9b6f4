/// The registered table formats, one line each (each declared in its
/// folder, `Formats/<Format>/`); `TableFormat.register` adds others at run
/// time, after these. Their order is the order in which a catalog's folder
/// walk asks each format's layout for its files in each searched folder
/// (and sniffing asks them); `TableFormat.allCases` lists them by number.
extension TableFormat {
    static let registry = PluginRegistry<any TableFormatPlugin.Type>([
        XCStringsTableFormat.self,
        XLIFFTableFormat.self,
        AndroidTableFormat.self,
        I18nextTableFormat.self,
        StringsTableFormat.self,
        StringsdictTableFormat.self,
        JSONTableFormat.self,
        POTableFormat.self,
        MOTableFormat.self,
        CompiledTableFormat.self,
        PropertiesTableFormat.self,
        FluentTableFormat.self,
    ])
}

extension TableFormat {
    /// The format bytes given without one are read as (`Catalog.load(bytes:)`).
    package static let bytesDefault = TableFormat.strings

    /// What the registered layouts find: "string catalogs, …, xx.lproj folders or LANG/LC_MESSAGES catalogs".
    static var layoutsDescription: String {
        let names = registered.compactMap { $0.layoutDescription }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
