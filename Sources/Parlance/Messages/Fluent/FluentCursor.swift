/// The reading position of `FluentParser` over a resource's scalars, with a
/// look-ahead position: fluent.js's `FluentParserStream`. `\r\n` reads as one
/// `\n` (a lone `\r` is text), the end of input as nil.
struct FluentCursor {
    let text: [Unicode.Scalar]
    var index = 0
    /// The look-ahead position; equal to `index` when nothing was peeked.
    var peekIndex = 0

    init(_ text: [Unicode.Scalar]) { self.text = text }

    /// The character at `offset`, `\n` for `\r\n`, nil past the end.
    func char(at offset: Int) -> Unicode.Scalar? {
        guard offset < text.count else { return nil }
        if text[offset] == "\r", offset + 1 < text.count, text[offset + 1] == "\n" { return "\n" }
        return text[offset]
    }

    var current: Unicode.Scalar? { char(at: index) }
    var currentPeek: Unicode.Scalar? { char(at: peekIndex) }

    private func step(_ offset: Int) -> Int {
        text[offset] == "\r" && offset + 1 < text.count && text[offset + 1] == "\n" ? offset + 2 : offset + 1
    }

    mutating func next() {
        if index < text.count { index = step(index) }
        peekIndex = index
    }

    mutating func peek() {
        if peekIndex < text.count { peekIndex = step(peekIndex) }
    }

    mutating func resetPeek(_ to: Int? = nil) { peekIndex = to ?? index }
    mutating func skipToPeek() { index = peekIndex }

    // MARK: Blanks (the grammar's blank_inline is spaces only)

    /// Skips spaces; returns how many.
    @discardableResult mutating func skipBlankInline() -> Int {
        let start = index
        while current == " " { next() }
        return index - start
    }

    mutating func peekBlankInline() {
        while currentPeek == " " { peek() }
    }

    /// Skips blank lines; returns how many line ends it skipped.
    @discardableResult mutating func skipBlankBlock() -> Int {
        var lines = 0
        while true {
            let lineStart = index
            skipBlankInline()
            if current == "\n" { lines += 1; next(); continue }
            if current == nil { return lines }
            index = lineStart
            peekIndex = index
            return lines
        }
    }

    /// Peeks over blank lines; returns the line ends it passed.
    mutating func peekBlankBlock() -> Int {
        var lines = 0
        while true {
            let lineStart = peekIndex
            peekBlankInline()
            if currentPeek == "\n" { lines += 1; peek(); continue }
            if currentPeek == nil { return lines }
            resetPeek(lineStart)
            return lines
        }
    }

    mutating func skipBlank() {
        while current == " " || current == "\n" { next() }
    }

    mutating func peekBlank() {
        while currentPeek == " " || currentPeek == "\n" { peek() }
    }

    // MARK: Character classes

    static func isIdentifierStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    static func isIdentifierPart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return isIdentifierStart(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
    }

    static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }

    /// `-` followed by a digit, or a digit.
    var isNumberStart: Bool {
        let c = current == "-" ? char(at: index + 1) : current
        return Self.isDigit(c)
    }

    /// A line continuing a pattern, looked at from the peek position (at a
    /// line's start): indented and not starting with `}`, `.`, `[` or `*`,
    /// or starting with `{` at any indent.
    mutating func isValueContinuation() -> Bool {
        let column1 = peekIndex
        peekBlankInline()
        if currentPeek == "{" { resetPeek(column1); return true }
        if peekIndex == column1 { return false }
        if let c = currentPeek, c != "\n", !["}", ".", "[", "*"].contains(c) { resetPeek(column1); return true }
        return false
    }

    /// `[` or `*[` at the peek position.
    mutating func isVariantStart() -> Bool {
        let start = peekIndex
        if currentPeek == "*" { peek() }
        let result = currentPeek == "["
        resetPeek(start)
        return result
    }
}
