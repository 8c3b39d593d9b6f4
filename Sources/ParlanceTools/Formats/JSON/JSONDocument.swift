import Parlance

/// A hierarchical JSON table read for merging: the object tree in document
/// order, strings as written (references such as `{login.title}` are not
/// expanded, so writing back keeps them).
///
/// New keys are nested by `JSONTree`'s rule (`a.b` → `{"a": {"b": …}}`
/// inside existing groups; `"You have %d files."` stays a top-level member).
/// Plural messages are objects of CLDR categories.
/// JSON has no comments: notes are not kept, and there is no untranslated
/// mark (stats count a text equal to the development text as untranslated).
/// Written with two-space indentation; an untouched file is not rewritten.
package struct JSONDocument: FileDocument {
    typealias Node = JSONWriter.Node
    typealias Member = JSONWriter.Member

    package let path: String
    package let existed: Bool
    private var tree = JSONTree([], isValue: { JSONDocument.isPlural($0) })
    /// Positions of the flattened entries as read.
    private var positions: [String: (line: Int, column: Int)] = [:]
    /// The entries by key, so that finding them is constant-time.
    private var flat: [String: DocumentEntry] = [:]
    /// The file as read, written back as it is while nothing changed.
    private var original: [UInt8]?

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
        _ = try TableFormat.json.parse(bytes, path: path)  // the table's own rules: plural objects, cycles
        let node = try JSONParser.parse(bytes, path: path)
        guard case .object(let members) = node.value else { return }
        tree = JSONTree(try Self.convert(members, prefix: "", positions: &positions, path: path), isValue: { Self.isPlural($0) })
        original = bytes
        flat = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func convert(_ members: [JSONMember], prefix: String,
                                positions: inout [String: (line: Int, column: Int)], path: String) throws -> [Member] {
        try members.map { member in
            let key = JSONTree.join(prefix, member.key)
            switch member.value.value {
            case .string(let text):
                positions[key] = (member.line, member.column)
                return Member(member.key, .string(text))
            case .object(let inner):
                if isPlural(inner.map(\.key)) { positions[key] = (member.line, member.column) }
                return Member(member.key, .object(try convert(inner, prefix: key, positions: &positions, path: path)))
            default:
                throw ToolError.io("value of '\(key)' is \(member.value.value.kindName)", path: path)
            }
        }
    }

    static func isPlural(_ keys: [String]) -> Bool {
        !keys.isEmpty && keys.allSatisfy { PluralCategory(name: $0) != nil }
    }

    private static func isPlural(_ members: [Member]) -> Bool { isPlural(members.map(\.key)) }

    package var entries: [DocumentEntry] {
        var out: [DocumentEntry] = []
        func walk(_ members: [Member], _ prefix: String) {
            for member in members {
                let key = JSONTree.join(prefix, member.key)
                let position = positions[key] ?? (0, 0)
                switch member.value {
                case .string(let text):
                    out.append(DocumentEntry(key: key, value: .text(text), line: position.line, column: position.column,
                                             notes: [], isTranslated: true))
                case .object(let inner) where Self.isPlural(inner):
                    var forms = PluralForms()
                    for form in inner {
                        if case .string(let text) = form.value, let category = PluralCategory(name: form.key) { forms[category] = text }
                    }
                    out.append(DocumentEntry(key: key, value: .plural(forms), line: position.line, column: position.column,
                                             notes: [], isTranslated: true))
                case .object(let inner):
                    walk(inner, key)
                case .raw:
                    break
                }
            }
        }
        walk(tree.root, "")
        return out
    }

    package static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    package func accepts(_ value: EntryValue) -> Bool {
        switch value {
        case .text, .plural: return true
        default: return false
        }
    }

    package func entry(_ key: String) -> DocumentEntry? { flat[key] }

    /// An entry, or a group of entries, which a message's text cannot replace.
    package func contains(_ key: String) -> Bool { flat[key] != nil || tree.hasGroup(key) }

    package mutating func add(_ draft: EntryDraft) {
        let node: Node
        switch draft.value {
        case .text(let text): node = .string(text)
        case .plural(let forms): node = .object(forms.categories.map { Member($0.name, .string(forms[$0] ?? "")) })
        default: return
        }
        let key = Self.storageKey(key: draft.key, context: draft.context)
        tree.insert(node, key: key)
        original = nil
        flat[key] = DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: [], isTranslated: true)
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        false
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, contains(key) else { return false }
        tree.remove([key])
        flat[key] = nil
        original = nil
        return true
    }

    package func render() -> [UInt8] {
        if let original { return original }
        return Array(JSONWriter.document(tree.root).utf8)
    }
}
