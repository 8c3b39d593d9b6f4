extension MessageFormat2 {
    /// The shape of a message (`MessageSyntaxPlugin.shapeReader`): its
    /// arguments, each with the function its `.input` declaration or first
    /// placeholder gives it, and the plural selections of its `.match`.
    static func shape(_ text: String) -> Result<MessageShape, ParlanceError> {
        let parsed: MessageFormat2
        do {
            parsed = try MessageFormat2(text)
        } catch {
            return .failure(ParlanceError(.format, "\(error.line):\(error.column): not valid MessageFormat 2 (\(error.message))"))
        }
        let message = parsed.message
        var shape = MessageShape()
        // What each variable is annotated with: by declaration, else by its first annotated placeholder.
        var functions: [String: MessageFormat2.Function] = [:]
        for declaration in message.declarations {
            guard let function = declaration.expression.function else { continue }
            functions[declaration.name] = function
            if case .variable(let operand) = declaration.expression.operand, functions[operand] == nil {
                functions[operand] = function
            }
        }
        func note(_ pattern: MessageFormat2.Pattern) {
            for case .expression(let expression) in pattern.parts {
                if case .variable(let name) = expression.operand, functions[name] == nil, let function = expression.function {
                    functions[name] = function
                }
            }
        }
        switch message.body {
        case .pattern(let pattern): note(pattern)
        case .matcher(_, let variants): variants.forEach { note($0.pattern) }
        }
        for name in parsed.variableNames {
            shape.arguments[name] = functions[name].map { kind(of: $0.name) } ?? "none"
        }
        if case .matcher(let selectors, let variants) = message.body {
            for (index, selector) in selectors.enumerated() {
                guard let function = functions[selector], ["number", "integer", "offset", "math"].contains(function.name) else { continue }
                let select = function.options.first { $0.name == "select" }?.value
                if select == .literal("exact") { continue }
                let keys = variants.compactMap { variant -> String? in
                    guard index < variant.keys.count, case .literal(let key) = variant.keys[index] else { return nil }
                    return key
                }
                shape.selections.append((selector, select == .literal("ordinal"), keys))
            }
        }
        return .success(shape)
    }

    /// A function's kind for comparing arguments: numbers, dates, strings.
    private static func kind(of function: String) -> String {
        switch function {
        case "number", "integer", "percent", "currency", "offset", "math", "unit": "number"
        case "date", "time", "datetime": "date"
        case "string": "string"
        default: function
        }
    }
}
