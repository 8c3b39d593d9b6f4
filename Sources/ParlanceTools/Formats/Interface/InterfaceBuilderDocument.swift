import Parlance

/// The development texts of an Interface Builder document (`.storyboard`,
/// `.xib`) as the entries of its Base-internationalized table: keyed
/// `OBJECT-ID.property`, as Xcode keys them in each language's table
/// (which texts count: `InterfaceBuilderTexts`).
package struct InterfaceBuilderDocument: BaseDocumentKind {
    package init() {}

    package var extensions: [String] { InterfaceDocument.Kind.interfaceBuilder.extensions }

    package func entries(path: String) throws -> [DocumentEntry] {
        let document = try InterfaceDocument(bytes: try FileSystem.read(path), name: path, kind: .interfaceBuilder)
        return document.texts.compactMap { text in
            text.objectKey.map {
                DocumentEntry(key: $0, value: .text(text.text), line: text.line, column: text.column, notes: [], isTranslated: true)
            }
        }
    }
}
