import Parlance

/// A hierarchical JSON table read for merging: the object tree in document
/// order, strings as written (references such as `{login.title}` are not
/// expanded, so writing back keeps them).
///
/// New keys that look like key paths (`[A-Za-z0-9_-]` segments joined by
/// dots) are nested (`a.b` → `{"a": {"b": …}}`) inside existing groups;
/// any other key (`"You have %d files."`) is a top-level member, which reads
/// back as the same key. Plural messages are objects of CLDR categories.
/// JSON has no comments: notes are not kept, and there is no untranslated
/// mark (stats count a text equal to the development text as untranslated).
/// Written with two-space indentation; an untouched file is not rewritten.
package struct JSONDocument: TableDocument {
    typealias Node = JSONWriter.Node
    typealias Member = JSONWriter.Member

    package let path: String
    package let existed: Bool
    var root: [Member] = []
    /// Positions of the flattened entries as read.
    private var positions: [String: (line: Int, column: Int)] = [:]
    /// The entries by key, and each group's members by key (the group's
    /// path, "" for the top level), so that finding and adding entries
    /// is constant-time and a merge stays linear.
    private var flat: [String: DocumentEntry] = [:]
    private var children: [String: [String: Int]] = [:]
    /// Entries retired since the tree was last rebuilt: taken out of it in
    /// one pass, before the next addition or when the tree is read.
    private var retired: Set<String> = []

    /// An empty document that will replace whatever is at `path`.
    package init(emptyAt path: String) {
        self.path = path
        existed = false
    }

    package init(path: String) throws {
        self.path = path
        existed = FileSystemTools.exists(path)
        guard existed else { return }
        let bytes = try FileSystem.read(path)
        _ = try TableFormat.json.parse(bytes, path: path)  // the table's own rules: plural objects, cycles
        let node = try JSONParser.parse(bytes, path: path)
        guard case .object(let members) = node.value else { return }
        root = try Self.convert(members, prefix: "", positions: &positions, path: path)
        reindex()
    }

    private mutating func reindex() {
        flat = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        children = [:]
        func walk(_ members: [Member], _ prefix: String) {
            var own: [String: Int] = [:]
            for (index, member) in members.enumerated() {
                if own[member.key] == nil { own[member.key] = index }
                if case .object(let inner) = member.value, !Self.isPlural(inner.map(\.key)) {
                    walk(inner, prefix.isEmpty ? member.key : prefix + "." + member.key)
                }
            }
            children[prefix] = own
        }
        walk(root, "")
    }

    private static func convert(_ members: [JSONMember], prefix: String,
                                positions: inout [String: (line: Int, column: Int)], path: String) throws -> [Member] {
        try members.map { member in
            let key = prefix.isEmpty ? member.key : prefix + "." + member.key
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

    package var entries: [DocumentEntry] {
        let root = retired.isEmpty ? root : Self.removing(retired, from: root, prefix: "")
        var out: [DocumentEntry] = []
        func walk(_ members: [Member], _ prefix: String) {
            for member in members {
                let key = prefix.isEmpty ? member.key : prefix + "." + member.key
                let position = positions[key] ?? (0, 0)
                switch member.value {
                case .string(let text):
                    out.append(DocumentEntry(key: key, value: .text(text), line: position.line, column: position.column,
                                             notes: [], isTranslated: true))
                case .object(let inner) where Self.isPlural(inner.map(\.key)):
                    var forms = PluralForms()
                    for form in inner {
                        if case .string(let text) = form.value, let category = PluralCategory(name: form.key) { forms[category] = text }
                    }
                    out.append(DocumentEntry(key: key, value: .plural(forms), line: position.line, column: position.column,
                                             notes: [], isTranslated: true))
                case .object(let inner):
                    walk(inner, key)
                }
            }
        }
        walk(root, "")
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

    /// Whether a key is written as a nested path.
    static func isPath(_ key: String) -> Bool {
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count > 1 && segments.allSatisfy { segment in
            !segment.isEmpty && segment.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
            }
        }
    }

    package mutating func add(_ draft: EntryDraft) {
        let node: Node
        switch draft.value {
        case .text(let text): node = .string(text)
        case .plural(let forms): node = .object(forms.categories.map { Member($0.name, .string(forms[$0] ?? "")) })
        default: return
        }
        if !retired.isEmpty {
            root = Self.removing(retired, from: root, prefix: "")
            retired = []
            reindex()
        }
        let key = Self.storageKey(key: draft.key, context: draft.context)
        let segments = Self.isPath(key) ? key.split(separator: ".").map(String.init) : [key]
        Self.insert(node, at: segments[...], into: &root, prefix: "", children: &children)
        flat[key] = DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: [], isTranslated: true)
    }

    /// Descends into existing groups as far as the path allows, then adds
    /// the rest of the path (nested when the member is new). `children`
    /// finds a group's members and learns the new ones.
    private static func insert(_ node: Node, at path: ArraySlice<String>, into members: inout [Member], prefix: String,
                               children: inout [String: [String: Int]]) {
        let head = path.first!
        let existing = children[prefix]?[head]
        if path.count > 1, let index = existing, case .object(var inner) = members[index].value, !isPlural(inner.map(\.key)) {
            members[index].value = .object([])   // so that `inner` is the only reference, grown in place
            insert(node, at: path.dropFirst(), into: &inner, prefix: prefix.isEmpty ? head : prefix + "." + head,
                   children: &children)
            members[index].value = .object(inner)
            return
        }
        func append(_ member: Member) {
            if children[prefix]?[member.key] == nil { children[prefix, default: [:]][member.key] = members.count }
            members.append(member)
        }
        if path.count > 1, existing != nil {
            // `a` is a text or plural entry: keep the rest flat beside it.
            append(Member(path.joined(separator: "."), node))
            return
        }
        var value = node
        var group = prefix.isEmpty ? head : prefix + "." + head
        for segment in path.dropFirst().dropLast() {
            children[group] = [segment: 0]
            group += "." + segment
        }
        if path.count > 1 { children[group] = [path.last!: 0] }
        for segment in path.dropFirst().reversed() { value = .object([Member(segment, value)]) }
        append(Member(head, value))
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        false
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, contains(key) else { return false }
        retired.insert(key)
        flat[key] = nil
        return true
    }

    /// The tree without the entries of `keys`; a group left empty goes too.
    private static func removing(_ keys: Set<String>, from members: [Member], prefix: String) -> [Member] {
        members.compactMap { member in
            let full = prefix.isEmpty ? member.key : prefix + "." + member.key
            if keys.contains(full) { return nil }
            if case .object(let inner) = member.value, !isPlural(inner.map(\.key)) {
                let rest = removing(keys, from: inner, prefix: full)
                return rest.isEmpty && !inner.isEmpty ? nil : Member(member.key, .object(rest))
            }
            return member
        }
    }

    package func render() -> [UInt8] {
        Array(JSONWriter.document(retired.isEmpty ? root : Self.removing(retired, from: root, prefix: "")).utf8)
    }
}
