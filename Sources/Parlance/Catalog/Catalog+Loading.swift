import Synchronization

/// Loading files, directories and bytes into a catalog.
extension Catalog {
    /// Loads a file or a directory.
    ///
    /// A directory is searched for `xx.lproj/Table.{strings,stringsdict,json}`,
    /// also under an `i18n/` folder; `locale` and `table` must then be nil.
    /// For a file, nil `locale` and `table` come from its path
    /// (`fr.lproj/Menu.strings`), the table defaulting to `Localizable`, and a
    /// nil `format` from its extension or contents.
    public func load(path: String, locale: String? = nil, table: String? = nil, format: TableFormat? = nil) throws(ParlanceError) {
        guard !path.isEmpty else { throw ParlanceError(.invalidArgument, "empty path") }
        if FileSystem.isDirectory(path) {
            guard locale == nil, table == nil, format == nil else {
                throw ParlanceError(.invalidArgument, "locale, table and format apply to single files, not to a directory", path: path)
            }
            try loadDirectory(path)
            return
        }
        guard FileSystem.exists(path) else { throw ParlanceError(.notFound, "no such file or directory", path: path) }
        if format == .compiled || (format == nil && CompiledCatalogFile.hasMagic(path)) {
            guard locale == nil, table == nil else {
                throw ParlanceError(.invalidArgument, "a compiled catalog names its own locales and tables", path: path)
            }
            commit(try CompiledCatalogFile(path: path))
            return
        }
        commit(try readFile(path, locale: locale, table: table, format: format), resourceDirectories: [])
    }

    /// Loads one table from bytes (copied). `format` nil reads `.strings`
    /// (which also accepts XML and binary property lists). A string catalog
    /// (`.xcstrings`) holds every language: a nil `locale` loads them all, a
    /// locale only that one.
    public func load(bytes: [UInt8], locale: String?, table: String? = nil, format: TableFormat? = nil) throws(ParlanceError) {
        let failure: ParlanceError? = bytes.withUnsafeBytes { raw in
            do throws(ParlanceError) { try load(buffer: raw, locale: locale, table: table, format: format) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// `load(bytes:)` from memory the caller keeps (copied here; a `.mo`
    /// once, into a mapping served in place like a file's).
    package func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String? = nil,
                      format: TableFormat? = nil) throws(ParlanceError) {
        let tableName = table ?? Catalog.defaultTable
        try TableName.check(tableName)
        let format = format ?? .strings
        if format == .xliff {
            commit(Self.pending(try XLIFFFile.tables(Array(raw), id: "<memory>/\(tableName).xliff", path: nil, locale: locale, table: table), .xliff),
                   resourceDirectories: [])
            return
        }
        if format == .xcstrings {
            let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: nil) }
            commit(Self.pending(try XCStringsFile.tables(Array(raw), id: "<memory>/\(tableName).xcstrings", path: nil, table: tableName,
                                                       only: only, states: xcstringsStates), .xcstrings),
                   resourceDirectories: [])
            return
        }
        guard let locale else { throw ParlanceError(.invalidArgument, "a \(format.fileExtension) table needs a locale") }
        let tag = try LocaleName.tag(locale, path: nil)
        let id = "<memory>/\(tag)/\(tableName).\(format.fileExtension)"
        if format == .mo, let file = try MappedMOFile.copy(raw, id: id) {
            commit([PendingTable(id: id, locale: tag, table: tableName, format: format, parsed: ParsedTable(entries: []),
                                 mapped: file)], resourceDirectories: [])
            return
        }
        let parsed = try format.read(Array(raw), path: nil)
        commit([PendingTable(id: id, locale: tag, table: tableName, format: format, parsed: parsed)], resourceDirectories: [])
    }

    private func readFile(_ path: String, locale: String?, table: String?, format: TableFormat?) throws(ParlanceError) -> [PendingTable] {
        let (stem, ext) = FileSystem.splitExtension(FileSystem.baseName(path))
        let named = format ?? TableFormat(fileExtension: ext)
        // A .mo is mapped, not read: only its header is looked at now.
        let head = named == nil ? FileSystem.readPrefix(path, count: 16) : []
        guard let format = named ?? Self.sniff(head) else {
            throw ParlanceError(.invalidArgument, "cannot tell the format of '\(FileSystem.baseName(path))'; give one", path: path)
        }
        let tableName = table ?? (stem.isEmpty ? Catalog.defaultTable : stem)
        try TableName.check(tableName)
        if format == .xcstrings {
            // Every language is in the file; a locale given picks one of them.
            let only = try locale.map { name throws(ParlanceError) in try LocaleName.tag(name, path: path) }
            return Self.pending(try XCStringsFile.tables(file: path, table: tableName, only: only, states: xcstringsStates), .xcstrings)
        }
        if format == .xliff {
            return Self.pending(try XLIFFFile.tables(try FileSystem.read(path), id: path, path: path, locale: locale, table: table), .xliff)
        }
        if format == .android {
            // Android's resources are one namespace: the default table, unless one is given.
            return Self.pending([try AndroidResourcesFile.table(path, locale: locale, table: table ?? Catalog.defaultTable)], .android)
        }
        // i18next's `<lng>/<ns>.json`: the folder is the language.
        let folderLocale = format == .i18next ? FileSystem.baseName(FileSystem.directoryName(path)) : nil
        guard let localeName = locale ?? Self.inferredLocale(path) ?? folderLocale else {
            throw ParlanceError(.invalidArgument, "cannot tell the locale: the file is not in an xx.lproj folder; give one", path: path)
        }
        let tag = try LocaleName.tag(localeName, path: path)
        if format == .mo, let file = try MappedMOFile.open(path) {
            return [PendingTable(id: path, locale: tag, table: tableName, format: format, parsed: ParsedTable(entries: []),
                                 mapped: file)]
        }
        // A .po or .strings the quick reader takes is read in place, mapped, never copied whole.
        if format == .po, ext.lowercased() != "pot", let table = FileSystem.withMappedFile(path, POFile.quickTable) ?? nil {
            return [PendingTable(id: path, locale: tag, table: tableName, format: format, parsed: ParsedTable(table))]
        }
        if format == .strings, let table = FileSystem.withMappedFile(path, StringsFile.quickTable) ?? nil {
            return [PendingTable(id: path, locale: tag, table: tableName, format: format, parsed: ParsedTable(prebuilt: table))]
        }
        let bytes = try FileSystem.read(path)
        let parsed = ext.lowercased() == "pot" ? try Self.sourceTable(bytes, path: path) : try format.read(bytes, path: path)
        return [PendingTable(id: path, locale: tag, table: tableName, format: format, parsed: parsed)]
    }


    private func loadDirectory(_ root: String) throws(ParlanceError) {
        var pending: [PendingTable] = []
        var folders: [(locale: String, path: String)] = []
        var searched = [root]
        for folder in ["i18n", "res", "locales"] where FileSystem.isDirectory(FileSystem.join(root, folder)) {
            searched.append(FileSystem.join(root, folder))
        }
        for directory in searched {
            // String catalogs hold every language: beside the .lproj folders, or in mul.lproj.
            // XLIFF documents (each names its languages and tables) beside them too.
            for name in try FileSystem.list(directory) {
                let ext = FileSystem.splitExtension(name).ext
                guard let format = TableFormat(fileExtension: ext), format == .xcstrings || format == .xliff else { continue }
                let path = FileSystem.join(directory, name)
                guard FileSystem.isFile(path) else { continue }
                pending += try readFile(path, locale: nil, table: nil, format: format)
            }
            pending += Self.pending(try AndroidResourcesFile.tables(in: directory), .android)
            // `locales/` searched on its own is no language of the root.
            pending += Self.pending(try I18nextFolder.tables(in: directory, skipping: directory == root ? searched.map(FileSystem.baseName) : [],
                                                             isLanguage: TableFormat.isI18nextLanguageFolder), .i18next)
            for name in try FileSystem.list(directory) where name.hasSuffix(".lproj") {
                let folder = FileSystem.join(directory, name)
                guard FileSystem.isDirectory(folder), let localeName = Self.lprojLocale(name) else { continue }
                guard let tag = try LocaleName.canonical(localeName) else { continue }
                folders.append((tag, folder))
                for file in try FileSystem.list(folder) {
                    let (stem, ext) = FileSystem.splitExtension(file)
                    guard let format = TableFormat(fileExtension: ext), format != .compiled, !stem.isEmpty else { continue }
                    let path = FileSystem.join(folder, file)
                    guard FileSystem.isFile(path) else { continue }
                    pending += try readFile(path, locale: format == .xcstrings ? nil : tag, table: stem, format: format)
                }
            }
        }
        let gettext = try gettextTables(in: root)
        pending += gettext
        guard !folders.isEmpty || !pending.isEmpty else {
            throw ParlanceError(.notFound, "no xx.lproj folders, string catalogs, Android values folders or i18next LNG/NS.json files here or under i18n/, res/ or locales/, and no LANG/LC_MESSAGES catalogs",
                                path: root)
        }
        commit(pending, resourceDirectories: folders)
    }

    /// gettext's layout: `LANG/LC_MESSAGES/DOMAIN.mo` (or `.po`), the domain
    /// being the table. A `.po` next to a `.mo` of the same domain is skipped:
    /// the `.mo` is what gettext reads.
    private func gettextTables(in root: String) throws(ParlanceError) -> [PendingTable] {
        var pending: [PendingTable] = []
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
                pending += try readFile(path, locale: tag, table: stem, format: format)
            }
        }
        return pending
    }

    /// A format's tables as the catalog takes them.
    private static func pending(_ found: [FoundTable], _ format: TableFormat) -> [PendingTable] {
        found.map { PendingTable(id: $0.id, locale: $0.locale, table: $0.table, format: format, parsed: $0.parsed, file: $0.file) }
    }

    /// A `.pot` template as a source-language table: every msgid is its own
    /// text (msgid and msgid_plural the two forms, by the Germanic rule).
    static func sourceTable(_ bytes: [UInt8], path: String) throws(ParlanceError) -> ParsedTable {
        let entries = try POFile.parse(bytes, path: path).entries.compactMap { entry -> ParsedEntry? in
            guard !entry.isObsolete, !entry.isHeader else { return nil }
            let value: EntryValue = entry.msgidPlural.map { .gettextPlural([entry.msgid, $0]) } ?? .text(entry.msgid)
            return ParsedEntry(key: entry.msgid, context: entry.context, value: value, line: entry.line, column: entry.column)
        }
        var table = ParsedTable(entries: entries)
        table.formula = .germanic
        return table
    }

    /// "fr.lproj" → "fr"; nil for other names and for Base.lproj, which holds
    /// no language of its own.
    static func lprojLocale(_ folder: String) -> String? {
        guard folder.hasSuffix(".lproj") else { return nil }
        let name = String(folder.dropLast(6))
        return name.isEmpty || name == "Base" ? nil : name
    }

    /// The locale a file's place names: `fr.lproj/T.strings` or `fr/LC_MESSAGES/d.mo`.
    static func inferredLocale(_ path: String) -> String? {
        let folder = FileSystem.directoryName(path)
        if let lproj = lprojLocale(FileSystem.baseName(folder)) { return lproj }
        if FileSystem.baseName(folder) == "LC_MESSAGES" {
            return FileSystem.baseName(FileSystem.directoryName(folder))
        }
        return nil
    }

    static func sniff(_ bytes: [UInt8]) -> TableFormat? {
        if bytes.count >= 4, bytes[0...3] == [0xDE, 0x12, 0x04, 0x95] || bytes[0...3] == [0x95, 0x04, 0x12, 0xDE] {
            return .mo
        }
        if bytes.starts(with: Array("bplist00".utf8)) { return .strings }
        if bytes.starts(with: CompiledFormat.magic) { return .compiled }
        let head = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if head.first == UInt8(ascii: "{") { return .json }  // a string catalog is known by its extension
        return nil
    }

    /// Which `stringUnit` states string catalogs loaded from now on serve
    /// (default `.served`: translated, needs review and stale). Loads already
    /// made keep what they served.
    public var xcstringsStates: XCStringsStates {
        get { XCStringsStates(rawValue: stringCatalogStates.load(ordering: .relaxed)) }
        set { stringCatalogStates.store(newValue.rawValue, ordering: .relaxed) }
    }
}
