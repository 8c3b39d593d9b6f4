import Parlance

/// Android resources: `DIR/values/strings.xml` for the development locale
/// (Android's default resources), `DIR/values-fr/strings.xml`,
/// `values-pt-rBR`, `values-b+sr+Latn` for the others; the default table is
/// `strings.xml`, another table `T` is `T.xml` (the runtime serves every
/// file of a folder as the one default table). Files without strings
/// (colors, dimensions) are not tables.
package struct AndroidFormat: FileDocumentFormat {
    package typealias Document = AndroidDocument

    package init() {}

    package var name: String { "android" }
    package var tableFormats: [TableFormat] { [.android] }
    package var folderShape: String { "values/strings.xml" }
    package func convertName(_ format: TableFormat) -> String { name }

    package var addsToDevelopmentOnly: Bool { true }

    /// A locale's folder: the one the catalog has for it (`values-in` stays
    /// `values-in`, `values-he` stays `values-he`), else Android's name for it.
    package func directory(_ place: CatalogPlace, locale: String) -> String {
        let isDefault = locale == place.development
        if !isDefault, let existing = FileSystemTools.list(place.root).first(where: {
            AndroidFolder.locale($0) == locale && FileSystemTools.isDirectory(place.join($0))
        }) {
            return place.join(existing)
        }
        return place.join(AndroidWriter.folder(locale, isDefault: isDefault))
    }

    /// The default table is every resource file of the folder that holds
    /// strings, `strings.xml` first (new strings go there): Android's one
    /// namespace, as the runtime serves it. Another table `T` is `T.xml`.
    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let directory = directory(place, locale: locale)
        let named = FileSystemTools.join(directory, Self.fileName(table))
        guard table == Catalog.defaultTable else { return [named] }
        return [named] + stringFiles(directory).filter { $0 != "strings.xml" }.map { FileSystemTools.join(directory, $0) }
    }

    static func fileName(_ table: String) -> String { (table == Catalog.defaultTable ? "strings" : table) + ".xml" }

    package func locale(member name: String, _ place: CatalogPlace) -> String? {
        guard let folder = AndroidFolder.locale(name), FileSystemTools.isDirectory(place.join(name)) else { return nil }
        return folder.isEmpty ? place.development : folder
    }

    /// One table, the default, where any resource file of the folder holds
    /// strings: they are one namespace (`R.string.*`), served as one table.
    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        stringFiles(directory(place, locale: locale)).isEmpty ? [] : [Catalog.defaultTable]
    }

    /// The resource files of a folder that hold strings (`colors.xml` does not), by name.
    private func stringFiles(_ directory: String) -> [String] {
        FileSystemTools.list(directory).filter { name in
            let (stem, ext) = FileSystemTools.splitExtension(name)
            guard ext == "xml", !stem.isEmpty, let bytes = try? FileSystem.read(FileSystemTools.join(directory, name)) else { return false }
            return Self.holdsStrings(bytes)
        }.sorted()
    }

    /// Whether an Android resource file holds strings (`colors.xml` does not).
    static func holdsStrings(_ bytes: [UInt8]) -> Bool {
        ["<string", "<plurals"].contains { marker in bytes.containsOccurrence(of: marker.utf8) }
    }

    package func holds(_ place: CatalogPlace) -> Bool { FileSystemTools.isFile(place.join("values", "strings.xml")) }

    package func target(file: Bool) -> ConvertTarget {
        var target = ConvertTarget(name: "android", contexts: .none(reason: "Android resources have no contexts; left out"), variables: false)
        target.plurals = .cldr(runtime: "Android", reached: nil)
        target.invalidKey = (AndroidNames.isValid, "not a valid Android resource name ([A-Za-z_][A-Za-z0-9_.]*); left out")
        target.marks = [.doNotTranslate]
        target.textsBesidePlurals = true
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            let isDefault = table.locale == place.development
            // The folder the table was read from keeps its name (`values-in`, `values-iw`).
            let read = table.sourceFiles.lazy.map { FileSystemTools.baseName(FileSystemTools.directoryName($0)) }
                .first { AndroidFolder.locale($0) == table.locale }
            let folder = isDefault ? "values" : read ?? AndroidWriter.folder(table.locale, isDefault: false)
            return [(folder + "/" + Self.fileName(table.name),
                     AndroidWriter.document(table.entries, toolsLocale: table.locale == place.development && place.development != "en" ? place.development : nil))]
        }
    }
}

enum AndroidNames {
    /// aapt's resource names: a letter or `_`, then letters, digits, `_` and
    /// `.`; and `name[N]`, the item N of the string-array `name`.
    static func isValid(_ name: String) -> Bool {
        if let (array, _) = arrayItem(name) { return isResourceName(array) }
        return isResourceName(name)
    }

    /// `sizes[2]` → ("sizes", 2): how the runtime keys a string-array's items.
    static func arrayItem(_ key: String) -> (name: String, index: Int)? {
        guard key.hasSuffix("]"), let open = key.lastIndex(of: "["),
              let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]), index >= 0,
              key[key.index(after: open)...].first != "+" else { return nil }
        return (String(key[..<open]), index)
    }

    private static func isResourceName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
              first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".")
        }
    }
}

extension OutputFormat {
    /// Android resources: `res/values[-qualifier]/strings.xml`.
    public static let android = OutputFormat(AndroidFormat())
}
