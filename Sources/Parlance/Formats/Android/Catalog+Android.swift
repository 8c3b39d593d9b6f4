/// Android resource folders joining a catalog.
extension Catalog {
    /// One resource file, its references resolved within it.
    func androidTable(_ path: String, locale: String?, table: String) throws(ParlanceError) -> PendingTable {
        var read = try androidFile(path, locale: locale)
        let texts = AndroidResourcesFile.texts(read.entries)
        AndroidResourcesFile.resolveReferences(&read.entries) { texts[$0] }
        return try pending(path, read, table: table)
    }

    /// Every `values[-locale]/*.xml` file with strings under `directory`,
    /// references resolved as Android resolves them: within the locale,
    /// then in the default `values` folder.
    func androidTables(in directory: String) throws(ParlanceError) -> [PendingTable] {
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
            let texts = AndroidResourcesFile.texts(file.read.entries)
            if byLocale[file.read.locale] == nil {
                byLocale[file.read.locale] = texts
            } else {
                byLocale[file.read.locale]!.merge(texts) { _, new in new }
            }
            if file.read.isDefault { defaults.merge(texts) { _, new in new } }
        }
        var tables: [PendingTable] = []
        // In place: a copy of a file's entries would copy every one of them.
        for index in files.indices {
            let own = byLocale[files[index].read.locale] ?? [:]
            AndroidResourcesFile.resolveReferences(&files[index].read.entries) { own[$0] ?? defaults[$0] }
            tables.append(try pending(files[index].path, files[index].read, table: Catalog.defaultTable))
        }
        return tables
    }

    /// A file's locale (given, or its `values…` folder's; `values` itself
    /// being its `tools:locale`, else `en`) and entries.
    private func androidFile(_ path: String, locale: String?) throws(ParlanceError)
        -> (locale: String, isDefault: Bool, entries: [ParsedEntry]) {
        let bytes = try FileSystem.read(path)
        let folder = AndroidFolder.locale(FileSystem.baseName(FileSystem.directoryName(path)))
        let tag: String
        if let locale {
            tag = try Self.canonicalTag(locale, path: path)
        } else {
            guard let folder else {
                throw ParlanceError(.invalidArgument, "cannot tell the locale: the file is not in a values or values-xx folder; give one",
                                    path: path)
            }
            tag = folder.isEmpty ? AndroidFolder.defaultLocale(bytes) : folder
        }
        var entries = try AndroidResourcesFile.parse(bytes, path: path)
        AndroidResourcesFile.dropUnreachableZero(&entries, locale: tag)
        return (tag, folder == "", entries)
    }

    private func pending(_ path: String, _ read: (locale: String, isDefault: Bool, entries: [ParsedEntry]), table: String)
        throws(ParlanceError) -> PendingTable {
        try Self.checkTableName(table)
        return PendingTable(id: path, locale: read.locale, table: table, format: .android, parsed: ParsedTable(entries: read.entries))
    }
}
