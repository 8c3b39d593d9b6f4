/// Comments directly above a call (or before it on its line) become notes
/// for translators, following xgettext's `--add-comments`: the run of
/// comments ending on the line before the call, each comment ending on the
/// line before the next one starts, with no blank line and no code between
/// them. Code after a comment voids it (`/* a */ f(); _("x")` on the next
/// line gets no note), code before it does not (`f(); // a` still counts
/// for the next line's call, but ends the run upwards).
///
/// With a tag (default `TRANSLATORS:`), the note starts at the first
/// comment of the run that begins with the tag; the tag itself is removed.
/// With no tag (`--all-comments`), the whole run is the note.
struct TranslatorNotes {
    private let byEndLine: [Int: [SourceComment]]
    /// First and last token column on each line that has tokens.
    private let codeColumns: [Int: (first: Int, last: Int)]
    private let tag: String?

    init(comments: [SourceComment], tokens: [SourceToken], tag: String?) {
        byEndLine = Dictionary(grouping: comments, by: \.endLine)
        var columns: [Int: (first: Int, last: Int)] = [:]
        for token in tokens {
            let p = token.position
            if let known = columns[p.line] {
                columns[p.line] = (min(known.first, p.column), max(known.last, p.column))
            } else {
                columns[p.line] = (p.column, p.column)
            }
        }
        codeColumns = columns
        self.tag = tag.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The note for a call at `position`, nil when there is none.
    func note(forCallAt position: SourcePosition) -> String? {
        var run: [SourceComment] = (byEndLine[position.line] ?? []).filter { $0.start < position }
        var line = (run.first?.start.line ?? position.line) - 1
        var blocked = run.first.map(hasCodeBefore) ?? false
        while !blocked, let above = byEndLine[line], let last = above.last, !hasCodeAfter(last) {
            run.insert(contentsOf: above, at: 0)
            blocked = hasCodeBefore(above[0])
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

    private func hasCodeAfter(_ comment: SourceComment) -> Bool {
        codeColumns[comment.end.line].map { $0.last >= comment.end.column } ?? false
    }

    private func hasCodeBefore(_ comment: SourceComment) -> Bool {
        codeColumns[comment.start.line].map { $0.first < comment.start.column } ?? false
    }
}
