/// Placeables: literals, references, calls and select expressions, with the
/// reference parser's checks (one `*[default]` variant, functions named in
/// capitals, named arguments after positional ones and literal-valued).
extension FluentParser {
    mutating func placeable() throws(FluentSyntaxError) -> FluentExpression {
        try expect("{")
        cursor.skipBlank()
        let expression = try self.expression()
        try expect("}")
        return expression
    }

    private mutating func expression() throws(FluentSyntaxError) -> FluentExpression {
        let selector = try inlineExpression()
        cursor.skipBlank()
        if cursor.current == "-" {
            cursor.peek()
            guard cursor.currentPeek == ">" else { cursor.resetPeek(); return selector }
            switch selector {
            case .message(_, nil): throw FluentSyntaxError("E0016", "Message references cannot be used as selectors")
            case .message: throw FluentSyntaxError("E0018", "Attributes of messages cannot be used as selectors")
            case .term(_, nil, _): throw FluentSyntaxError("E0017", "Terms cannot be used as selectors")
            case .placeable: throw FluentSyntaxError("E0029", "Expected simple expression as selector")
            default: break
            }
            cursor.next()
            cursor.next()
            cursor.skipBlankInline()
            try expectLineEnd()
            return .select(selector: selector, variants: try variants())
        }
        if case .term(_, .some, _) = selector {
            throw FluentSyntaxError("E0019", "Attributes of terms cannot be used as placeables")
        }
        return selector
    }

    private mutating func inlineExpression() throws(FluentSyntaxError) -> FluentExpression {
        if cursor.current == "{" { return .placeable(try placeable()) }
        if cursor.isNumberStart { return .number(try number()) }
        if cursor.current == "\"" { return .string(raw: try string()) }
        if cursor.current == "$" {
            cursor.next()
            return .variable(try identifier())
        }
        if cursor.current == "-" {
            cursor.next()
            let id = try identifier()
            var attribute: String?
            if cursor.current == "." {
                cursor.next()
                attribute = try identifier()
            }
            var arguments: FluentCallArguments?
            cursor.peekBlank()
            if cursor.currentPeek == "(" {
                cursor.skipToPeek()
                arguments = try callArguments()
            }
            cursor.resetPeek()
            return .term(id: id, attribute: attribute, arguments: arguments)
        }
        if FluentCursor.isIdentifierStart(cursor.current) {
            let id = try identifier()
            cursor.peekBlank()
            if cursor.currentPeek == "(" {
                guard Self.isFunctionName(id) else { throw FluentSyntaxError("E0008", "The callee has to be an upper-case identifier or a term") }
                cursor.skipToPeek()
                return .function(name: id, arguments: try callArguments())
            }
            cursor.resetPeek()
            var attribute: String?
            if cursor.current == "." {
                cursor.next()
                attribute = try identifier()
            }
            return .message(id: id, attribute: attribute)
        }
        throw FluentSyntaxError("E0028", "Expected an inline expression")
    }

    private static func isFunctionName(_ id: String) -> Bool {
        id.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    private mutating func callArguments() throws(FluentSyntaxError) -> FluentCallArguments {
        var arguments = FluentCallArguments(positional: [], named: [])
        try expect("(")
        cursor.skipBlank()
        while cursor.current != ")" {
            let expression = try inlineExpression()
            cursor.skipBlank()
            if cursor.current == ":" {
                guard case .message(let name, nil) = expression else {
                    throw FluentSyntaxError("E0009", "The argument name has to be a simple identifier")
                }
                cursor.next()
                cursor.skipBlank()
                let value: FluentExpression
                if cursor.isNumberStart { value = .number(try number()) }
                else if cursor.current == "\"" { value = .string(raw: try string()) }
                else { throw FluentSyntaxError("E0014", "Expected literal") }
                if arguments.named.contains(where: { $0.name == name }) {
                    throw FluentSyntaxError("E0022", "Named arguments must be unique")
                }
                arguments.named.append((name, value))
            } else if !arguments.named.isEmpty {
                throw FluentSyntaxError("E0021", "Positional arguments must not follow named arguments")
            } else {
                arguments.positional.append(expression)
            }
            cursor.skipBlank()
            guard cursor.current == "," else { break }
            cursor.next()
            cursor.skipBlank()
        }
        try expect(")")
        return arguments
    }

    private mutating func variants() throws(FluentSyntaxError) -> [FluentVariant] {
        var variants: [FluentVariant] = []
        var hasDefault = false
        cursor.skipBlank()
        while cursor.isVariantStart() {
            var isDefault = false
            if cursor.current == "*" {
                if hasDefault { throw FluentSyntaxError("E0015", "Only one variant can be marked as default (*)") }
                cursor.next()
                isDefault = true
                hasDefault = true
            }
            try expect("[")
            cursor.skipBlank()
            let key: FluentVariant.Key
            if cursor.isNumberStart { key = .number(try number()) } else { key = .identifier(try identifier()) }
            cursor.skipBlank()
            try expect("]")
            guard let value = try maybePattern() else { throw .E0012 }
            variants.append(FluentVariant(key: key, value: value, isDefault: isDefault))
            try expectLineEnd()
            cursor.skipBlank()
        }
        if variants.isEmpty { throw FluentSyntaxError("E0011", "Expected at least one variant after \"->\"") }
        if !hasDefault { throw FluentSyntaxError("E0010", "Expected one of the variants to be marked as default (*)") }
        return variants
    }

    private mutating func number() throws(FluentSyntaxError) -> String {
        var value = String.UnicodeScalarView()
        if cursor.current == "-" {
            cursor.next()
            value.append("-")
        }
        try digits(into: &value)
        if cursor.current == "." {
            cursor.next()
            value.append(".")
            try digits(into: &value)
        }
        return String(value)
    }

    private mutating func digits(into value: inout String.UnicodeScalarView) throws(FluentSyntaxError) {
        guard FluentCursor.isDigit(cursor.current) else { throw FluentSyntaxError("E0004", "Expected a character from range: \"0-9\"") }
        while FluentCursor.isDigit(cursor.current), let c = cursor.current {
            value.append(c)
            cursor.next()
        }
    }

    /// A string literal's text as written (escapes checked, not replaced).
    private mutating func string() throws(FluentSyntaxError) -> String {
        try expect("\"")
        var value = String.UnicodeScalarView()
        while let c = cursor.current, c != "\"", c != "\n" {
            cursor.next()
            guard c == "\\" else { value.append(c); continue }
            switch cursor.current {
            case "\\", "\"":
                value.append(c)
                value.append(cursor.current!)
                cursor.next()
            case "u", "U":
                let u = cursor.current!
                cursor.next()
                value.append(c)
                value.append(u)
                for _ in 0..<(u == "u" ? 4 : 6) {
                    guard let h = cursor.current, h.properties.isASCIIHexDigit else {
                        throw FluentSyntaxError("E0026", "Invalid Unicode escape sequence")
                    }
                    value.append(h)
                    cursor.next()
                }
            default:
                throw FluentSyntaxError("E0025", "Unknown escape sequence")
            }
        }
        if cursor.current == "\n" { throw FluentSyntaxError("E0020", "Unterminated string expression") }
        try expect("\"")
        return String(value)
    }
}

/// The escapes of Fluent string literals, read when a literal is formatted.
package enum FluentEscapes {
    /// `\\`, `\"`, `\uXXXX` and `\UXXXXXX` replaced; a surrogate or a code
    /// point past U+10FFFF becomes U+FFFD (as fluent.js and fluent-rs do).
    package static func unescape(_ raw: String) -> String {
        guard raw.unicodeScalars.contains("\\") else { return raw }
        var out = String.UnicodeScalarView()
        var scalars = raw.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            guard c == "\\", let e = scalars.next() else { out.append(c); continue }
            switch e {
            case "u", "U":
                var hex = ""
                for _ in 0..<(e == "u" ? 4 : 6) { if let h = scalars.next() { hex.unicodeScalars.append(h) } }
                out.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
            default:
                out.append(e)
            }
        }
        return String(out)
    }
}
