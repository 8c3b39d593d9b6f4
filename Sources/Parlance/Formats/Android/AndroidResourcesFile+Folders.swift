/// Android resource folders joining a catalog.
extension AndroidResourcesFile {
    /// One resource file, its references resolved within it.
    static func table(_ path: String, locale: String?, table: String) throws(ParlanceError) -> FoundTable {
        var read = try androidFile(path, locale: locale)
        let texts = Self.texts(read.entries)
        resolveReferences(&read.entries) { texts[$0] }
        separatePlurals(&read.entries, strings: texts)
        return try pending(path, read, table: table)
    }

    /// `(path, locale)` of every `values[-locale]/*.xml` file under
    /// `directory`; the default `values` folder's language is the
    /// `tools:locale` its file's head names, else `en`.
    static func files(in directory: String) throws(ParlanceError) -> [(path: String, locale: String)] {
        var files: [(path: String, locale: String)] = []
        for name in try FileSystem.list(directory) {
            guard let locale = AndroidFolder.locale(name) else { continue }
            let folder = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(folder) else { continue }
            for file in try FileSystem.list(folder) where file.hasSuffix(".xml") {
                let path = FileSystem.join(folder, file)
                guard FileSystem.isFile(path) else { continue }
                files.append((path, locale.isEmpty ? AndroidFolder.defaultLocale(FileSystem.readPrefix(path, count: 4096)) : locale))
            }
        }
        return files
    }

    /// The tables of one folder's `values[-locale]/*.xml` files (`files`)
    /// with strings, references resolved as Android resolves them: within
    /// the locale, then in the default `values` folder.
    static func tables(files paths: [String]) throws(ParlanceError) -> [FoundTable] {
        var files: [(path: String, read: (locale: String, isDefault: Bool, entries: [ParsedEntry]))] = []
        for path in paths {
            let read = try androidFile(path, locale: nil)
            if !read.entries.isEmpty { files.append((path, read)) }   // colors.xml, dimens.xml: no strings
        }
        var byLocale: [String: [String: String]] = [:]
        var defaults: [String: String] = [:]
        for file in files {
            let texts = Self.texts(file.read.entries)
            if byLocale[file.read.locale] == nil {
                byLocale[file.read.locale] = texts
            } else {
                byLocale[file.read.locale]!.overwrite(with: texts)
            }
            if file.read.isDefault { defaults.overwrite(with: texts) }
        }
        var names: [String: Set<String>] = [:]
        for file in files { names[file.read.locale, default: []].formUnion(file.read.entries.map { $0.key }) }
        // The default folder's entries that refer to other strings, as written: each
        // locale resolves them with its own strings, as the device resolves them.
        var referring: [(path: String, entry: ParsedEntry)] = []
        for file in files where file.read.isDefault {
            referring += file.read.entries.filter(Self.refers).map { (file.path, $0) }
        }
        var tables: [FoundTable] = []
        // In place: a copy of a file's entries would copy every one of them.
        for index in files.indices {
            let locale = files[index].read.locale
            let own = byLocale[locale] ?? [:]
            resolveReferences(&files[index].read.entries) { own[$0] ?? defaults[$0] }
            separatePlurals(&files[index].read.entries, strings: own)
            tables.append(try pending(files[index].path, files[index].read, table: TableName.standard))
        }
        let defaultLocales = Set(files.filter { $0.read.isDefault }.map { $0.read.locale })
        for locale in byLocale.keys.sorted() where !defaultLocales.contains(locale) {
            let lacking = referring.filter { names[locale]?.contains($0.entry.key) != true }
            guard let first = lacking.first else { continue }
            var entries = lacking.map { $0.entry }
            resolveReferences(&entries) { name in
                for tag in FallbackChain.truncations(of: locale) { if let text = byLocale[tag]?[name] { return text } }
                return defaults[name]
            }
            var parsed = ParsedTable(entries: entries)
            parsed.servedOnly = true
            tables.append(FoundTable(id: first.path + "#" + locale, locale: locale, table: TableName.standard, parsed: parsed))
        }
        return tables
    }

    /// Whether an entry's text, or one of its plural items, is a `@string/` reference.
    private static func refers(_ entry: ParsedEntry) -> Bool {
        switch entry.value {
        case .text(let text): text.hasPrefix("@string/")
        case .plural(let forms): forms.categories.contains { forms[$0]?.hasPrefix("@string/") == true }
        default: false
        }
    }

    /// `<string name="x">` and `<plurals name="x">` are two resources
    /// (`getString`, `getQuantityString`): where the locale has both, the
    /// plurals' items become `(##category)x` variants, which plural lookups
    /// choose from, while a plain lookup gives the string.
    static func separatePlurals(_ entries: inout [ParsedEntry], strings: [String: String]) {
        guard entries.contains(where: { if case .plural = $0.value { strings[$0.key] != nil } else { false } }) else { return }
        entries = entries.flatMap { entry -> [ParsedEntry] in
            guard case .plural(let forms) = entry.value, strings[entry.key] != nil else { return [entry] }
            return forms.categories.compactMap { category in
                forms[category].map {
                    ParsedEntry(key: "(##\(category.name))\(entry.key)", value: .text($0), line: entry.line, column: entry.column)
                }
            }
        }
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
        // The default folder serves devices of every language: its `zero` items stay for those whose rules have one.
        if folder != "" { dropUnreachableZero(&entries, locale: tag) }
        return (tag, folder == "", entries)
    }

    private static func pending(_ path: String, _ read: (locale: String, isDefault: Bool, entries: [ParsedEntry]), table: String)
        throws(ParlanceError) -> FoundTable {
        try TableName.check(table)
        return FoundTable(id: path, locale: read.locale, table: table, parsed: ParsedTable(entries: read.entries))
    }
}
