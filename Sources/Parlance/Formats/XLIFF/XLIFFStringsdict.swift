/// Xcode's XLIFF spelling of `.stringsdict` entries, read back into entries:
/// `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` holds the format,
/// `/KEY:dict/VARIABLE:dict/CATEGORY:dict/:string` one plural form of a variable.
package enum XLIFFStringsdict {
    /// The units as entries: plain units as they are, each Xcode plural
    /// entry as one `.stringsdict` entry where its first unit stood. An
    /// entry whose format is not translated is left out, like any untranslated unit.
    static func entries(from units: [XLIFFUnit]) -> [ParsedEntry] {
        var entries: [ParsedEntry] = []
        var formats: [String: (format: String?, variables: [String: PluralForms], slot: Int)] = [:]
        for unit in units {
            guard let path = split(unit.key) else {
                entries.append(ParsedEntry(key: unit.key, value: .text(unit.text), line: unit.line, column: unit.column,
                                           comment: unit.note))
                continue
            }
            if formats[path.key] == nil {
                formats[path.key] = (nil, [:], entries.count)
                entries.append(ParsedEntry(key: path.key, value: .text(""), line: unit.line, column: unit.column))
            }
            if let (variable, category) = path.form {
                formats[path.key]?.variables[variable, default: PluralForms()][category] = unit.text
            } else {
                formats[path.key]?.format = unit.text
            }
        }
        var dropped = Set<Int>()
        for (_, found) in formats {
            guard let format = found.format else {
                dropped.insert(found.slot)
                continue
            }
            var variables: [String: StringsdictFormat.Variable] = [:]
            for (name, forms) in found.variables {
                variables[name] = StringsdictFormat.Variable(name: name, valueType: "", rule: .plural(forms))
            }
            entries[found.slot].value = .stringsdict(StringsdictFormat(format: format, variables: variables))
        }
        return dropped.isEmpty ? entries : entries.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// `(key, nil)` for a format unit, `(key, (variable, category))` for a form; nil for other ids.
    package static func split(_ id: String) -> (key: String, form: (variable: String, category: PluralCategory)?)? {
        guard id.hasPrefix("/"), id.hasSuffix(":dict/:string") else { return nil }
        let parts = id.dropFirst().dropLast(":dict/:string".count).split(separator: ":dict/", omittingEmptySubsequences: false)
        switch parts.count {
        case 2 where parts[1] == "NSStringLocalizedFormatKey":
            return (String(parts[0]), nil)
        case 3:
            guard let category = PluralCategory(name: parts[2]) else { return nil }
            return (String(parts[0]), (String(parts[1]), category))
        default:
            return nil
        }
    }
}
