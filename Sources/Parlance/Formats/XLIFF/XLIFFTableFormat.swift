/// XLIFF 1.2 and 2.0 (`.xliff`, `.xlf`): each `<file>` a table, found in a
/// catalog's folder (or in `xx.lproj/`, as a table of that language).
package final class XLIFFTableFormat: TableFormatPlugin {
    package var id: Int32 { 9 }
    package var name: String { "xliff" }
    package var fileExtension: String { "xliff" }
    package var extensionAliases: [String] { Self.aliases }
    private static let aliases: [String] = ["xlf"]
    package var precedence: Int { 2 }
    package var layoutDescription: String? { "XLIFF documents" }
    package var languages: FileLanguages { FileLanguages.named }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        throw ParlanceError(.invalidArgument, "an XLIFF document holds a table per file element; load it into a catalog", path: path)
    }

    package func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        try read([], path: path, quick: true)
    }

    /// One table per `<file>`; files naming no language read as `en`.
    package func readTables(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [[ParsedEntry]] {
        try XLIFFFile.parse(bytes, path: path, locale: "en").map { $0.entries }
    }

    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        format.loaded(try XLIFFFile.tables(try FileSystem.read(path), id: path, path: path, locale: locale, table: givenTable))
    }

    package func load(buffer raw: UnsafeRawBufferPointer, locale: String?, table: String,
                      givenTable: String?, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        format.loaded(try XLIFFFile.tables(Array(raw), id: "<memory>/\(table).xliff", path: nil, locale: locale, table: givenTable))
    }

    /// The documents of a searched folder: each names its tables and
    /// languages (Xcode's `<lang>.xliff`), or its name does
    /// (`DOMAIN.LOCALE.xlf`, as Symfony's and Angular's are named).
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try ownFiles(in: directory) { _ in nil }.map { file in
            guard let named = Self.domainAndLocale(FileSystem.baseName(file.path)) else { return file }
            return TableFile(path: file.path, locale: named.locale, table: named.domain, format: format)
        }
    }

    /// `security.de_CH.xlf` → (`security`, `de_CH`): a document named for
    /// its table and language, or nil. The language is the name's last part
    /// but the extension, a language subtag (2–3 letters) with any others.
    package static func domainAndLocale(_ name: String) -> (domain: String, locale: String)? {
        let stem = FileSystem.splitExtension(name).stem
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return nil }
        let locale = String(stem[stem.index(after: dot)...])
        guard namesLanguage(locale) else { return nil }
        return (String(stem[..<dot]), locale)
    }

    /// Whether a part of a document's name is a language's (`de`, `de_CH`,
    /// `zh-Hans`, `sr@latin`): a language subtag of 2–3 letters, then any others.
    package static func namesLanguage(_ name: String) -> Bool {
        let subtags = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let language = subtags.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// A document named `DOMAIN.LOCALE.xlf` is that table in that language;
    /// in a folder named `translations` (Symfony's) its units are read as
    /// Symfony's translator reads them (`XLIFFFile.Units.symfony`). A
    /// document's `<file>` that names no language is its sources alone
    /// (Angular's `messages.xlf`), left out as a template is.
    package func load(files: ArraySlice<TableFile>, states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        var tables: [LoadedTable] = []
        for file in files {
            guard let table = file.table, let locale = file.locale else {
                tables += format.loaded(try XLIFFFile.tables(try FileSystem.read(file.path), id: file.path, path: file.path,
                                                             locale: nil, table: nil, skipsUnnamed: true))
                continue
            }
            tables += format.loaded(try XLIFFFile.tables(try FileSystem.read(file.path), id: file.path, path: file.path,
                                                         locale: locale, table: table, units: .ofDocument(at: file.path),
                                                         localeFromName: true))
        }
        return tables
    }
}

extension TableFormat {
    /// XLIFF 1.2 and 2.0 (`.xliff`, `.xlf`): each `<file>` a table.
    public static let xliff = TableFormat(XLIFFTableFormat())
}
