/// The reading behind `XMLDocument.parse`, over the document's UTF-8.
struct XMLParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    /// Where the text starts (after a byte order mark): line 1, column 1.
    let start: Int
    let path: String?
    /// Given, sees each element below the root as it closes, with its open
    /// ancestors (the root first, without the children taken before); an
    /// element it takes (returns true for) is not kept by its parent.
    var take: ((XMLElement, ArraySlice<XMLElement>) throws(ParlanceError) -> Bool)? = nil
    /// Given, sees the root when its start tag has been read.
    var rootStarted: ((XMLElement) throws(ParlanceError) -> Void)? = nil
    /// The XML comments right before an element, with nothing but white
    /// space between them and it, by the element's offset.
    var commentsBefore: [Int: [String]] = [:]

    mutating func document() throws(ParlanceError) -> XMLElement {
        try misc(allowDoctype: true)
        guard position < bytes.count else { throw error("no root element", at: position) }
        let root = try element()
        try misc(allowDoctype: false)
        guard position >= bytes.count else { throw error("content after the root element", at: position) }
        return root
    }

    /// White space, comments, processing instructions, and (before the root) a DOCTYPE.
    private mutating func misc(allowDoctype: Bool) throws(ParlanceError) {
        while true {
            skipSpace()
            if looks(at: "<!--") {
                let at = position
                position += 4   // `<!-->` is no comment: its end is looked for after the opening
                try skip(past: "-->", from: at, what: "comment")
            } else if looks(at: "<?") {
                let at = position
                position += 2
                try skip(past: "?>", from: at, what: "processing instruction")
            } else if allowDoctype && looks(at: "<!DOCTYPE") {
                try skipDoctype()
            } else if position < bytes.count && bytes[position] != UInt8(ascii: "<") {
                throw error("text outside the root element", at: position)
            } else {
                return
            }
        }
    }

    /// An element and everything in it, with an explicit stack of open elements.
    private mutating func element() throws(ParlanceError) -> XMLElement {
        var open: [XMLElement] = []
        var first = try startTag()
        try rootStarted?(first.element)
        if first.selfClosing { return first.element }
        open.append(first.element)
        // Comments since the last element or text, for the next element.
        var comments: [String] = []
        while let depth = open.indices.last {
            guard position < bytes.count else {
                throw error("<\(open[depth].name)> is not closed", at: open[depth].offset)
            }
            if bytes[position] != UInt8(ascii: "<") {
                let text = try characterData()
                if !comments.isEmpty, !text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                    comments = []
                }
                open[depth].children.append(.text(text, cdata: false))
                continue
            }
            if looks(at: "</") {
                let at = position
                position += 2
                let name = readName()
                skipSpace()
                guard name == open[depth].name, position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw error("expected </\(open[depth].name)>", at: at)
                }
                position += 1
                comments = []
                var closed = open.removeLast()
                closed.contentRange = closed.contentRange.lowerBound..<at
                if open.isEmpty { return closed }
                if let take, try take(closed, open[...]) { continue }
                open[open.count - 1].children.append(.element(closed))
            } else if looks(at: "<!--") {
                let at = position
                position += 4   // `<!-->` is no comment: its end is looked for after the opening
                let contentStart = position
                try skip(past: "-->", from: at, what: "comment")
                comments.append(string(contentStart..<position - 3))
            } else if looks(at: "<![CDATA[") {
                let at = position
                position += 9
                let contentStart = position
                try skip(past: "]]>", from: at, what: "CDATA section")
                open[depth].children.append(.text(string(contentStart..<position - 3), cdata: true))
            } else if looks(at: "<?") {
                let at = position
                position += 2
                try skip(past: "?>", from: at, what: "processing instruction")
            } else {
                guard open.count < XMLDocument.maxDepth else {
                    throw error("elements nested deeper than \(XMLDocument.maxDepth) levels", at: position)
                }
                first = try startTag()
                if !comments.isEmpty {
                    commentsBefore[first.element.offset] = comments
                    comments = []
                }
                if first.selfClosing {
                    if let take, try take(first.element, open[...]) { continue }
                    open[depth].children.append(.element(first.element))
                } else {
                    open.append(first.element)
                }
            }
        }
        throw error("no root element", at: position)   // not reached: the loop returns the root
    }

    /// `<name attr="value" …>` or `<name …/>`.
    private mutating func startTag() throws(ParlanceError) -> (element: XMLElement, selfClosing: Bool) {
        let at = position
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw error("malformed tag", at: at) }
        var element = XMLElement(name: name, offset: at)
        // Names seen, for the duplicate check: a scan of the few attributes most
        // elements have, a set past that (linear in an element of any number).
        var seen: Set<String>? = nil
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else { throw error("<\(name)> tag is not closed", at: at) }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                element.contentRange = position..<position
                return (element, false)
            }
            if looks(at: "/>") {
                position += 2
                element.contentRange = position..<position
                return (element, true)
            }
            let attributeAt = position
            let attribute = readName()
            guard hadSpace, !attribute.isEmpty else { throw error("malformed attribute in <\(name)>", at: attributeAt) }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error("attribute \(attribute) of <\(name)> has no value", at: attributeAt)
            }
            position += 1
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("the value of attribute \(attribute) must be quoted", at: position)
            }
            if seen == nil, element.attributes.count >= 16 { seen = Set(element.attributes.map { $0.name }) }
            let repeated: Bool
            if seen != nil { repeated = !seen!.insert(attribute).inserted } else { repeated = element.attribute(attribute) != nil }
            guard !repeated else {
                throw error("attribute \(attribute) appears twice in <\(name)>", at: attributeAt)
            }
            let valueStart = position + 1
            let value = try attributeValue(quote: bytes[position])
            element.attributes.append(XMLAttribute(name: attribute, value: value, offset: attributeAt,
                                                   valueRange: valueStart..<position - 1))
        }
    }

    /// A quoted attribute value, references decoded and white space normalized as XML says.
    private mutating func attributeValue(quote: UInt8) throws(ParlanceError) -> String {
        let at = position
        position += 1
        var value = ""
        var run = position
        while position < bytes.count, bytes[position] != quote {
            switch bytes[position] {
            case UInt8(ascii: "<"):
                throw error("'<' in an attribute value", at: position)
            case UInt8(ascii: "&"):
                value += string(run..<position)
                value.unicodeScalars.append(try reference())
                run = position
            case 0x09, 0x0A, 0x0D:
                value += string(run..<position)
                // \r\n is one line end, and one space.
                if bytes[position] == 0x0D, position + 1 < bytes.count, bytes[position + 1] == 0x0A { position += 1 }
                value += " "
                position += 1
                run = position
            default:
                position += 1
            }
        }
        guard position < bytes.count else { throw error("attribute value is not closed", at: at) }
        value += string(run..<position)
        position += 1
        return value
    }

    /// Text up to the next `<`, references decoded, `\r\n` and `\r` read as `\n`.
    private mutating func characterData() throws(ParlanceError) -> String {
        var text = ""
        var run = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            switch bytes[position] {
            case UInt8(ascii: "&"):
                text += string(run..<position)
                text.unicodeScalars.append(try reference())
                run = position
            case 0x0D:
                text += string(run..<position)
                text += "\n"
                position += 1
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                run = position
            default:
                position += 1
            }
        }
        text += string(run..<position)
        return text
    }

    /// `&name;` or `&#N;` / `&#xH;` at `position`.
    private mutating func reference() throws(ParlanceError) -> Unicode.Scalar {
        let at = position
        position += 1
        let nameStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), position - nameStart < 12 { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw error("'&' that starts no reference (write &amp;)", at: at)
        }
        let name = string(nameStart..<position)
        position += 1
        if let scalar = XMLReference.scalar(named: Substring(name)) { return scalar }
        guard name.hasPrefix("#") else { throw error("unknown entity &\(name);", at: at) }
        throw error("&\(name); is not a character", at: at)
    }

    private mutating func skipDoctype() throws(ParlanceError) {
        guard let end = XMLDoctype.end(of: bytes, from: position, { UInt32($0) }) else {
            throw error("<!DOCTYPE is not closed", at: position)
        }
        position = end
    }

    /// Moves past `terminator`, or fails naming what `from` started.
    private mutating func skip(past terminator: StaticString, from at: Int, what: String) throws(ParlanceError) {
        let first = terminator.utf8Start[0]
        while position < bytes.count {
            if bytes[position] == first, looks(at: terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw error("\(what) is not closed", at: at)
    }

    private func looks(at literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] { return false }
        return true
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let from = position
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position > from
            }
        }
        return position > from
    }

    /// A name: bytes up to white space or one of `/ > = < ? ! ; " '`.
    private mutating func readName() -> String {
        let from = position
        scan: while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"),
                 UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                break scan
            default:
                position += 1
            }
        }
        return string(from..<position)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func error(_ message: String, at offset: Int) -> ParlanceError {
        var locator = UTF8Locator(start: start)
        let (line, column) = locator.advance(to: min(offset, bytes.count), in: bytes)
        return .syntax(message, path: path, line: line, column: column)
    }
}

/// The extent of a `<!DOCTYPE …>`, which XML documents and property lists
/// skip unread (no entity is ever declared or expanded from it).
enum XMLDoctype {
    /// Where the declaration starting at `start` (at its `<!DOCTYPE`) ends,
    /// just after its `>`: quoted literals and an internal subset in `[…]`
    /// are passed over; nil when it is not closed. `code` gives each
    /// element's code point (bytes and scalars alike).
    static func end<Text: RandomAccessCollection>(of text: Text, from start: Int, _ code: (Text.Element) -> UInt32) -> Int?
    where Text.Index == Int {
        var position = start + 9
        var inSubset = false
        while position < text.endIndex {
            let unit = code(text[position])
            position += 1
            switch unit {
            case 0x22, 0x27:   // " '
                while position < text.endIndex, code(text[position]) != unit { position += 1 }
                position += 1
            case 0x5B: inSubset = true    // [
            case 0x5D: inSubset = false   // ]
            case 0x3E where !inSubset: return position   // >
            default: break
            }
        }
        return nil
    }
}
