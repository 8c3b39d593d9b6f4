/// One argument of a call: its label, if the language has them and one
/// is written, and its tokens.
struct CallArgument {
    var label: String?
    var tokens: ArraySlice<SourceToken>
    /// Where the value starts (the call's `(` for an empty argument).
    var position: SourcePosition
}

/// A call to a keyword: `name(...)` or `receiver.name(...)`.
struct FoundCall {
    var spec: KeywordSpec
    /// The name as reported: `gettext`, or `.text` for a method.
    var displayName: String
    var position: SourcePosition
    var arguments: [CallArgument]
    /// Where the call ends: its `)` (the last token read when it has none).
    var end: SourcePosition
    /// In a C `#define` body: non-literal arguments are macro parameters, not reported.
    var inMacro = false
    /// The call is (inside) the format argument of a printf-like function
    /// (`printf(_("Bye.\n"))`): its message is a format string whatever it holds.
    var inFormatArgument = false
}

/// Finds the calls to keywords in a token stream. Calls nested in other
/// calls' arguments are found too, since every identifier is looked at.
struct CallScanner {
    var language: SourceLanguage
    /// Specs by name; several for one name when they differ in `Nt`.
    var keywords: [String: [KeywordSpec]]

    init(language: SourceLanguage, keywords: [KeywordSpec]) {
        self.language = language
        self.keywords = Dictionary(grouping: keywords, by: \.name)
    }

    func calls(in tokens: [SourceToken]) -> [FoundCall] {
        var found: [FoundCall] = []
        // The open brackets around each token: the function and argument they
        // are in (a call's `(` starts its argument 1; other brackets stay in
        // the argument around them, and their commas separate nothing).
        var open: [(function: String?, argument: Int, isCall: Bool)] = []
        let formatFunctions = language.formatFunctions
        for i in tokens.indices {
            let enclosing = open.last
            if !formatFunctions.isEmpty, case .punctuation(let p) = tokens[i].kind {
                if p == "(" || p == "[" || p == "{" {
                    if p == "(", i > 0, let callee = tokens[i - 1].identifier {
                        open.append((callee, 1, true))
                    } else {
                        open.append((open.last?.function, open.last?.argument ?? 0, false))
                    }
                } else if p == ")" || p == "]" || p == "}" {
                    _ = open.popLast()
                } else if p == ",", open.last?.isCall == true {
                    open[open.count - 1].argument += 1
                } else if p == ";" {
                    open.removeAll()
                }
            }
            guard let name = tokens[i].identifier, let specs = keywords[name],
                  i + 1 < tokens.count, tokens[i + 1].isPunctuation("(") else { continue }
            let previous = i > 0 ? tokens[i - 1] : nil
            let isMethod = previous?.isPunctuation(".") == true
            if isDeclaration(tokens, name: i) { continue }
            if isMethod && !receiverMayBeLocalizer(tokens, dot: i - 1) { continue }
            let (arguments, end) = self.arguments(tokens, open: i + 1)
            let candidates = specs.filter { $0.style == .function || isMethod }
            guard let spec = candidates.first(where: { $0.totalArguments == arguments.count })
                    ?? candidates.first(where: { $0.totalArguments == nil }) else { continue }
            var call = FoundCall(spec: spec, displayName: isMethod && spec.style == .method ? "." + name : name,
                                 position: tokens[i].position, arguments: arguments, end: end, inMacro: tokens[i].inMacro)
            if let enclosing, let function = enclosing.function {
                call.inFormatArgument = formatFunctions[function] == enclosing.argument
            }
            found.append(call)
        }
        return found
    }

    /// `char *gettext(const char *msgid)`, `func text(...)`, `def text(...)`:
    /// a type or a declaring word right before the name (in C, past any
    /// `*` and `&`), rather than an operator or an expression keyword.
    private func isDeclaration(_ tokens: [SourceToken], name: Int) -> Bool {
        var k = name - 1
        if language != .swift && language != .python {
            while k >= 0, case .punctuation(let p) = tokens[k].kind, !p.isEmpty, p.allSatisfy({ $0 == "*" || $0 == "&" }) {
                k -= 1
            }
        }
        guard k >= 0, let word = tokens[k].identifier else { return false }
        // Python declares a name only after `def` or `class`; a word before it
        // ends the statement above (`x = _("a") % name` then `_("b")`).
        if language == .python { return word == "def" || word == "class" }
        if tokens[k].inMacro && k > 0 && tokens[k - 1].identifier == "define" && tokens[k - 1].inMacro {
            return false  // `#define NAME call(...)`: NAME is the macro, the body is a call
        }
        return !SourceLanguage.expressionKeywords.contains(word)
    }

    /// `"...".format(...)`, `codecs.lookup(...)`: not a localizer.
    /// Swift's `.text(value)` with nothing before the dot (an enum case,
    /// `case .text(let s)`) is not a method call either.
    private func receiverMayBeLocalizer(_ tokens: [SourceToken], dot: Int) -> Bool {
        guard dot > 0 else { return false }
        let receiver = tokens[dot - 1]
        if receiver.literal != nil { return false }
        if let name = receiver.identifier {
            if SourceLanguage.expressionKeywords.contains(name) { return false }
        } else if !(receiver.isPunctuation(")") || receiver.isPunctuation("]") || receiver.isPunctuation("}")
                    || receiver.isPunctuation("?") || receiver.isPunctuation("!")) {
            return false
        }
        if let name = receiver.identifier, BuiltinKeywords.foreignReceivers.contains(name),
           !(dot > 1 && tokens[dot - 2].isPunctuation(".")) {
            return false
        }
        return true
    }

    /// The arguments of the call whose `(` is at `open`, split at the
    /// commas that are not nested in brackets, and where the call ends.
    private func arguments(_ tokens: [SourceToken], open: Int) -> ([CallArgument], end: SourcePosition) {
        var arguments: [CallArgument] = []
        var depth = 0
        var start = open + 1
        var i = open + 1
        func close(at end: Int) {
            let slice = tokens[start..<end]
            if slice.isEmpty && arguments.isEmpty && tokens[end].isPunctuation(")") { return }  // f()
            arguments.append(argument(slice, fallback: tokens[end].position))
        }
        while i < tokens.count {
            let token = tokens[i]
            if case .punctuation(let p) = token.kind {
                if p == "(" || p == "[" || p == "{" {
                    depth += 1
                } else if p == ")" || p == "]" || p == "}" {
                    if depth == 0 {
                        close(at: i)
                        return (arguments, token.position)
                    }
                    depth -= 1
                } else if p == "," && depth == 0 {
                    close(at: i)
                    start = i + 1
                } else if p == ";" && language != .python {
                    break  // a missing `)`: stop at the statement's end
                }
            }
            i += 1
        }
        if start < min(i, tokens.count) { arguments.append(argument(tokens[start..<min(i, tokens.count)], fallback: tokens[start].position)) }
        return (arguments, tokens[min(i, tokens.count) - 1].position)
    }

    private func argument(_ slice: ArraySlice<SourceToken>, fallback: SourcePosition) -> CallArgument {
        if let separator = language.labelSeparator, slice.count >= 2,
           let label = slice.first?.identifier, slice[slice.startIndex + 1].isPunctuation(separator) {
            let value = slice.dropFirst(2)
            return CallArgument(label: label, tokens: value, position: value.first?.position ?? fallback)
        }
        return CallArgument(label: nil, tokens: slice, position: slice.first?.position ?? fallback)
    }
}
