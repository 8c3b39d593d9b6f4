/// Patterns: inline or block values, continuation lines, and the
/// specification's indentation rule — the smallest indent of the
/// continuation lines is removed from all of them, blank lines are kept
/// inside, and trailing spaces and line ends of the value are dropped.
extension FluentParser {
    /// An element before `dedent`: text, a placeable, or the indent (with
    /// the blank lines before it) of a continuation line.
    private enum RawElement {
        case text(String.UnicodeScalarView)
        case indent(String.UnicodeScalarView)
        case placeable(FluentExpression)
    }

    /// The value after `=` or `]`, when there is one on this line or on an
    /// indented line below.
    mutating func maybePattern() throws(FluentSyntaxError) -> FluentPattern? {
        cursor.peekBlankInline()
        if let c = cursor.currentPeek, c != "\n" {
            cursor.skipToPeek()
            return try pattern(isBlock: false)
        }
        _ = cursor.peekBlankBlock()
        if cursor.isValueContinuation() {
            cursor.skipToPeek()
            return try pattern(isBlock: true)
        }
        cursor.resetPeek()
        return nil
    }

    private mutating func pattern(isBlock: Bool) throws(FluentSyntaxError) -> FluentPattern {
        var elements: [RawElement] = []
        var commonIndent = Int.max
        if isBlock {
            let indent = cursor.skipBlankInline()
            elements.append(.indent(String.UnicodeScalarView(repeating: " ", count: indent)))
            commonIndent = indent
        }
        loop: while let c = cursor.current {
            switch c {
            case "\n":
                let blankLines = cursor.peekBlankBlock()
                guard cursor.isValueContinuation() else { cursor.resetPeek(); break loop }
                cursor.skipToPeek()
                let indent = cursor.skipBlankInline()
                commonIndent = min(commonIndent, indent)
                var text = String.UnicodeScalarView(repeating: "\n", count: blankLines)
                text.append(contentsOf: String.UnicodeScalarView(repeating: " ", count: indent))
                elements.append(.indent(text))
            case "{":
                elements.append(.placeable(try placeable()))
            case "}":
                throw FluentSyntaxError("E0027", "Unbalanced closing brace in TextElement.")
            default:
                var text = String.UnicodeScalarView()
                while let c = cursor.current, c != "{", c != "}", c != "\n" {
                    text.append(c)
                    cursor.next()
                }
                elements.append(.text(text))
            }
        }
        return FluentPattern(elements: Self.dedent(elements, commonIndent: commonIndent))
    }

    /// Removes the common indent, joins adjacent text, and trims the value's end.
    private static func dedent(_ elements: [RawElement], commonIndent: Int) -> [FluentPatternElement] {
        var trimmed: [FluentPatternElement] = []
        var pending: String.UnicodeScalarView?
        for element in elements {
            switch element {
            case .placeable(let expression):
                if let text = pending { trimmed.append(.text(String(text))); pending = nil }
                trimmed.append(.placeable(expression))
            case .indent(var text):
                text.removeLast(min(commonIndent, text.count))
                if text.isEmpty { continue }
                pending = (pending ?? String.UnicodeScalarView()) + text
            case .text(let text):
                pending = (pending ?? String.UnicodeScalarView()) + text
            }
        }
        if var text = pending {
            // Blanks and line ends only: a lone `\r` is text, kept (the specification's fixtures `cr_*.ftl`).
            while let last = text.last, last == " " || last == "\n" { text.removeLast() }
            if !text.isEmpty { trimmed.append(.text(String(text))) }
        }
        return trimmed
    }
}
