/// Pieces the three lexers share: identifiers, numbers, punctuation and the
/// text of comments.
extension ByteScanner {
    mutating func lexIdentifier() -> String {
        String(decoding: take(while: { $0.isIdentifierPart || $0 == 0x24 /* $ */ }), as: UTF8.self)
    }

    /// A number, loosely (C's pp-number): digits, letters, `.`, exponent
    /// signs, and `'` or `_` digit separators.
    mutating func skipNumber() {
        while let byte = peek() {
            if byte.isIdentifierPart || byte == 0x2E /* . */ {
                let isExponent = byte == 0x65 || byte == 0x45 || byte == 0x70 || byte == 0x50  // e E p P
                advance()
                if isExponent, let sign = peek(), sign == 0x2B || sign == 0x2D { advance() }
            } else if byte == 0x27 /* ' */, let next = peek(1), next.isIdentifierPart {
                advance()
            } else {
                break
            }
        }
    }

    /// Past spaces, tabs and line ends (where a line end means nothing to
    /// the language): the next byte, or nil at the end.
    mutating func skipBlanks() -> UInt8? {
        while let byte = peek(), byte == 0x0A || byte.isSpace { advance() }
        return peek()
    }

    /// What every lexer's loop ends with: a number (`.5` too where the
    /// language has `leadingDot` numbers) as `.other`, else punctuation.
    mutating func lexNumberOrPunctuation(leadingDot: Bool) -> SourceToken.Kind {
        guard let byte = peek() else { return .other }
        if byte.isDigit || (leadingDot && byte == 0x2E && peek(1)?.isDigit == true) {
            skipNumber()
            return .other
        }
        return lexPunctuation()
    }

    /// One bracket or separator, or a run of operator characters.
    mutating func lexPunctuation() -> SourceToken.Kind {
        let byte = advance()
        guard byte.isOperator else {
            return .punctuation(String(UnicodeScalar(byte)))
        }
        var run = [byte]
        // `/` is left alone so a comment right after an operator is still seen.
        while let next = peek(), next.isOperator, !(next == 0x2F && (peek(1) == 0x2F || peek(1) == 0x2A)) {
            run.append(advance())
        }
        return .punctuation(String(decoding: run, as: UTF8.self))
    }
}

/// A comment's lines as xgettext keeps them for `--add-comments`: the
/// text after the opening marker (`//`, `#`, `/*`) and before `*/`, each
/// line without its leading blanks and trailing white space; nothing else
/// removed (a block comment's `*` margin and its empty first and last lines
/// stay; a tag's prefix is dropped later, `TranslatorNotes`).
enum CommentText {
    /// `// text`, `# text`: the text after the marker.
    static func line(_ raw: ArraySlice<UInt8>) -> String {
        trim(String(decoding: raw, as: UTF8.self))
    }

    /// The inside of `/* ... */`, one entry a line.
    static func block(_ raw: ArraySlice<UInt8>) -> String {
        String(decoding: raw, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { trim(String($0)) }.joined(separator: "\n")
    }

    static func trim(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
