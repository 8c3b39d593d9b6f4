/// The object tree of a JSON table being merged (Parlance's hierarchical
/// JSON, i18next namespaces): members in document order, new keys nested
/// by ".", entries taken out in one pass.
///
/// The nesting rule: a key that looks like a key path (`[A-Za-z0-9_-]`
/// segments joined by dots, `isPath`) descends into the existing groups its
/// segments name and nests the rest (`a.b` → `{"a": {"b": …}}`); any other
/// key (`"You have %d files."`) is a member of the top level. Both read back
/// as the same flattened key. A path that meets an entry (`a` is a text)
/// keeps the rest flat beside it; a key naming an existing group is not
/// added (the group's texts stay).
///
/// Each group's members are indexed by key, so that adding is constant-time
/// and a merge stays linear; removals wait in `retired` until the next
/// addition or rendering.
struct JSONTree {
    typealias Node = JSONWriter.Node
    typealias Member = JSONWriter.Member

    private(set) var storedRoot: [Member]
    /// Objects that are values rather than groups (JSON's plural objects).
    private let isValue: ([Member]) -> Bool
    /// Each group's members by key (the group's path, "" for the top level).
    private var children: [String: [String: Int]] = [:]
    /// Flattened member paths taken out since the tree was last rebuilt.
    private var retired: Set<String> = []

    init(_ root: [Member], isValue: @escaping ([Member]) -> Bool = { _ in false }) {
        storedRoot = root
        self.isValue = isValue
        reindex()
    }

    /// The members as they will be written.
    var root: [Member] { retired.isEmpty ? storedRoot : removing(retired, from: storedRoot, prefix: "") }

    static func join(_ prefix: String, _ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }

    /// Whether an object member is a group of further members.
    func isGroup(_ node: Node) -> Bool {
        if case .object(let inner) = node { return !isValue(inner) }
        return false
    }

    /// Whether a group of members has this flattened path (a key that
    /// cannot also be a text: `insert` leaves the group as it is).
    func hasGroup(_ path: String) -> Bool { children[path] != nil && !retired.contains(path) }

    /// Whether a key is written as a nested path.
    static func isPath(_ key: String) -> Bool {
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count > 1 && segments.allSatisfy { segment in
            !segment.isEmpty && segment.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
            }
        }
    }

    private mutating func reindex() {
        children = [:]
        func walk(_ members: [Member], _ prefix: String) {
            var own: [String: Int] = [:]
            for (index, member) in members.enumerated() {
                if own[member.key] == nil { own[member.key] = index }
                if case .object(let inner) = member.value, isGroup(member.value) { walk(inner, Self.join(prefix, member.key)) }
            }
            children[prefix] = own
        }
        walk(storedRoot, "")
    }

    /// Adds `node` under `key`, nested by the nesting rule.
    mutating func insert(_ node: Node, key: String) {
        if !retired.isEmpty {
            storedRoot = root
            retired = []
            reindex()
        }
        let segments = Self.isPath(key) ? key.split(separator: ".").map(String.init) : [key]
        // Not `isGroup`: a method of self would capture a copy of the tree, and
        // every insertion would then copy the arrays it grows (quadratic).
        let isValue = isValue
        Self.insert(node, at: segments[...], into: &storedRoot, prefix: "", children: &children) { node in
            if case .object(let inner) = node { return !isValue(inner) }
            return false
        }
    }

    /// Descends into existing groups as far as the path allows, then adds
    /// the rest of the path (nested when the member is new).
    private static func insert(_ node: Node, at path: ArraySlice<String>, into members: inout [Member], prefix: String,
                               children: inout [String: [String: Int]], isGroup: (Node) -> Bool) {
        let head = path.first!
        let existing = children[prefix]?[head]
        if let index = existing, isGroup(members[index].value) {
            guard path.count > 1, case .object(var inner) = members[index].value else { return }
            members[index].value = .object([])   // so that `inner` is the only reference, grown in place
            insert(node, at: path.dropFirst(), into: &inner, prefix: join(prefix, head), children: &children, isGroup: isGroup)
            members[index].value = .object(inner)
            return
        }
        if path.count == 1, let index = existing {
            members[index].value = node   // a member that holds no entry (i18next's null)
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
        var group = join(prefix, head)
        for segment in path.dropFirst().dropLast() {
            children[group] = [segment: 0]
            group += "." + segment
        }
        if path.count > 1 { children[group] = [path.last!: 0] }
        for segment in path.dropFirst().reversed() { value = .object([Member(segment, value)]) }
        append(Member(head, value))
    }

    /// Takes out the members at these flattened paths (a group left empty goes too).
    mutating func remove<S: Sequence>(_ paths: S) where S.Element == String {
        retired.formUnion(paths)
    }

    private func removing(_ keys: Set<String>, from members: [Member], prefix: String) -> [Member] {
        members.compactMap { member in
            let full = Self.join(prefix, member.key)
            if keys.contains(full) { return nil }
            if case .object(let inner) = member.value, isGroup(member.value) {
                let rest = removing(keys, from: inner, prefix: full)
                return rest.isEmpty && !inner.isEmpty ? nil : Member(member.key, .object(rest))
            }
            return member
        }
    }
}
