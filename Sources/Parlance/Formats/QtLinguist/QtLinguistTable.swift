/// Qt Linguist messages as table entries: the key is the source text, the
/// context Qt's context, followed by U+0004 and the disambiguation when
/// there is one (no context when both are empty); a numerus message's forms
/// are chosen by the table's formula (`QtNumerus`), others are texts.
///
/// `QTranslator` retries a lookup with an empty disambiguation: the
/// formats declare that retry (`QtLinguistFormat.contextQualifierSeparator`)
/// and the walk takes it.
package enum QtLinguistTable {
    /// The separator of Qt's context and disambiguation in a context key.
    package static let disambiguationSeparator = "\u{4}"

    /// The context key of a Qt context and disambiguation.
    package static func contextKey(_ context: String, _ comment: String) -> String? {
        if comment.isEmpty { return context.isEmpty ? nil : context }
        return context + disambiguationSeparator + comment
    }

    /// A Qt context key taken apart: (context, disambiguation).
    package static func split(contextKey: String?) -> (context: String, comment: String) {
        guard let contextKey else { return ("", "") }
        guard let separator = contextKey.firstIndex(of: "\u{4}") else { return (contextKey, "") }
        return (String(contextKey[..<separator]), String(contextKey[contextKey.index(after: separator)...]))
    }

    static func entry(_ record: QtRecord, line: Int = 0, column: Int = 0, comment: String? = nil, numerus: Bool) -> ParsedEntry? {
        guard let source = record.source, let first = record.translations.first else { return nil }
        let key = ContextKey.compose(source, context: contextKey(record.context ?? "", record.comment ?? ""))
        let value: EntryValue = numerus ? .gettextPlural(record.translations) : .text(first)
        return ParsedEntry(key: key, value: value, line: line, column: column, comment: comment)
    }

    /// A `.ts` read as `lrelease` would compile it.
    package static func table(ts bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        let (messages, language) = try QtTSFile.parse(bytes, path: path)
        let family = QtNumerus.family(language: language)
        var entries: [ParsedEntry] = []
        var keys = Set<String>()
        for (record, message) in QtRelease.records(messages, forms: family.forms) {
            guard let entry = entry(record, line: message.line, column: message.column, comment: message.notes,
                                    numerus: message.numerus), keys.insert(entry.key).inserted else { continue }
            entries.append(entry)
        }
        var table = ParsedTable(entries: entries)
        table.formula = QtNumerus.formula(family.rules[...])
        return table
    }

    /// A `.qm` read as `QTranslator` reaches it, with its dependencies
    /// (`QtDependencies`): one table of the translators in the order Qt
    /// asks them. A message an earlier translator has is its; a message
    /// with a disambiguation is left out when an earlier translator has it
    /// without one (Qt's retry without the disambiguation asks that one
    /// first). The numerus rules are those of the first file with messages.
    package static func table(qm bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        let files = try QtDependencies.translators(of: try QtQMFile.parse(bytes, path: path), path: path)
        var entries: [ParsedEntry] = []
        // The key's translator: its place in `files`.
        var owners: [String: Int] = [:]
        for (index, file) in files.enumerated() {
            for record in file.records {
                guard let entry = entry(record, numerus: record.numerus), owners[entry.key] == nil else { continue }
                if index > 0, let source = record.source, let comment = record.comment, !comment.isEmpty,
                   let owner = owners[ContextKey.compose(source, context: contextKey(record.context ?? "", ""))],
                   owner < index { continue }
                owners[entry.key] = index
                entries.append(entry)
            }
        }
        var table = ParsedTable(entries: entries)
        table.formula = QtNumerus.formula((files.first { !$0.records.isEmpty } ?? files[0]).rules[...])
        return table
    }
}

/// Where Qt projects keep their translations: `NAME_LOCALE.ts` and the
/// `NAME_LOCALE.qm` lrelease makes of it in one folder (`app_de.ts`,
/// `qtbase_zh_CN.qm`, `qt_help_uk.ts`): the table `NAME` in `LOCALE`.
/// A `.ts` beside its `.qm` is skipped: the `.qm` is what Qt reads; a
/// `.ts` that is no TS document (TypeScript) is no table.
package enum QtLinguistFolder {
    static let extensions = ["ts", "qm"]

    /// (table, locale) of a file named `NAME_LOCALE.ts` or `NAME_LOCALE.qm`
    /// (or `LOCALE.ts`): the locale is `ll`, `ll_CC`, `ll_Ssss`, `ll_123` or `lll`.
    package static func name(_ fileName: String) -> (table: String, locale: String)? {
        let stem = FileSystem.splitExtension(fileName).stem
        let parts = stem.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 2, isLanguage(parts[parts.count - 2]), isSubtag(parts[parts.count - 1]) {
            let table = parts.dropLast(2).joined(separator: "_")
            return (table.isEmpty ? TableName.standard : table, parts.suffix(2).joined(separator: "_"))
        }
        // Alone, a stem of three letters is a language only when Qt knows it (`app.ts` is no locale).
        if let last = parts.last, isLanguage(last), parts.count > 1 || last.count == 2 || QtNumerus.families[last] != nil {
            let table = parts.dropLast().joined(separator: "_")
            return (table.isEmpty ? TableName.standard : table, last)
        }
        return nil
    }

    private static func isLanguage(_ part: String) -> Bool {
        (2...3).contains(part.count) && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
    }

    private static func isSubtag(_ part: String) -> Bool {
        let scalars = part.unicodeScalars
        if part.count == 2 { return scalars.allSatisfy { ("A"..."Z").contains($0) } }
        if part.count == 3 { return scalars.allSatisfy { ("0"..."9").contains($0) } }
        if part.count == 4, let first = scalars.first {
            return ("A"..."Z").contains(first) && scalars.dropFirst().allSatisfy { ("a"..."z").contains($0) }
        }
        return false
    }

    /// Whether a `.ts` file's first bytes are a TS document's (`<TS` before
    /// any other element): a TypeScript `locales/de.ts` is no table.
    static func isTS(_ head: [UInt8]) -> Bool {
        var at = 0
        while let open = head[at...].firstIndex(of: UInt8(ascii: "<")), open + 1 < head.count {
            let next = head[open + 1]
            if next != UInt8(ascii: "?") && next != UInt8(ascii: "!") {
                return head[(open + 1)...].starts(with: Array("TS".utf8))
            }
            at = open + 1
        }
        return false
    }

    /// Whether the file at `path` is a TS document (its first bytes, `isTS`).
    package static func isTS(file path: String) -> Bool { isTS(FileSystem.readPrefix(path, count: 1024)) }

    /// The translations of a folder, by table and locale (a `.ts` only when it is a TS document).
    static func files(in directory: String) throws(ParlanceError) -> [TableFile] {
        let names = try FileSystem.list(directory).sorted()
        let present = Set(names)
        var files: [TableFile] = []
        for name in names where !name.hasPrefix(".") {
            let (stem, ext) = FileSystem.splitExtension(name)
            guard extensions.contains(ext), let (table, locale) = self.name(name), TableName.isValid(table),
                  let tag = try? LocaleName.canonical(locale) else { continue }
            if ext == "ts" && present.contains(stem + ".qm") { continue }
            let path = FileSystem.join(directory, name)
            guard FileSystem.isFile(path), ext == "qm" || isTS(FileSystem.readPrefix(path, count: 1024)) else { continue }
            files.append(TableFile(path: path, locale: tag, table: table, format: ext == "qm" ? .qtQM : .qtTS))
        }
        return files
    }

    /// One file's tables: the table and locale given, else those its name gives.
    static func load(_ format: TableFormat, file path: String, locale: String?, givenTable: String?,
                     read: ([UInt8], String) throws(ParlanceError) -> ParsedTable) throws(ParlanceError) -> [LoadedTable] {
        let named = name(FileSystem.baseName(path))
        let table = givenTable ?? named?.table ?? TableName.standard
        try TableName.check(table)
        guard let locale = locale ?? named?.locale else {
            throw ParlanceError(.invalidArgument, "cannot tell the locale: the file is not named NAME_LOCALE.\(FileSystem.splitExtension(path).ext); give one",
                                path: path)
        }
        let tag = try LocaleName.tag(locale, path: path)
        return [LoadedTable(found: FoundTable(id: path, locale: tag, table: table, parsed: try read(try FileSystem.read(path), path)),
                            format: format)]
    }
}
