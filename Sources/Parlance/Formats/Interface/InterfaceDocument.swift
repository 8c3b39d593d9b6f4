/// A user-interface document whose texts Parlance localizes in place:
/// GtkBuilder `.ui`, Interface Builder `.xib`/`.storyboard`, or a JSON UI
/// tree. Reading it finds every localizable text with the exact bytes it
/// occupies; `localized(by:)` writes a copy in which those texts are
/// translated and every other byte is as it was.
///
/// Which texts are localizable (docs/formats.md, "UI documents"):
/// - any text value that starts with `^` is caret-marked (GTMUILocalizer's
///   convention): `^Print` is the key `Print` of the default table, and a
///   missing key gives `Print`, as `Localizer.localizeMarked` does;
/// - GtkBuilder: the content of every element with `translatable` true (as
///   GtkBuilder reads booleans: `yes`, `true`, `y`, `t`, `1`), with its
///   `context` and `comments`, in the `<interface domain>` table;
/// - Interface Builder: the texts `ibtool` exports (`InterfaceBuilderTexts`),
///   looked up as `OBJECT-ID.property` in the document's own table (Base
///   internationalization: `Main.storyboard` → `Main`), then as themselves
///   in the default table (implicit localization) — in one language, the
///   first of the chain the catalog has, as a bundle loads a nib built from
///   Base and that language's table: a text it lacks keeps the Base text;
/// - JSON: string values of the members named in `JSONInterface.members`
///   (`text`, `title`, `label`, `placeholder`…), looked up as themselves
///   with the object's `context` member as context.
public struct InterfaceDocument: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case gtkBuilder = "gtkbuilder"
        case interfaceBuilder = "interface-builder"
        case json

        /// The file extensions of the kind's documents (lowercase), the one
        /// place a document's name says its kind.
        package var extensions: [String] {
            switch self {
            case .gtkBuilder: ["ui", "glade"]
            case .interfaceBuilder: ["storyboard", "xib"]
            case .json: ["json"]
            }
        }
    }

    /// One localizable text of the document.
    public struct Text: Sendable, Equatable {
        public enum Marking: String, Sendable {
            /// `^Key`.
            case caret
            /// GtkBuilder's `translatable="yes"`.
            case translatable
            /// An Interface Builder object's text (`OBJECT-ID.property`).
            case object
            /// A JSON member localizable by convention.
            case conventional
        }

        /// The text as the document has it, references and escapes decoded.
        public let text: String
        /// The key looked up: the text, or without its caret.
        public let key: String
        public let context: String?
        /// The table; nil for the localizer's default table. An Interface
        /// Builder object's text is looked up in the document's `table` first.
        public let table: String?
        /// A note for translators (GtkBuilder's `comments`, JSON's `comment`).
        public let comment: String?
        /// Interface Builder: `OBJECT-ID.property`, the key of the text in the
        /// document's own table.
        public let objectKey: String?
        public let marking: Marking
        public let line: Int
        public let column: Int
        /// The bytes the text occupies in the document.
        let range: Range<Int>
        let quoting: Quoting
    }

    /// How a replacement is written where the text was.
    enum Quoting: Equatable {
        case xmlAttribute(quote: UInt8)
        case xmlContent
        /// Content written as CDATA sections only: the replacement is one too.
        case xmlCDATA
        case json
    }

    public let kind: Kind
    /// The document's own table: GtkBuilder's `<interface domain>`, an
    /// Interface Builder document's name without its extension.
    public let table: String?
    /// The table of the texts the document does not place (caret-marked
    /// texts, JSON texts, GtkBuilder texts without a domain, Interface
    /// Builder texts looked up as themselves); nil: the localizer's default.
    public let defaultTable: String?
    public let texts: [Text]
    /// The document as UTF-8 (a byte order mark, if any, kept).
    let bytes: [UInt8]

    /// Reads a document. `name` (a file name or path) gives the kind by its
    /// extension when `kind` is nil, and the Interface Builder table; without
    /// either, XML documents are told apart by their root element. `table`
    /// is `defaultTable`.
    public init(bytes: [UInt8], name: String? = nil, kind: Kind? = nil, table: String? = nil) throws(ParlanceError) {
        defaultTable = table
        let fileName = name.map { String($0.split(separator: "/", omittingEmptySubsequences: false).last ?? "") }
        let detected = kind ?? fileName.flatMap(InterfaceDocument.kind(forName:))
        if detected == .json || (detected == nil && bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
                                    .map { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") } == true) {
            let text = try TextDecoding.utf8(bytes, path: name)
            self.kind = .json
            self.table = nil
            self.texts = try JSONInterface.texts(text, path: name, table: table)
            self.bytes = text.bytes
            return
        }
        let document = try XMLDocument.parse(bytes, path: name)
        let resolved: Kind
        if let detected {
            resolved = detected
        } else if document.root.name == "interface" {
            resolved = .gtkBuilder
        } else if document.root.name == "document" || document.root.name == "archive" {
            resolved = .interfaceBuilder
        } else {
            throw ParlanceError.syntax("<\(document.root.name)> is the root of no known UI document (GtkBuilder <interface>, Interface Builder <document>)",
                                       path: name, line: 1, column: 1)
        }
        self.kind = resolved
        self.bytes = document.text.bytes
        switch resolved {
        case .gtkBuilder:
            self.table = document.root.attribute("domain").flatMap { $0.isEmpty ? nil : $0 }
            self.texts = GtkBuilderInterface.texts(document, table: self.table ?? table, defaultTable: table)
        case .interfaceBuilder:
            let base = fileName.map { name in
                name.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(name[..<$0]) } ?? name
            }
            self.table = base.flatMap { $0.isEmpty ? nil : $0 }
            self.texts = InterfaceBuilderTexts.texts(document, defaultTable: table)
        case .json:
            preconditionFailure("JSON documents are read above")
        }
    }

    /// The kind a file name's extension says (`Kind.extensions`): `.ui`/`.glade`, `.xib`/`.storyboard`, `.json`.
    public static func kind(forName name: String) -> Kind? {
        let lowered = name.lowercased()
        return Kind.allCases.first { kind in kind.extensions.contains { lowered.hasSuffix("." + $0) } }
    }

    /// A lookup: the translation of a key (in a context, from a table), or nil.
    package typealias Lookup = (_ key: String, _ context: String?, _ table: String?) -> String?

    /// The translation of one text by `lookup`, or nil when it has none (a
    /// caret-marked text then reads as its key). A Base-internationalized
    /// object's text is asked by its object key in the document's table first.
    ///
    /// `documentLookup`, when given, asks the one language a localized copy of
    /// the document is made in, as Xcode builds a nib per language from Base
    /// and that language's table: an object's text is asked of it alone (by
    /// its object key, then as itself), and one it has not keeps the Base
    /// text (nil), whatever other languages have.
    package func translation(of text: Text, lookup: Lookup, documentLookup: Lookup? = nil) -> String? {
        switch text.marking {
        case .caret, .translatable, .conventional:
            return lookup(text.key, text.context, text.table)
        case .object:
            if let documentLookup, let table, let objectKey = text.objectKey {
                return documentLookup(objectKey, nil, table) ?? documentLookup(text.key, nil, text.table)
            }
            if let table, let objectKey = text.objectKey, let found = lookup(objectKey, nil, table) { return found }
            return lookup(text.key, nil, text.table)
        }
    }

    /// The document with every text `lookup` translates replaced, and the
    /// texts it has none for (left as they are; a caret-marked one loses its caret).
    package func localized(lookup: Lookup, documentLookup: Lookup? = nil) -> (document: [UInt8], missing: [Text]) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var missing: [Text] = []
        var copied = 0
        for text in texts {
            let replacement: String
            if let found = translation(of: text, lookup: lookup, documentLookup: documentLookup) {
                replacement = found
            } else {
                missing.append(text)
                guard text.marking == .caret else { continue }
                replacement = text.key
            }
            out.append(contentsOf: bytes[copied..<text.range.lowerBound])
            Self.write(replacement, text.quoting, into: &out)
            copied = text.range.upperBound
        }
        out.append(contentsOf: bytes[copied...])
        return (out, missing)
    }

    /// How an element's text content is rewritten: as CDATA when it is
    /// written in CDATA sections alone (`<![CDATA[…]]>`), so that only the
    /// text's bytes change; escaped otherwise.
    static func contentQuoting(_ element: XMLElement) -> Quoting {
        let onlyCDATA = !element.children.isEmpty && element.children.allSatisfy {
            if case .text(_, cdata: true) = $0 { true } else { false }
        }
        return onlyCDATA ? .xmlCDATA : .xmlContent
    }

    /// `text` escaped for where it goes.
    static func write(_ text: String, _ quoting: Quoting, into out: inout [UInt8]) {
        switch quoting {
        case .xmlAttribute(let quote):
            out += XMLReference.escape(text, attribute: true, quotes: quote == UInt8(ascii: "'") ? .single : .double).utf8
        case .xmlContent:
            out += XMLReference.escape(text, quotes: .none).utf8
        case .xmlCDATA:
            // A `]]>` in the text ends one section and starts the next between `]]` and `>`.
            out += Array("<![CDATA[".utf8)
            var brackets = 0
            for byte in text.utf8 {
                if byte == UInt8(ascii: ">"), brackets >= 2 { out += Array("]]><![CDATA[".utf8) }
                brackets = byte == UInt8(ascii: "]") ? brackets + 1 : 0
                out.append(byte)
            }
            out += Array("]]>".utf8)
        case .json:
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0x00..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                default: out.append(byte)
                }
            }
        }
    }
}

/// GtkBuilder's booleans, as `gtk_builder_value_from_string` reads them.
enum GtkBuilderBoolean {
    static func value(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "y", "t", "1", "yes", "true": true
        case "n", "f", "0", "no", "false": false
        default: nil
        }
    }
}

/// The texts of a GtkBuilder document, in document order.
enum GtkBuilderInterface {
    static func texts(_ document: XMLDocument, table: String?, defaultTable: String?) -> [InterfaceDocument.Text] {
        var locator = XMLDocument.Locator(document)
        var found: [InterfaceDocument.Text] = []
        var stack: [XMLElement] = [document.root]
        while let element = stack.popLast() {
            let onlyText = !element.children.contains { if case .element = $0 { true } else { false } }
            if onlyText, !element.contentRange.isEmpty || element.attribute("translatable") != nil {
                let text = element.textContent
                let (line, column) = locator.location(of: element.contentRange.lowerBound)
                if let flag = element.attribute("translatable"), GtkBuilderBoolean.value(flag) == true {
                    if !text.isEmpty {
                        found.append(.init(text: text, key: text, context: element.attribute("context"), table: table,
                                           comment: element.attribute("comments") ?? Self.note(document.commentsBefore[element.offset] ?? []),
                                           objectKey: nil, marking: .translatable,
                                           line: line, column: column, range: element.contentRange,
                                           quoting: InterfaceDocument.contentQuoting(element)))
                    }
                } else if CaretMark.isMarked(text) {
                    found.append(.caret(text, table: defaultTable, line: line, column: column, range: element.contentRange,
                                        quoting: InterfaceDocument.contentQuoting(element)))
                }
            }
            for child in element.elements.reversed() { stack.append(child) }
        }
        return found
    }

    /// The XML comments before a translatable element as xgettext takes
    /// them (its ITS rules): joined by line breaks, each line trimmed; nil
    /// for none. A `comments` attribute wins over them.
    static func note(_ comments: [String]) -> String? {
        guard !comments.isEmpty else { return nil }
        return comments.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { String($0.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }.joined(separator: "\n")
    }
}

extension InterfaceDocument.Text {
    /// A caret-marked text: `^Key` is `Key` of the default table.
    static func caret(_ text: String, table: String?, objectKey: String? = nil, line: Int, column: Int, range: Range<Int>,
                      quoting: InterfaceDocument.Quoting) -> Self {
        .init(text: text, key: CaretMark.key(text) ?? text, context: nil, table: table, comment: nil, objectKey: objectKey,
              marking: .caret, line: line, column: column, range: range, quoting: quoting)
    }
}

/// The localizable texts of an Interface Builder document (`.storyboard`,
/// `.xib`), keyed as Xcode keys them in each language's `<Name>.strings`
/// under Base internationalization: `OBJECT-ID.property`.
///
/// What counts, as `ibtool --export-strings-file` lists it:
/// - on an element with an `id`: the attributes in `properties`
///   (`5Nb-Xl-aYu.title`);
/// - `<string key="text">…</string>` (and the other keys above) inside it;
/// - a button's `<state key="normal" title="…"/>`: `ID.normalTitle` (the
///   state's key + `Title`);
/// - a segmented control's `<segment title="…"/>`: `ID.segmentTitles[N]`;
///   a macOS segmented cell's `<segment label="…"/>`: `CELL-ID.ibShadowedLabels[N]`
///   (N counts the cell's segments);
/// - a table column's `<tableHeaderCell key="headerCell" title="…"/>`:
///   `COLUMN-ID.headerCell.title`;
/// - a view's `toolTip`: `ID.ibShadowedToolTip` (a toolbar or menu item's: `ID.toolTip`);
/// - `<accessibility label="…" hint="…"/>`: `ID.accessibilityLabel`,
///   `ID.accessibilityHint`;
/// - a button's `<buttonConfiguration key="configuration" title="…"/>`:
///   `ID.configuration.title` (and `subtitle`);
/// - a string runtime attribute marked localized,
///   `<userDefinedRuntimeAttribute type="string" value="…" localized="YES"/>`:
///   `ID.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[N]` (N
///   counts the object's localized ones).
/// Empty texts are not listed (ibtool leaves them out too), nor a
/// `<constraint placeholder="YES">` (a build flag: the constraint is removed
/// when the document is compiled) — unless its value is caret-marked: a
/// marked value is a text wherever it is (GTMUILocalizer's rule), looked up
/// by its key alone, as ibtool has no key for it.
enum InterfaceBuilderTexts {
    static let properties = ["title", "text", "placeholder", "placeholderString", "headerTitle", "footerTitle", "prompt",
                             "label", "toolTip", "backButtonTitle", "paletteLabel"]

    /// Segments' texts: iOS segmented controls' titles (`ID.segmentTitles[N]`),
    /// macOS segmented cells' labels (`ID.ibShadowedLabels[N]`).
    static let segmentTexts: [String: (attribute: String, property: String)] = [
        "segmentedControl": ("title", "segmentTitles"), "segmentedCell": ("label", "ibShadowedLabels"),
    ]

    /// Objects whose tool tip ibtool keys as `toolTip`; a view's is `ibShadowedToolTip`.
    static let ownToolTips: Set<String> = ["toolbarItem", "menuItem", "tabViewItem"]

    static func texts(_ document: XMLDocument, defaultTable: String?) -> [InterfaceDocument.Text] {
        var locator = XMLDocument.Locator(document)
        var found: [InterfaceDocument.Text] = []
        /// A text; with no `objectKey`, only a caret-marked one counts.
        func add(_ objectKey: String?, _ text: String, _ range: Range<Int>, _ quoting: InterfaceDocument.Quoting) {
            guard !text.isEmpty else { return }
            let (line, column) = locator.location(of: range.lowerBound)
            if CaretMark.isMarked(text) {
                found.append(.caret(text, table: defaultTable, objectKey: objectKey, line: line, column: column, range: range,
                                    quoting: quoting))
            } else if let objectKey {
                found.append(.init(text: text, key: text, context: nil, table: defaultTable, comment: nil, objectKey: objectKey,
                                   marking: .object, line: line, column: column, range: range, quoting: quoting))
            }
        }
        func add(_ objectKey: String?, _ attribute: XMLAttribute?) {
            guard let attribute else { return }
            add(objectKey, attribute.value, attribute.valueRange, .xmlAttribute(quote: document.text.bytes[attribute.valueRange.lowerBound - 1]))
        }
        // Depth-first, in document order (offsets increase: the locator reads the file once).
        var stack: [(element: XMLElement, owner: String?)] = [(document.root, nil)]
        while let (element, owner) = stack.popLast() {
            let id = element.attribute("id")
            if let id {
                for attribute in element.attributes where properties.contains(attribute.name) {
                    // `<constraint placeholder="YES">` asks for the constraint's removal at build time: not a text.
                    if attribute.name == "placeholder", element.name == "constraint" {
                        add(nil, attribute)
                        continue
                    }
                    let property = attribute.name == "toolTip" && !ownToolTips.contains(element.name) ? "ibShadowedToolTip" : attribute.name
                    add(id + "." + property, attribute)
                }
            }
            if let owner {
                switch element.name {
                case "state":
                    if let state = element.attribute("key") {
                        add(owner + "." + state + "Title", element.attributes.first { $0.name == "title" })
                    }
                case "string" where element.attribute("key").map(properties.contains) == true:
                    if !element.children.contains(where: { if case .element = $0 { true } else { false } }) {
                        add(owner + "." + element.attribute("key")!, element.textContent, element.contentRange,
                            InterfaceDocument.contentQuoting(element))
                    }
                case "accessibility":
                    add(owner + ".accessibilityLabel", element.attributes.first { $0.name == "label" })
                    add(owner + ".accessibilityHint", element.attributes.first { $0.name == "hint" })
                case "buttonConfiguration" where element.attribute("key") == "configuration" && id == nil:
                    for name in ["title", "subtitle"] {
                        add(owner + ".configuration." + name, element.attributes.first { $0.name == name })
                    }
                case "userDefinedRuntimeAttributes":
                    var index = 0
                    for attribute in element.elements(named: "userDefinedRuntimeAttribute")
                    where attribute.attribute("type") == "string" && attribute.attribute("localized") == "YES" {
                        add("\(owner).ibExternalUserDefinedRuntimeAttributesLocalizableStrings[\(index)]",
                            attribute.attributes.first { $0.name == "value" })
                        index += 1
                    }
                case "tableHeaderCell" where element.attribute("key") == "headerCell" && id == nil:
                    // A table column's header: keyed by the column.
                    add(owner + ".headerCell.title", element.attributes.first { $0.name == "title" })
                default:
                    break
                }
            }
            if let id, let (attribute, property) = segmentTexts[element.name] {
                // Keyed by the control (iOS) or the cell (macOS) and the segment's place.
                var index = 0
                for segments in element.elements(named: "segments") {
                    for segment in segments.elements(named: "segment") {
                        add("\(id).\(property)[\(index)]", segment.attributes.first { $0.name == attribute })
                        index += 1
                    }
                }
            }
            for child in element.elements.reversed() { stack.append((child, id ?? owner)) }
        }
        // Segment titles are taken with their control: back to document order.
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        return found
    }
}

/// The texts of a JSON UI tree, in document order.
enum JSONInterface {
    /// Members whose string values are localizable by convention.
    static let members: Set<String> = ["text", "title", "subtitle", "label", "placeholder", "tooltip", "hint", "message",
                                       "caption", "header", "footer", "accessibilityLabel", "accessibilityHint"]

    static func texts(_ text: UTF8Text, path: String?, table: String?) throws(ParlanceError) -> [InterfaceDocument.Text] {
        // The tape points into the bytes: walked while they are pinned.
        let found: [InterfaceDocument.Text]? = text.bytes.withUnsafeBufferPointer { buffer in
            JSONTape.read(buffer).map { walk($0, table: table) }
        }
        if let found { return found }
        _ = try JSONParser.parse(text.bytes, path: path)   // says what is wrong, and where
        throw ParlanceError.syntax("not valid JSON", path: path, line: 1, column: 1)
    }

    private static func walk(_ tape: JSONTape, table: String?) -> [InterfaceDocument.Text] {
        var found: [InterfaceDocument.Text] = []
        func isString(_ index: Int) -> Bool { tape.kinds[index] == .string || tape.kinds[index] == .escapedString }
        func add(_ index: Int, member: String?, context: String?, comment: String?) {
            let value = tape.string(index)
            let start = Int(tape.starts[index])
            let range = start..<start + Int(tape.extents[index])
            let (line, column) = tape.location(ofToken: index)
            if CaretMark.isMarked(value) {
                found.append(.caret(value, table: table, line: line, column: column, range: range, quoting: .json))
            } else if let member, members.contains(member), !value.isEmpty {
                found.append(.init(text: value, key: value, context: context, table: table, comment: comment, objectKey: nil,
                                   marking: .conventional, line: line, column: column, range: range, quoting: .json))
            }
        }
        // Containers to visit, in document order: objects' members, arrays' elements.
        var stack = [0]
        while let container = stack.popLast() {
            let end = Int(tape.extents[container])
            var children: [Int] = []
            if tape.kinds[container] == .object {
                var context: String?, comment: String?
                var key = container + 1
                while key < end {
                    if isString(key + 1) {
                        if tape.string(key, is: "context") { context = tape.string(key + 1) }
                        if tape.string(key, is: "comment") { comment = tape.string(key + 1) }
                    }
                    key = tape.after(key + 1)
                }
                key = container + 1
                while key < end {
                    let value = key + 1
                    if isString(value) {
                        add(value, member: tape.string(key), context: context, comment: comment)
                    } else if tape.kinds[value] == .object || tape.kinds[value] == .array {
                        children.append(value)
                    }
                    key = tape.after(value)
                }
            } else if tape.kinds[container] == .array {
                var element = container + 1
                while element < end {
                    if isString(element) {
                        add(element, member: nil, context: nil, comment: nil)
                    } else if tape.kinds[element] == .object || tape.kinds[element] == .array {
                        children.append(element)
                    }
                    element = tape.after(element)
                }
            }
            stack += children.reversed()
        }
        // An object's strings were taken before its containers: back to document order.
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        return found
    }
}
