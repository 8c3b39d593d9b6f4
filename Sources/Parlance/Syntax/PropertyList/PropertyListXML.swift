/// A small reader for XML property lists (Apple's `PropertyList-1.0.dtd`).
///
/// It reads the XML declaration, processing instructions, comments and the
/// DOCTYPE (skipped), `<plist version=...>` (optional, as in CoreFoundation)
/// around one value, and the value elements `dict key string integer real
/// true false date data array`, empty forms such as `<string/>`, the five
/// predefined entities, character references and CDATA sections. Anything
/// else is a syntax error at its line and column. Nesting deeper than
/// `maxDepth` is an error rather than a stack overflow.
struct PropertyListXML {
    static let maxDepth = 512

    let text: [Unicode.Scalar]
    let path: String?
    var position = 0
    let locator: TextLocator

    struct Tag {
        var name: String
        var selfClosing: Bool
        /// Index of the tag's `<`.
        var start: Int
    }

    static func read(_ text: [Unicode.Scalar], path: String?) throws(ParlanceError) -> PropertyListValue {
        var reader = PropertyListXML(text: text, path: path, locator: TextLocator(text))
        return try reader.parseDocument()
    }

    private init(text: [Unicode.Scalar], path: String?, locator: TextLocator) {
        self.text = text
        self.path = path
        self.locator = locator
    }

    mutating func parseDocument() throws(ParlanceError) -> PropertyListValue {
        try skipMisc(allowDoctype: true)
        guard position < text.count else { throw error("no property list element", at: position) }
        let root = try parseStartTag()
        let value: PropertyListValue
        if root.name == "plist" {
            guard !root.selfClosing else { throw error("empty <plist>", at: root.start) }
            try skipMisc(allowDoctype: false)
            guard position < text.count, !looksAt("</") else {
                throw error("<plist> holds no value", at: position)
            }
            value = try parseValue(try parseStartTag(), depth: 1)
            try skipMisc(allowDoctype: false)
            try parseEndTag("plist")
        } else {
            value = try parseValue(root, depth: 1)
        }
        try skipMisc(allowDoctype: false)
        if position < text.count {
            throw error("unexpected content after the end of the property list", at: position)
        }
        return value
    }

    /// The value element `tag` (whose start tag has been read), through its end tag.
    mutating func parseValue(_ tag: Tag, depth: Int) throws(ParlanceError) -> PropertyListValue {
        guard depth <= Self.maxDepth else {
            throw error("property list nested deeper than \(Self.maxDepth) levels", at: tag.start)
        }
        switch tag.name {
        case "dict":
            var members: [PropertyListValue.Member] = []
            guard !tag.selfClosing else { return .dict(members) }
            while true {
                try skipMisc(allowDoctype: false)
                if looksAt("</") { try parseEndTag("dict"); return .dict(members) }
                guard position < text.count else { throw error("missing </dict>", at: tag.start) }
                let keyTag = try parseStartTag()
                guard keyTag.name == "key" else {
                    throw error("expected <key> in <dict>, found <\(keyTag.name)>", at: keyTag.start)
                }
                let key = try parseText(keyTag)
                try skipMisc(allowDoctype: false)
                guard position < text.count, !looksAt("</") else {
                    throw error("missing value for key \"\(key)\"", at: position)
                }
                let valueTag = try parseStartTag()
                let value = try parseValue(valueTag, depth: depth + 1)
                let (line, column) = locator.location(of: keyTag.start)
                members.append(.init(key: key, value: value, line: line, column: column))
            }
        case "array":
            var items: [PropertyListValue] = []
            guard !tag.selfClosing else { return .array(items) }
            while true {
                try skipMisc(allowDoctype: false)
                if looksAt("</") { try parseEndTag("array"); return .array(items) }
                guard position < text.count else { throw error("missing </array>", at: tag.start) }
                items.append(try parseValue(try parseStartTag(), depth: depth + 1))
            }
        case "string":
            return .string(try parseText(tag))
        case "true", "false":
            if !tag.selfClosing {
                try skipMisc(allowDoctype: false)
                try parseEndTag(tag.name)
            }
            return .bool(tag.name == "true")
        case "integer":
            return .integer(try parseInteger(try parseText(tag), at: tag.start))
        case "real":
            return .real(try parseReal(try parseText(tag), at: tag.start))
        case "date":
            return .date(Self.trimmed(try parseText(tag)))
        case "data":
            let contentStart = position
            return .data(try decodeBase64(try parseText(tag), at: contentStart))
        case "key":
            throw error("<key> outside a <dict>", at: tag.start)
        default:
            throw error("unknown element <\(tag.name)>", at: tag.start)
        }
    }

    /// `<name attr="..." ...>` or `<name .../>` at `position`.
    mutating func parseStartTag() throws(ParlanceError) -> Tag {
        let start = position
        guard position < text.count, text[position] == "<" else {
            throw error("expected an element, found text", at: position)
        }
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw error("malformed tag", at: start) }
        while true {
            skipSpace()
            guard position < text.count else { throw error("unterminated <\(name)> tag", at: start) }
            if text[position] == ">" { position += 1; return Tag(name: name, selfClosing: false, start: start) }
            if looksAt("/>") { position += 2; return Tag(name: name, selfClosing: true, start: start) }
            // An attribute: name = "value" (values are read and ignored).
            let attributeStart = position
            guard !readName().isEmpty else { throw error("malformed attribute in <\(name)>", at: attributeStart) }
            skipSpace()
            guard position < text.count, text[position] == "=" else {
                throw error("malformed attribute in <\(name)>", at: attributeStart)
            }
            position += 1
            skipSpace()
            guard position < text.count, text[position] == "\"" || text[position] == "'" else {
                throw error("attribute value must be quoted", at: position)
            }
            let quote = text[position]
            position += 1
            while position < text.count, text[position] != quote { position += 1 }
            guard position < text.count else { throw error("unterminated attribute value", at: attributeStart) }
            position += 1
        }
    }

    /// `</name>` at `position`.
    mutating func parseEndTag(_ name: String) throws(ParlanceError) {
        let start = position
        guard looksAt("</") else { throw error("expected </\(name)>", at: position) }
        position += 2
        let found = readName()
        skipSpace()
        guard found == name, position < text.count, text[position] == ">" else {
            throw error("expected </\(name)>, found </\(found)", at: start)
        }
        position += 1
    }

    /// Skips white space, comments, processing instructions and (if allowed) a DOCTYPE.
    mutating func skipMisc(allowDoctype: Bool) throws(ParlanceError) {
        while true {
            skipSpace()
            if looksAt("<!--") {
                try skipComment()
            } else if looksAt("<?") {
                try skipProcessingInstruction()
            } else if allowDoctype && looksAt("<!DOCTYPE") {
                try skipDoctype()
            } else if position < text.count && text[position] != "<" {
                throw error("unexpected text", at: position)
            } else {
                return
            }
        }
    }

    mutating func skipComment() throws(ParlanceError) {
        let start = position
        position += 4
        while position < text.count, !looksAt("-->") { position += 1 }
        guard position < text.count else { throw error("unterminated comment", at: start) }
        position += 3
    }

    mutating func skipProcessingInstruction() throws(ParlanceError) {
        let start = position
        position += 2
        let target = readName()
        let contentStart = position
        while position < text.count, !looksAt("?>") { position += 1 }
        guard position < text.count else { throw error("unterminated processing instruction", at: start) }
        if target == "xml" {
            try checkDeclaredEncoding(String(String.UnicodeScalarView(text[contentStart..<position])), at: start)
        }
        position += 2
    }

    mutating func skipDoctype() throws(ParlanceError) {
        guard let end = XMLDoctype.end(of: text, from: position, { $0.value }) else { throw error("unterminated <!DOCTYPE", at: position) }
        position = end
    }

    func looksAt(_ literal: String) -> Bool {
        text[min(position, text.count)...].starts(with: literal.unicodeScalars)
    }

    mutating func skipSpace() {
        while position < text.count, PropertyListSniffing.isXMLSpace(text[position]) { position += 1 }
    }

    /// An XML name (any run of characters up to space, `/`, `>`, `=`, `<` or `?`).
    mutating func readName() -> String {
        let start = position
        while position < text.count {
            switch text[position] {
            case " ", "\t", "\n", "\r", "/", ">", "=", "<", "?": break
            default: position += 1; continue
            }
            break
        }
        return String(String.UnicodeScalarView(text[start..<position]))
    }

    func error(_ message: String, at index: Int) -> ParlanceError {
        let (line, column) = locator.location(of: index)
        return .syntax(message, path: path, line: line, column: column)
    }
}
