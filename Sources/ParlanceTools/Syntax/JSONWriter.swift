/// Hierarchical JSON tables and i18next namespaces, pretty-printed as
/// JavaScript's `JSON.stringify(value, null, indent)` prints them (two-space
/// indentation unless told otherwise): members in document order, non-ASCII
/// text as is (UTF-8) and only the escapes RFC 8259 requires.
public enum JSONWriter {
    /// A node of a JSON table: a string, or an object whose members keep their order.
    public indirect enum Node: Equatable, Sendable {
        case string(String)
        case object([Member])
        /// A value written exactly as given: one a file held, as it spelled
        /// it (a number, `null`, an array, a string with its escapes).
        case raw(String)
    }

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: Node

        public init(_ key: String, _ value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// The document; `indent` is one level of indentation (a tab, four
    /// spaces), `lineBreak` what ends a line (`\r\n` for a file that has it).
    public static func document(_ root: [Member], indent unit: String = "  ", lineBreak: String = "\n",
                                finalNewline: Bool = true) -> String {
        var out = ""
        write(.object(root), indent: 0, unit: unit, lineBreak: lineBreak, into: &out)
        return finalNewline ? out + lineBreak : out
    }

    private static func write(_ node: Node, indent: Int, unit: String, lineBreak: String, into out: inout String) {
        switch node {
        case .raw(let text):
            out += text
        case .string(let text):
            out += quote(text)
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{" + lineBreak
            let pad = String(repeating: unit, count: indent + 1)
            for (index, member) in members.enumerated() {
                out += pad + quote(member.key) + ": "
                write(member.value, indent: indent + 1, unit: unit, lineBreak: lineBreak, into: &out)
                out += index + 1 < members.count ? "," + lineBreak : lineBreak
            }
            out += String(repeating: unit, count: indent) + "}"
        }
    }

    public static func quote(_ text: String) -> String { Quoting.quote(text, Quoting.json) }
}
