import Parlance

/// `.properties` entries written as `java.util.Properties.store` writes
/// them (`saveConvert`): `key=value`, in the key every space and in the
/// value a leading space escaped `\ `, `\t \n \r \f` as escapes, `\`, `=`,
/// `:`, `#` and `!` escaped by a backslash; notes as `#` lines above. What
/// `Properties.load` reads back is the key and text given.
enum PropertiesWriter {
    /// How characters beyond ASCII are written.
    enum Escaping {
        /// As `\uXXXX` (UTF-16 units, upper-case hex), as `store(OutputStream)` writes them: the file stays ASCII.
        case unicode
        /// As themselves, the file being UTF-8, as `store(Writer)` writes them.
        case raw

        /// The escaping that keeps a file what it is: an ASCII file (the
        /// `\uXXXX` files of `native2ascii` and `store(OutputStream)`) and an
        /// ISO-8859-1 file (not valid UTF-8) get escapes; a file holding
        /// UTF-8 beyond ASCII, and a new file (`bytes` nil: Java 9+'s
        /// `PropertyResourceBundle` reads UTF-8), the characters themselves.
        static func of(_ bytes: [UInt8]?) -> Escaping {
            guard let bytes else { return .raw }
            if bytes.allSatisfy({ $0 < 0x80 }) { return .unicode }
            return PropertiesFile.isUTF8(bytes) ? .raw : .unicode
        }
    }

    /// The lines of `entries` (texts only), each ended by `newline`.
    static func render(_ entries: [(key: String, value: EntryValue, notes: [String])], escaping: Escaping,
                       newline: String = "\n") -> String {
        var out = ""
        for entry in entries {
            guard case .text(let text) = entry.value else { continue }
            for note in entry.notes {
                for line in note.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                    out += (line.isEmpty ? "#" : "# " + line) + newline
                }
            }
            out += escape(entry.key, isKey: true, escaping) + "=" + escape(text, isKey: false, escaping) + newline
        }
        return out
    }

    /// `Properties.saveConvert`: a key or value as `Properties.load` reads it back.
    /// C0 controls and DEL are escaped in either escaping.
    static func escape(_ text: String, isKey: Bool, _ escaping: Escaping) -> String {
        var out = ""
        var first = true
        for unit in text.unicodeScalars {
            defer { first = false }
            switch unit {
            case " ": out += first || isKey ? "\\ " : " "
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{0C}": out += "\\f"
            case "\\", "=", ":", "#", "!": out += "\\" + String(unit)
            default:
                if unit.value < 0x20 || unit.value == 0x7F || (escaping == .unicode && unit.value > 0x7E) {
                    for code in String(unit).utf16 { out += "\\u" + hex(code) }
                } else {
                    out.unicodeScalars.append(unit)
                }
            }
        }
        return out
    }

    private static func hex(_ code: UInt16) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
