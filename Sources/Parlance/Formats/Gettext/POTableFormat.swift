/// gettext source catalogs (`.po`, and `.pot` as a source-language table),
/// and gettext's `LANG/LC_MESSAGES/DOMAIN.mo` layout, which holds `.mo` files too.
package final class POTableFormat: TableFormatPlugin {
    package var id: Int32 { 4 }
    package var name: String { "po" }
    package var fileExtension: String { "po" }
    package var extensionAliases: [String] { Self.aliases }
    private static let aliases: [String] = ["pot"]
    package var precedence: Int { 3 }
    package var layoutDescription: String? { "LANG/LC_MESSAGES catalogs" }
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["LC_MESSAGES"]
    package var keyRules: KeyRules { KeyRules.contextApart }

    package func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        if quick, let table = POFile.quickTable(bytes) { return ParsedTable(table) }
        return try read(bytes, path: path)
    }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(try GettextFile.parsePO(bytes, path: path))
    }

    /// A `.pot` is its source language's table; a `.po` the quick reader
    /// takes is read in place, mapped, never copied whole.
    package func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        if FileSystem.splitExtension(FileSystem.baseName(path)).ext.lowercased() == "pot" {
            return try POFile.sourceTable(try FileSystem.read(path), path: path)
        }
        if let table = FileSystem.withMappedFile(path, POFile.quickTable) ?? nil { return ParsedTable(table) }
        return try read(try FileSystem.read(path), path: path, quick: true)
    }

    /// `LANG/LC_MESSAGES/DOMAIN.{mo,po}` in the folder loaded, the domain
    /// being the table. A `.po` next to a `.mo` of the same domain is
    /// skipped: the `.mo` is what gettext reads.
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        guard directory == walk.root else { return [] }
        var tables: [TableFile] = []
        for name in try FileSystem.list(directory) where !TableFormat.folderClaimed(name, except: self) {
            let messages = FileSystem.join(FileSystem.join(directory, name), "LC_MESSAGES")
            guard FileSystem.isDirectory(messages), let tag = try? LocaleName.canonical(name) else { continue }
            let files = try FileSystem.list(messages)
            for file in files {
                let (stem, ext) = FileSystem.splitExtension(file)
                guard let format = TableFormat(fileExtension: ext), format.keyRules == .contextApart, !stem.isEmpty else { continue }
                if format == .po && files.contains(stem + "." + TableFormat.mo.fileExtension) { continue }
                let path = FileSystem.join(messages, file)
                guard FileSystem.isFile(path) else { continue }
                tables.append(TableFile(path: path, locale: tag, table: stem, format: format))
            }
        }
        return tables
    }

    package func placeLocale(_ path: String) -> String? {
        let folder = FileSystem.directoryName(path[...])
        guard FileSystem.baseName(folder) == "LC_MESSAGES" else { return nil }
        return String(FileSystem.baseName(FileSystem.directoryName(folder)))
    }
}

extension TableFormat {
    /// gettext source catalogs (`.po`, and `.pot` as a source-language table).
    public static let po = TableFormat(POTableFormat())
}
