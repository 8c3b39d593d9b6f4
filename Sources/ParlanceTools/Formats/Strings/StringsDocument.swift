import Parlance

/// An Apple `.strings` table read for merging.
///
/// Text files keep every byte of the entries a merge does not touch: their
/// comments, quoting, escapes, spacing and order, and the file's encoding
/// (UTF-8, UTF-16 or UTF-32, with a byte order mark when it had one). New
/// files are UTF-8 without a byte order mark. A table stored as an XML or
/// binary property list is written back as an XML property list.
///
/// Notes are the comments directly above a key; a merge replaces them with
/// `/* note */` when the source's notes differ (and leaves them alone when
/// the source has none). An entry whose value is the development text
/// waiting for a translator carries the trailing marker `// untranslated`;
/// a translator deletes the marker with the translation.
package struct StringsDocument: TableDocument {
    package static let untranslatedMarker = "untranslated"

    struct Item {
        var entry: DocumentEntry
        var leading: [Unicode.Scalar]
        var body: [Unicode.Scalar]
        var trailing: [Unicode.Scalar]
        /// The note comments' range inside `leading`.
        var note: Range<Int>?
        var isNew = false
    }

    package let path: String
    package let existed: Bool
    var encoding: TextEncoding = .utf8
    var byteOrderMark = false
    var propertyList = false
    var wrapped = false
    var prologue: [Unicode.Scalar] = []
    /// The entries; each answers to its key and, when it is an
    /// SPLocalizedString plural variant `(context##category)key`, to its
    /// group's key `(context)key` too.
    var list = KeyedList<Item>(keys: StringsDocument.keys)
    var epilogue: [Unicode.Scalar] = []

    private static func keys(_ item: Item) -> [String] {
        let stored = item.entry.key
        guard let group = ContextKey.splitPluralVariant(stored)?.groupKey, group != stored else { return [stored] }
        return [stored, group]
    }

    package var entries: [DocumentEntry] { list.items.map(\.entry) }

    /// An empty document for a file that does not exist yet.
    package init(newAt path: String) {
        self.path = path
        existed = false
    }

    /// Reads `path`; a missing file gives an empty document.
    package init(path: String) throws {
        guard FileSystemTools.exists(path) else { self.init(newAt: path); return }
        try self.init(bytes: try FileSystem.read(path), path: path)
    }

    package init(bytes: [UInt8], path: String) throws {
        self.path = path
        existed = true
        let parsed = try StringsFile.parseReportingIgnoredText(bytes, path: path).entries
        if PropertyListSniffing.isBinary(bytes) {
            propertyList = true
            list = KeyedList(parsed.map { Item(entry: Self.entry($0, notes: [], translated: true), leading: [], body: [], trailing: []) },
                             keys: Self.keys)
            return
        }
        let decoded = try TextDecoding.decode(bytes, path: path)
        encoding = decoded.encoding
        byteOrderMark = decoded.hadByteOrderMark
        if PropertyListSniffing.isXML(decoded.scalars) {
            propertyList = true
            list = KeyedList(parsed.map { Item(entry: Self.entry($0, notes: [], translated: true), leading: [], body: [], trailing: []) },
                             keys: Self.keys)
            return
        }
        let text = decoded.scalars
        let layout = StringsLayout(text)
        guard layout.spans.count == parsed.count else {
            throw ToolError.io("cannot locate the entries for merging (\(layout.spans.count) found, \(parsed.count) parsed)", path: path)
        }
        wrapped = layout.wrapped
        prologue = Array(text[layout.prologue])
        epilogue = Array(text[layout.epilogue])
        for (span, parsedEntry) in zip(layout.spans, parsed) {
            let untranslated = span.trailingComment?.lowercased() == Self.untranslatedMarker
            let note = span.note.map { ($0.lowerBound - span.leading.lowerBound)..<($0.upperBound - span.leading.lowerBound) }
            list.append(Item(entry: Self.entry(parsedEntry, notes: span.noteTexts, translated: !untranslated),
                              leading: Array(text[span.leading]), body: Array(text[span.body]),
                              trailing: Array(text[span.trailing]), note: note))
        }
    }

    private static func entry(_ parsed: ParsedEntry, notes: [String], translated: Bool) -> DocumentEntry {
        DocumentEntry(key: parsed.key, value: parsed.value, line: parsed.line, column: parsed.column,
                      notes: notes, isTranslated: translated)
    }

    package static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    package func accepts(_ value: EntryValue) -> Bool {
        if case .text = value { return true }
        return false
    }

    /// The entry with this key, or the first `(context##category)key` entry
    /// of an SPLocalizedString plural group.
    package func entry(_ key: String) -> DocumentEntry? { list.first(key)?.entry }

    package mutating func add(_ draft: EntryDraft) {
        guard case .text(let text) = draft.value else { return }
        let key = Self.storageKey(key: draft.key, context: draft.context)
        let note = StringsWriter.comment(draft.notes)
        let leading = note.isEmpty ? "" : note + "\n"
        let trailing = (draft.untranslated ? " // " + Self.untranslatedMarker : "") + "\n"
        list.append(Item(entry: DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: draft.notes,
                                               isTranslated: !draft.untranslated),
                          leading: Array(leading.unicodeScalars),
                          body: Array(StringsWriter.line(key: key, value: text).unicodeScalars),
                          trailing: Array(trailing.unicodeScalars),
                          note: note.isEmpty ? nil : 0..<note.unicodeScalars.count, isNew: true))
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        guard !notes.isEmpty else { return false }
        var changed = false
        for slot in list.slots(of: key) where list[slot].entry.notes != notes {
            let current = list[slot].entry.notes
            if let previous = onlyReplacing, !current.isEmpty, current != previous { continue }
            let comment = Array(StringsWriter.comment(notes).unicodeScalars)
            list.modify(slot) { item in
                if let note = item.note {
                    item.leading.replaceSubrange(note, with: comment)
                    item.note = note.lowerBound..<(note.lowerBound + comment.count)
                } else {
                    // Above the key, indented like it.
                    let leading = item.leading
                    let lineStart = (leading.lastIndex(where: StringsLayout.isLineBreak).map { $0 + 1 }) ?? 0
                    let indent = Array(leading[lineStart...])
                    let at = leading.count
                    item.leading += comment + ["\n"] + indent
                    item.note = at..<(at + comment.count)
                }
                item.entry.notes = notes
            }
            changed = true
        }
        return changed
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete else { return false }
        let doomed = list.slots(of: key)
        for slot in doomed.reversed() {
            // Comments that are not the entry's note (section headings) stay.
            guard let item = list.remove(slot) else { continue }
            var detached = item.leading
            if let note = item.note { detached.removeSubrange(note) }
            if detached.contains(where: { !StringsLayout.isSpace($0) }) {
                if let next = list.slot(after: slot) { list.modify(next) { $0.leading = detached + $0.leading } }
                else { epilogue = detached + epilogue }
            }
        }
        return !doomed.isEmpty
    }

    package func render() -> [UInt8] {
        if propertyList {
            let members: [(key: String, value: PropertyListWriter.Value)] = list.items.compactMap {
                guard case .text(let text) = $0.entry.value else { return nil }
                return ($0.entry.key, .string(text))
            }
            return Array(PropertyListWriter.document(members).utf8)
        }
        var out = prologue
        var hasText = out.contains { !StringsLayout.isSpace($0) }
        func append(_ scalars: [Unicode.Scalar]) {
            out += scalars
            if !hasText { hasText = scalars.contains { !StringsLayout.isSpace($0) } }
        }
        func appendNew(_ item: Item) {
            if hasText {
                if out.last != "\n" { out.append("\n") }
                out.append("\n")
            }
            append(item.leading + item.body + item.trailing)
        }
        let items = list.items
        let old = items.filter { !$0.isNew }
        let new = items.filter(\.isNew)
        for item in old { append(item.leading + item.body + item.trailing) }
        if wrapped {
            new.forEach(appendNew)
            append(epilogue)
        } else {
            append(epilogue)
            new.forEach(appendNew)
        }
        return TextEncoder.encode(out, as: encoding, byteOrderMark: byteOrderMark)
    }
}
