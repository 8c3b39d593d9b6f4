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
        // A file named for a format whose reader refuses foreign bytes (a
        // `.mo`) is read at once: the reader's `open` and `fstat` find it,
        // so the `stat` telling a folder from a file is made only when that
        // read fails. Only then is the file sniffed for a whole catalog.
        if format == nil, let named = TableFormat.named(path), named.plugin.refusesOtherBytes {
            let read: [PendingTable]
            do throws(ParlanceError) {
                read = try readFile(path, locale: locale, table: table, format: named)
            } catch {
                if try loadedFolder(path, locale: locale, table: table, format: format) { return }
                guard TableFormat.isWholeCatalog(path: path, format: nil) else { throw error }
                try loadWholeCatalog(path, locale: locale, table: table, format: nil)
                return
            }
            commit(read, resourceDirectories: [])
            return
        }
        if try loadedFolder(path, locale: locale, table: table, format: format) { return }
        if TableFormat.isWholeCatalog(path: path, format: format) {
            try loadWholeCatalog(path, locale: locale, table: table, format: format)
            return
        }
        commit(try readFile(path, locale: locale, table: table, format: format), resourceDirectories: [])
    }

    /// Loads `path` when it is a folder (true), or says it names nothing;
    /// false for a file.
    private func loadedFolder(_ path: String, locale: String?, table: String?, format: TableFormat?) throws(ParlanceError) -> Bool {
        guard let kind = FileSystem.kind(path) else { throw ParlanceError(.notFound, "no such file or directory", path: path) }
        guard kind == .directory else { return false }
        guard locale == nil, table == nil, format == nil else {
            throw ParlanceError(.invalidArgument, "locale, table and format apply to single files, not to a directory", path: path)
        }
        try loadDirectory(path)
        return true
    }

    /// Loads the whole catalog at `path`, which names its own locales and tables.
    private func loadWholeCatalog(_ path: String, locale: String?, table: String?, format: TableFormat?) throws(ParlanceError) {
        guard locale == nil, table == nil else {
            throw ParlanceError(.invalidArgument, "a compiled catalog names its own locales and tables", path: path)
        }
        commit(wholeCatalog: Self.pending(try TableFormat.loadWholeCatalog(path: path, format: format, states: xcstringsStates) ?? []))
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
        let loaded = try (format ?? TableFormat.bytesDefault).load(buffer: raw, locale: locale, table: table, states: xcstringsStates)
        commit(Self.pending(loaded), resourceDirectories: [])
    }

    private func readFile(_ path: String, locale: String?, table: String?, format: TableFormat?) throws(ParlanceError) -> [PendingTable] {
        guard let format = format ?? TableFormat.of(path: path) else {
            throw ParlanceError(.invalidArgument, "cannot tell the format of '\(FileSystem.baseName(path))'; give one", path: path)
        }
        return Self.pending(try format.load(file: path, locale: locale, table: table, states: xcstringsStates))
    }

    private func loadDirectory(_ root: String) throws(ParlanceError) {
        let folder = try TableFormat.load(folder: root, states: xcstringsStates)
        guard !folder.resourceFolders.isEmpty || !folder.tables.isEmpty else {
            throw ParlanceError(.notFound, "no \(TableFormat.layoutsDescription) here or under i18n/, res/ or locales/", path: root)
        }
        commit(Self.pending(folder.tables), resourceDirectories: folder.resourceFolders)
    }

    /// Tables as the catalog takes them.
    private static func pending(_ loaded: [LoadedTable]) -> [PendingTable] {
        loaded.map {
            PendingTable(id: $0.found.id, locale: $0.found.locale, table: $0.found.table, format: $0.format,
                         parsed: $0.found.parsed, inPlace: $0.inPlace, file: $0.found.file)
        }
    }

    /// Which `stringUnit` states string catalogs loaded from now on serve
    /// (default `.served`: translated, needs review and stale). Loads already
    /// made keep what they served.
    public var xcstringsStates: XCStringsStates {
        get { XCStringsStates(rawValue: stringCatalogStates.load(ordering: .relaxed)) }
        set { stringCatalogStates.store(newValue.rawValue, ordering: .relaxed) }
    }
}
