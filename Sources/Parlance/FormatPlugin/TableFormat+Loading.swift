/// A table that a file, a buffer or a folder gives a catalog: what its
/// format's reader found, and what serves it in place instead
/// (`InPlaceSource`: a `.mo`'s private copy, a compiled catalog's table).
package struct LoadedTable {
    let found: FoundTable
    let format: TableFormat
    var inPlace: InPlaceSource? = nil
}

/// What a catalog's folder holds: its tables, and each language folder's
/// locale (resource folders for UI documents).
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

    package init(path: String, locale: String?, table: String?, format: TableFormat) {
        self.path = path
        self.locale = locale
        self.table = table
        self.format = format
    }
}

/// How the runtime reads files, buffers and folders: each registered
/// format's plug-in says how, so a catalog only publishes what it is given.
extension TableFormat {
    /// The format of the file at `path`: the one its extension names, else
    /// the one its first bytes show; nil when neither tells. Of several
    /// formats of one extension, the file's place chooses: in a folder a
    /// layout claims (`fr.lproj/Menu.json`), the one sharing that layout's
    /// folders; elsewhere (`locales/fr.json`, `de/common.json`) the first
    /// that has no folders of its own.
    package static func of(path: String) -> TableFormat? {
        named(path) ?? sniff(FileSystem.readPrefix(path, count: 16))
    }

    /// The format the extension of `path` names (`of(path:)` without
    /// reading the file), nil when none does.
    static func named(_ path: String) -> TableFormat? {
        let ext = FileSystem.fileExtension(FileSystem.baseName(path[...]))
        // By bytes when ASCII, as registered extensions are: no String made.
        let lowered = ext.utf8.allSatisfy({ $0 < 0x80 }) ? nil : ext.lowercased()
        func names(_ plugin: any TableFormatPlugin) -> Bool {
            guard let lowered else {
                return FileSystem.asciiCaseInsensitiveEqual(ext, plugin.fileExtension)
                    || plugin.extensionAliases.contains { FileSystem.asciiCaseInsensitiveEqual(ext, $0) }
            }
            return plugin.fileExtension == lowered || plugin.extensionAliases.contains(lowered)
        }
        // Usually one format names the extension: found without making a list.
        var only: (any TableFormatPlugin)? = nil, matches = 0
        for plugin in registered where names(plugin) {
            matches += 1
            only = plugin
        }
        guard let only else { return nil }
        if matches == 1 { return TableFormat(only) }
        let readers = formats(where: names)
        let first = readers[0]
        let folder = FileSystem.baseName(FileSystem.directoryName(path))
        let conventions = registered.filter { $0.claimsFolder(folder) }.flatMap { $0.folderConventions }
        if !conventions.isEmpty {
            return readers.first { $0.plugin.folderConventions.contains(where: conventions.contains) } ?? first
        }
        return readers.first { $0.plugin.folderConventions.isEmpty } ?? first
    }

    /// A file's format from its first bytes, as the registered formats recognise them.
    package static func sniff(_ bytes: [UInt8]) -> TableFormat? {
        registered.first { $0.sniff(bytes) }.map(TableFormat.init)
    }

    /// Whether the file at `path` (of `format`, nil: not given) is a whole
    /// catalog of its own, which names its locales and tables and is served as it is.
    static func isWholeCatalog(path: String, format: TableFormat?) -> Bool {
        wholeCatalogFormat(path: path, format: format) != nil
    }

    /// The format of the whole catalog at `path` (`format` when given), or nil when it is not one.
    private static func wholeCatalogFormat(path: String, format: TableFormat?) -> TableFormat? {
        guard let format = format ?? sniff(FileSystem.readPrefix(path, count: 16)), format.plugin.isWholeCatalog else { return nil }
        return format
    }

    /// Every table of the whole catalog at `path` (of `format`, nil: not
    /// given), each as it names its locale and table; nil when the file is not one.
    static func loadWholeCatalog(path: String, format: TableFormat?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable]? {
        guard let format = wholeCatalogFormat(path: path, format: format) else { return nil }
        return try format.plugin.load(file: path, locale: nil, table: TableName.standard, givenTable: nil, states: states)
    }

    /// The tables of the file at `path`. A nil `table` is the file's name;
    /// a nil `locale` comes from its place (`fr.lproj/`, `fr/LC_MESSAGES/`,
    /// i18next's `fr/`) or, for the formats that name their languages, from the file.
    func load(file path: String, locale: String?, table: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let stem = FileSystem.stem(FileSystem.baseName(path[...]))
        let tableName = table ?? (stem.isEmpty ? TableName.standard : String(stem))
        try TableName.check(tableName)
        return try plugin.load(file: path, locale: locale, table: tableName, givenTable: table, states: states)
    }

    /// The tables of bytes in memory, copied (a `.mo` once, into a mapping
    /// served in place like a file's); ids are `<memory>/…`.
    func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String?,
              states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        let tableName = table ?? TableName.standard
        try TableName.check(tableName)
        return try plugin.load(buffer: raw, locale: locale, table: tableName, givenTable: table, states: states)
    }

    /// Every table in a catalog's folder `root`: the files `files(inFolder:)`
    /// lists, each layout's files of one format read together (Android's
    /// resource files of one folder resolve their references across them).
    static func load(folder root: String, states: XCStringsStates) throws(ParlanceError) -> LoadedFolder {
        var folder = LoadedFolder()
        for batch in try batches(inFolder: root, resourceFolders: &folder.resourceFolders) {
            var start = batch.startIndex
            while start < batch.endIndex {
                let format = batch[start].format
                var end = start + 1
                while end < batch.endIndex, batch[end].format == format { end += 1 }
                folder.tables += try format.plugin.load(files: batch[start..<end], states: states)
                start = end
            }
        }
        return folder
    }

    /// The table files of a catalog's folder `root`, in the order
    /// `Catalog.load` reads them, with the locale and table it gives each:
    /// for `root` and each of its `i18n/`, `res/` and `locales/`, each
    /// registered format's layout in registry order. No file is read but for
    /// what its place leaves open (the language of Android's default
    /// `values/` folder, from the head of the file).
    package static func files(inFolder root: String) throws(ParlanceError) -> [TableFile] {
        var resourceFolders: [(locale: String, path: String)] = []
        return try batches(inFolder: root, resourceFolders: &resourceFolders).flatMap { $0 }
    }

    /// The folder walk: each layout's files of each searched folder.
    private static func batches(inFolder root: String, resourceFolders: inout [(locale: String, path: String)])
        throws(ParlanceError) -> [[TableFile]] {
        var searched = [root]
        for name in ["i18n", "res", "locales"] where FileSystem.isDirectory(FileSystem.join(root, name)) {
            searched.append(FileSystem.join(root, name))
        }
        var walk = FolderWalk(root: root, searched: searched)
        var batches: [[TableFile]] = []
        for directory in searched {
            for plugin in registered {
                let files = try plugin.tableFiles(in: directory, walk: &walk)
                if !files.isEmpty { batches.append(files) }
            }
        }
        resourceFolders = walk.resourceFolders
        return batches
    }

    /// Whether a format other than `plugin` claims a folder of that name for its layout.
    package static func folderClaimed(_ name: String, except plugin: any TableFormatPlugin) -> Bool {
        registered.contains { $0.id != plugin.id && $0.claimsFolder(name) }
    }

    /// The locale a file's place names by a registered format's folder
    /// convention: `fr.lproj/T.strings` or `fr/LC_MESSAGES/d.mo`.
    package static func inferredLocale(_ path: String) -> String? {
        for plugin in registered { if let locale = plugin.placeLocale(path) { return locale } }
        return nil
    }

    func loaded(_ found: [FoundTable]) -> [LoadedTable] {
        found.map { LoadedTable(found: $0, format: self) }
    }
}
