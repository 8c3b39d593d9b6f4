import Parlance

/// Hierarchical JSON tables: `DIR/<locale>.lproj/<Table>.json`.
package struct JSONFormat: FileDocumentFormat {
    package typealias Document = JSONDocument

    package init() {}

    package var name: String { "json" }
    package var tableFormats: [TableFormat] { [.json] }
    package var messageExtensions: [String] { ["json"] }
    package var layoutFamily: LayoutFamily? { .lproj }
    /// `{key.path}` names another entry of the file, which the runtime substitutes.
    package var textsReferToEntries: Bool { true }
    /// Said by `.strings`: the same `.lproj` folders.
    package var folderShape: String { "" }
    /// JSON has no untranslated mark.
    package func marksUntranslated(_ format: TableFormat) -> Bool { false }

    package func directory(_ place: CatalogPlace, locale: String) -> String { LayoutFamily.lproj.directory(place, locale: locale) }

    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        [FileSystemTools.join(directory(place, locale: locale), table + ".json")]
    }

    package func locale(member name: String, _ place: CatalogPlace) -> String? { LayoutFamily.lproj.locale(member: name, place) }

    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        stems(in: [directory(place, locale: locale)], extensions: ["json"])
    }

    package func target(file: Bool) -> ConvertTarget {
        var target = ConvertTarget(name: "json", contexts: .composed, variables: false)
        target.emptyKey = "hierarchical JSON refuses"
        target.pluralWithoutOther = .refused(why: "a JSON table does not load")
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            let members = table.entries.map { entry -> JSONWriter.Member in
                if case .plural(let forms) = entry.value {
                    return JSONWriter.Member(entry.key, .object(forms.categories.map { JSONWriter.Member($0.name, .string(forms[$0] ?? "")) }))
                }
                return JSONWriter.Member(entry.key, .string(entry.value.texts.first ?? ""))
            }
            return [(LayoutFamily.lproj.folder(table.locale) + "/" + table.name + ".json", JSONWriter.document(members))]
        }
    }
}

extension OutputFormat {
    /// Hierarchical JSON.
    public static let json = OutputFormat(JSONFormat())
}
