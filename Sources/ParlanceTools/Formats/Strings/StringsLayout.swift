import Parlance

/// Where each entry of a text `.strings` file starts and ends, so a merge
/// can copy unchanged entries exactly as they were written.
///
/// The core's `StringsParser` decides what the entries *are*; this scanner
/// only finds their boundaries with the same rules for strings, comments and
/// the optional `{ ... }` wrapper, and the two are checked to agree.
///
/// Each entry owns:
/// - `leading`: the space and comments after the previous entry's line;
///   the comments directly above the key (each separated by at most one
///   line break) are the entry's *note*;
/// - `body`: from the key through the `;`;
/// - `trailing`: spaces and one comment on the same line after the `;`, and
///   the line break (empty when the next entry follows on the same line).
struct StringsLayout {
    struct Span {
        var leading: Range<Int>
        var body: Range<Int>
        var trailing: Range<Int>
        /// The note comments inside `leading`, and their texts.
        var note: Range<Int>?
        var noteTexts: [String]
        /// The text of the trailing comment, if any.
        var trailingComment: String?
    }

    var prologue: Range<Int>
    var spans: [Span]
    var epilogue: Range<Int>
    var wrapped: Bool

    private let text: [Unicode.Scalar]
    private var position = 0

    init(_ text: [Unicode.Scalar]) {
        self.text = text
        prologue = 0..<0
        spans = []
        epilogue = 0..<0
        wrapped = false
        scan()
    }

    private mutating func scan() {
        var start = 0
        _ = skipSpace()
        if position < text.count, text[position] == "{" {
            wrapped = true
            position += 1
            prologue = 0..<position
            start = position
        }
        position = start
        while true {
            let leadingStart = position
            let comments = skipSpace()
            guard position < text.count, Self.startsString(text[position]) else {
                epilogue = leadingStart..<text.count
                return
            }
            let keyStart = position
            skipString()
            _ = skipSpace()
            if position < text.count, text[position] == "=" {
                position += 1
                _ = skipSpace()
                guard position < text.count, Self.startsString(text[position]) else { epilogue = leadingStart..<text.count; return }
                skipString()
                _ = skipSpace()
            }
            guard position < text.count, text[position] == ";" else { epilogue = leadingStart..<text.count; return }
            position += 1
            let bodyEnd = position
            let (trailingEnd, trailingComment) = scanTrailing(from: bodyEnd)
            position = trailingEnd
            let (note, noteTexts) = noteRun(comments, keyStart: keyStart)
            spans.append(Span(leading: leadingStart..<keyStart, body: keyStart..<bodyEnd,
                              trailing: bodyEnd..<trailingEnd, note: note, noteTexts: noteTexts,
                              trailingComment: trailingComment))
        }
    }

    /// Spaces and at most one comment on the rest of the line, then the line break.
    private func scanTrailing(from start: Int) -> (end: Int, comment: String?) {
        var i = start
        func skipBlanks() { while i < text.count, text[i] == " " || text[i] == "\t" { i += 1 } }
        skipBlanks()
        var comment: String? = nil
        if i + 1 < text.count, text[i] == "/", text[i + 1] == "/" {
            let from = i + 2
            while i < text.count, !Self.isLineBreak(text[i]) { i += 1 }
            comment = Self.string(text[from..<i])
        } else if i + 1 < text.count, text[i] == "/", text[i + 1] == "*" {
            var j = i + 2
            while j + 1 < text.count, !(text[j] == "*" && text[j + 1] == "/"), !Self.isLineBreak(text[j]) { j += 1 }
            if j + 1 < text.count, text[j] == "*", text[j + 1] == "/" {
                comment = Self.string(text[(i + 2)..<j])
                i = j + 2
            }
        }
        skipBlanks()
        if i < text.count, text[i] == "\r" { i += 1; if i < text.count, text[i] == "\n" { i += 1 }; return (i, comment?.trimmed) }
        if i < text.count, text[i] == "\n" { return (i + 1, comment?.trimmed) }
        if i == text.count { return (i, comment?.trimmed) }
        return (start, nil)
    }

    /// The comments directly above the key: a run in which each is followed
    /// by space holding at most one line break.
    private func noteRun(_ comments: [(range: Range<Int>, text: String)], keyStart: Int) -> (Range<Int>?, [String]) {
        var runStart: Int? = nil
        var texts: [String] = []
        var next = keyStart
        for comment in comments.reversed() {
            guard Self.lineBreaks(in: text[comment.range.upperBound..<next]) <= 1 else { break }
            runStart = comment.range.lowerBound
            texts.insert(comment.text, at: 0)
            next = comment.range.lowerBound
        }
        guard let runStart else { return (nil, []) }
        // The run ends where the space before the key begins.
        var end = keyStart
        while end > runStart, Self.isSpace(text[end - 1]) { end -= 1 }
        return (runStart..<end, texts)
    }

    /// Skips space and comments; returns the comments seen (an unterminated
    /// `/*` runs to the end, as the core reports it separately).
    private mutating func skipSpace() -> [(range: Range<Int>, text: String)] {
        var comments: [(Range<Int>, String)] = []
        while position < text.count {
            let scalar = text[position]
            if Self.isSpace(scalar) {
                position += 1
            } else if scalar == "/", position + 1 < text.count, text[position + 1] == "/" {
                let start = position
                position += 2
                while position < text.count, !Self.isLineBreak(text[position]) { position += 1 }
                comments.append((start..<position, Self.string(text[(start + 2)..<position]).trimmed))
            } else if scalar == "/", position + 1 < text.count, text[position + 1] == "*" {
                let start = position
                position += 2
                while position + 1 < text.count, !(text[position] == "*" && text[position + 1] == "/") { position += 1 }
                let inner = Self.string(text[(start + 2)..<min(position, text.count)])
                position = min(position + 2, text.count)
                comments.append((start..<position, inner.trimmed))
            } else {
                break
            }
        }
        return comments
    }

    private mutating func skipString() {
        let first = text[position]
        guard first == "\"" || first == "'" else {
            while position < text.count, Self.isUnquoted(text[position]) { position += 1 }
            return
        }
        position += 1
        while position < text.count, text[position] != first {
            position += text[position] == "\\" ? 2 : 1
        }
        position = min(position + 1, text.count)
    }

    /// Line breaks in a stretch of space, `\r\n` counting once.
    static func lineBreaks(in scalars: ArraySlice<Unicode.Scalar>) -> Int {
        var count = 0
        var previous: Unicode.Scalar = " "
        for s in scalars {
            if isLineBreak(s), !(s == "\n" && previous == "\r") { count += 1 }
            previous = s
        }
        return count
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\u{09}"..."\u{0D}", " ", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}"
    }

    static func startsString(_ s: Unicode.Scalar) -> Bool { s == "\"" || s == "'" || isUnquoted(s) }

    static func isUnquoted(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "/", ":", ".", "-": return true
        default: return false
        }
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmed: String {
        let scalars = Array(unicodeScalars)
        var start = 0, end = scalars.count
        while start < end, StringsLayout.isSpace(scalars[start]) { start += 1 }
        while end > start, StringsLayout.isSpace(scalars[end - 1]) { end -= 1 }
        return StringsLayout.string(scalars[start..<end])
    }
}
