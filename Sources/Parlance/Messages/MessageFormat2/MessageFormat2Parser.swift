/// A failure to load a message: a syntax error or a data model error, at a
/// scalar offset of the source.
struct MF2LoadError: Error {
    var kind: MessageFormat2Error.Kind
    var offset: Int
    var message: String
}

/// A recursive-descent parser for the MessageFormat 2 syntax
/// (`spec/message.abnf`), reading Unicode scalars once from start to end.
///
/// The data model rules (`MessageFormat2Validator`) are checked as the parts
/// they concern are read; the first data model error is reported only when
/// the whole message is well-formed, so a syntax error always wins.
struct MessageFormat2Parser {
    let text: [Unicode.Scalar]
    var index = 0
    var validator = MessageFormat2Validator()

    init(_ source: String) {
        text = Array(source.unicodeScalars)
    }

    static func parse(_ source: String) throws(MF2LoadError) -> MessageFormat2.Message {
        var parser = MessageFormat2Parser(source)
        let message = try parser.message()
        if let error = parser.validator.firstError { throw error }
        return message
    }

    // MARK: Messages

    mutating func message() throws(MF2LoadError) -> MessageFormat2.Message {
        skipOptionalSpace()
        let complex = peek() == "." || (peek() == "{" && peek(1) == "{")
        guard complex else {
            index = 0  // a simple message keeps its leading whitespace
            let pattern = try self.pattern(quoted: false)
            return MessageFormat2.Message(declarations: [], body: .pattern(pattern))
        }
        var declarations: [MessageFormat2.Declaration] = []
        while true {
            skipOptionalSpace()
            if peek() == "{" {
                let pattern = try quotedPattern()
                try endOfMessage()
                return MessageFormat2.Message(declarations: declarations, body: .pattern(pattern))
            }
            let keywordStart = index
            guard peek() == "." else { throw error("expected a declaration, '.match' or a quoted pattern '{{…}}'") }
            switch keyword() {
            case "input":
                declarations.append(try inputDeclaration(at: keywordStart))
            case "local":
                declarations.append(try localDeclaration(at: keywordStart))
            case "match":
                let body = try matcher()
                try endOfMessage()
                return MessageFormat2.Message(declarations: declarations, body: body)
            case let other:
                throw error("unknown keyword '.\(other)'", at: keywordStart)
            }
        }
    }

    /// Reads `.` and the letters after it.
    private mutating func keyword() -> String {
        index += 1
        var word = ""
        while let c = peek(), (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") {
            word.unicodeScalars.append(c)
            index += 1
        }
        return word
    }

    private mutating func endOfMessage() throws(MF2LoadError) {
        skipOptionalSpace()
        if index < text.count { throw error("unexpected text after the end of the message") }
    }

    // MARK: Declarations

    /// `.input o variable-expression`
    private mutating func inputDeclaration(at start: Int) throws(MF2LoadError) -> MessageFormat2.Declaration {
        skipOptionalSpace()
        guard peek() == "{" else { throw error("expected '{' after '.input'") }
        let expressionStart = index
        guard case .expression(let expression) = try placeholder() else {
            throw error("'.input' needs an expression, not markup", at: expressionStart)
        }
        guard case .variable(let name) = expression.operand else {
            throw error("'.input' needs a variable expression like {$name}", at: expressionStart)
        }
        validator.declare(name, kind: .input, expression: expression, at: start)
        return MessageFormat2.Declaration(kind: .input, name: name, expression: expression)
    }

    /// `.local s variable o "=" o expression`
    private mutating func localDeclaration(at start: Int) throws(MF2LoadError) -> MessageFormat2.Declaration {
        try requireSpace(after: "'.local'")
        guard peek() == "$" else { throw error("expected a variable like $name after '.local'") }
        index += 1
        let name = try self.name()
        skipOptionalSpace()
        guard peek() == "=" else { throw error("expected '=' after the variable of '.local'") }
        index += 1
        skipOptionalSpace()
        guard peek() == "{" else { throw error("expected an expression '{…}' after '='") }
        let expressionStart = index
        guard case .expression(let expression) = try placeholder() else {
            throw error("'.local' needs an expression, not markup", at: expressionStart)
        }
        validator.declare(name, kind: .local, expression: expression, at: start)
        return MessageFormat2.Declaration(kind: .local, name: name, expression: expression)
    }

    // MARK: Matcher

    /// `match 1*(s selector) s variant *(o variant)`, after `.match`.
    private mutating func matcher() throws(MF2LoadError) -> MessageFormat2.Body {
        var selectors: [String] = []
        while true {
            let start = index
            guard skipSpace() else {
                if selectors.isEmpty { throw error("expected whitespace after '.match'") }
                throw error("expected whitespace before the first variant")
            }
            guard peek() == "$" else {
                if selectors.isEmpty { throw error("expected a selector variable like $name") }
                index = start
                break
            }
            index += 1
            let name = try self.name()
            validator.select(name, at: start)
            selectors.append(name)
        }
        guard skipSpace() else { throw error("expected whitespace before the first variant") }
        var variants: [MessageFormat2.Variant] = []
        repeat {
            variants.append(try variant(selectorCount: selectors.count))
            skipOptionalSpace()
        } while index < text.count
        validator.finish(variants: variants, selectorCount: selectors.count, at: text.count)
        return .matcher(selectors: selectors, variants: variants)
    }

    /// `key *(s key) o quoted-pattern`
    private mutating func variant(selectorCount: Int) throws(MF2LoadError) -> MessageFormat2.Variant {
        let start = index
        var keys: [MessageFormat2.Key] = []
        while true {
            if peek() == "*" {
                index += 1
                keys.append(.catchAll)
            } else if peek() == "|" || peek().map(MF2Characters.isNameChar) == true {
                keys.append(.literal(NormalForm.nfc(try literal())))
            } else if keys.isEmpty {
                throw error("expected a variant key (a literal or '*')")
            } else {
                throw error("expected a variant key or a quoted pattern '{{…}}'")
            }
            let afterKey = index
            if skipSpace(), peek() != "{" { continue }
            index = afterKey
            skipOptionalSpace()
            if peek() == "{" { break }
            throw error("expected whitespace between variant keys")
        }
        let pattern = try quotedPattern()
        validator.variant(keys, selectorCount: selectorCount, at: start)
        return MessageFormat2.Variant(keys: keys, pattern: pattern)
    }

    // MARK: Patterns

    /// `"{{" pattern "}}"`
    mutating func quotedPattern() throws(MF2LoadError) -> MessageFormat2.Pattern {
        guard peek() == "{", peek(1) == "{" else { throw error("expected a quoted pattern '{{…}}'") }
        index += 2
        let pattern = try self.pattern(quoted: true)
        guard peek() == "}", peek(1) == "}" else {
            throw error(index < text.count ? "expected '}}' to end the quoted pattern" : "missing '}}' at the end of the quoted pattern")
        }
        index += 2
        return pattern
    }

    /// `*(text-char / escaped-char / placeholder)`, up to the end of the text
    /// (simple message) or to `}` (quoted pattern).
    mutating func pattern(quoted: Bool) throws(MF2LoadError) -> MessageFormat2.Pattern {
        var parts: [MessageFormat2.Pattern.Part] = []
        var pending = ""
        while let c = peek() {
            switch c {
            case "\\":
                pending.unicodeScalars.append(try escape())
            case "{":
                if !pending.isEmpty { parts.append(.text(pending)) }
                pending = ""
                parts.append(try placeholder())
            case "}":
                if quoted { break }
                throw error("'}' must be escaped as '\\}' in text")
            case "\u{0}":
                throw error("NUL is not allowed in a message")
            default:
                pending.unicodeScalars.append(c)
                index += 1
                continue
            }
            if c == "}" { break }
        }
        if !pending.isEmpty { parts.append(.text(pending)) }
        return MessageFormat2.Pattern(parts: parts)
    }

    /// `backslash ( backslash / "{" / "|" / "}" )`
    mutating func escape() throws(MF2LoadError) -> Unicode.Scalar {
        guard let c = peek(1), MF2Characters.isEscapable(c) else {
            throw error("'\\' escapes only '\\', '{', '|' and '}'")
        }
        index += 2
        return c
    }

    // MARK: Reading

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < text.count ? text[index + ahead] : nil
    }

    func error(_ message: String, at offset: Int? = nil) -> MF2LoadError {
        MF2LoadError(kind: .syntax, offset: offset ?? index, message: message)
    }
}
