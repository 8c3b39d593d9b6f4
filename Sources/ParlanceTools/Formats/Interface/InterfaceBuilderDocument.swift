import Parlance

/// The development texts of an Interface Builder document (`.storyboard`,
/// `.xib`) as the entries of its Base-internationalized table: keyed
/// `OBJECT-ID.property`, as Xcode keys them in each language's
/// `<Name>.strings` (which texts count: `InterfaceBuilderTexts`).
package enum InterfaceBuilderDocument {
    package static func entries(path: String) throws -> [DocumentEntry] {
        let document = try InterfaceDocument(bytes: try FileSystem.read(path), name: path, kind: .interfaceBuilder)
        return document.texts.compactMap { text in
            text.objectKey.map {
                DocumentEntry(key: $0, value: .text(text.text), line: text.line, column: text.column, notes: [], isTranslated: true)
            }
        }
    }

    /// `Base.lproj/NAME.storyboard` or `.xib` under `root`, if any.
    package static func basePath(root: String, table: String) -> String? {
        for ext in ["storyboard", "xib"] {
            let path = FileSystemTools.join(FileSystemTools.join(root, "Base.lproj"), table + "." + ext)
            if FileSystemTools.isFile(path) { return path }
        }
        return nil
    }
}
