/// Placeholders, literals, names and whitespace.
extension MessageFormat2Parser {
    typealias Model = MessageFormat2

    /// `expression / markup`, from `{` to `}`.
    mutating func placeholder() throws(MF2LoadError) -> Model.Pattern.Part {
        let start = index
        index += 1  // "{"
        skipOptionalSpace()
        guard let c = peek() else { throw error("missing '}' at the end of the placeholder", at: start) }
        switch c {
        case "#", "/":
            index += 1
            let name = try identifier()
            let options = try self.options()
            let attributes = try self.attributes()
            skipOptionalSpace()
            var kind: Model.Markup.Kind = c == "#" ? .open : .close
            if c == "#", peek() == "/" {
                index += 1
                kind = .standalone
            }
            try closeBrace(start)
            validator.options(options, at: start)
            return .markup(Model.Markup(kind: kind, name: name, options: options, attributes: attributes))
        case ":":
            let function = try self.function()
            let attributes = try self.attributes()
            skipOptionalSpace()
            try closeBrace(start)
            validator.options(function.options, at: start)
            return .expression(Model.Expression(operand: nil, function: function, attributes: attributes))
        default:
            let operand = try self.operand(what: "an operand, ':function', '#markup' or '/markup'")
            var function: Model.Function?
            let afterOperand = index
            if skipSpace(), peek() == ":" {
                function = try self.function()
            } else {
                index = afterOperand
            }
            let attributes = try self.attributes()
            skipOptionalSpace()
            try closeBrace(start)
            if let function { validator.options(function.options, at: start) }
            return .expression(Model.Expression(operand: operand, function: function, attributes: attributes))
        }
    }

    private mutating func closeBrace(_ start: Int) throws(MF2LoadError) {
        guard let c = peek() else { throw error("missing '}' at the end of the placeholder", at: start) }
        guard c == "}" else {
            throw error(MF2Characters.isWhitespace(c) || MF2Characters.isBidi(c)
                ? "expected '}'" : "unexpected '\(c)' in the placeholder (a space or '}' expected)")
        }
        index += 1
    }

    /// `":" identifier *(s option)`
    private mutating func function() throws(MF2LoadError) -> Model.Function {
        index += 1  // ":"
        let name = try identifier()
        return Model.Function(name: name, options: try options())
    }

    /// `*(s option)`, `option = identifier o "=" o (literal / variable)`
    private mutating func options() throws(MF2LoadError) -> [Model.Option] {
        var options: [Model.Option] = []
        while true {
            let before = index
            guard skipSpace(), let c = peek(), MF2Characters.isNameStart(c) else {
                index = before
                return options
            }
            let name = try identifier()
            skipOptionalSpace()
            guard peek() == "=" else { throw error("expected '=' after the option name '\(name)'") }
            index += 1
            skipOptionalSpace()
            let value = try operand(what: "an option value (a literal or a variable)")
            options.append(Model.Option(name: name, value: value))
        }
    }

    /// `*(s attribute)`, `attribute = "@" identifier [o "=" o literal]`
    private mutating func attributes() throws(MF2LoadError) -> [Model.Attribute] {
        var attributes: [Model.Attribute] = []
        while true {
            let before = index
            guard skipSpace(), peek() == "@" else {
                index = before
                return attributes
            }
            index += 1
            let name = try identifier()
            let afterName = index
            skipOptionalSpace()
            var value: String?
            if peek() == "=" {
                index += 1
                skipOptionalSpace()
                guard peek() == "|" || peek().map(MF2Characters.isNameChar) == true else {
                    throw error("an attribute value must be a literal")
                }
                value = try literal()
            } else {
                index = afterName
            }
            attributes.append(Model.Attribute(name: name, value: value))
        }
    }

    /// `literal / variable`
    private mutating func operand(what: String) throws(MF2LoadError) -> Model.Operand {
        guard let c = peek() else { throw error("expected \(what)") }
        if c == "$" {
            index += 1
            return .variable(try name())
        }
        guard c == "|" || MF2Characters.isNameChar(c) else { throw error("expected \(what)") }
        return .literal(try literal())
    }

    /// `quoted-literal / unquoted-literal`, its value with escapes replaced.
    mutating func literal() throws(MF2LoadError) -> String {
        var value = ""
        guard peek() == "|" else {
            while let c = peek(), MF2Characters.isNameChar(c) {
                value.unicodeScalars.append(c)
                index += 1
            }
            return value
        }
        let start = index
        index += 1
        while true {
            guard let c = peek() else { throw error("missing '|' at the end of the quoted literal", at: start) }
            if c == "|" { break }
            if c == "\\" {
                value.unicodeScalars.append(try escape())
            } else if MF2Characters.isQuotedChar(c) {
                value.unicodeScalars.append(c)
                index += 1
            } else {
                throw error("NUL is not allowed in a literal")
            }
        }
        index += 1
        return value
    }

    /// `[namespace ":"] name`
    private mutating func identifier() throws(MF2LoadError) -> String {
        let first = try name()
        guard peek() == ":" else { return first }
        index += 1
        return first + ":" + (try name())
    }

    /// `[bidi] name-start *name-char [bidi]`, in NFC without its bidi marks.
    mutating func name() throws(MF2LoadError) -> String {
        if let c = peek(), MF2Characters.isBidi(c) { index += 1 }
        guard let first = peek(), MF2Characters.isNameStart(first) else {
            throw error(peek() == nil ? "expected a name at the end of the message" : "expected a name")
        }
        var name = ""
        while let c = peek(), MF2Characters.isNameChar(c) {
            name.unicodeScalars.append(c)
            index += 1
        }
        if let c = peek(), MF2Characters.isBidi(c) { index += 1 }
        return NormalForm.nfc(name)
    }

    // MARK: Whitespace

    /// `o = *(ws / bidi)`
    mutating func skipOptionalSpace() {
        while let c = peek(), MF2Characters.isWhitespace(c) || MF2Characters.isBidi(c) { index += 1 }
    }

    /// `s = *bidi ws o`; false (with the position unspecified) when there is none.
    mutating func skipSpace() -> Bool {
        while let c = peek(), MF2Characters.isBidi(c) { index += 1 }
        guard let c = peek(), MF2Characters.isWhitespace(c) else { return false }
        skipOptionalSpace()
        return true
    }

    mutating func requireSpace(after what: String) throws(MF2LoadError) {
        guard skipSpace() else { throw error("expected whitespace after \(what)") }
    }
}
