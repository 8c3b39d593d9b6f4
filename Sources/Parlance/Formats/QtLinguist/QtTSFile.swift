/// Qt Linguist translation sources (`.ts`, the TS DTD): `<TS language>`,
/// `<context><name>`, `<message [id] [numerus="yes"]>` with `<source>`,
/// `<comment>` (the disambiguation), `<extracomment>`,
/// `<translatorcomment>`, `<location>`, `<translation [type]>` holding the
/// text or `<numerusform>`s; `<byte value="x1F"/>` inside a text stands for
/// that character, as Qt's reader reads it; a translation (or numerus
/// form) with `variants="yes"` holds `<lengthvariant>`s, joined with
/// U+009C as Qt's reader joins them (`QTranslator` serves them so).
package enum QtTSFile {
    /// Qt's separator of a translation's length variants (`Translator::BinaryVariantSeparator`).
    package static let variantSeparator: Character = "\u{9C}"

    /// The messages of a `.ts` in file order and its `language` attribute.
    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> (messages: [QtMessage], language: String) {
        let read = try self.read(bytes, path: path)
        return (read.messages, read.language)
    }

    /// A `.ts` read for the tools: its messages, where each is in the
    /// file's UTF-8 text, and its contexts.
    package struct Read: Sendable {
        package var messages: [QtMessage] = []
        package var spans: [MessageSpan] = []
        package var contexts: [ContextSpan] = []
        package var language = ""
        package var sourceLanguage: String? = nil
        package init() {}
    }

    /// Where a message is in the file's UTF-8 text (`TextDecoding.utf8`'s bytes).
    package struct MessageSpan: Sendable {
        /// From the `<message>`'s `<` to its end tag's `<` (a message has a
        /// `<source>`: it is never written `<message/>`).
        package var element: Range<Int>
        /// The `<translation>` start tag (`<translation/>` whole), when there is one.
        package var translationTag: Range<Int>?
        /// The `<location>`s: `filename` and `line` as written.
        package var locations: [(file: String?, line: String?)]
        /// `<extracomment>` and `<translatorcomment>` apart.
        package var extraComment: String
        package var translatorComment: String
        /// The index of its context in `Read.contexts`.
        package var context: Int
    }

    /// A `<context>`: its name and where its end tag starts.
    package struct ContextSpan: Sendable {
        package var name: String
        package var end: Int
    }

    package static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> Read {
        var read = Read()
        var context = ""
        try XMLDocument.stream(bytes, path: path, start: { root, locator throws(ParlanceError) in
            guard root.name == "TS" else {
                throw locator.error("a Qt Linguist file has a <TS> root, not <\(root.name)>", at: root.offset)
            }
            read.language = root.attribute("language") ?? ""
            read.sourceLanguage = root.attribute("sourcelanguage")
        }, take: { element, ancestors, locator throws(ParlanceError) in
            switch (ancestors.count, element.name) {
            case (1, "context"):
                read.contexts.append(ContextSpan(name: context, end: element.contentRange.upperBound))
                context = ""
                return true
            case (2, "name") where ancestors.last?.name == "context":
                context = text(element)
                return true
            case (2, "message") where ancestors.last?.name == "context":
                read.messages.append(try message(element, context: context, locator: &locator))
                let translation = element.elements(named: "translation").first
                read.spans.append(MessageSpan(
                    element: element.offset..<element.contentRange.upperBound,
                    translationTag: translation.map { $0.offset..<$0.contentRange.lowerBound },
                    locations: element.elements(named: "location").map { ($0.attribute("filename"), $0.attribute("line")) },
                    extraComment: element.elements(named: "extracomment").first.map(text) ?? "",
                    translatorComment: element.elements(named: "translatorcomment").first.map(text) ?? "",
                    context: read.contexts.count))
                return true
            default:
                return false
            }
        })
        return read
    }

    private static func message(_ element: XMLElement, context: String,
                                locator: inout XMLDocument.Locator) throws(ParlanceError) -> QtMessage {
        let (line, column) = locator.location(of: element.offset)
        guard let source = element.elements(named: "source").first else {
            throw locator.error("<message> has no <source>", at: element.offset)
        }
        let numerus = element.attribute("numerus") == "yes"
        var kind = QtMessage.Kind.finished
        var translations: [String] = []
        if let translation = element.elements(named: "translation").first {
            switch translation.attribute("type") {
            case "unfinished": kind = .unfinished
            case "vanished": kind = .vanished
            case "obsolete": kind = .obsolete
            default: break
            }
            translations = numerus ? translation.elements(named: "numerusform").map(translationText) : [translationText(translation)]
        }
        let notes = ["extracomment", "translatorcomment"].compactMap { element.elements(named: $0).first.map(text) }
            .filter { !$0.isEmpty }
        return QtMessage(context: context, source: text(source), comment: element.elements(named: "comment").first.map(text) ?? "",
                         kind: kind, numerus: numerus, translations: translations, line: line, column: column,
                         notes: notes.isEmpty ? nil : notes.joined(separator: "\n"))
    }

    /// A translation's or numerus form's text: with `variants="yes"`, its
    /// `<lengthvariant>`s joined with U+009C (white space between them left
    /// out), as Qt's `TSReader::readTransContents` reads them.
    static func translationText(_ element: XMLElement) -> String {
        guard element.attribute("variants") == "yes" else { return text(element) }
        return element.elements(named: "lengthvariant").map(text).joined(separator: String(variantSeparator))
    }

    /// An element's text, `<byte value>` read as its character, other markup left out.
    static func text(_ element: XMLElement) -> String {
        var result = ""
        for child in element.children {
            switch child {
            case .text(let text, _): result += text
            case .element(let inner) where inner.name == "byte":
                if let value = inner.attribute("value"), let scalar = byteValue(value) { result.unicodeScalars.append(scalar) }
            case .element(let inner): result += text(inner)
            }
        }
        return result
    }

    /// `x1F` (hexadecimal) or `31` (decimal).
    private static func byteValue(_ value: String) -> Unicode.Scalar? {
        let number = value.hasPrefix("x") ? UInt32(value.dropFirst(), radix: 16) : UInt32(value)
        return number.flatMap(Unicode.Scalar.init)
    }
}
