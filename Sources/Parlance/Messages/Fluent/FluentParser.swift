/// Reads a Fluent resource (Fluent Syntax 1.0) as the specification's
/// fixtures record it (fluent.js `FluentParser`, but for a broken attribute,
/// which ends its entry as the grammar's `Attribute*` does): entries,
/// comments attached to the message or term below them, and Junk — a
/// broken entry becomes one Junk entry with a located error, reading
/// resumes at the next line that can start an entry, and the rest of the
/// resource loads.
package struct FluentParser {
    var cursor: FluentCursor
    let path: String?
    private let locator: TextLocator

    private init(_ text: [Unicode.Scalar], path: String?) {
        cursor = FluentCursor(text)
        locator = TextLocator(text)
        self.path = path
    }

    /// The resource in `source` (invalid UTF-8 reads as U+FFFD).
    package static func parse(_ source: String, path: String? = nil) -> FluentResource {
        var parser = FluentParser(Array(source.unicodeScalars), path: path)
        return parser.resource()
    }

    package static func parse(bytes: [UInt8], path: String? = nil) -> FluentResource {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    private mutating func resource() -> FluentResource {
        cursor.skipBlankBlock()
        var entries: [FluentEntry] = []
        var lastComment: FluentComment?
        while cursor.current != nil {
            var entry = entryOrJunk()
            let blankLines = cursor.skipBlankBlock()
            // A `#` comment followed directly by an entry belongs to it.
            if case .comment(let comment) = entry, comment.level == 1, blankLines == 0, cursor.current != nil {
                if let lastComment { entries.append(.comment(lastComment)) }
                lastComment = comment
                continue
            }
            if let comment = lastComment {
                switch entry {
                case .message(var message):
                    message.comment = comment
                    message.span = comment.span.lowerBound..<message.span.upperBound
                    entry = .message(message)
                case .term(var term):
                    term.comment = comment
                    term.span = comment.span.lowerBound..<term.span.upperBound
                    entry = .term(term)
                default:
                    entries.append(.comment(comment))
                }
                lastComment = nil
            }
            entries.append(entry)
        }
        return FluentResource(entries: entries)
    }

    private mutating func entryOrJunk() -> FluentEntry {
        let start = cursor.index
        do {
            let entry = try self.entry()
            try expectLineEnd()
            return entry
        } catch {
            var errorIndex = cursor.index
            skipToNextEntryStart(junkStart: start)
            let next = cursor.index
            errorIndex = min(errorIndex, next)
            let (line, column) = locator.location(of: errorIndex)
            let content = String(String.UnicodeScalarView(cursor.text[start..<next]))
            let located = ParlanceError.syntax(error.message, path: path, line: line, column: column)
            return .junk(FluentJunk(content: content, span: start..<next, code: error.code, error: located))
        }
    }

    private mutating func entry() throws(FluentSyntaxError) -> FluentEntry {
        switch cursor.current {
        case "#": return .comment(try comment())
        case "-": return .term(try term())
        case let c where FluentCursor.isIdentifierStart(c): return .message(try message())
        default: throw .E0002
        }
    }

    /// Moves to the start of the next line that begins with an identifier,
    /// `-` or `#` (never back before `junkStart`).
    private mutating func skipToNextEntryStart(junkStart: Int) {
        var lastNewline = min(cursor.index, cursor.text.count - 1)
        while lastNewline >= 0, cursor.text[lastNewline] != "\n" { lastNewline -= 1 }
        if junkStart < lastNewline { cursor.index = lastNewline }
        cursor.peekIndex = cursor.index
        while let c = cursor.current {
            cursor.next()
            guard c == "\n" else { continue }
            let first = cursor.current
            if FluentCursor.isIdentifierStart(first) || first == "-" || first == "#" { break }
        }
    }

    // MARK: Entries

    private mutating func comment() throws(FluentSyntaxError) -> FluentComment {
        let start = cursor.index
        var level = -1
        var content = String.UnicodeScalarView()
        while true {
            var i = -1
            while cursor.current == "#", i < (level == -1 ? 2 : level) {
                cursor.next()
                i += 1
            }
            if level == -1 { level = i }
            if cursor.current != "\n" {
                try expect(" ")
                while let c = cursor.current, c != "\n" {
                    content.append(c)
                    cursor.next()
                }
            }
            guard isNextLineComment(level: level) else { break }
            content.append("\n")
            cursor.next()
        }
        return FluentComment(level: level + 1, content: String(content), span: start..<cursor.index)
    }

    /// At a line end, the next line is a comment of exactly `level + 1` `#`s.
    private mutating func isNextLineComment(level: Int) -> Bool {
        guard cursor.current == "\n" else { return false }
        var offset = cursor.index
        offset += cursor.text[offset] == "\r" ? 2 : 1
        for _ in 0...level {
            guard cursor.char(at: offset) == "#" else { return false }
            offset += 1
        }
        let c = cursor.char(at: offset)
        return c == " " || c == "\n"
    }

    private mutating func message() throws(FluentSyntaxError) -> FluentMessage {
        let start = cursor.index
        let id = try identifier()
        cursor.skipBlankInline()
        try expect("=")
        let valueStart = cursor.index
        let value = try maybePattern()
        let valueSource = source(from: valueStart)
        let attributes = try self.attributes(required: value == nil)
        if value == nil && attributes.isEmpty { throw FluentSyntaxError("E0005", "Expected message \"\(id)\" to have a value or attributes") }
        let (line, column) = locator.location(of: start)
        return FluentMessage(id: id, value: value, attributes: attributes, comment: nil, span: start..<cursor.index,
                             valueSource: value == nil ? nil : valueSource, line: line, column: column)
    }

    private mutating func term() throws(FluentSyntaxError) -> FluentMessage {
        let start = cursor.index
        try expect("-")
        let id = try identifier()
        cursor.skipBlankInline()
        try expect("=")
        let valueStart = cursor.index
        guard let value = try maybePattern() else { throw FluentSyntaxError("E0006", "Expected term \"-\(id)\" to have a value") }
        let valueSource = source(from: valueStart)
        let attributes = try self.attributes(required: false)
        let (line, column) = locator.location(of: start)
        return FluentMessage(id: id, value: value, attributes: attributes, comment: nil, span: start..<cursor.index,
                             valueSource: valueSource, line: line, column: column)
    }

    /// The attributes below a message or term. As the specification's
    /// grammar (`Attribute*`, its reference parser): a broken attribute
    /// ends the list where it starts, and the entry ends before it (the
    /// broken line is Junk of its own) — unless the entry needs an
    /// attribute (`required`: a message without value) and has none yet,
    /// when the attribute's error is the entry's.
    private mutating func attributes(required: Bool) throws(FluentSyntaxError) -> [FluentAttribute] {
        var attributes: [FluentAttribute] = []
        while true {
            let before = cursor.index
            cursor.peekBlank()
            guard cursor.currentPeek == "." else { cursor.resetPeek(); return attributes }
            cursor.skipToPeek()
            do {
                attributes.append(try attribute())
            } catch {
                if required && attributes.isEmpty { throw error }
                cursor.index = before
                cursor.resetPeek()
                return attributes
            }
        }
    }

    private mutating func attribute() throws(FluentSyntaxError) -> FluentAttribute {
        try expect(".")
        let id = try identifier()
        cursor.skipBlankInline()
        try expect("=")
        let valueStart = cursor.index
        guard let value = try maybePattern() else { throw .E0012 }
        return FluentAttribute(id: id, value: value, source: source(from: valueStart))
    }

    /// The source from `start` to the cursor, without the spaces that
    /// begin the line after `=` and without trailing spaces and line ends
    /// (which the pattern does not keep either).
    private func source(from start: Int) -> String {
        var lower = start, upper = cursor.index
        while lower < upper, cursor.text[lower] == " " { lower += 1 }
        while upper > lower {
            let c = cursor.text[upper - 1]
            guard c == " " || c == "\n" || c == "\r" else { break }
            upper -= 1
        }
        return String(String.UnicodeScalarView(cursor.text[lower..<upper]))
    }

    // MARK: Tokens

    mutating func identifier() throws(FluentSyntaxError) -> String {
        guard FluentCursor.isIdentifierStart(cursor.current), let first = cursor.current else {
            throw FluentSyntaxError("E0004", "Expected a character from range: \"a-zA-Z\"")
        }
        var name = String.UnicodeScalarView([first])
        cursor.next()
        while FluentCursor.isIdentifierPart(cursor.current), let c = cursor.current {
            name.append(c)
            cursor.next()
        }
        return String(name)
    }

    mutating func expect(_ c: Unicode.Scalar) throws(FluentSyntaxError) {
        guard cursor.current == c else { throw FluentSyntaxError("E0003", "Expected token: \"\(c)\"") }
        cursor.next()
    }

    /// A line end or the end of input.
    mutating func expectLineEnd() throws(FluentSyntaxError) {
        guard let c = cursor.current else { return }
        guard c == "\n" else { throw FluentSyntaxError("E0003", "Expected token: \"\u{2424}\"") }
        cursor.next()
    }
}

/// A syntax error inside an entry: fluent.js's code (`E0003`) and message.
struct FluentSyntaxError: Error {
    let code: String
    let message: String

    init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    static let E0002 = FluentSyntaxError("E0002", "Expected an entry start")
    static let E0012 = FluentSyntaxError("E0012", "Expected value")
}
