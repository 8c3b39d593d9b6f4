import Parlance

/// A `.ftl` file read so that writing it back loses nothing: its text is
/// kept in pieces, one per entry (with the comment attached to it and the
/// blank lines after it), and an untouched document renders the file's
/// bytes as read. Merge adds entries at the end (their notes as `#`
/// comments, their lines ended as the file's are) and deletes whole
/// messages with their attached comments; standalone, group and resource
/// comments, Junk and spacing stay as written.
struct FluentDocument: FileDocument {
    let path: String
    let existed: Bool
    private var original: [UInt8] = []
    /// The file's text before its first entry, then one piece per entry.
    private var head = ""
    private var pieces: [(text: String, entries: [DocumentEntry])] = []
    private var added: [DocumentEntry] = []
    private var index: [String: Int] = [:]
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
        let resource = FluentParser.parse(bytes: bytes, path: path)
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let scalars = Array(String(decoding: body, as: UTF8.self).unicodeScalars)
        let starts = resource.entries.map(FluentFile.span).map(\.lowerBound)
        head = text(scalars, 0..<(starts.first ?? scalars.count))
        var seen = Set<String>()
        for (offset, entry) in resource.entries.enumerated() {
            let end = offset + 1 < starts.count ? starts[offset + 1] : scalars.count
            let entries = FluentFile.entries(of: entry).compactMap { parsed -> DocumentEntry? in
                let key = ContextKey.compose(parsed.key, context: parsed.context)
                guard seen.insert(key).inserted else { return nil }
                return DocumentEntry(key: key, value: parsed.value, line: parsed.line, column: parsed.column,
                                     notes: parsed.comment.map { [$0] } ?? [], isTranslated: true)
            }
            for entry in entries { index[entry.key] = pieces.count }
            pieces.append((text(scalars, starts[offset]..<end), entries))
        }
    }

    private func text(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    var entries: [DocumentEntry] { pieces.flatMap(\.entries) + added }

    static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    func accepts(_ value: EntryValue) -> Bool {
        if case .text = value { return true }
        return false
    }

    func refusal(_ draft: EntryDraft) -> String? {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        return FluentWriter.isKey(key) ? nil : "'\(key)' is no Fluent identifier"
    }

    func entry(_ key: String) -> DocumentEntry? {
        guard let at = index[key] else { return nil }
        return at < pieces.count ? pieces[at].entries.first { $0.key == key } : added.first { $0.key == key }
    }

    mutating func add(_ draft: EntryDraft) {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        index[key] = pieces.count + added.count
        added.append(DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: draft.notes, isTranslated: true))
        changed = true
    }

    /// Comments are kept as written.
    mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool { false }

    /// Deletes a message (or term) once its every key is retired: its piece goes.
    mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, let at = index[key], at < pieces.count else { return false }
        pieces[at].entries.removeAll { $0.key == key }
        index[key] = nil
        guard pieces[at].entries.isEmpty else { return false }
        pieces[at].text = ""
        changed = true
        return true
    }

    func render() -> [UInt8] {
        guard changed else { return original }
        var text = head + pieces.map(\.text).joined()
        // Added entries end their lines as the file does (`\r\n` where its first line does).
        let crlf = original.firstIndex(of: 0x0A).map { $0 > 0 && original[$0 - 1] == 0x0D } ?? false
        let newline = crlf ? "\r\n" : "\n"
        if !text.isEmpty && text.utf8.last != 0x0A { text += newline }
        let rendered = FluentWriter.render(added.map { ($0.key, $0.value, $0.notes) })
        text += crlf ? rendered.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") : rendered
        let bom: [UInt8] = original.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
        return bom + Array(text.utf8)
    }
}
