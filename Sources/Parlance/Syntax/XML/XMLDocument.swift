/// A small, strict XML reader for the table formats written in XML
/// (Android resources, XLIFF): one pass over UTF-8, linear in the input.
///
/// It reads the XML declaration, comments, processing instructions and a
/// DOCTYPE (skipped, internal subset included), one root element with its
/// attributes, text, CDATA sections and child elements, the five predefined
/// entities and character references. Names keep their prefix as written
/// (`xliff:g`); namespaces are not resolved. Anything else — a mismatched
/// end tag, an unknown entity, `<` in an attribute value, a second root —
/// is a syntax error at its line and column. Elements may nest `maxDepth`
/// deep. UTF-16 and UTF-32 files (with a byte order mark) are transcoded.
package struct XMLDocument {
    static let maxDepth = 512

    package var root: XMLElement
    /// The document as UTF-8; offsets index it.
    package let text: UTF8Text
    package let path: String?
    /// The XML comments right before an element, with nothing but white
    /// space between them and it (what xgettext takes as translators'
    /// notes), by the element's offset.
    package var commentsBefore: [Int: [String]] = [:]

    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> XMLDocument {
        let text = try TextDecoding.utf8(bytes, path: path)
        let (root, comments) = try text.bytes.withUnsafeBufferPointer { buffer throws(ParlanceError) -> (XMLElement, [Int: [String]]) in
            var parser = XMLParser(bytes: buffer, position: text.start, start: text.start, path: path)
            return (try parser.document(), parser.commentsBefore)
        }
        return XMLDocument(root: root, text: text, path: path, commentsBefore: comments)
    }

    /// Reads the document element by element: `start` sees the root as its
    /// start tag is read (attributes, no children), `take` every element
    /// below it as it closes, with its open ancestors (the root first); what
    /// `take` takes (returns true for) is not kept by its parent. Memory then
    /// holds the elements being read, not the document's tree.
    package static func stream(
        _ bytes: [UInt8], path: String?,
        start: @escaping (XMLElement, inout Locator) throws(ParlanceError) -> Void,
        take: @escaping (XMLElement, ArraySlice<XMLElement>, inout Locator) throws(ParlanceError) -> Bool
    ) throws(ParlanceError) {
        let text = try TextDecoding.utf8(bytes, path: path)
        var locator = Locator(text: text, path: path)
        try text.bytes.withUnsafeBufferPointer { buffer throws(ParlanceError) in
            var parser = XMLParser(bytes: buffer, position: text.start, start: text.start, path: path)
            parser.rootStarted = { root throws(ParlanceError) in try start(root, &locator) }
            parser.take = { element, ancestors throws(ParlanceError) in try take(element, ancestors, &locator) }
            _ = try parser.document()
        }
    }

    /// Locates byte offsets of this document, cheaply when asked in increasing order.
    package struct Locator {
        private let text: UTF8Text
        private let path: String?
        private var locator: UTF8Locator
        private var last: Int

        package init(_ document: XMLDocument) {
            self.init(text: document.text, path: document.path)
        }

        init(text: UTF8Text, path: String?) {
            self.text = text
            self.path = path
            locator = UTF8Locator(start: text.start)
            last = text.start
        }

        package mutating func location(of offset: Int) -> (line: Int, column: Int) {
            if offset < last { locator = UTF8Locator(start: text.start) }
            last = offset
            return text.bytes.withUnsafeBufferPointer { locator.advance(to: offset, in: $0) }
        }

        /// A syntax error at `offset`.
        package mutating func error(_ message: String, at offset: Int) -> ParlanceError {
            let (line, column) = location(of: offset)
            return .syntax(message, path: path, line: line, column: column)
        }
    }
}

package struct XMLAttribute: Equatable {
    package var name: String
    package var value: String
    /// Byte offset of the attribute's name.
    package var offset: Int
    /// The value as written, between its quotes.
    package var valueRange: Range<Int>
}

package struct XMLElement: Equatable {
    package var name: String
    package var attributes: [XMLAttribute] = []
    package var children: [XMLNode] = []
    /// Byte offset of the element's `<`.
    package var offset: Int
    /// What is written between the start and end tags (empty, at the
    /// tag's end, for `<name/>`).
    package var contentRange: Range<Int> = 0..<0

    /// The value of the attribute named `name` as written (prefix included).
    package func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The name without its prefix: `g` for `xliff:g`.
    package var localName: Substring {
        // By byte: the colon is ASCII (Character search would break graphemes for every name).
        name.utf8.firstIndex(of: UInt8(ascii: ":")).map { name[name.utf8.index(after: $0)...] } ?? name[...]
    }

    /// The child elements.
    package var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    /// The child elements whose local name is `name`.
    package func elements(named name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        for case .element(let element) in children where element.localName == name { found.append(element) }
        return found
    }

    /// Every text below the element, markup left out.
    package var textContent: String {
        var result = ""
        for child in children {
            switch child {
            case .text(let text, _): result += text
            case .element(let element): result += element.textContent
            }
        }
        return result
    }
}

package enum XMLNode: Equatable {
    case element(XMLElement)
    /// Character data with references decoded; `cdata` for a CDATA section.
    case text(String, cdata: Bool)
}
