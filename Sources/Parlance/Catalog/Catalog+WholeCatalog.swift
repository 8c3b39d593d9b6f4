/// Writing a catalog's tables as one file of the registered format that
/// holds whole catalogs (`parlance compile`).
extension Catalog {
    /// Every loaded table as a whole-catalog writer takes it.
    var contents: [TableContents] { state.tables.values.map { $0.contents } }

    /// Writes every loaded locale and table to `path` in the registered
    /// format that holds a whole catalog in one file (`WholeCatalogWriter`),
    /// atomically: a temporary file in the same folder renamed over `path`.
    package func writeWholeCatalog(to path: String) throws(ParlanceError) {
        guard let writer = TableFormat.wholeCatalogWriter else { throw TableFormat.noWholeCatalogWriter }
        try FileSystem.writeAtomically(path, try writer.encode(contents))
    }
}
