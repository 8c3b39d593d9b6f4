@testable import Parlance

/// A small line format that exists only in the tests, to prove that a
/// format is its own folder and a registration: `key=value` lines, `#`
/// lines a note for the next entry, `key[one]=…` the plural forms of `key`;
/// `\n`, `\\` and `\=` escapes. A line without `=` is a located error.
enum KeyValueFile {
    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ParlanceError(.encoding, "not UTF-8", path: path)
        }
        var entries: [ParsedEntry] = []
        var plurals: [String: Int] = [:]
        var note: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                note.append(String(line.dropFirst()).trimmingPrefix(" ").description)
                continue
            }
            guard let equals = separator(line) else {
                throw ParlanceError(.syntax, "expected key=value", path: path, line: index + 1, column: line.count + 1)
            }
            let key = unescape(line[..<equals]), value = unescape(line[line.index(after: equals)...])
            let comment = note.isEmpty ? nil : note.joined(separator: "\n")
            note = []
            if key.hasSuffix("]"), let open = key.lastIndex(of: "["),
               let category = PluralCategory(name: String(key[key.index(after: open)..<key.index(before: key.endIndex)])) {
                let name = String(key[..<open])
                if let at = plurals[name], case .plural(var forms) = entries[at].value {
                    forms[category] = value
                    entries[at].value = .plural(forms)
                } else {
                    var forms = PluralForms()
                    forms[category] = value
                    plurals[name] = entries.count
                    entries.append(ParsedEntry(key: name, value: .plural(forms), line: index + 1, column: 1, comment: comment))
                }
                continue
            }
            entries.append(ParsedEntry(key: key, value: .text(value), line: index + 1, column: 1, comment: comment))
        }
        return entries
    }

    /// The lines of entries, each note above its entry.
    static func render(_ entries: [(key: String, value: EntryValue, notes: [String])]) -> String {
        var out = ""
        for entry in entries {
            for note in entry.notes { for line in note.split(separator: "\n") { out += "# \(line)\n" } }
            switch entry.value {
            case .plural(let forms):
                for category in forms.categories { out += "\(escape(entry.key))[\(category.name)]=\(escape(forms[category] ?? ""))\n" }
            default:
                out += "\(escape(entry.key))=\(escape(entry.value.firstText))\n"
            }
        }
        return out
    }

    private static func separator(_ line: Substring) -> Substring.Index? {
        var escaped = false
        for index in line.indices {
            if escaped { escaped = false } else if line[index] == "\\" { escaped = true } else if line[index] == "=" { return index }
        }
        return nil
    }

    private static func unescape(_ text: Substring) -> String {
        var out = "", escaped = false
        for character in text {
            if escaped {
                out.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" { escaped = true } else { out.append(character) }
        }
        return out
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "=": out += "\\="
            default: out.append(character)
            }
        }
        return out
    }
}

extension EntryValue {
    var firstText: String {
        switch self {
        case .text(let text): return text
        case .plural(let forms): return forms[.other] ?? ""
        case .gettextPlural(let texts): return texts.first ?? ""
        case .stringsdict(let format): return format.format
        }
    }
}
