import Parlance

/// The localizable strings of an Interface Builder document (`.storyboard`,
/// `.xib`), keyed as Xcode keys them in each language's `<Name>.strings`
/// under Base internationalization: `OBJECT-ID.property`.
///
/// What counts, as `ibtool --export-strings-file` lists it:
/// - on an element with an `id`: the attributes `title`, `text`,
///   `placeholder`, `placeholderString`, `headerTitle`, `footerTitle`,
///   `prompt`, `label`, `toolTip`, `backButtonTitle` (`5Nb-Xl-aYu.title`);
/// - `<string key="text">…</string>` (and the other keys above) inside it;
/// - a button's `<state key="normal" title="…"/>`: `ID.normalTitle` (the
///   state's key + `Title`);
/// - a segmented control's `<segment title="…"/>`: `ID.segmentTitles[N]`;
/// - `<accessibility label="…" hint="…"/>`: `ID.accessibilityLabel`,
///   `ID.accessibilityHint`.
/// Empty texts are not listed (ibtool leaves them out too).
package enum InterfaceBuilderDocument {
    static let properties = ["title", "text", "placeholder", "placeholderString", "headerTitle", "footerTitle", "prompt",
                             "label", "toolTip", "backButtonTitle"]

    package static func entries(path: String) throws -> [DocumentEntry] {
        let document = try XMLDocument.parse(try FileSystem.read(path), path: path)
        var locator = XMLDocument.Locator(document)
        var found: [DocumentEntry] = []
        func add(_ key: String, _ text: String, at offset: Int) {
            guard !text.isEmpty else { return }
            let (line, column) = locator.location(of: offset)
            found.append(DocumentEntry(key: key, value: .text(text), line: line, column: column, notes: [], isTranslated: true))
        }
        // Depth-first, in document order (offsets increase: the locator reads the file once).
        var stack: [(element: XMLElement, owner: String?)] = [(document.root, nil)]
        while let (element, owner) = stack.popLast() {
            let id = element.attribute("id")
            if let id {
                for property in properties {
                    if let text = element.attribute(property), let at = element.attributes.first(where: { $0.name == property }) {
                        add(id + "." + property, text, at: at.offset)
                    }
                }
            }
            if let owner {
                switch element.name {
                case "state":
                    if let state = element.attribute("key"), let title = element.attribute("title") {
                        add(owner + "." + state + "Title", title, at: element.offset)
                    }
                case "string" where element.attribute("key").map(properties.contains) == true:
                    add(owner + "." + element.attribute("key")!, element.textContent, at: element.offset)
                case "accessibility":
                    if let label = element.attribute("label") { add(owner + ".accessibilityLabel", label, at: element.offset) }
                    if let hint = element.attribute("hint") { add(owner + ".accessibilityHint", hint, at: element.offset) }
                default:
                    break
                }
            }
            if let id, element.name == "segmentedControl" {
                let segments = element.elements(named: "segments").flatMap { $0.elements(named: "segment") }
                for (index, segment) in segments.enumerated() {
                    if let title = segment.attribute("title") { add("\(id).segmentTitles[\(index)]", title, at: segment.offset) }
                }
            }
            for child in element.elements.reversed() { stack.append((child, id ?? owner)) }
        }
        return found
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
