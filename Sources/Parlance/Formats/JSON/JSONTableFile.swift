/// Hierarchical JSON tables: nested objects of strings, flattened to dotted
/// key paths, with CLDR plural objects and `{key.path}` references.
///
/// ```json
/// { "login": { "title": "Sign in", "files": { "one": "{count} file", "other": "{count} files" } },
///   "welcome": "{login.title} to continue" }
/// ```
/// gives `login.title` (text), `login.files` (plural) and `welcome`
/// ("Sign in to continue").
///
/// Rules:
/// - The top level must be an object. Each member of a nested object adds
///   `.` + its key to the path; a key may itself contain dots. An empty key is
///   an error (it would make paths such as `a.` ambiguous). An empty nested
///   object contributes nothing.
/// - A nested object whose keys are all CLDR category names (`zero one two few
///   many other`) is a plural entry and must have `other` and only strings;
///   any other object is a group.
/// - Values are strings or objects. Numbers, booleans, null and arrays are
///   errors naming the key path (a table that silently dropped or stringified
///   them would hide mistakes such as `"count": 3`).
/// - Duplicate keys: every entry is returned in file order (the table keeps
///   the last); references resolve to the last one.
/// - `(context)key` keys are ordinary keys here.
/// - References: see `JSONTableFile.expandReferences`.
///
/// Only `ParlanceError` escapes, located at the offending key or value.
enum JSONTableFile {
    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        let root = try JSONParser.parse(bytes, path: path)
        guard case .object(let members) = root.value else {
            throw ParlanceError(.syntax, "a JSON table must be an object at the top level, not \(root.value.kindName)",
                                path: path, line: root.line, column: root.column)
        }
        var items = try flatten(members, path: path)
        try expandReferences(&items, path: path)
        return items.map { $0.entry }
    }

    /// A flattened entry and the position of each of its strings.
    struct Item {
        var entry: ParsedEntry
        /// Position of the text's string, or of each plural form's string.
        var textLine = 0
        var textColumn = 0
        var formPositions: [(category: PluralCategory, line: Int, column: Int)] = []
    }

    /// Walks the objects with an explicit stack (they may nest 512 deep).
    static func flatten(_ members: [JSONMember], path: String?) throws(ParlanceError) -> [Item] {
        var items: [Item] = []
        var work: [(members: [JSONMember], next: Int, prefix: String)] = [(members, 0, "")]
        while let top = work.indices.last {
            guard work[top].next < work[top].members.count else {
                work.removeLast()
                continue
            }
            let member = work[top].members[work[top].next]
            work[top].next += 1
            let prefix = work[top].prefix
            guard !member.key.isEmpty else {
                throw ParlanceError(.syntax, prefix.isEmpty ? "empty key" : "empty key in '\(prefix)'",
                                    path: path, line: member.line, column: member.column)
            }
            let key = prefix.isEmpty ? member.key : prefix + "." + member.key
            let value = member.value
            switch value.value {
            case .string(let text):
                items.append(Item(entry: ParsedEntry(key: key, value: .text(text), line: member.line, column: member.column),
                                  textLine: value.line, textColumn: value.column))
            case .object(let inner) where !inner.isEmpty && inner.allSatisfy({ PluralCategory(name: $0.key) != nil }):
                items.append(try pluralItem(key: key, member: member, forms: inner, path: path))
            case .object(let inner):
                work.append((inner, 0, key))
            default:
                throw ParlanceError(.syntax, "value of '\(key)' is \(value.value.kindName); expected a string or an object",
                                    path: path, line: value.line, column: value.column)
            }
        }
        return items
    }

    private static func pluralItem(
        key: String, member: JSONMember, forms members: [JSONMember], path: String?
    ) throws(ParlanceError) -> Item {
        var forms = PluralForms()
        var positions: [(category: PluralCategory, line: Int, column: Int)] = []
        for form in members {
            guard let category = PluralCategory(name: form.key) else { continue }
            guard case .string(let text) = form.value.value else {
                throw ParlanceError(.syntax,
                    "plural form '\(form.key)' of '\(key)' is \(form.value.value.kindName); expected a string",
                    path: path, line: form.value.line, column: form.value.column)
            }
            forms[category] = text
            positions.removeAll { $0.category == category }
            positions.append((category, form.value.line, form.value.column))
        }
        guard forms[.other] != nil else {
            throw ParlanceError(.syntax, "plural entry '\(key)' has no 'other' form",
                                path: path, line: member.line, column: member.column)
        }
        return Item(entry: ParsedEntry(key: key, value: .plural(forms), line: member.line, column: member.column),
                    formPositions: positions)
    }
}
