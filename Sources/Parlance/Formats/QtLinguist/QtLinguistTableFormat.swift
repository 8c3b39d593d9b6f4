/// What the two Qt Linguist formats share: the layout of Qt projects
/// (`NAME_LOCALE.ts`/`.qm` in one folder, `QtLinguistFolder`), which names
/// a file's table and locale.
package protocol QtLinguistFormat: TableFormatPlugin {}

extension QtLinguistFormat {
    /// Qt's context key is the context, U+0004 and the disambiguation
    /// (`QtLinguistTable.contextKey`); `QTranslator` retries a miss with an empty disambiguation.
    package var contextQualifierSeparator: UInt8? { 4 }
    /// `%n` replaced as `QCoreApplication::translate` replaces it.
    package var messageSyntax: MessageSyntax { .qt }

    package func locale(ofFile path: String) -> String? { QtLinguistFolder.name(FileSystem.baseName(path))?.locale }

    package func load(file path: String, locale: String?, table: String, givenTable: String?,
                      states: XCStringsStates) throws(ParlanceError) -> [LoadedTable] {
        try QtLinguistFolder.load(format, file: path, locale: locale, givenTable: givenTable, read: read)
    }
}

/// Qt Linguist translation sources (`.ts`), read as `lrelease` compiles
/// them and served as `QTranslator` serves the result; the layout of Qt
/// projects (`NAME_LOCALE.ts`/`.qm`, `QtLinguistFolder`) lists `.qm` files too.
package final class QtTSTableFormat: QtLinguistFormat {
    package var id: Int32 { 13 }
    package var name: String { "qt_ts" }
    package var fileExtension: String { "ts" }
    package var precedence: Int { 1 }
    package var layoutDescription: String? { "Qt Linguist NAME_LOCALE.ts/.qm files" }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        try QtLinguistTable.table(ts: bytes, path: path)
    }

    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        try QtLinguistFolder.files(in: directory)
    }
}

/// Compiled Qt translations (`.qm`), read as `QTranslator` reads them;
/// found by the Qt layout (`QtTSTableFormat`).
package final class QtQMTableFormat: QtLinguistFormat {
    package var id: Int32 { 14 }
    package var name: String { "qt_qm" }
    package var fileExtension: String { "qm" }
    /// Over the `.ts` it was compiled from.
    package var precedence: Int { 2 }

    package func sniff(_ head: [UInt8]) -> Bool { head.starts(with: QtQMFile.magic) }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        try QtLinguistTable.table(qm: bytes, path: path)
    }
}

extension TableFormat {
    /// Qt Linguist translation sources (`NAME_LOCALE.ts`).
    public static let qtTS = TableFormat(QtTSTableFormat())
    /// Compiled Qt translations (`NAME_LOCALE.qm`).
    public static let qtQM = TableFormat(QtQMTableFormat())
}
