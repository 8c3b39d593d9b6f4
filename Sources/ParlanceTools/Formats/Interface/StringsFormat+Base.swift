import Parlance

/// Xcode's Base internationalization, the `.lproj` layout's: a table's
/// `Base.lproj/TABLE.storyboard` (or `.xib`) holds the development texts,
/// and the other languages get a `TABLE.strings`.
extension StringsFormat {
    package func baseSourcePath(root: String, table: String) -> String? {
        InterfaceBuilderDocument.basePath(root: root, table: table)
    }

    package func baseSources(path: String) throws -> [DocumentEntry] { try InterfaceBuilderDocument.entries(path: path) }
}
