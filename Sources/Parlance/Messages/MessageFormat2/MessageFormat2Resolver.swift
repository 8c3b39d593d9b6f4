/// What a function handler receives: its operand, its resolved options (without
/// the `u:` ones), the locale, and a place to report errors.
struct MF2Call {
    /// `:number`, `:test:function`: for error messages.
    var function: String
    var operand: MF2Value?
    var options: [String: MF2Value]
    /// A canonical BCP 47 tag (`und` when the caller's name named no language).
    var locale: String
    var direction: TextDirection
    var errors: [MessageFormat2Error] = []

    mutating func report(_ kind: MessageFormat2Error.Kind, _ message: String) {
        errors.append(MessageFormat2Error(kind, message))
    }
}

/// A function handler: the resolved value, or nil after reporting an error
/// (the expression then resolves to its fallback value).
typealias MF2Function = @Sendable (inout MF2Call) -> MF2Value?

/// Expression resolution for one formatting call (`spec/formatting.md`,
/// "Expression and Markup Resolution"): declarations are resolved when first
/// needed, each at most once.
struct MessageFormat2Resolver {
    let arguments: [String: FormatArgument]
    let locale: String
    let direction: TextDirection
    let functions: [String: MF2Function]
    var errors: [MessageFormat2Error] = []
    private let declarations: [String: MessageFormat2.Declaration]
    private var resolved: [String: MF2Value] = [:]

    init(message: MessageFormat2.Message, arguments: [String: FormatArgument], locale: String,
         functions: [String: MF2Function]) {
        self.arguments = arguments
        self.locale = locale
        self.direction = MF2Bidi.direction(ofLocale: locale)
        self.functions = functions
        var declarations: [String: MessageFormat2.Declaration] = [:]
        for declaration in message.declarations { declarations[declaration.name] = declaration }
        self.declarations = declarations
    }

    mutating func report(_ kind: MessageFormat2Error.Kind, _ message: String) {
        errors.append(MessageFormat2Error(kind, message))
    }

    // MARK: Variables

    /// A declared variable's value, or the argument of that name.
    ///
    /// Declarations are resolved when first used, and the ones a
    /// declaration uses before it, deepest first, from an explicit stack:
    /// a chain of 100,000 `.local`s each using the one before costs no
    /// stack depth (each expression then finds what it uses resolved).
    mutating func resolve(variable name: String) -> MF2Value {
        if let value = resolved[name] { return value }
        guard declarations[name] != nil else { return argument(name) }
        var pending = [name]
        var expanded = Set<String>()
        while let top = pending.last {
            if resolved[top] != nil { pending.removeLast(); continue }
            let declaration = declarations[top]!
            if expanded.insert(top).inserted {
                // First visit: what it uses goes on top (declared, not yet resolved, not already on the way).
                let uses = Self.variables(in: declaration.expression, operandIsArgument: declaration.kind == .input)
                let waiting = uses.filter { declarations[$0] != nil && resolved[$0] == nil && !expanded.contains($0) }
                if !waiting.isEmpty {
                    pending += waiting
                    continue
                }
            }
            pending.removeLast()
            var value = resolve(declaration.expression, operandIsArgument: declaration.kind == .input)
            if value.isFallback { value = .fallback("$" + top) }
            resolved[top] = value
        }
        return resolved[name]!
    }

    /// The variables an expression reads: its operand's (unless it names
    /// an argument, as `.input` does) and its options'.
    private static func variables(in expression: MessageFormat2.Expression, operandIsArgument: Bool) -> [String] {
        var names: [String] = []
        if !operandIsArgument, case .variable(let name)? = expression.operand { names.append(name) }
        for option in expression.function?.options ?? [] {
            if case .variable(let name) = option.value { names.append(name) }
        }
        return names
    }

    /// The caller's argument (looked up as given, then by canonical equivalence).
    private mutating func argument(_ name: String) -> MF2Value {
        var found = arguments[name]
        if found == nil {
            found = arguments.first(where: { NormalForm.nfc($0.key) == name })?.value
        }
        guard let found else {
            report(.unresolvedVariable, "no argument named '\(name)'")
            return .fallback("$" + name)
        }
        if case .list = found { return MF2Value(argument: found.asText(locale: locale)) }   // the language's "and" list
        return MF2Value(argument: found)
    }

    // MARK: Expressions

    /// The fallback representation of an expression: `$x`, `|literal|` or `:fn`.
    static func fallbackSource(_ expression: MessageFormat2.Expression) -> String {
        switch expression.operand {
        case .variable(let name): "$" + name
        case .literal(let literal): MF2Value.literalFallback(literal)
        case nil: ":" + (expression.function?.name ?? "")
        }
    }

    /// Resolves an expression; `operandIsArgument` for `.input`, whose variable
    /// names the argument rather than the declaration itself.
    mutating func resolve(_ expression: MessageFormat2.Expression, operandIsArgument: Bool = false) -> MF2Value {
        var operand: MF2Value?
        switch expression.operand {
        case .literal(let literal): operand = MF2Value(content: .string(literal))
        case .variable(let name): operand = operandIsArgument ? argument(name) : resolve(variable: name)
        case nil: operand = nil
        }
        guard let function = expression.function else { return operand ?? .fallback("\u{FFFD}") }
        let fallback = MF2Value.fallback(Self.fallbackSource(expression))
        guard let handler = functions[function.name] else {
            report(.unknownFunction, "unknown function ':\(function.name)'")
            return fallback
        }
        // With a fallback operand the expression is a fallback too; the
        // handler still sees it and reports it as a bad operand, as the
        // spec's test suite expects.
        var options = resolve(function.options)
        let (direction, isolate) = unicodeOptions(&options, markup: false)
        var call = MF2Call(function: function.name, operand: operand, options: options, locale: locale,
                           direction: self.direction)
        let result = handler(&call)
        errors += call.errors
        guard operand?.isFallback != true, var value = result else { return fallback }
        value.isLiteral = false
        if let direction {
            value.direction = direction
            value.isolate = isolate
        }
        return value
    }

    /// Option resolution: option values whose resolution failed are left out.
    mutating func resolve(_ options: [MessageFormat2.Option]) -> [String: MF2Value] {
        var result: [String: MF2Value] = [:]
        for option in options {
            var value: MF2Value
            switch option.value {
            case .literal(let literal):
                value = MF2Value(content: .string(literal))
                value.isLiteral = true
            case .variable(let name):
                value = resolve(variable: name)
                value.isLiteral = false
            }
            if value.isFallback {
                report(.badOption, "the value of the option '\(option.name)' could not be resolved")
                continue
            }
            result[option.name] = value
        }
        return result
    }

    /// Takes the `u:` options out of `options`: `u:dir` gives a direction
    /// (nil when absent or `inherit`) and whether to isolate; `u:id` and
    /// `u:locale` do not change text output.
    mutating func unicodeOptions(_ options: inout [String: MF2Value], markup: Bool) -> (TextDirection?, Bool) {
        var direction: TextDirection?
        var isolate = false
        if let dir = options.removeValue(forKey: "u:dir") {
            switch (markup, dir.text) {
            case (true, _): report(.badOption, "'u:dir' is not allowed on markup")
            case (false, "ltr"): (direction, isolate) = (.leftToRight, true)
            case (false, "rtl"): (direction, isolate) = (.rightToLeft, true)
            case (false, "auto"): (direction, isolate) = (.unknown, true)
            case (false, "inherit"): break
            case (false, let other):
                report(.badOption, "'u:dir' must be ltr, rtl, auto or inherit, not '\(other ?? "")'")
            }
        }
        if let id = options.removeValue(forKey: "u:id"), id.text == nil {
            report(.badOption, "'u:id' must be a string")
        }
        options.removeValue(forKey: "u:locale")
        return (direction, isolate)
    }

    // MARK: Markup

    /// Markup formats to nothing; its options are still resolved for their errors.
    mutating func resolve(_ markup: MessageFormat2.Markup) {
        var options = resolve(markup.options)
        _ = unicodeOptions(&options, markup: true)
    }
}

extension MF2Value {
    /// An argument as a resolved value: numbers stay numbers until a function
    /// or the placeholder decides how to format them.
    init(argument: FormatArgument) {
        switch argument {
        case .int(let value): content = .numberArgument(MF2Decimal(value))
        case .double(let value): content = MF2Decimal(value).map { .numberArgument($0) } ?? .string("\(value)")
        case .string(let value): content = .string(value)
        case .decimal(let text): content = MF2Decimal(literal: text).map { .numberArgument($0) } ?? .string(text)
        case .date(let milliseconds): content = .dateArgument(milliseconds)
        case .bool(let flag): content = .string(flag ? "true" : "false")
        case .list(let items): content = .string(items.joined(separator: ", "))   // not reached: resolve(variable:) joins it
        }
    }
}
