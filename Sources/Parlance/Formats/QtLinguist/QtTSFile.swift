/// Qt Linguist translation sources (`.ts`, the TS DTD): `<TS language>`,
/// `<context><name>`, `<message [id] [numerus="yes"]>` with `<source>`,
/// `<comment>` (the disambiguation), `<extracomment>`,
/// `<translatorcomment>`, `<location>`, `<translation [type]>` holding the
/// text or `<numerusform>`s; `<byte value="x1F"/>` inside a text stands for
/// that character, as Qt's reader reads it.
package enum QtTSFile {
    /// The messages of a `.ts` in file order and its `language` attribute.
    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> (messages: [QtMessage], language: String) {
        var messages: [QtMessage] = []
        var language = ""
        var context = ""
        try XMLDocument.stream(bytes, path: path, start: { root, locator throws(ParlanceError) in
            guard root.name == "TS" else {
                throw locator.error("a Qt Linguist file has a <TS> root, not <\(root.name)>", at: root.offset)
            }
            language = root.attribute("language") ?? ""
        }, take: { element, ancestors, locator throws(ParlanceError) in
            switch (ancestors.count, element.name) {
            case (1, "context"):
                context = ""
                return true
            case (2, "name") where ancestors.last?.name == "context":
                context = text(element)
                return true
            case (2, "message") where ancestors.last?.name == "context":
                messages.append(try message(element, context: context, locator: &locator))
                return true
            default:
                return false
            }
        })
        return (messages, language)
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
            translations = numerus ? translation.elements(named: "numerusform").map(text) : [text(translation)]
        }
        let notes = ["extracomment", "translatorcomment"].compactMap { element.elements(named: $0).first.map(text) }
            .filter { !$0.isEmpty }
        return QtMessage(context: context, source: text(source), comment: element.elements(named: "comment").first.map(text) ?? "",
                         kind: kind, numerus: numerus, translations: translations, line: line, column: column,
                         notes: notes.isEmpty ? nil : notes.joined(separator: "\n"))
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
