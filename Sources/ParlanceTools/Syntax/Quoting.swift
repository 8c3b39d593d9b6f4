/// One quoting mechanism for the writers' string literals: named escapes
/// from a table, other control characters through the format's numeric form,
/// everything else as is.
enum Quoting {
    struct Style: Sendable {
        /// Escapes by character, e.g. `"\n": "\\n"`.
        let named: [Unicode.Scalar: String]
        /// Which other characters need a numeric escape.
        let needsNumeric: @Sendable (Unicode.Scalar) -> Bool
        /// The numeric escape of one, e.g. `\u000b`.
        let numeric: @Sendable (UInt32) -> String
    }

    static func quote(_ text: String, _ style: Style) -> String {
        // Every style escapes ASCII only: a text without controls, quotes or backslashes is itself.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            if let escape = style.named[scalar] {
                out += escape
            } else if style.needsNumeric(scalar) {
                out += style.numeric(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` in `radix`, left-padded with zeros to `width` digits.
    static func padded(_ value: UInt32, radix: Int, width: Int, uppercase: Bool = false) -> String {
        let digits = String(value, radix: radix, uppercase: uppercase)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static let json = Style(
        named: ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f"],
        needsNumeric: { $0.value < 0x20 },
        numeric: { "\\u" + padded($0, radix: 16, width: 4) })

    static let po = Style(
        named: ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r",
                "\u{07}": "\\a", "\u{08}": "\\b", "\u{0B}": "\\v", "\u{0C}": "\\f"],
        needsNumeric: { $0.value < 0x20 || $0.value == 0x7F },
        numeric: { "\\" + padded($0, radix: 8, width: 3) })

    /// C's string escapes (the same as `.po`'s): `extract --list`'s fields.
    static var c: Style { po }

    static let strings = Style(
        named: ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"],
        needsNumeric: { $0.value < 0x20 || $0.value == 0x7F },
        numeric: { "\\U" + padded($0, radix: 16, width: 4, uppercase: true) })
}
