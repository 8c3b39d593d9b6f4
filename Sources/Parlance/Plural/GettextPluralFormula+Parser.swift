/// Reading a `Plural-Forms` header as libintl's `extract_plural_expression`
/// and its Bison grammar (`plural.y`) do.
extension GettextPluralFormula {
    /// The formula in `value`, which may be the whole header entry or just
    /// the `Plural-Forms` value; nil when libintl would fall back to the
    /// germanic formula.
    ///
    /// Like libintl: the text ends at its first NUL; `plural=` and
    /// `nplurals=` are the first occurrences anywhere in it; after
    /// `nplurals=` and optional white space there must be a decimal number
    /// (any value is kept, 0 included; overflow saturates); the expression
    /// after `plural=` ends at `;`, a newline or the end, spaces and tabs
    /// between tokens, and anything else in it is an error.
    package static func parse(header value: String) -> GettextPluralFormula? {
        parse(header: Array(value.utf8))
    }

    /// The formula in the bytes of a header (`parse(header:)`).
    package static func parse(header bytes: [UInt8]) -> GettextPluralFormula? {
        var text = bytes
        if let nul = text.firstIndex(of: 0) { text.removeSubrange(nul...) }
        guard let plural = text.firstOccurrence(of: "plural="),
              let counted = text.firstOccurrence(of: "nplurals=") else { return nil }
        var position = counted.upperBound
        while position < text.count, isCSpace(text[position]) { position += 1 }
        guard position < text.count, isDigit(text[position]) else { return nil }
        var limit: UInt64 = 0
        var saturated = false
        while position < text.count, isDigit(text[position]) {
            let (times, overflow1) = limit.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(text[position] - UInt8(ascii: "0")))
            if overflow1 || overflow2 { saturated = true }
            limit = sum
            position += 1
        }
        if saturated { limit = .max }
        if limit == 2, isGermanic(text, from: plural.upperBound) { return .germanic }
        return expression(text, from: plural.upperBound, limit: limit)
    }

    /// The expression at `position` of `text` parsed (`plural.y`).
    static func expression(_ text: [UInt8], from position: Int, limit: UInt64) -> GettextPluralFormula? {
        var parser = PluralExpressionParser(text, from: position)
        guard let (nodes, root) = parser.parse() else { return nil }
        return GettextPluralFormula(limit: limit, nodes: nodes, root: root)
    }

    /// Whether the expression at `position` is msgfmt's most common one,
    /// `n != 1` (also in parentheses, and without spaces), up to where the
    /// parser would end it: its parse is `germanic`'s, built once.
    static func isGermanic(_ text: [UInt8], from position: Int) -> Bool {
        for spelling in germanicSpellings where text[position...].starts(with: spelling.utf8) {
            let end = position + spelling.utf8.count
            return end == text.count || text[end] == UInt8(ascii: ";") || text[end] == UInt8(ascii: "\n")
        }
        return false
    }

    static let germanicSpellings = ["(n != 1)", "n != 1", "(n!=1)", "n!=1"]

    /// `isspace` in the C locale.
    private static func isCSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    fileprivate static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// A shift-reduce parser whose symbol stack is the one Bison's LALR parser
/// for `plural.y` builds, so that it fails exactly where Bison does,
/// including when that stack would reach `YYMAXDEPTH` (10000 states,
/// the initial state included): deeply nested text falls back to germanic.
private struct PluralExpressionParser {
    typealias Node = GettextPluralFormula.Node
    typealias Operation = GettextPluralFormula.Operation

    enum Token: Equatable {
        case number(UInt64), variable, not, open, close, question, colon, binary(Operation), end, invalid
    }

    enum Symbol {
        case expression(Int32), binary(Operation), not, open, question, colon
    }

    static let maximumStates = 10000

    let text: [UInt8]
    var position: Int
    var stack: [Symbol] = []
    var nodes: [Node] = []

    init(_ text: [UInt8], from position: Int) {
        self.text = text
        self.position = position
    }

    /// `yylex` in `plural.y`.
    mutating func nextToken() -> Token {
        while position < text.count, text[position] == 0x20 || text[position] == 0x09 { position += 1 }
        guard position < text.count else { return .end }
        let byte = text[position]
        position += 1
        func followedBy(_ next: Character) -> Bool {
            guard position < text.count, text[position] == next.asciiValue! else { return false }
            position += 1
            return true
        }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var value = UInt64(byte - UInt8(ascii: "0"))
            while position < text.count, GettextPluralFormula.isDigit(text[position]) {
                value = value &* 10 &+ UInt64(text[position] - UInt8(ascii: "0"))
                position += 1
            }
            return .number(value)
        case UInt8(ascii: "="): return followedBy("=") ? .binary(.equal) : .invalid
        case UInt8(ascii: "!"): return followedBy("=") ? .binary(.notEqual) : .not
        case UInt8(ascii: "&"): return followedBy("&") ? .binary(.and) : .invalid
        case UInt8(ascii: "|"): return followedBy("|") ? .binary(.or) : .invalid
        case UInt8(ascii: "<"): return followedBy("=") ? .binary(.lessOrEqual) : .binary(.less)
        case UInt8(ascii: ">"): return followedBy("=") ? .binary(.greaterOrEqual) : .binary(.greater)
        case UInt8(ascii: "*"): return .binary(.multiply)
        case UInt8(ascii: "/"): return .binary(.divide)
        case UInt8(ascii: "%"): return .binary(.remainder)
        case UInt8(ascii: "+"): return .binary(.add)
        case UInt8(ascii: "-"): return .binary(.subtract)
        case UInt8(ascii: "n"): return .variable
        case UInt8(ascii: "?"): return .question
        case UInt8(ascii: ":"): return .colon
        case UInt8(ascii: "("): return .open
        case UInt8(ascii: ")"): return .close
        case UInt8(ascii: ";"), UInt8(ascii: "\n"):
            position -= 1
            return .end
        default: return .invalid
        }
    }

    /// The tree and its root, or nil on a syntax error or a too deep stack.
    mutating func parse() -> (nodes: [Node], root: Int32)? {
        while true {
            let token = nextToken()
            switch token {
            case .invalid:
                return nil
            case .number, .variable, .not, .open:
                guard expectsOperand else { return nil }
                switch token {
                case .number(let value): guard push(.expression(add(Node(operation: .number, value: value)))) else { return nil }
                case .variable: guard push(.expression(add(Node(operation: .variable)))) else { return nil }
                case .not: guard push(.not) else { return nil }
                default: guard push(.open) else { return nil }
                }
            case .binary, .question, .colon, .close, .end:
                guard case .expression(let root)? = stack.last else { return nil }
                if token == .end && stack.count == 1 { return (nodes, root) }
                guard reduce(before: token) else { return nil }
            }
        }
    }

    private var expectsOperand: Bool {
        guard let top = stack.last else { return true }
        if case .expression = top { return false }
        return true
    }

    /// Reduces the stack (whose top is an expression) as the lookahead
    /// `token` requires, then shifts it. False on a syntax error.
    private mutating func reduce(before token: Token) -> Bool {
        while true {
            let below = stack.count >= 2 ? stack[stack.count - 2] : nil
            switch below {
            case nil:
                switch token {
                case .binary, .question: return shift(token)
                case .end: return true  // `parse` accepts
                default: return false
                }
            case .not?:
                let operand = popExpression()
                stack.removeLast()
                guard push(.expression(add(Node(operation: .not, first: operand)))) else { return false }
            case .binary(let operation)?:
                if case .binary(let next) = token, next.precedence > operation.precedence { return shift(token) }
                let right = popExpression()
                stack.removeLast()
                let left = popExpression()
                guard push(.expression(add(Node(operation: operation, first: left, second: right)))) else { return false }
            case .open?:
                switch token {
                case .close:
                    // Bison shifts ')' before reducing '(' exp ')'.
                    guard stack.count + 2 < Self.maximumStates else { return false }
                    let inner = popExpression()
                    stack.removeLast()
                    return push(.expression(inner))
                case .binary, .question: return shift(token)
                default: return false
                }
            case .question?:
                switch token {
                case .binary, .question, .colon: return shift(token)
                default: return false
                }
            case .colon?:
                // `exp ? exp : exp` has the precedence of ':', right-associative.
                switch token {
                case .binary, .question: return shift(token)
                default:
                    let otherwise = popExpression()
                    stack.removeLast()
                    let then = popExpression()
                    stack.removeLast()
                    let condition = popExpression()
                    let node = Node(operation: .conditional, first: condition, second: then, third: otherwise)
                    guard push(.expression(add(node))) else { return false }
                }
            case .expression?:
                return false  // two expressions in a row never get onto the stack
            }
        }
    }

    private mutating func shift(_ token: Token) -> Bool {
        switch token {
        case .binary(let operation): return push(.binary(operation))
        case .question: return push(.question)
        case .colon: return push(.colon)
        default: return false
        }
    }

    /// Pushes a symbol; false when Bison's stack would reach `YYMAXDEPTH`.
    private mutating func push(_ symbol: Symbol) -> Bool {
        stack.append(symbol)
        return stack.count + 1 < Self.maximumStates
    }

    private mutating func popExpression() -> Int32 {
        guard case .expression(let index) = stack.removeLast() else { return -1 }  // callers check the shape first
        return index
    }

    private mutating func add(_ node: Node) -> Int32 {
        nodes.append(node)
        return Int32(nodes.count - 1)
    }
}
