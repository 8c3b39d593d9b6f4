import Parlance

/// String Catalogs: `DIR/<Table>.xcstrings`, every locale in the one file
/// (where Xcode projects keep a catalog, and where the runtime finds it
/// beside the `.lproj` folders), or `DIR/mul.lproj/<Table>.xcstrings` when
/// that one exists (Xcode's place for the catalog of a storyboard or xib).
package struct XCStringsFormat: ToolFormat {
    /// `shouldTranslate`, `extractionState` and states other than
    /// `translated` (`XCStringsMetadata`).
    package func marks(file: String) throws -> [EntryMark] {
        try XCStringsMetadata.marks(path: file)
    }

    package init() {}

    package var name: String { "xcstrings" }
    package var tableFormats: [TableFormat] { [.xcstrings] }
    package var messageExtensions: [String] { ["xcstrings"] }
    package var folderShape: String { ".xcstrings catalogs" }

    package var span: DocumentSpan { .catalog }

    package func directory(_ place: CatalogPlace, locale: String) -> String { place.root }

    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let multilingual = place.join("mul.lproj", table + ".xcstrings")
        return [FileSystemTools.isFile(multilingual) ? multilingual : place.join(table + ".xcstrings")]
    }

    /// The languages are inside the catalogs.
    package func locale(member name: String, _ place: CatalogPlace) -> String? { nil }

    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        stems(in: [place.root, place.join("mul.lproj")], extensions: ["xcstrings"])
    }

    package func holds(_ place: CatalogPlace) -> Bool { !tables(place, locale: "").isEmpty }

    package func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        throw ToolError.io("a string catalog holds every language; open it as an XCStringsDocument", path: paths(place, locale: locale, table: table)[0])
    }

    package func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] { [] }

    package func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        try XCStringsDocument(path: path, sourceLanguage: place.development).render()
    }

    package func entries(path: String, locale: String) throws -> [LocatedEntry] {
        let read = try XCStringsLocalization.entries(path: path)
        return (read.tables.first { $0.locale == locale }?.entries ?? []).map { LocatedEntry(entry: $0, path: path) }
    }

    /// The catalog's keys, its source language's texts and each entry's
    /// `comment`; not the `stale` entries, which the code no longer uses
    /// (as `.po`'s obsolete ones), so that merging a catalog into itself
    /// changes nothing.
    package func messages(path: String, table: String, locale: String) throws -> [SourceMessage] {
        let document = try XCStringsDocument(path: path, sourceLanguage: "")
        let entries = try XCStringsLocalization.entries(path: path).tables.first?.entries ?? []
        return entries.filter { XCStringsJSON.string("extractionState", in: document.entry($0.key) ?? []) != "stale" }
            .map { SourceMessage.message($0, table: table) }
    }

    /// Every language of the catalog; the development texts are its source language's.
    package func readSpan(_ place: CatalogPlace, path: String, locale: String) throws -> SpanRead {
        let read = try XCStringsLocalization.entries(path: path)
        let table = FileSystemTools.splitExtension(FileSystemTools.baseName(path)).stem
        var span = SpanRead()
        for (locale, entries) in read.tables {
            span.tables.append((locale, table, entries))
            if locale == read.sourceLanguage { span.sources[table] = entries }
        }
        return span
    }

    package func mergeCatalogs(_ byTable: [String: [SourceMessage]], _ place: CatalogPlace, options: MergeOptions) throws -> MergeReport {
        try XCStringsMerge.merge(byTable, existing: tables(place, locale: place.development),
                                 path: { paths(place, locale: place.development, table: $0)[0] },
                                 development: place.development, options: options)
    }

    /// One language of `OUTDIR/TABLE.xcstrings` made anew (pseudo): every
    /// other language and member of a catalog already there stays; the
    /// pseudo-locale's localizations are replaced, and leave the keys the
    /// development table no longer has. A key new to the catalog also gets
    /// its development text (when it is not the key), so that the catalog's
    /// source language serves what the development table does. True when
    /// there was something to write.
    package func replaceLanguage(_ drafts: [(draft: EntryDraft, original: EntryValue)], locale: String, path: String,
                                 sourceLanguage: String) throws -> Bool {
        var document = try XCStringsDocument(path: path, sourceLanguage: sourceLanguage)
        var keys = Set<String>()
        for (draft, original) in drafts {
            let key = ContextKey.compose(draft.key, context: draft.context)
            keys.insert(key)
            var members = document.entry(key) ?? []
            var localizations = XCStringsJSON.object("localizations", in: members) ?? []
            if !document.contains(key), original != .text(key) {
                var source = original
                if case .gettextPlural(let texts) = original {
                    source = .plural(PluralForms([.one: texts.first ?? "", .other: texts.last ?? ""]))
                }
                XCStringsJSON.set(document.sourceLanguage, XCStringsLocalization.node(source), in: &localizations)
            }
            XCStringsJSON.set(locale, XCStringsLocalization.node(draft.value), in: &localizations)
            XCStringsJSON.set("localizations", .object(localizations), in: &members)
            document.setEntry(key, members)
        }
        for key in document.keys where !keys.contains(key) {
            document.modifyEntry(key) { members in
                guard var localizations = XCStringsJSON.object("localizations", in: members),
                      XCStringsJSON.set(locale, nil, in: &localizations) else { return }
                XCStringsJSON.set("localizations", localizations.isEmpty ? nil : .object(localizations), in: &members)
            }
        }
        guard !document.keys.isEmpty else { return false }
        try AtomicFile.write(document.render(), to: path)
        return true
    }

    package func target(file: Bool) -> ConvertTarget {
        var target = ConvertTarget(name: "xcstrings", contexts: .composed, variables: true)
        // Xcode serves no plural variation whose `other` is missing.
        target.pluralWithoutOther = .refused(why: "a String Catalog does not serve")
        target.nestedVariables = "String Catalog substitutions cannot hold (they do not nest)"
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        let names = Array(Set(tables.map(\.name))).sorted()
        guard !file || names.count == 1 else { throw UsageError("a String Catalog holds one table; choose one with --table") }
        return names.map { name in
            (path(name + ".xcstrings"), XCStringsLocalization.catalog(
                sourceLanguage: place.development, path: path(name + ".xcstrings"),
                tables.filter { $0.name == name }.map { ($0.locale, $0.entries) }))
        }
    }
}

extension OutputFormat {
    /// Apple String Catalogs: one `.xcstrings` per table, every language in it.
    public static let xcstrings = OutputFormat(XCStringsFormat())
}
