/// i18next JSON (v4): one namespace of one language, `locales/<lng>/<ns>.json`.
///
/// ```json
/// { "nav": { "home": "Home" }, "file_one": "{{count}} file", "file_other": "{{count}} files",
///   "friend_male": "A boyfriend", "intro": "Hi {{name}}, $t(nav.home)" }
/// ```
///
/// Nested objects flatten to dotted key paths (`nav.home`), arrays to their
/// indices (`list.0`), as i18next's key separator reaches them; keys keep
/// their suffixes (`file_one`, `friend_male`): the lookup tries them in
/// i18next's order (`Table+I18next`). Strings are texts; numbers and
/// booleans their JSON spelling; `null` is no entry. An empty string is a
/// text, and, as in i18next, ends the search (the language has it, empty).
/// The top level must be an object; nesting deeper than the JSON reader's
/// limit is its located error. The runtime serves only the keys i18next's
/// lookup reaches (`reachable`: not `exact.Loading...` beside the text
/// `exact.Loading`); the tools read every key the file holds.
enum I18nextFile {
    /// The table of a namespace the quick reader takes (`I18nextQuickReader`),
    /// or nil when `parse` must read it.
    static func quickTable(_ bytes: [UInt8]) -> PrebuiltTable? {
        bytes.withUnsafeBufferPointer { quickTable($0) }
    }

    /// `quickTable` of bytes in place (a mapped file).
    static func quickTable(_ bytes: UnsafeBufferPointer<UInt8>) -> PrebuiltTable? {
        TextDecoding.firstInvalidUTF8(bytes) == nil ? I18nextQuickReader.read(bytes) : nil
    }

    /// A namespace file's table: read in place by the quick reader when it
    /// takes the file (`quick`), else by the full one.
    static func read(_ bytes: [UInt8], path: String?, quick: Bool = true) throws(ParlanceError) -> ParsedTable {
        if quick, let table = quickTable(bytes) { return ParsedTable(prebuilt: table) }
        return ParsedTable(entries: try parse(bytes, path: path, served: quick))
    }

    /// `served`: only the entries i18next reaches by their keys (the runtime's), else all (the tools').
    static func parse(_ bytes: [UInt8], path: String?, served: Bool = false) throws(ParlanceError) -> [ParsedEntry] {
        let root = try JSONParser.parse(bytes, path: path)
        guard case .object(let members) = root.value else {
            throw ParlanceError(.syntax, "an i18next namespace must be an object at the top level, not \(root.value.kindName)",
                                path: path, line: root.line, column: root.column)
        }
        var entries: [ParsedEntry] = []
        // Each name of a key's path and its parent's (-1 at the top), and the entries whose
        // path has a name with a `.`: i18next may reach those by another path, or none.
        var names: [(name: String, parent: Int)] = []
        var entryNames: [Int] = []
        var candidates: [Int] = []
        // An explicit stack: objects and arrays nest as deep as the JSON reader allows.
        var work: [(node: JSONNode, prefix: String, line: Int, column: Int, name: Int, dotted: Bool)] = []
        func push(_ node: JSONNode, _ key: String, _ name: String, parent: Int, dotted: Bool, line: Int, column: Int) {
            if served { names.append((name, parent)) }
            work.append((node, key, line, column, names.count - 1, dotted || name.utf8.contains(UInt8(ascii: "."))))
        }
        for member in members.reversed() {
            push(member.value, member.key, member.key, parent: -1, dotted: false, line: member.line, column: member.column)
        }
        while let (node, key, line, column, name, dotted) = work.popLast() {
            if served, node.value.isEntry {
                if dotted { candidates.append(entries.count) }
                entryNames.append(name)
            }
            switch node.value {
            case .string(let text):
                entries.append(ParsedEntry(key: key, value: .text(text), line: line, column: column))
            case .number(let spelled):
                entries.append(ParsedEntry(key: key, value: .text(spelled), line: line, column: column))
            case .bool(let flag):
                entries.append(ParsedEntry(key: key, value: .text(flag ? "true" : "false"), line: line, column: column))
            case .null:
                continue
            case .object(let inner):
                for member in inner.reversed() {
                    push(member.value, key + "." + member.key, member.key, parent: name, dotted: dotted, line: member.line,
                         column: member.column)
                }
            case .array(let items):
                for (index, item) in items.enumerated().reversed() {
                    push(item, key + ".\(index)", String(index), parent: name, dotted: dotted, line: item.line, column: item.column)
                }
            }
        }
        guard served else { return entries }
        return reachable(entries, paths: { index in
            var path: [String] = []
            var at = entryNames[index]
            while at >= 0 {
                path.append(names[at].name)
                at = names[at].parent
            }
            return path.reversed()
        }, root: root.value, candidates: candidates)
    }
}

private extension JSONValue {
    /// A string, number or boolean: what becomes an entry.
    var isEntry: Bool {
        switch self {
        case .string, .number, .bool: true
        case .null, .object, .array: false
        }
    }
}
