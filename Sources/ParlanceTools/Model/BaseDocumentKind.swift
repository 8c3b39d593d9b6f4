import Parlance

/// A kind of UI document that Xcode's Base internationalization keeps a
/// table in (Interface Builder's storyboards and xibs): the document in the
/// layout's base folder (`LayoutFamily.baseFolder`) holds the development
/// texts, the other languages a table of the format that keeps them
/// (`ToolFormat.baseInternationalization`). Each kind is declared in its
/// folder and listed in `BaseDocuments.registry` (Layout/), which
/// `OutputFormat.baseDocument` asks.
package protocol BaseDocumentKind: Sendable {
    /// The extensions of its files, in the order a table's document is looked for.
    var extensions: [String] { get }
    /// The development entries of the document at `path`, keyed as the
    /// other languages' tables key them.
    func entries(path: String) throws -> [DocumentEntry]
}
