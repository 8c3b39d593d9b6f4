/// A table document that is one file, read and started by its path alone
/// (Android's `strings.xml`, a JSON table, a Fluent resource).
package protocol FileDocument: TableDocument {
    /// A document for a file not written yet.
    init(emptyAt path: String)
    /// The file's document, as read.
    init(path: String) throws
}

/// A format whose table is one file read as one `FileDocument`: opening a
/// table, starting one, listing a file's entries and rewriting a file as
/// read all go through `Document`, here once.
package protocol FileDocumentFormat: ToolFormat {
    associatedtype Document: FileDocument
}

extension FileDocumentFormat {
    package func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        [try Document(path: paths(place, locale: locale, table: table)[0])]
    }

    package func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] {
        [Document(emptyAt: paths[0])]
    }

    package func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        try Document(path: path).render()
    }

    package func entries(path: String, locale: String) throws -> [LocatedEntry] {
        try Document(path: path).entries.map { LocatedEntry(entry: $0, path: path) }
    }
}
