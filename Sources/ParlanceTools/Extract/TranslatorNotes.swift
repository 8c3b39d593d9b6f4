/// Comments before a call become notes for translators, as xgettext's
/// `--add-comments[=TAG]` takes them. Comments pile up as they come; at
/// each end of line the pile is dropped if code came on a later line than
/// the last comment, and it is dropped once a message has been taken (at
/// the `)` of its call). A message gets the pile as it stands at its key's
/// first literal, so the comment must be directly above the call's line,
/// or before the key on its line: blank lines do not break the run, a line
/// of code does (`_(` on one line and the literal on the next gets no
/// note). As xgettext reads C, lines joined by a backslash are one line,
/// and a preprocessor directive other than `#define` drops the pile where
/// it ends.
///
/// With a tag, the note starts at the first comment line that holds the
/// tag (from the tag on: `* TRANSLATORS: x` gives `TRANSLATORS: x`) and
/// takes every line after it, each without the text that came before the
/// tag when it starts with that text (a block comment's `* ` margin). With
/// an empty tag (`--add-comments` alone) the whole pile is the note.
struct TranslatorNotes {
    private let comments: [SourceComment]
    private let tokens: [SourceToken]
    private let continuedLines: [Int]
    private let directiveEnds: [SourcePosition]
    private let tag: String

    /// `tag` nil: no notes at all.
    init?(_ lexed: LexedSource, tag: String?) {
        guard let tag else { return nil }
        comments = lexed.comments
        tokens = lexed.tokens
        continuedLines = lexed.continuedLines.sorted()
        directiveEnds = lexed.directiveEnds
        self.tag = tag
    }

    /// The line as xgettext counts them: lines continued by a backslash
    /// are one with the next.
    private func logical(_ line: Int) -> Int {
        var low = 0, high = continuedLines.count
        while low < high {
            let middle = (low + high) / 2
            if continuedLines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return line - low
    }

    /// The note of each message, given where its key's first literal is and
    /// where its call ends; messages in any order, answers in the same order.
    func notes(for messages: [(key: SourcePosition, end: SourcePosition)]) -> [String?] {
        let queries = messages.indices.sorted { messages[$0].key < messages[$1].key }
        let resets = (messages.map { $0.end } + directiveEnds).sorted()
        var answers = [String?](repeating: nil, count: messages.count)
        var pile: [String] = []
        var line = 1, lastComment = 0, lastCode = 0
        func reach(_ physical: Int) {
            let next = logical(physical)
            if next > line {
                if lastCode > lastComment { pile.removeAll() }
                line = next
            }
        }
        var c = 0, t = 0, q = 0, r = 0
        while q < queries.count {
            let query = messages[queries[q]].key
            // The next event: a comment, a token, a reset after a call's `)`, or the query.
            let comment = c < comments.count ? comments[c].start : nil
            let token = t < tokens.count ? tokens[t].position : nil
            let reset = r < resets.count ? resets[r] : nil
            if let comment, comment < query, token.map({ comment < $0 }) ?? true, reset.map({ comment <= $0 }) ?? true {
                reach(comment.line)
                pile += comments[c].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                lastComment = logical(comments[c].end.line)
                line = max(line, lastComment)
                c += 1
            } else if let reset, reset < query, token.map({ reset < $0 }) ?? true {
                // The `)` itself was the last token before it.
                pile.removeAll()
                r += 1
            } else if let token, token < query {
                reach(token.line)
                lastCode = logical(token.line)
                t += 1
            } else {
                reach(query.line)
                answers[queries[q]] = note(from: pile)
                q += 1
            }
        }
        return answers
    }

    private func note(from pile: [String]) -> String? {
        var lines: [String] = []
        var prefix: String? = nil
        for text in pile {
            if let prefix {
                lines.append(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
            } else if tag.isEmpty {
                prefix = ""
                lines.append(text)
            } else if let found = Self.firstIndex(of: tag, in: text) {
                prefix = String(text[..<found])
                lines.append(String(text[found...]))
            }
        }
        guard !lines.allSatisfy(\.isEmpty) else { return nil }
        // A last empty line (a block comment's ` */`) is kept: notes drop one line break at their end.
        if lines.last?.isEmpty == true { lines.append("") }
        return lines.joined(separator: "\n")
    }

    /// Where `tag` first starts in `text` (xgettext's `strstr`).
    private static func firstIndex(of tag: String, in text: String) -> String.Index? {
        var start = text.startIndex
        while start < text.endIndex {
            if text[start...].hasPrefix(tag) { return start }
            start = text.index(after: start)
        }
        return nil
    }
}
