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
/// limit is its located error.
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
        return ParsedTable(entries: try parse(bytes, path: path))
    }

    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        let root = try JSONParser.parse(bytes, path: path)
        guard case .object(let members) = root.value else {
            throw ParlanceError(.syntax, "an i18next namespace must be an object at the top level, not \(root.value.kindName)",
                                path: path, line: root.line, column: root.column)
        }
        var entries: [ParsedEntry] = []
        // An explicit stack: objects and arrays nest as deep as the JSON reader allows.
        var work: [(node: JSONNode, prefix: String, line: Int, column: Int)] = []
        for member in members.reversed() { work.append((member.value, member.key, member.line, member.column)) }
        while let (node, key, line, column) = work.popLast() {
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
                for member in inner.reversed() { work.append((member.value, key + "." + member.key, member.line, member.column)) }
            case .array(let items):
                for (index, item) in items.enumerated().reversed() { work.append((item, key + ".\(index)", item.line, item.column)) }
            }
        }
        return entries
    }
}
