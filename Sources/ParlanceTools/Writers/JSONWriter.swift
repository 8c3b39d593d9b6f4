/// Hierarchical JSON tables, pretty-printed with two-space indentation,
/// members in document order, non-ASCII text as is (UTF-8) and only the
/// escapes RFC 8259 requires.
public enum JSONWriter {
    /// A node of a JSON table: a string, or an object whose members keep their order.
    public indirect enum Node: Equatable, Sendable {
        case string(String)
        case object([Member])
    }

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: Node

        public init(_ key: String, _ value: Node) {
            self.key = key
            self.value = value
        }
    }

    public static func document(_ root: [Member]) -> String {
        var out = ""
        write(.object(root), indent: 0, into: &out)
        return out + "\n"
    }

    private static func write(_ node: Node, indent: Int, into out: inout String) {
        switch node {
        case .string(let text):
            out += quote(text)
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            let pad = String(repeating: "  ", count: indent + 1)
            for (index, member) in members.enumerated() {
                out += pad + quote(member.key) + ": "
                write(member.value, indent: indent + 1, into: &out)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    public static func quote(_ text: String) -> String { Quoting.quote(text, Quoting.json) }
}
