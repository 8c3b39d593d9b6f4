/// Which keys of a namespace i18next reaches. i18next looks a key up in
/// the namespace's tree, not in a flat table (`ResourceStore.getResource`):
/// `getPath` walks the key split at every `.`, then, when that gives
/// nothing truthy, `deepFind` walks it again, joining parts where a part
/// alone names nothing, and giving up where a part names a text with more
/// parts to go. So `exact.Loading...` beside the text `exact.Loading` is
/// never found (the walk stops at `Loading`), nor an empty `A. B.` beside a
/// text `A`; i18next answers those keys with the key itself.
///
/// Only a key with a `.` inside one of its names can be reached otherwise
/// than by its own path: a name nested in an object, or at the top level
/// with an empty text or a key another path also spells
/// (`I18nextQuickReader` leaves those files to the full reader).
extension I18nextFile {
    /// A node of the namespace's tree as JavaScript sees it.
    private final class Node {
        enum Value {
            case object([String: Node])
            case array([Node])
            case text(String)
            /// A number, boolean or null, and whether JavaScript reads it as true.
            case other(truthy: Bool)
        }
        let value: Value

        init(_ json: JSONValue) {
            switch json {
            case .object(let members):
                var children: [String: Node] = [:]
                for member in members { children[member.key] = Node(member.value.value) }   // the last of a name wins
                value = .object(children)
            case .array(let items): value = .array(items.map { Node($0.value) })
            case .string(let text): value = .text(text)
            case .number(let spelled): value = .other(truthy: Double(spelled).map { $0 != 0 && !$0.isNaN } ?? true)
            case .bool(let flag): value = .other(truthy: flag)
            case .null: value = .other(truthy: false)
            }
        }

        /// `node[name]` for an own property.
        subscript(name: Substring) -> Node? {
            switch value {
            case .object(let children): return children[String(name)]
            case .array(let items): return Int(name).flatMap { $0 >= 0 && $0 < items.count && String($0) == name ? items[$0] : nil }
            default: return nil
            }
        }

        var isText: Bool { if case .text = value { true } else { false } }
        var truthy: Bool {
            switch value {
            case .object, .array: true
            case .text(let text): !text.isEmpty
            case .other(let truthy): truthy
            }
        }
    }

    /// At most this many parts are walked: `deepFind`'s joining is
    /// quadratic in them, and no real key comes near.
    private static let partsWalked = 32

    /// `entries` (with `paths[i]`, the names leading to entry i) without
    /// those i18next does not reach by their key.
    static func reachable(_ entries: [ParsedEntry], paths: (Int) -> [String], root: JSONValue,
                          candidates: [Int]) -> [ParsedEntry] {
        guard !candidates.isEmpty else { return entries }
        let tree = Node(root)
        var unreached = Set<Int>()
        for index in candidates {
            let names = paths(index)
            var own: Node? = tree
            for name in names { own = own?[Substring(name)] }
            let key = entries[index].key
            guard let own, key.utf8.lazy.filter({ $0 == UInt8(ascii: ".") }).count < partsWalked else { continue }
            if resource(key, in: tree) !== own { unreached.insert(index) }
        }
        return unreached.isEmpty ? entries : entries.indices.filter { !unreached.contains($0) }.map { entries[$0] }
    }

    /// `getResource`: `getPath`, then `deepFind` unless that gave a truthy value.
    private static func resource(_ key: String, in root: Node) -> Node? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        var object: Node? = root
        for part in parts.dropLast() { object = object?[part] }
        if let found = object?[parts[parts.count - 1]], found.truthy { return found }
        return deepFind(Substring(key), in: root)
    }

    /// i18next 22's `deepFind(obj, path)`.
    private static func deepFind(_ path: Substring, in object: Node) -> Node? {
        if let direct = object[path], direct.truthy { return direct }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        var current = object
        var index = 0
        while index < parts.count {
            guard current.truthy else { return nil }
            if let next = current[parts[index]] {
                if next.isText && index + 1 < parts.count { return nil }
                current = next
                index += 1
                continue
            }
            var joined = 2
            var name = parts[index..<min(index + joined, parts.count)].joined(separator: ".")
            var mix = current[Substring(name)]
            while mix == nil && parts.count > index + joined {
                joined += 1
                name = parts[index..<index + joined].joined(separator: ".")
                mix = current[Substring(name)]
            }
            guard let mix else { return nil }
            if case .other(truthy: false) = mix.value { return nil }   // null (and false, 0: not texts)
            if path.hasSuffix(name) {
                if mix.isText { return mix }
                if !name.isEmpty, let inner = mix[Substring(name)], inner.isText { return inner }
            }
            let rest = parts[min(index + joined, parts.count)...].joined(separator: ".")
            return rest.isEmpty ? nil : deepFind(Substring(rest), in: mix)
        }
        return current
    }
}
