/// Xcode's XLIFF spellings of plural entries, read back into entries:
///
/// - a `.stringsdict` entry: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`
///   holds the format, `/KEY:dict/VARIABLE:dict/CATEGORY:dict/:string` one
///   plural form of a variable;
/// - a String Catalog entry (Xcode 15 and later): `KEY|==|plural.CATEGORY`
///   one plural form of the key, `KEY|==|substitutions.NAME.plural.CATEGORY`
///   one form of a substitution, whose format is the unit `KEY` itself.
package enum XLIFFStringsdict {
    /// The units as entries: plain units as they are, each Xcode plural
    /// entry as one `.stringsdict` entry where its first unit stood, kept
    /// whatever its references name (`StringsdictFormat.read`, the
    /// `.stringsdict` reader's rule). An entry whose format is not
    /// translated is left out, like any untranslated unit.
    static func entries(from units: [XLIFFUnit]) -> [ParsedEntry] {
        var entries: [ParsedEntry] = []
        var formats: [String: (format: String?, variables: [String: PluralForms], slot: Int)] = [:]
        // String Catalog exports: plain units by key, plural forms by key, substitutions by key and name.
        var plain: [String: Int] = [:]
        var plurals: [String: (forms: PluralForms, slot: Int)] = [:]
        var substitutions: [String: [String: PluralForms]] = [:]
        for unit in units {
            if let variant = catalogVariant(unit.key) {
                if let name = variant.substitution {
                    substitutions[variant.key, default: [:]][name, default: PluralForms()][variant.category] = unit.text
                } else {
                    if plurals[variant.key] == nil {
                        plurals[variant.key] = (PluralForms(), entries.count)
                        entries.append(ParsedEntry(key: variant.key, value: .text(""), line: unit.line, column: unit.column,
                                                   comment: unit.note))
                    }
                    plurals[variant.key]?.forms[variant.category] = unit.text
                }
                continue
            }
            guard let path = split(unit.key) else {
                plain[unit.key] = entries.count
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
            entries[found.slot].value = StringsdictFormat.read(format: format, variables: variables)
        }
        for (key, found) in plurals {
            entries[found.slot].value = .plural(found.forms)
            if let twin = plain[key] { dropped.insert(twin) }   // the plural is the key's entry
        }
        for (key, byName) in substitutions {
            // The key's own unit is the format; without it (untranslated) the entry is left out.
            guard let slot = plain[key], case .text(let format) = entries[slot].value else { continue }
            var variables: [String: StringsdictFormat.Variable] = [:]
            for (name, forms) in byName { variables[name] = StringsdictFormat.Variable(name: name, valueType: "", rule: .plural(forms)) }
            entries[slot].value = StringsdictFormat.read(format: format, variables: variables)
        }
        return dropped.isEmpty ? entries : entries.enumerated().filter { !dropped.contains($0.offset) }.map { $0.element }
    }

    /// A String Catalog export's plural unit id, `KEY|==|plural.CATEGORY` or
    /// `KEY|==|substitutions.NAME.plural.CATEGORY`; nil for other ids
    /// (device variations among them, which stay units of their own).
    static func catalogVariant(_ id: String) -> (key: String, substitution: String?, category: PluralCategory)? {
        guard let marker = id.firstOccurrence(of: "|==|") else { return nil }
        let key = String(id[..<marker.lowerBound])
        let path = id[marker.upperBound...].split(separator: ".", omittingEmptySubsequences: false)
        guard let last = path.last, let category = PluralCategory(name: last) else { return nil }
        if path.count == 2, path[0] == "plural" { return (key, nil, category) }
        if path.count >= 4, path[0] == "substitutions", path[path.count - 2] == "plural" {
            return (key, path[1..<(path.count - 2)].joined(separator: "."), category)
        }
        return nil
    }

    /// `(key, nil)` for a format unit, `(key, (variable, category))` for a form; nil for other ids.
    package static func split(_ id: String) -> (key: String, form: (variable: String, category: PluralCategory)?)? {
        guard id.hasPrefix("/"), id.hasSuffix(":dict/:string") else { return nil }
        let parts = id.dropFirst().dropLast(":dict/:string".count).split(atOccurrencesOf: ":dict/", omittingEmptySubsequences: false)
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
