/// Apple `.stringsdict` tables (XML or binary property lists).
///
///     <key>files</key>                         ← the entry's key
///     <dict>
///         <key>NSStringLocalizedFormatKey</key> <string>%#@n@ selected</string>
///         <key>n</key>                          ← a variable
///         <dict>
///             <key>NSStringFormatSpecTypeKey</key>  <string>NSStringPluralRuleType</string>
///             <key>NSStringFormatValueTypeKey</key> <string>d</string>
///             <key>one</key>   <string>%d file</string>
///             <key>other</key> <string>%d files</string>
///         </dict>
///     </dict>
///
/// Variables are `NSStringPluralRuleType` (CLDR categories; a variable
/// without `other` loads, its missing categories substituting nothing), `NSStringVariableWidthRuleType` (decimal widths) or
/// `NSStringDeviceSpecificRuleType` (device names). Apple also writes width
/// and device variations directly in the entry, with no format key:
/// `{ NSStringVariableWidthRuleType = { "20" = ...; }; }`; such an entry reads
/// as the format `%#@NSStringVariableWidthRuleType@` over that one variable.
///
/// A top-level value that is a plain string is read as `.text`: Foundation
/// merges a `.stringsdict` into the same table as the `.strings` file and
/// returns such a value as it is.
///
/// A `%#@name@` that names no variable, in the format or in a variable's
/// texts, does not keep the entry out: Foundation looks variables up only
/// when it formats (`StringsdictFormat.read`, the rule the XLIFF reader
/// shares). Errors are located at the entry's key (binary plists: no position).
enum StringsdictFile {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRule = "NSStringPluralRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"
    static let deviceRule = "NSStringDeviceSpecificRuleType"

    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        let plist = try PropertyListValue.read(bytes, path: path)
        guard case .dict(let members) = plist else {
            throw ParlanceError(.syntax, "the top level must be a dict, found \(plist.kindName)", path: path)
        }
        var entries: [ParsedEntry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            let value: EntryValue
            switch member.value {
            case .string(let text):
                value = .text(text)
            case .dict(let body):
                var reader = EntryReader(key: member.key, path: path, line: member.line, column: member.column)
                value = try reader.format(body)
            default:
                throw .syntax("the value of \"\(member.key)\" must be a dict or a string, found \(member.value.kindName)",
                              path: path, line: member.line, column: member.column)
            }
            entries.append(ParsedEntry(key: member.key, value: value, line: member.line, column: member.column))
        }
        return entries
    }
}

/// Reads one entry's dict; every error is located at the entry's key.
private struct EntryReader {
    typealias Variable = StringsdictFormat.Variable
    let key: String
    let path: String?
    let line: Int
    let column: Int

    func fail(_ message: String) -> ParlanceError {
        .syntax("\"\(key)\": \(message)", path: path, line: line, column: column)
    }

    mutating func format(_ members: [PropertyListValue.Member]) throws(ParlanceError) -> EntryValue {
        var format: String?
        var variables: [String: Variable] = [:]
        for member in members {
            if member.key == StringsdictFile.formatKey {
                guard case .string(let text) = member.value else {
                    throw fail("\(StringsdictFile.formatKey) must be a string, found \(member.value.kindName)")
                }
                format = text
                continue
            }
            guard case .dict(let body) = member.value else {
                throw fail("variable \"\(member.key)\" must be a dict, found \(member.value.kindName)")
            }
            variables[member.key] = try variable(member.key, body)
        }
        if format == nil {
            // Apple's entry-level width or device variation.
            let implied = variables.keys.filter { $0 == StringsdictFile.widthRule || $0 == StringsdictFile.deviceRule }
            guard variables.count == 1, let name = implied.first else {
                throw fail("missing \(StringsdictFile.formatKey)")
            }
            format = "%#@\(name)@"
        }
        return StringsdictFormat.read(format: format ?? "", variables: variables)
    }

    func variable(_ name: String, _ members: [PropertyListValue.Member]) throws(ParlanceError) -> Variable {
        var specType: String?
        var valueType = ""
        var texts: [(key: String, text: String)] = []
        for member in members {
            guard case .string(let text) = member.value else {
                throw fail("\"\(member.key)\" in variable \"\(name)\" must be a string, found \(member.value.kindName)")
            }
            switch member.key {
            case StringsdictFile.specTypeKey: specType = text
            case StringsdictFile.valueTypeKey: valueType = text
            default: texts.append((member.key, text))
            }
        }
        // A width or device dict written directly in the entry names its own rule.
        if specType == nil, name == StringsdictFile.widthRule || name == StringsdictFile.deviceRule {
            specType = name
        }
        switch specType {
        case StringsdictFile.pluralRule?:
            var forms = PluralForms()
            for (key, text) in texts {
                guard let category = PluralCategory(name: key) else {
                    throw fail("unknown plural category \"\(key)\" in variable \"\(name)\" "
                               + "(expected zero, one, two, few, many or other)")
                }
                forms[category] = text
            }
            // No `other` loads (shipping apps have such files, and Apple's
            // runtime serves them): a category without a text gives an empty
            // substitution. `parlance lint` reports it.
            return Variable(name: name, valueType: valueType, rule: .plural(forms))
        case StringsdictFile.widthRule?:
            var widths: [(width: Int, text: String)] = []
            for (key, text) in texts {
                guard !key.isEmpty, key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let width = Int(key) else {
                    throw fail("width \"\(key)\" in variable \"\(name)\" is not a decimal number")
                }
                widths.append((width, text))
            }
            guard !widths.isEmpty else { throw fail("variable \"\(name)\" has no widths") }
            // Stable: for equal widths the later text comes later.
            let sorted = widths.enumerated().sorted { ($0.element.width, $0.offset) < ($1.element.width, $1.offset) }
            return Variable(name: name, valueType: valueType, rule: .width(sorted.map { $0.element }))
        case StringsdictFile.deviceRule?:
            var byDevice: [String: String] = [:]
            for (key, text) in texts {
                guard Device(name: key) != nil else {
                    throw fail("unknown device \"\(key)\" in variable \"\(name)\" (expected one of \(Device.names))")
                }
                byDevice[key] = text
            }
            guard !byDevice.isEmpty else { throw fail("variable \"\(name)\" has no device texts") }
            return Variable(name: name, valueType: valueType, rule: .device(byDevice))
        case let other?:
            throw fail("unknown \(StringsdictFile.specTypeKey) \"\(other)\" in variable \"\(name)\"")
        case nil:
            throw fail("variable \"\(name)\" has no \(StringsdictFile.specTypeKey)")
        }
    }
}
