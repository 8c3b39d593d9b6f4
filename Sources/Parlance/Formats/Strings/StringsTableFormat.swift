/// Apple `.strings` files (text, XML or binary property lists), and the
/// `xx.lproj/` layout of Apple bundles, which holds the other Apple
/// formats' tables too (`.stringsdict`, Parlance's `.json`, …).
package final class StringsTableFormat: TableFormatPlugin {
    package var id: Int32 { 1 }
    package var name: String { "strings" }
    package var fileExtension: String { "strings" }
    package var precedence: Int { 0 }
    package var layoutDescription: String? { "xx.lproj folders" }
    package var folderConventions: [String] { Self.conventions }
    private static let conventions: [String] = ["lproj"]

    /// A binary property list: XML and text `.strings` are known by their extension.
    package func sniff(_ head: [UInt8]) -> Bool { head.starts(with: Array("bplist00".utf8)) }

    package func read(_ bytes: [UInt8], path: String?, quick: Bool) throws(ParlanceError) -> ParsedTable {
        if quick, let table = bytes.withUnsafeBufferPointer(StringsFile.quickTable) { return ParsedTable(prebuilt: table) }
        return try read(bytes, path: path)
    }

    package func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> ParsedTable {
        ParsedTable(entries: try StringsFile.parse(bytes, path: path))
    }

    /// Read in place, mapped, never copied whole, when the quick reader takes it.
    package func readFile(_ path: String) throws(ParlanceError) -> ParsedTable {
        if let table = FileSystem.withMappedFile(path, StringsFile.quickTable) ?? nil { return ParsedTable(prebuilt: table) }
        return try read(try FileSystem.read(path), path: path, quick: true)
    }

    /// `xx.lproj/TABLE.EXT`: every table file of a language folder (Base.lproj
    /// holds no language), the folder's language the table's unless the
    /// file holds every language; the folder a resource folder for UI documents.
    package func tableFiles(in directory: String, walk: inout FolderWalk) throws(ParlanceError) -> [TableFile] {
        var files: [TableFile] = []
        for name in try FileSystem.list(directory) where name.hasSuffix(".lproj") {
            let lproj = FileSystem.join(directory, name)
            guard FileSystem.isDirectory(lproj), let localeName = Self.lprojLocale(name) else { continue }
            guard let tag = try LocaleName.canonical(localeName) else { continue }
            walk.resourceFolders.append((tag, lproj))
            for file in try FileSystem.list(lproj) {
                let (stem, ext) = FileSystem.splitExtension(file)
                guard let format = TableFormat(fileExtension: ext), !format.plugin.isWholeCatalog, !stem.isEmpty else { continue }
                let path = FileSystem.join(lproj, file)
                guard FileSystem.isFile(path) else { continue }
                files.append(TableFile(path: path, locale: format.holdsEveryLanguage ? nil : tag, table: stem, format: format))
            }
        }
        return files
    }

    package func claimsFolder(_ name: String) -> Bool { name.hasSuffix(".lproj") }

    package func placeLocale(_ path: String) -> String? {
        Self.lprojLocale(FileSystem.baseName(FileSystem.directoryName(path[...])))
    }

    /// "fr.lproj" → "fr"; nil for other names and for Base.lproj, which holds
    /// no language of its own.
    package static func lprojLocale(_ folder: some StringProtocol) -> String? {
        guard folder.hasSuffix(".lproj") else { return nil }
        let name = String(folder.dropLast(6))
        return name.isEmpty || name == "Base" ? nil : name
    }
}

extension TableFormat {
    public static let strings = TableFormat(StringsTableFormat())

    /// "fr.lproj" → "fr"; nil for other names and for Base.lproj.
    package static func lprojLocale(_ folder: some StringProtocol) -> String? { StringsTableFormat.lprojLocale(folder) }
}
