/// The data model rules of MessageFormat 2 (`spec/errors.md`, "Data Model
/// Errors"), fed by the parser in source order; it keeps the first error.
struct MessageFormat2Validator {
    private(set) var firstError: MF2LoadError?
    /// Every variable declared or used so far: a later declaration of one is a
    /// Duplicate Declaration (an input variable is declared by its first use).
    private var known: Set<String> = []
    /// Declared variables, and whether each has a function directly or through
    /// the variable it was declared from.
    private var annotated: [String: Bool] = [:]

    private mutating func report(_ kind: MessageFormat2Error.Kind, _ message: String, at offset: Int) {
        if firstError == nil { firstError = MF2LoadError(kind: kind, offset: offset, message: message) }
    }

    /// `.input {$name …}` or `.local $name = {…}`, after its expression was read.
    mutating func declare(_ name: String, kind: MessageFormat2.Declaration.Kind,
                          expression: MessageFormat2.Expression, at offset: Int) {
        for option in expression.function?.options ?? [] {
            if case .variable(let used) = option.value { known.insert(used) }
        }
        if kind == .local, case .variable(let used) = expression.operand { known.insert(used) }
        if known.contains(name) {
            report(.duplicateDeclaration, "$\(name) is declared more than once (or after its first use)", at: offset)
        }
        known.insert(name)
        if expression.function != nil {
            annotated[name] = true
        } else if kind == .local, case .variable(let from) = expression.operand {
            annotated[name] = annotated[from] ?? false
        } else {
            annotated[name] = false
        }
    }

    /// A selector of `.match`.
    mutating func select(_ name: String, at offset: Int) {
        if annotated[name] != true {
            report(.missingSelectorAnnotation,
                   "the selector $\(name) must refer to a declaration with a function, like .input {$\(name) :number}",
                   at: offset)
        }
        known.insert(name)
    }

    /// The options of one expression or markup.
    mutating func options(_ options: [MessageFormat2.Option], at offset: Int) {
        var names: Set<String> = []
        for option in options where !names.insert(option.name).inserted {
            report(.duplicateOptionName, "the option '\(option.name)' is given more than once", at: offset)
        }
    }

    private var variantKeys: Set<[MessageFormat2.Key]> = []

    /// One variant of the matcher.
    mutating func variant(_ keys: [MessageFormat2.Key], selectorCount: Int, at offset: Int) {
        if keys.count != selectorCount {
            report(.variantKeyMismatch,
                   "this variant has \(keys.count) key\(keys.count == 1 ? "" : "s") for \(selectorCount) selector\(selectorCount == 1 ? "" : "s")",
                   at: offset)
        } else if !variantKeys.insert(keys).inserted {
            report(.duplicateVariant, "another variant has the same keys", at: offset)
        }
    }

    /// After the last variant.
    mutating func finish(variants: [MessageFormat2.Variant], selectorCount: Int, at offset: Int) {
        let fallback = variants.contains { $0.keys.count == selectorCount && $0.keys.allSatisfy { $0 == .catchAll } }
        if !fallback {
            report(.missingFallbackVariant, "no variant has only catch-all keys ('*')", at: offset)
        }
    }
}
