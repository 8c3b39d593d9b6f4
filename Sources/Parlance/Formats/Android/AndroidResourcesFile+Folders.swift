/// Android resource folders joining a catalog.
extension AndroidResourcesFile {
    /// One resource file, its references resolved within it.
    static func table(_ path: String, locale: String?, table: String) throws(ParlanceError) -> FoundTable {
        var read = try androidFile(path, locale: locale)
        let texts = Self.texts(read.entries)
        resolveReferences(&read.entries) { texts[$0] }
        return try pending(path, read, table: table)
    }

    /// Every `values[-locale]/*.xml` file with strings under `directory`,
    /// references resolved as Android resolves them: within the locale,
    /// then in the default `values` folder.
    static func tables(in directory: String) throws(ParlanceError) -> [FoundTable] {
        var files: [(path: String, read: (locale: String, isDefault: Bool, entries: [ParsedEntry]))] = []
        for name in try FileSystem.list(directory) where AndroidFolder.locale(name) != nil {
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder) else { continue }
            for file in try FileSystem.list(folder) where file.hasSuffix(".xml") {
                let path = FileSystem.join(folder, file)
                guard FileSystem.isFile(path) else { continue }
                let read = try androidFile(path, locale: nil)
                if !read.entries.isEmpty { files.append((path, read)) }   // colors.xml, dimens.xml: no strings
            }
        }
        var byLocale: [String: [String: String]] = [:]
        var defaults: [String: String] = [:]
        for file in files {
            let texts = Self.texts(file.read.entries)
            if byLocale[file.read.locale] == nil {
                byLocale[file.read.locale] = texts
            } else {
                byLocale[file.read.locale]!.merge(texts) { _, new in new }
            }
            if file.read.isDefault { defaults.merge(texts) { _, new in new } }
        }
        var tables: [FoundTable] = []
        // In place: a copy of a file's entries would copy every one of them.
        for index in files.indices {
            let own = byLocale[files[index].read.locale] ?? [:]
            resolveReferences(&files[index].read.entries) { own[$0] ?? defaults[$0] }
            tables.append(try pending(files[index].path, files[index].read, table: TableName.standard))
        }
        return tables
    }

    /// A file's locale (given, or its `values…` folder's; `values` itself
    /// being its `tools:locale`, else `en`) and entries.
    private static func androidFile(_ path: String, locale: String?) throws(ParlanceError)
        -> (locale: String, isDefault: Bool, entries: [ParsedEntry]) {
        let bytes = try FileSystem.read(path)
        let folder = AndroidFolder.locale(FileSystem.baseName(FileSystem.directoryName(path)))
        let tag: String
        if let locale {
            tag = try LocaleName.tag(locale, path: path)
        } else {
            guard let folder else {
                throw ParlanceError(.invalidArgument, "cannot tell the locale: the file is not in a values or values-xx folder; give one",
                                    path: path)
            }
            tag = folder.isEmpty ? AndroidFolder.defaultLocale(bytes) : folder
        }
        var entries = try parse(bytes, path: path)
        dropUnreachableZero(&entries, locale: tag)
        return (tag, folder == "", entries)
    }

    private static func pending(_ path: String, _ read: (locale: String, isDefault: Bool, entries: [ParsedEntry]), table: String)
        throws(ParlanceError) -> FoundTable {
        try TableName.check(table)
        return FoundTable(id: path, locale: read.locale, table: table, parsed: ParsedTable(entries: read.entries))
    }
}
