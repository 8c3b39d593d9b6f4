/// Comments directly above a call (or before it on its line) become notes
/// for translators, as xgettext's `--add-comments` does: the run of
/// comments ending on the line before the call, each comment starting on
/// the line after the previous one ends, with no blank line between.
///
/// With a tag (default `TRANSLATORS:`), the note starts at the first
/// comment of the run that begins with the tag; the tag itself is removed.
/// With no tag (`--all-comments`), the whole run is the note.
struct TranslatorNotes {
    private let byEndLine: [Int: [SourceComment]]
    private let tag: String?

    init(comments: [SourceComment], tag: String?) {
        byEndLine = Dictionary(grouping: comments, by: \.endLine)
        self.tag = tag.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The note for a call at `position`, nil when there is none.
    func note(forCallAt position: SourcePosition) -> String? {
        var run: [SourceComment] = (byEndLine[position.line] ?? []).filter { $0.start < position }
        var line = (run.first?.start.line ?? position.line) - 1
        while let above = byEndLine[line], !above.isEmpty {
            run.insert(contentsOf: above, at: 0)
            line = above[0].start.line - 1
        }
        guard !run.isEmpty else { return nil }
        var texts = run.map(\.text)
        if let tag {
            guard let first = texts.firstIndex(where: { $0.hasPrefix(tag) }) else { return nil }
            texts = Array(texts[first...])
            texts[0] = CommentText.trim(String(texts[0].dropFirst(tag.count)))
        }
        let note = texts.filter { !$0.isEmpty }.joined(separator: "\n")
        return note.isEmpty ? nil : note
    }
}
