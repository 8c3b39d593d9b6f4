/// A table that a file, a buffer or a folder gives a catalog: what its
/// format's reader found, and for a `.mo` the mapping served in place.
struct LoadedTable {
    let found: FoundTable
    let format: TableFormat
    var mapped: MappedMOFile? = nil
}

/// What a catalog's folder holds: its tables, and each `.lproj` folder's
/// language (resource folders for UI documents).
struct LoadedFolder {
    var tables: [LoadedTable] = []
    var resourceFolders: [(locale: String, path: String)] = []
}

/// A table file of a catalog's folder, as `TableFormat.files(inFolder:)`
/// lists it: where it is, its format, and the locale and table the folder's
/// reading gives it. A file may hold no table (an Android resource file
/// without strings), or several (`PATH#TABLE` for an XLIFF document's
/// `<file>`s; `PATH#LOCALE` for an Android locale served the default
/// folder's references).
package struct TableFile: Sendable, Equatable {
    package let path: String
    /// nil: the file names its languages (String Catalog, XLIFF).
    package let locale: String?
    /// nil: the file names its tables (an XLIFF document's `<file>`s).
    package let table: String?
    package let format: TableFormat
}

/// How the runtime reads each format's files, buffers and folders: the
/// registry's one place for it, so a catalog only publishes what it is given.
extension TableFormat {
    /// The format of the file at `path`: the one its extension names, else
    /// the one its first bytes show; nil when neither tells.
    package static func of(path: String) -> TableFormat? {
        TableFormat(fileExtension: FileSystem.splitExtension(FileSystem.baseName(path)).ext)
            ?? sniff(FileSystem.readPrefix(path, count: 16))
    }

    /// A file's format from its first bytes: a `.mo`'s magic number, a
    /// binary property list, a compiled catalog, a JSON object (a String
    /// Catalog is known by its extension only).
    package static func sniff(_ bytes: [UInt8]) -> TableFormat? {
        if bytes.count >= 4, bytes[0...3] == [0xDE, 0x12, 0x04, 0x95] || bytes[0...3] == [0x95, 0x04, 0x12, 0xDE] {
            return .mo
        }
        if bytes.starts(with: Array("bplist00".utf8)) { return .strings }
        if bytes.starts(with: CompiledFormat.magic) { return .compiled }
        let head = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if head.first == UInt8(ascii: "{") { return .json }
        return nil
    }

    /// Whether the file at `path` (of `format`, nil: not given) is a whole
    /// catalog of its own — Parlance's compiled catalogs — which names its
    /// locales and tables and is served as it is.
    static func isWholeCatalog(path: String, format: TableFormat?) -> Bool {
        format == .compiled || (format == nil && CompiledCatalogFile.hasMagic(path))
    }

    /// Keys resolve by i18next's rules: `_context`, `_plural` suffixes and
    /// their candidate order, `$t()` nesting.
    var resolvesKeysAsI18next: Bool { self == .i18next }

    /// A key's text and its plural are two resources (Android's `<string>`
    /// and `<plurals>` of one name): both are listed.
    var keepsTextsApartFromPlurals: Bool { self == .android }

    /// Quantities are chosen by the device's language, as Android's
    /// `getQuantityString` chooses them, whatever the table's language.
    var choosesQuantitiesForTheDevice: Bool { self == .android }

    /// One file holds every language of its table (String Catalogs): a
    /// locale given picks one of them.
    package var holdsEveryLanguage: Bool { self == .xcstrings }

    /// A file of this format names its own languages (String Catalogs,
    /// XLIFF documents): found beside the `.lproj` folders, not in one.
    package var namesItsLanguages: Bool { self == .xcstrings || self == .xliff }

    /// The tables of the file at `path` (`ext` its extension, `stem` its name
    /// without it). A nil `table` is the file's name; a nil `locale` comes
    /// from its place (`fr.lproj/`, `fr/LC_MESSAGES/`, i18next's `fr/`) or,
    /// for the formats that name their languages, from the file.
    func load(file path: String, locale: String?, table: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let (stem, ext) = FileSystem.splitExtension(FileSystem.baseName(path))
        let tableName = table ?? (stem.isEmpty ? TableName.standard : stem)
        try TableName.check(tableName)
        switch self {
        case .xcstrings:
            let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
            return loaded(try XCStringsFile.tables(file: path, table: tableName, only: only, states: states))
        case .xliff:
            return loaded(try XLIFFFile.tables(try FileSystem.read(path), id: path, path: path, locale: locale, table: table))
        case .android:
            // Android's resources are one namespace: the default table, unless one is given.
            return loaded([try AndroidResourcesFile.table(path, locale: locale, table: table ?? TableName.standard)])
        default:
            break
        }
        // i18next's `<lng>/<ns>.json`: the folder is the language.
        let folderLocale = self == .i18next ? FileSystem.baseName(FileSystem.directoryName(path)) : nil
        guard let localeName = locale ?? Self.inferredLocale(path) ?? folderLocale else {
            throw ParlanceError(.invalidArgument, "cannot tell the locale: the file is not in an xx.lproj folder; give one", path: path)
        }
        let tag = try LocaleName.tag(localeName, path: path)
        func one(_ parsed: ParsedTable, mapped: MappedMOFile? = nil) -> [LoadedTable] {
            [LoadedTable(found: FoundTable(id: path, locale: tag, table: tableName, parsed: parsed), format: self, mapped: mapped)]
        }
        if self == .mo, let file = try MappedMOFile.open(path) { return one(ParsedTable(entries: []), mapped: file) }
        // A .po or .strings the quick reader takes is read in place, mapped, never copied whole.
        let template = ext.lowercased() == "pot"
        if self == .po, !template, let table = FileSystem.withMappedFile(path, POFile.quickTable) ?? nil {
            return one(ParsedTable(table))
        }
        if self == .strings, let table = FileSystem.withMappedFile(path, StringsFile.quickTable) ?? nil {
            return one(ParsedTable(prebuilt: table))
        }
        if self == .i18next, let table = FileSystem.withMappedFile(path, I18nextFile.quickTable) ?? nil {
            return one(ParsedTable(prebuilt: table))
        }
        let bytes = try FileSystem.read(path)
        return one(template ? try POFile.sourceTable(bytes, path: path) : try read(bytes, path: path))
    }

    /// The tables of bytes in memory, copied (a `.mo` once, into a mapping
    /// served in place like a file's); ids are `<memory>/…`.
    func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tableName = table ?? TableName.standard
        try TableName.check(tableName)
        switch self {
        case .xliff:
            return loaded(try XLIFFFile.tables(Array(raw), id: "<memory>/\(tableName).xliff", path: nil, locale: locale, table: table))
        case .xcstrings:
            let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: nil) }
            return loaded(try XCStringsFile.tables(Array(raw), id: "<memory>/\(tableName).xcstrings", path: nil, table: tableName,
                                                   only: only, states: states))
        default:
            break
        }
        guard let locale else { throw ParlanceError(.invalidArgument, "a \(fileExtension) table needs a locale") }
        let tag = try LocaleName.tag(locale, path: nil)
        let id = "<memory>/\(tag)/\(tableName).\(fileExtension)"
        if self == .mo, let file = try MappedMOFile.copy(raw, id: id) {
            return [LoadedTable(found: FoundTable(id: id, locale: tag, table: tableName, parsed: ParsedTable(entries: [])),
                                format: self, mapped: file)]
        }
        return [LoadedTable(found: FoundTable(id: id, locale: tag, table: tableName, parsed: try read(Array(raw), path: nil)),
                            format: self)]
    }

    /// Every table in a catalog's folder `root`: the files `files(inFolder:)`
    /// lists, each read in that order (Android's resource files of one folder
    /// together, their references resolved across them).
    static func load(folder root: String, states: XCStringsStates) throws(ParlanceError) -> LoadedFolder {
        var folder = LoadedFolder()
        let files = try files(inFolder: root, resourceFolders: &folder.resourceFolders)
        var index = 0
        while index < files.count {
            let file = files[index]
            if file.format == .android {
                // One folder's `values*/` files at once: references resolve across them.
                let searched = FileSystem.directoryName(FileSystem.directoryName(file.path))
                var end = index + 1
                while end < files.count, files[end].format == .android,
                      FileSystem.directoryName(FileSystem.directoryName(files[end].path)) == searched { end += 1 }
                folder.tables += TableFormat.android.loaded(try AndroidResourcesFile.tables(files: files[index..<end].map(\.path)))
                index = end
                continue
            }
            folder.tables += try file.format.load(file: file.path, locale: file.locale, table: file.table, states: states)
            index += 1
        }
        return folder
    }

    /// The table files of a catalog's folder `root`, in the order
    /// `Catalog.load` reads them, with the locale and table it gives each:
    /// String Catalogs and XLIFF documents, Android `values*/`, i18next
    /// `LNG/NS.json` and `xx.lproj/` folders, in `root` and in its `i18n/`,
    /// `res/` and `locales/`; gettext's `LANG/LC_MESSAGES/DOMAIN.mo` in `root`.
    /// No file is read but for what its place leaves open (the language of
    /// Android's default `values/` folder, from the head of the file).
    package static func files(inFolder root: String) throws(ParlanceError) -> [TableFile] {
        var resourceFolders: [(locale: String, path: String)] = []
        return try files(inFolder: root, resourceFolders: &resourceFolders)
    }

    private static func files(inFolder root: String, resourceFolders: inout [(locale: String, path: String)])
        throws(ParlanceError) -> [TableFile] {
        var files: [TableFile] = []
        var searched = [root]
        for name in ["i18n", "res", "locales"] where FileSystem.isDirectory(FileSystem.join(root, name)) {
            searched.append(FileSystem.join(root, name))
        }
        for directory in searched {
            for name in try FileSystem.list(directory) {
                guard let format = TableFormat(fileExtension: FileSystem.splitExtension(name).ext), format.namesItsLanguages
                else { continue }
                let path = FileSystem.join(directory, name)
                guard FileSystem.isFile(path) else { continue }
                files.append(TableFile(path: path, locale: nil, table: format.holdsEveryLanguage ? tableName(path) : nil, format: format))
            }
            files += try AndroidResourcesFile.files(in: directory).map {
                TableFile(path: $0.path, locale: $0.locale, table: TableName.standard, format: .android)
            }
            // `locales/` searched on its own is no language of the root.
            files += try I18nextFolder.files(in: directory, skipping: directory == root ? searched.map(FileSystem.baseName) : [],
                                             isLanguage: isI18nextLanguageFolder).map {
                TableFile(path: $0.path, locale: $0.locale, table: $0.namespace, format: .i18next)
            }
            for name in try FileSystem.list(directory) where name.hasSuffix(".lproj") {
                let lproj = FileSystem.join(directory, name)
                guard FileSystem.isDirectory(lproj), let localeName = lprojLocale(name) else { continue }
                guard let tag = try LocaleName.canonical(localeName) else { continue }
                resourceFolders.append((tag, lproj))
                for file in try FileSystem.list(lproj) {
                    let (stem, ext) = FileSystem.splitExtension(file)
                    guard let format = TableFormat(fileExtension: ext), format != .compiled, !stem.isEmpty else { continue }
                    let path = FileSystem.join(lproj, file)
                    guard FileSystem.isFile(path) else { continue }
                    files.append(TableFile(path: path, locale: format.holdsEveryLanguage ? nil : tag, table: stem, format: format))
                }
            }
        }
        files += try gettextFiles(in: root)
        return files
    }

    /// A file's table when none is given: its name without the extension, or the standard table.
    private static func tableName(_ path: String) -> String {
        let stem = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        return stem.isEmpty ? TableName.standard : stem
    }

    /// gettext's layout: `LANG/LC_MESSAGES/DOMAIN.mo` (or `.po`), the domain
    /// being the table. A `.po` next to a `.mo` of the same domain is skipped:
    /// the `.mo` is what gettext reads.
    private static func gettextFiles(in root: String) throws(ParlanceError) -> [TableFile] {
        var tables: [TableFile] = []
        for name in try FileSystem.list(root) where !name.hasSuffix(".lproj") {
            let messages = FileSystem.join(FileSystem.join(root, name), "LC_MESSAGES")
            guard FileSystem.isDirectory(messages), let tag = try? LocaleName.canonical(name) else { continue }
            let files = try FileSystem.list(messages)
            for file in files {
                let (stem, ext) = FileSystem.splitExtension(file)
                guard let format = TableFormat(fileExtension: ext), format.isGettext, !stem.isEmpty else { continue }
                if format == .po && files.contains(stem + ".mo") { continue }
                let path = FileSystem.join(messages, file)
                guard FileSystem.isFile(path) else { continue }
                tables.append(TableFile(path: path, locale: tag, table: stem, format: format))
            }
        }
        return tables
    }

    /// The entries with their notes for translators that a table's file
    /// keeps (`locale` and `table` pick them out of a file of several
    /// tables); none for a format without notes or a file that cannot be read.
    func notes(file path: String, locale: String, table: String) -> [ParsedEntry] {
        guard [.strings, .po, .xcstrings, .xliff].contains(self) else { return [] }
        // An XLIFF document's tables are `PATH#TABLE`.
        var path = path
        if self == .xliff, !FileSystem.isFile(path), let hash = path.lastIndex(of: "#") { path = String(path[..<hash]) }
        guard FileSystem.isFile(path), let bytes = try? FileSystem.read(path) else { return [] }
        switch self {
        case .xcstrings:
            return (try? XCStringsFile.parse(bytes, path: path, states: .all))?
                .localizations.first { $0.locale == locale }?.entries ?? []
        case .xliff:
            return (try? XLIFFFile.parse(bytes, path: path, locale: locale))?
                .first { $0.locale == locale && $0.name == table }?.entries ?? []
        default:
            return (try? read(bytes, path: path, quick: false))?.entries ?? []
        }
    }

    /// "fr.lproj" → "fr"; nil for other names and for Base.lproj, which holds
    /// no language of its own.
    package static func lprojLocale(_ folder: String) -> String? {
        guard folder.hasSuffix(".lproj") else { return nil }
        let name = String(folder.dropLast(6))
        return name.isEmpty || name == "Base" ? nil : name
    }

    /// The locale a file's place names: `fr.lproj/T.strings` or `fr/LC_MESSAGES/d.mo`.
    package static func inferredLocale(_ path: String) -> String? {
        let folder = FileSystem.directoryName(path)
        if let lproj = lprojLocale(FileSystem.baseName(folder)) { return lproj }
        if FileSystem.baseName(folder) == "LC_MESSAGES" {
            return FileSystem.baseName(FileSystem.directoryName(folder))
        }
        return nil
    }

    func loaded(_ found: [FoundTable]) -> [LoadedTable] {
        found.map { LoadedTable(found: $0, format: self) }
    }
}
