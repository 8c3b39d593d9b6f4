import Parlance

/// A `.properties` file read so that writing it back loses nothing: its
/// text is kept in pieces, one per entry (the entry's logical line with its
/// continuation lines, and the comment lines just above it) and one per
/// stretch between entries (blank lines, detached comments, entries Java
/// refuses), and an untouched document renders the file's bytes as read.
/// Merge adds entries at the end, escaped as `Properties.store` escapes
/// them (`PropertiesWriter`), and deletes an entry's pieces (every line
/// that sets its key, since Java keeps the last).
///
/// The file's characters are the runtime's (`PropertiesFile.text`: UTF-8,
/// else ISO-8859-1); an edited file is written in the same encoding, and
/// its added entries escape what that encoding or the file's habit asks
/// for (`PropertiesWriter.Escaping.of`).
struct PropertiesDocument: FileDocument {
    let path: String
    let existed: Bool
    private var original: [UInt8] = []
    private var text: [Unicode.Scalar] = []
    private var latin1 = false
    /// The text in order: each piece a range of `text` and the key it sets, if any.
    private var pieces: [(range: Range<Int>, key: String?)] = []
    private var live: [DocumentEntry] = []
    /// Key → its position in `live`.
    private var index: [String: Int] = [:]
    private var added: [DocumentEntry] = []
    private var changed = false

    init(emptyAt path: String) {
        self.path = path
        existed = false
    }

    init(path: String) throws {
        self.path = path
        let read = try FileSystemTools.readIfPresent(path)
        existed = read != nil
        guard let bytes = read else { return }
        original = bytes
        latin1 = !PropertiesFile.isUTF8(bytes)
        text = PropertiesFile.text(of: bytes)
        var parser = PropertiesParser(text, path: path)
        let parsed = parser.parse().entries
        var end = 0
        for (entry, span) in zip(parsed, parser.spans) {
            if span.lowerBound > end { pieces.append((end..<span.lowerBound, nil)) }
            pieces.append((span, entry.key))
            end = span.upperBound
            guard case .text(let value) = entry.value else { continue }
            let document = DocumentEntry(key: entry.key, value: .text(value), line: entry.line, column: entry.column,
                                         notes: entry.comment.map { [$0] } ?? [], isTranslated: true)
            // Java keeps a key's last value; the entry keeps its first place.
            if let at = index[entry.key] {
                live[at].value = document.value
            } else {
                index[entry.key] = live.count
                live.append(document)
            }
        }
        if end < text.count { pieces.append((end..<text.count, nil)) }
    }

    var entries: [DocumentEntry] { live.enumerated().filter { index[$0.element.key] == $0.offset }.map(\.element) + added }

    static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    func accepts(_ value: EntryValue) -> Bool {
        if case .text = value { return true }
        return false
    }

    func entry(_ key: String) -> DocumentEntry? {
        guard let at = index[key] else { return nil }
        return at < live.count ? live[at] : added[at - live.count]
    }

    mutating func add(_ draft: EntryDraft) {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        index[key] = live.count + added.count
        added.append(DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: draft.notes, isTranslated: true))
        changed = true
    }

    /// Comments are kept as written.
    mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool { false }

    /// Deletes every line that sets the key, with the comments attached to them.
    mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, let at = index[key], at < live.count else { return false }
        index[key] = nil
        for i in pieces.indices where pieces[i].key == key { pieces[i].range = 0..<0 }
        changed = true
        return true
    }

    func render() -> [UInt8] {
        guard changed else { return original }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.count)
        for piece in pieces { scalars += text[piece.range] }
        if !added.isEmpty {
            let newline = Self.lineBreak(of: text)
            if !scalars.isEmpty {
                // A last line that continues (an odd run of backslashes) ends in a blank line, so that it continues into nothing.
                let backslashes = scalars.reversed().prefix { $0 == "\\" }.count
                if backslashes % 2 == 1 { scalars += newline.unicodeScalars }
                if let last = scalars.last, last != "\n" && last != "\r" { scalars += newline.unicodeScalars }
            }
            let escaping = PropertiesWriter.Escaping.of(existed && !original.isEmpty ? original : nil)
            let rendered = PropertiesWriter.render(added.map { ($0.key, $0.value, $0.notes) }, escaping: escaping, newline: newline)
            scalars += rendered.unicodeScalars
        }
        if latin1 { return scalars.map { UInt8(truncatingIfNeeded: $0.value) } }
        return Array(String(String.UnicodeScalarView(scalars)).utf8)
    }

    /// The file's line break: that of its first line, else `\n`.
    private static func lineBreak(of text: [Unicode.Scalar]) -> String {
        guard let at = text.firstIndex(where: { $0 == "\n" || $0 == "\r" }) else { return "\n" }
        if text[at] == "\n" { return "\n" }
        return at + 1 < text.count && text[at + 1] == "\n" ? "\r\n" : "\r"
    }
}
