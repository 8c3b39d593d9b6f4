import Parlance

/// An Apple `.stringsdict` table read for merging, written back as an XML
/// property list (Xcode's layout). Property lists have no place for notes or
/// an untranslated mark; entries keep their order and every variable.
/// A file nothing changed in is not rewritten.
package struct StringsdictDocument: TableDocument {
    package let path: String
    package let existed: Bool
    private var list = KeyedList<DocumentEntry>(keys: { [$0.key] })
    /// The file as read, written back as it is while nothing changed.
    private var original: [UInt8]?

    package var entries: [DocumentEntry] { list.items }

    /// An empty document that will replace whatever is at `path`.
    package init(emptyAt path: String) {
        self.path = path
        existed = false
    }

    package init(path: String) throws {
        self.path = path
        let read = try FileSystemTools.readIfPresent(path)
        existed = read != nil
        guard let bytes = read else { return }
        let parsed = try TableFormat.stringsdict.parse(bytes, path: path)
        original = bytes
        list = KeyedList(parsed.map {
            DocumentEntry(key: $0.key, value: $0.value, line: $0.line, column: $0.column, notes: [], isTranslated: true)
        }, keys: { [$0.key] })
    }

    package static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    package func accepts(_ value: EntryValue) -> Bool {
        switch value {
        case .plural, .stringsdict: return true
        default: return false
        }
    }

    package func entry(_ key: String) -> DocumentEntry? { list.first(key) }

    package mutating func add(_ draft: EntryDraft) {
        let value: EntryValue
        switch draft.value {
        case .plural(let forms): value = .stringsdict(Self.format(forms))
        case .stringsdict: value = draft.value
        default: return
        }
        original = nil
        list.append(DocumentEntry(key: Self.storageKey(key: draft.key, context: draft.context), value: value,
                                  line: 0, column: 0, notes: draft.notes, isTranslated: !draft.untranslated))
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        false
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        let slots = list.slots(of: key)
        guard delete, !slots.isEmpty else { return false }
        for slot in slots { list.remove(slot) }
        original = nil
        return true
    }

    package func render() -> [UInt8] {
        if let original { return original }
        let members: [(key: String, value: PropertyListWriter.Value)] = list.items.compactMap { entry in
            switch entry.value {
            case .text(let text): return (entry.key, .string(text))
            case .stringsdict(let format): return (entry.key, PropertyListWriter.stringsdictValue(format))
            case .plural(let forms): return (entry.key, PropertyListWriter.stringsdictValue(Self.format(forms)))
            case .gettextPlural: return nil
            }
        }
        return Array(PropertyListWriter.document(members).utf8)
    }

    /// The variable a plural message gets: `%#@count@`, its value type from
    /// the first numeric placeholder of the texts (`d` when there is none).
    static let variableName = "count"

    static func format(_ forms: PluralForms) -> StringsdictFormat {
        var valueType = "d"
        search: for category in forms.categories {
            for placeholder in (try? FormatSpecifier.placeholders(in: forms[category] ?? "")) ?? [] {
                switch placeholder.kind {
                case .int, .unsigned, .double:
                    valueType = placeholder.length + String(placeholder.conversion)
                    break search
                default: continue
                }
            }
        }
        let variable = StringsdictFormat.Variable(name: variableName, valueType: valueType, rule: .plural(forms))
        return StringsdictFormat(format: "%#@\(variableName)@", variables: [variableName: variable])
    }
}
