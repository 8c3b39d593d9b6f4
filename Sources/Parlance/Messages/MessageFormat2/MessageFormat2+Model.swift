/// The data model of a Unicode MessageFormat 2 message (LDML 47, part 9,
/// "Interchange data model"), as the parser produces it.
///
/// Names are stored in Unicode Normalization Form C without the bidi marks
/// that the syntax allows around them; literals hold their value after escapes
/// were replaced; variant keys hold their value in NFC, ready for comparison.
extension MessageFormat2 {
    /// A message: its declarations, then either one pattern or a matcher.
    public struct Message: Sendable, Equatable {
        public var declarations: [Declaration]
        public var body: Body
    }

    /// What a message formats: a single pattern, or one chosen by selectors.
    public enum Body: Sendable, Equatable {
        case pattern(Pattern)
        /// `.match $a $b` and its variants, in source order.
        case matcher(selectors: [String], variants: [Variant])
    }

    /// `.input {$name …}` or `.local $name = {…}`.
    public struct Declaration: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case input
            case local
        }

        public var kind: Kind
        /// The variable the declaration binds (without `$`).
        public var name: String
        /// For `.input`, the expression whose operand is the variable itself.
        public var expression: Expression
    }

    /// A sequence of text and placeholders.
    public struct Pattern: Sendable, Equatable {
        public var parts: [Part]

        public enum Part: Sendable, Equatable {
            /// Text, escapes replaced.
            case text(String)
            case expression(Expression)
            case markup(Markup)
        }
    }

    /// One variant of a matcher: a key per selector and a pattern.
    public struct Variant: Sendable, Equatable {
        public var keys: [Key]
        public var pattern: Pattern
    }

    /// A variant key: a literal (in NFC) or the catch-all `*`.
    public enum Key: Sendable, Hashable {
        case literal(String)
        case catchAll
    }

    /// A literal or a variable reference: an operand or an option value.
    public enum Operand: Sendable, Equatable {
        /// The literal's value; quoted and unquoted literals are alike.
        case literal(String)
        /// The variable's name, without `$`.
        case variable(String)
    }

    /// `{operand :function options @attributes}`; at least one of operand and function.
    public struct Expression: Sendable, Equatable {
        public var operand: Operand?
        public var function: Function?
        public var attributes: [Attribute]
    }

    /// `:namespace:name` and its options, in source order.
    public struct Function: Sendable, Equatable {
        /// The identifier, `ns:name` or `name`.
        public var name: String
        public var options: [Option]
    }

    /// `name=value`.
    public struct Option: Sendable, Equatable {
        public var name: String
        public var value: Operand
    }

    /// `@name` or `@name=literal`; attributes never change formatting.
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String?
    }

    /// `{#name}`, `{#name/}` or `{/name}`; formats to nothing in text.
    public struct Markup: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case open
            case standalone
            case close
        }

        public var kind: Kind
        public var name: String
        public var options: [Option]
        public var attributes: [Attribute]
    }
}

extension MessageFormat2.Message {
    /// The variables the message reads from its arguments, in order of first
    /// use: `.input` variables and any variable referenced before or without a
    /// `.local` declaration of it.
    var externalVariables: [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var locals: Set<String> = []
        func use(_ name: String) {
            if !locals.contains(name) && seen.insert(name).inserted { found.append(name) }
        }
        func use(_ operand: MessageFormat2.Operand?) {
            if case .variable(let name) = operand { use(name) }
        }
        func use(_ options: [MessageFormat2.Option]) {
            for option in options { use(option.value) }
        }
        func use(_ expression: MessageFormat2.Expression) {
            use(expression.operand)
            use(expression.function?.options ?? [])
        }
        func use(_ pattern: MessageFormat2.Pattern) {
            for part in pattern.parts {
                switch part {
                case .text: break
                case .expression(let expression): use(expression)
                case .markup(let markup): use(markup.options)
                }
            }
        }
        for declaration in declarations {
            use(declaration.expression)
            if declaration.kind == .local { locals.insert(declaration.name) }
        }
        switch body {
        case .pattern(let pattern): use(pattern)
        case .matcher(let selectors, let variants):
            selectors.forEach { use($0) }
            variants.forEach { use($0.pattern) }
        }
        return found
    }
}
