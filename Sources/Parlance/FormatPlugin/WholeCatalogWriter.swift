/// A format whose one file holds a whole catalog (`isWholeCatalog`) and
/// that can write one from a catalog's tables: `parlance compile` and
/// `Catalog.writeWholeCatalog(to:)` find it through the registry
/// (`TableFormat.wholeCatalogWriter`, which asks each plug-in for its
/// `TableFormatPlugin.wholeCatalogWriter`) and never name it.
package protocol WholeCatalogWriter: TableFormatPlugin {
    /// The file's bytes for these tables (in any order).
    func encode(_ tables: [TableContents]) throws(ParlanceError) -> [UInt8]
    /// Reads the whole file at `path`, checking everything it holds;
    /// throws at the first damage found.
    func verify(path: String) throws(ParlanceError) -> WholeCatalogSummary
}

/// A table as a whole-catalog writer takes it: its entries and plural
/// groups after merging its sources, and what its lookups need to know.
package struct TableContents {
    let locale: String
    let name: String
    let entries: [StoredEntry]
    /// SPLocalizedString's plural groups, by `(context)key`.
    let groups: [(key: CText, entry: StoredEntry)]
    /// Which key conventions the sources use: `(context)key`, `context\u{4}key`.
    let hasKeyValueSources: Bool
    let hasGettextSources: Bool
    /// The Plural-Forms formula of its gettext sources.
    let formula: GettextPluralFormula?
    /// A plural's forms as the table gives them on its own, without the
    /// format that chose them by the device (`Table.formsAlone`).
    let formsAlone: ([CText?]) -> [CText?]
}

/// What a verified whole-catalog file holds.
package struct WholeCatalogSummary: Sendable, Equatable {
    package var tables: Int
    package var entries: Int
    package var pluralGroups: Int
    package var bytes: Int
    package var checksum: UInt32
}

extension TableFormat {
    /// The registered format that writes whole catalogs, the first in registry order.
    static var wholeCatalogWriter: (any WholeCatalogWriter)? {
        registered.lazy.compactMap { $0.wholeCatalogWriter }.first
    }

    /// The registered format that writes whole catalogs (`parlance compile`'s output).
    package static var wholeCatalog: TableFormat? { wholeCatalogWriter.map { TableFormat($0) } }

    /// Reads the whole-catalog file at `path` through, checking everything it holds.
    package static func verifyWholeCatalog(path: String) throws(ParlanceError) -> WholeCatalogSummary {
        guard let writer = wholeCatalogWriter else { throw noWholeCatalogWriter }
        return try writer.verify(path: path)
    }

    static var noWholeCatalogWriter: ParlanceError {
        ParlanceError(.invalidArgument, "no registered format holds a whole catalog in one file")
    }
}
