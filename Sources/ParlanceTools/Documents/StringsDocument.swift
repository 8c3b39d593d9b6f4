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
    var items: [Item] = []
    var epilogue: [Unicode.Scalar] = []

    package var entries: [DocumentEntry] { items.map(\.entry) }

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
            items = parsed.map { Item(entry: Self.entry($0, notes: [], translated: true), leading: [], body: [], trailing: []) }
            return
        }
        let decoded = try TextDecoding.decode(bytes, path: path)
        encoding = decoded.encoding
        byteOrderMark = decoded.hadByteOrderMark
        if PropertyListSniffing.isXML(decoded.scalars) {
            propertyList = true
            items = parsed.map { Item(entry: Self.entry($0, notes: [], translated: true), leading: [], body: [], trailing: []) }
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
            items.append(Item(entry: Self.entry(parsedEntry, notes: span.noteTexts, translated: !untranslated),
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

    /// The entry with this key, or the `(context##category)key` entries of
    /// an SPLocalizedString plural group.
    package func indices(of key: String) -> [Int] {
        items.indices.filter {
            let stored = items[$0].entry.key
            return stored == key || ContextKey.splitPluralVariant(stored)?.groupKey == key
        }
    }

    package mutating func add(_ draft: EntryDraft) {
        guard case .text(let text) = draft.value else { return }
        let key = Self.storageKey(key: draft.key, context: draft.context)
        let note = StringsWriter.comment(draft.notes)
        let leading = note.isEmpty ? "" : note + "\n"
        let trailing = (draft.untranslated ? " // " + Self.untranslatedMarker : "") + "\n"
        items.append(Item(entry: DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: draft.notes,
                                               isTranslated: !draft.untranslated),
                          leading: Array(leading.unicodeScalars),
                          body: Array(StringsWriter.line(key: key, value: text).unicodeScalars),
                          trailing: Array(trailing.unicodeScalars),
                          note: note.isEmpty ? nil : 0..<note.unicodeScalars.count, isNew: true))
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        guard !notes.isEmpty else { return false }
        var changed = false
        for index in indices(of: key) where items[index].entry.notes != notes {
            let current = items[index].entry.notes
            if let previous = onlyReplacing, !current.isEmpty, current != previous { continue }
            let comment = Array(StringsWriter.comment(notes).unicodeScalars)
            if let note = items[index].note {
                items[index].leading.replaceSubrange(note, with: comment)
                items[index].note = note.lowerBound..<(note.lowerBound + comment.count)
            } else {
                // Above the key, indented like it.
                let leading = items[index].leading
                let lineStart = (leading.lastIndex(where: StringsLayout.isLineBreak).map { $0 + 1 }) ?? 0
                let indent = Array(leading[lineStart...])
                let at = leading.count
                items[index].leading += comment + ["\n"] + indent
                items[index].note = at..<(at + comment.count)
            }
            items[index].entry.notes = notes
            changed = true
        }
        return changed
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete else { return false }
        let doomed = indices(of: key)
        for index in doomed.reversed() {
            // Comments that are not the entry's note (section headings) stay.
            var detached = items[index].leading
            if let note = items[index].note { detached.removeSubrange(note) }
            items.remove(at: index)
            if detached.contains(where: { !StringsLayout.isSpace($0) }) {
                if index < items.count { items[index].leading = detached + items[index].leading }
                else { epilogue = detached + epilogue }
            }
        }
        return !doomed.isEmpty
    }

    package func render() -> [UInt8] {
        if propertyList {
            let members: [(key: String, value: PropertyListWriter.Value)] = items.compactMap {
                guard case .text(let text) = $0.entry.value else { return nil }
                return ($0.entry.key, .string(text))
            }
            return Array(PropertyListWriter.document(members).utf8)
        }
        var out = prologue
        func appendNew(_ item: Item) {
            if !out.isEmpty, out.contains(where: { !StringsLayout.isSpace($0) }) {
                if out.last != "\n" { out.append("\n") }
                out.append("\n")
            }
            out += item.leading + item.body + item.trailing
        }
        let old = items.filter { !$0.isNew }
        let new = items.filter(\.isNew)
        for item in old { out += item.leading + item.body + item.trailing }
        if wrapped {
            new.forEach(appendNew)
            out += epilogue
        } else {
            out += epilogue
            new.forEach(appendNew)
        }
        return TextEncoder.encode(out, as: encoding, byteOrderMark: byteOrderMark)
    }
}
