/// An HTTP `Accept-Language` header read into a localizer's preferred
/// locales (RFC 9110 §12.5.4): the language ranges by quality, highest
/// first (equal qualities keep the header's order), each once.
///
/// Tolerant, as a server must be with what clients send: `*` is dropped
/// (it asks for nothing a chain can use), a range with `q=0` is dropped (it
/// says "not acceptable"), and a range that names no language or carries a
/// quality that is not a number from 0 to 1 is `rejected` — reported, never
/// thrown, so that one odd tag costs that tag and not the request. Ranges
/// are given back as written (trimmed), POSIX spellings (`en_US`) included,
/// since `LocaleName` reads both. Linear in the header's length.
public struct AcceptLanguage: Sendable, Equatable {
    /// The locales to hand a `Localizer`, most preferred first.
    public let languages: [String]
    /// The ranges that named no language or had a malformed quality, as written.
    public let rejected: [String]

    public init(_ header: String) {
        var items: [(tag: Substring, quality: Int)] = []
        var rejected: [String] = []
        for element in header.split(separator: ",", omittingEmptySubsequences: true) {
            let parameters = element.split(separator: ";", omittingEmptySubsequences: false)
            let range = Self.trimmed(parameters[0])
            if range.isEmpty && parameters.count == 1 { continue }   // `a, , b`: an empty list element
            var quality = 1000
            var valid = !range.isEmpty
            for parameter in parameters.dropFirst() {
                let text = Self.trimmed(parameter)
                guard text.count >= 2, text.first == "q" || text.first == "Q",
                      text.dropFirst().first == "=", let value = Self.quality(text.dropFirst(2)) else {
                    valid = false
                    continue
                }
                quality = value
            }
            if range == "*" && valid { continue }
            guard valid, Self.isRange(range), (try? LocaleName.requested(String(range)))?.isEmpty == false else {
                rejected.append(String(Self.trimmed(element)))
                continue
            }
            if quality > 0 { items.append((range, quality)) }
        }
        // Stable: equal qualities keep the header's order.
        let ordered = items.enumerated().sorted { ($0.element.quality, -$0.offset) > ($1.element.quality, -$1.offset) }
        var seen = Set<String>()
        languages = ordered.compactMap { item -> String? in
            seen.insert(item.element.tag.lowercased()).inserted ? String(item.element.tag) : nil
        }
        self.rejected = rejected
    }

    /// A quality value in thousandths: `0`, `0.5`, `1.000`; nil for anything else.
    private static func quality(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for byte in bytes.dropFirst(2) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    /// A language range's characters: letters, digits, `-`, and `_` and
    /// `.`/`@` of the POSIX spellings some clients send; no space inside.
    private static func isRange(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { byte in
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "@")
        }
    }

    /// Without the optional whitespace (spaces and tabs) around it.
    private static func trimmed(_ text: Substring) -> Substring {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !space($0) }) else { return "" }
        let end = text.lastIndex(where: { !space($0) })!
        return text[start...end]
    }
}
