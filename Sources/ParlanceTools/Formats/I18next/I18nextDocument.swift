import Parlance

/// An i18next JSON (v4) namespace, `<lng>/<ns>.json`, read for merging so
/// that writing it back changes nothing but what was edited.
///
/// Entries are the keys as the runtime flattens them (`nav.home` for a
/// nested member, `list.0` for an array element), except that the plural
/// forms of a message, the members `key_<category>` (and, for a message
/// with a context, `key_<context>_<category>`) whose category is one of
/// the language's CLDR categories or `zero`, make one plural entry `key`
/// (`key_<context>`), placed where its first form is. A message with a
/// context is stored as `key_<context>`, as i18next looks it up.
///
/// The file's tree is kept in order, every value that is not an object as
/// the file spells it (`JSONSpelling`: escapes, numbers, `null`, arrays).
/// New keys are nested by "." as i18next's default key separator reads them
/// (`JSONTree`'s rule), plural messages as `key_one`, `key_other`, … over
/// the forms given (the merger gives the language's CLDR categories).
/// Written as `JSON.stringify(namespace, null, indent)` writes it, the
/// indentation the file's first member has (two spaces for a new file, as
/// i18next-parser writes), its line breaks (LF, or CR LF when the first is),
/// its byte order mark if any, a final line break when the file had one.
/// i18next has no comments and no untranslated mark: notes are not kept.
package struct I18nextDocument: TableDocument {
    package let path: String
    package private(set) var existed: Bool
    /// The suffixes that make a member a plural form in this language.
    private let categories: Set<PluralCategory>
    private var tree = JSONTree([])
    /// The file as read, written back as it is while nothing changed.
    private var original: [UInt8]?
    private var indent = "  "
    private var finalNewline = true
    private var lineBreak = "\n"
    private var byteOrderMark = false
    /// Entries in file order (added ones last), nil where one was retired.
    private var slots: [DocumentEntry?] = []
    /// The slots of each stored key (a text `friend` beside the plural `friend`).
    private var slotsByKey: [String: [Int]] = [:]
    /// The flattened member keys of each stored key (a plural's forms).
    private var leaves: [String: [String]] = [:]
    /// Every key the runtime reads from the document.
    private var flattened: Set<String> = []
    /// The flattened keys of members of objects (not array elements): what retiring can take out.
    private var memberKeys: Set<String> = []

    /// An empty namespace that will replace whatever is at `path`.
    package init(emptyAt path: String, locale: String) {
        self.path = path
        existed = false
        categories = Self.categories(locale)
    }

    package init(path: String, locale: String) throws {
        self.init(emptyAt: path, locale: locale)
        guard FileSystemTools.exists(path) else { return }
        existed = true
        let bytes = try FileSystem.read(path)
        let parsed = try TableFormat.i18next.parse(bytes, path: path)   // the runtime's flattening, and its errors
        guard case .object(let top) = try JSONParser.parse(bytes, path: path).value else { return }
        var spelling = JSONSpelling(bytes)
        tree = JSONTree(Self.convert(top, prefix: "", spelling: &spelling, keys: &memberKeys))
        indent = Self.indentation(bytes) ?? indent
        finalNewline = bytes.last == UInt8(ascii: "\n")
        if let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), bytes[first] == 0x0D,
           first + 1 < bytes.count, bytes[first + 1] == 0x0A {
            lineBreak = "\r\n"
        }
        byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        original = bytes
        var groups: [String: Int] = [:]
        for entry in parsed {
            flattened.insert(entry.key)
            guard case .text(let text) = entry.value else { continue }
            if let (stem, category) = pluralForm(entry.key) {
                if let slot = groups[stem], case .plural(var forms) = slots[slot]!.value {
                    if forms[category] == nil { forms[category] = text }
                    slots[slot]!.value = .plural(forms)
                } else {
                    groups[stem] = slots.count
                    append(DocumentEntry(key: stem, value: .plural(PluralForms([category: text])), line: entry.line,
                                         column: entry.column, notes: [], isTranslated: true))
                }
                leaves[stem, default: []].append(entry.key)
            } else {
                append(DocumentEntry(key: entry.key, value: .text(text), line: entry.line, column: entry.column,
                                     notes: [], isTranslated: true))
                leaves[entry.key, default: []].append(entry.key)
            }
        }
    }

    /// The file's members, every value but an object as the file spells it.
    private static func convert(_ members: [JSONMember], prefix: String, spelling: inout JSONSpelling,
                                keys: inout Set<String>) -> [JSONWriter.Member] {
        members.map { member in
            let key = JSONTree.join(prefix, member.key)
            if case .object(let inner) = member.value.value {
                return JSONWriter.Member(member.key, .object(convert(inner, prefix: key, spelling: &spelling, keys: &keys)))
            }
            keys.insert(key)
            return JSONWriter.Member(member.key, .raw(spelling.text(of: member.value)))
        }
    }

    /// One level of indentation: the white space before the first member (nil for `{}` or a file on one line).
    static func indentation(_ bytes: [UInt8]) -> String? {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")),
              let lineBreak = bytes[open...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        let start = bytes[lineBreak...].firstIndex { $0 != 0x0A && $0 != 0x0D } ?? bytes.count
        let end = bytes[start...].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.count
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }

    /// The language's CLDR categories, and `zero`, which i18next tries for a count of 0 in every language.
    static func categories(_ locale: String) -> Set<PluralCategory> {
        Set(MessageValues.rules(locale).categories + [.zero])
    }

    /// `key_<category>` as its message's key and the category.
    private func pluralForm(_ key: String) -> (stem: String, category: PluralCategory)? {
        guard let underscore = key.lastIndex(of: "_"), underscore > key.startIndex,
              let category = PluralCategory(name: String(key[key.index(after: underscore)...])),
              categories.contains(category) else { return nil }
        return (String(key[..<underscore]), category)
    }

    private mutating func append(_ entry: DocumentEntry) {
        slotsByKey[entry.key, default: []].append(slots.count)
        slots.append(entry)
    }

    package var entries: [DocumentEntry] { slots.compactMap { $0 } }
    package var keys: [String] { slots.compactMap { $0?.key } }

    /// A stored key, any key the runtime reads (an array element, a plural
    /// form), or a group of keys, which a message's text cannot replace.
    package func contains(_ key: String) -> Bool {
        slotsByKey[key] != nil || flattened.contains(key) || tree.hasGroup(key)
    }

    package func entry(_ key: String) -> DocumentEntry? { slotsByKey[key].flatMap { slots[$0[0]] } }

    /// i18next's `key_context` (an empty context is none).
    package static func storageKey(key: String, context: String?) -> String {
        guard let context, !context.isEmpty else { return key }
        return key + "_" + context
    }

    /// i18next's key of one plural form: `key_one`, `key_CONTEXT_other`.
    static func pluralKey(_ stored: String, _ category: PluralCategory) -> String { stored + "_" + category.name }

    package func accepts(_ value: EntryValue) -> Bool {
        switch value {
        case .text, .plural: return true
        default: return false
        }
    }

    /// A plural entry is used when a message names it or one of its forms.
    package func isUsed(_ key: String, by used: Set<String>) -> Bool {
        used.contains(key) || leaves[key]?.contains(where: used.contains) == true
    }

    package mutating func add(_ draft: EntryDraft) {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        original = nil
        var added: [String] = []
        switch draft.value {
        case .text(let text):
            tree.insert(.string(text), key: key)
            added = [key]
        case .plural(let forms):
            for category in forms.categories {
                tree.insert(.string(forms[category] ?? ""), key: Self.pluralKey(key, category))
                added.append(Self.pluralKey(key, category))
            }
        default:
            return
        }
        flattened.formUnion(added)
        memberKeys.formUnion(added)
        leaves[key, default: []] += added
        append(DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: [], isTranslated: true))
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        false
    }

    /// Deletes the members of an entry; an array element stays (it is part of its array).
    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, let found = slotsByKey[key], let members = leaves[key], members.allSatisfy(memberKeys.contains) else {
            return false
        }
        tree.remove(members)
        original = nil
        for slot in found { slots[slot] = nil }
        slotsByKey[key] = nil
        leaves[key] = nil
        for member in members {
            flattened.remove(member)
            memberKeys.remove(member)
        }
        return true
    }

    package func render() -> [UInt8] {
        if let original { return original }
        return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : [])
            + Array(JSONWriter.document(tree.root, indent: indent, lineBreak: lineBreak, finalNewline: finalNewline).utf8)
    }
}
