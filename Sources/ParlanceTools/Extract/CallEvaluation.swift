import Parlance

/// What an argument's tokens amount to.
enum ArgumentValue: Equatable {
    /// Not given, or `NULL`/`nil`/`None`.
    case absent
    case literal(String)
    /// Anything else, at the position to report, with a reason when there
    /// is a specific one (`f-string`, `string interpolation`).
    case nonLiteral(SourcePosition, reason: String?)

    /// C, C++ and Objective-C, as xgettext reads them: the msgid is the
    /// first run of adjacent literals, with `<inttypes.h>` macros inside it
    /// (`"%" PRIu64 " bytes"` is `%<PRIu64> bytes`, which msgfmt writes as a
    /// system-dependent string); tokens before the run and from the first
    /// other token after it are not part of it (`_("git refs " OPTS)` gives
    /// `git refs `, `_(c ? "yes" : "no")` gives `yes`). No literal at all is
    /// not a message.
    /// A literal that cannot be a key (interpolation, an f-string, a byte
    /// string), reported where its problem is; nil for a plain literal.
    private static func refusal(_ token: SourceToken) -> ArgumentValue? {
        guard let problem = token.literal?.problem else { return nil }
        if case .interpolation(let at) = problem { return .nonLiteral(at, reason: problem.reason) }
        return .nonLiteral(token.position, reason: problem.reason)
    }

    private static func firstLiteralRun(_ tokens: ArraySlice<SourceToken>, at position: SourcePosition) -> ArgumentValue {
        var text = ""
        var started = false
        for token in tokens {
            if let literal = token.literal {
                if let refused = refusal(token) { return refused }
                text += literal.text
                started = true
            } else if started, let name = token.identifier, FormatStrings.isInttypesMacro(name) {
                text += "<" + name + ">"
            } else if started {
                break
            }
        }
        return started ? .literal(text) : .nonLiteral(position, reason: nil)
    }

    init(_ argument: CallArgument?, language: SourceLanguage) {
        guard let argument, let first = argument.tokens.first else {
            self = .absent
            return
        }
        if argument.tokens.count == 1, let word = first.identifier, SourceLanguage.nullWords.contains(word) {
            self = .absent
            return
        }
        var tokens = argument.tokens
        // Core Foundation's CFSTR("...") is the literal it wraps.
        if tokens.count >= 4, tokens.first?.identifier == "CFSTR", tokens[tokens.startIndex + 1].isPunctuation("("),
           tokens.last?.isPunctuation(")") == true {
            tokens = tokens.dropFirst(2).dropLast()
        }
        if !language.concatenatesWithPlus {
            self = Self.firstLiteralRun(tokens, at: argument.position)
            return
        }
        // Literals (Swift, Python) joined by `+`, or adjacent.
        var text = ""
        var expectLiteral = true
        for token in tokens {
            if let literal = token.literal {
                if let refused = Self.refusal(token) {
                    self = refused
                    return
                }
                text += literal.text
                expectLiteral = false
            } else if token.isPunctuation("+") && !expectLiteral {
                expectLiteral = true
            } else if !expectLiteral && (token.isPunctuation("%") || token.isPunctuation(".")) && language == .python {
                break   // `"%s" % x`, `"{}".format(x)`: xgettext takes the literal, and so do we
            } else {
                self = .nonLiteral(argument.position, reason: nil)
                return
            }
        }
        self = expectLiteral ? .nonLiteral(argument.position, reason: nil) : .literal(text)
    }
}

/// A call's message, or why there is none.
enum CallOutcome {
    case message(SourceMessage)
    case diagnostic(ToolDiagnostic)
    case nothing
}

extension FoundCall {
    /// The argument playing `role`: by label first, then by position
    /// among all arguments (labels and positions are both 1-based views of
    /// the same list, as Swift and Python write them).
    func argument(for role: ArgumentRole) -> CallArgument? {
        if let label = spec.labels.first(where: { $0.value == role })?.key,
           let argument = arguments.first(where: { $0.label == label }) {
            return argument
        }
        guard let position = spec.positions.first(where: { $0.value == role })?.key,
              position <= arguments.count else { return nil }
        let argument = arguments[position - 1]
        // A labeled argument only counts at its position when the label is not known to mean something else.
        if let label = argument.label, spec.labels[label] != nil, spec.labels[label] != role { return nil }
        return argument
    }

    /// Where the key's first literal is (the call's name when there is
    /// none): where xgettext takes the comments before the message.
    var keyPosition: SourcePosition {
        let marked = spec.positions.values.contains(.markedKey) || spec.labels.values.contains(.markedKey)
        return argument(for: marked ? .markedKey : .key)?.tokens.first { $0.literal != nil }?.position ?? position
    }

    var hasKeyRole: Bool {
        spec.positions.values.contains { $0 == .key || $0 == .markedKey }
            || spec.labels.values.contains { $0 == .key || $0 == .markedKey }
    }

    /// The message this call contributes, a warning about it, or nothing
    /// (the key argument is missing: a different function of the same name).
    func evaluate(path: String, language: SourceLanguage) -> CallOutcome {
        let marked = spec.positions.values.contains(.markedKey) || spec.labels.values.contains(.markedKey)
        guard let keyArgument = argument(for: marked ? .markedKey : .key) else { return .nothing }
        func warn(_ at: SourcePosition, _ message: String, severity: ToolDiagnostic.Severity = .warning) -> CallOutcome {
            .diagnostic(ToolDiagnostic(path: path, line: at.line, column: at.column, severity: severity, message: message))
        }
        func nonLiteral(_ what: String, _ at: SourcePosition, _ reason: String?) -> CallOutcome {
            if inMacro { return .nothing }
            let detail = reason.map { " (\($0))" } ?? ""
            // A method of the same name on some other object is common
            // (`response.text(...)`): a note, not a warning.
            let severity: ToolDiagnostic.Severity = spec.style == .method && what == "key" && reason == nil ? .note : .warning
            return warn(at, "non-literal \(what) in call to \(displayName); not extracted\(detail)", severity: severity)
        }

        var key: String
        switch ArgumentValue(keyArgument, language: language) {
        case .absent: return .nothing
        case .nonLiteral(let at, let reason): return nonLiteral("key", at, reason)
        case .literal(let text): key = text
        }
        if marked {
            guard CaretMark.isMarked(key) else {
                return warn(keyArgument.position, "text in call to \(displayName) has no leading '^'; not extracted")
            }
            key.removeFirst()
        }
        if key.isEmpty {
            return warn(keyArgument.position, "empty key in call to \(displayName); not extracted")
        }
        if key.utf8.contains(0) {
            return warn(keyArgument.position, "key in call to \(displayName) contains a NUL character; not extracted")
        }
        // The reference is the line of the key's first literal, as xgettext writes it.
        let line = keyArgument.tokens.first { $0.literal != nil }?.position.line ?? position.line
        var message = SourceMessage(key: key, references: [.init(path: path, line: line)])
        for (role, what) in [(ArgumentRole.context, "context"), (.plural, "plural"), (.table, "table")] {
            switch ArgumentValue(argument(for: role), language: language) {
            case .absent: continue
            case .nonLiteral(let at, let reason): return nonLiteral(what, at, reason)
            case .literal(let text):
                switch role {
                case .context: message.context = text
                case .plural: message.plural = text
                default:
                    guard Self.isTableName(text) else {
                        return warn(argument(for: role)!.position, "table name '\(text)' in call to \(displayName) is not a file name; not extracted")
                    }
                    message.table = text
                }
            }
        }
        if message.plural == nil && spec.isPlural { message.plural = key }
        message.formatFlags = FormatFlags.flags(key: key, plural: message.plural, language: language)
        if inFormatArgument && message.formatFlags.isEmpty { message.formatFlags = ["c-format"] }
        if case .literal(let note) = ArgumentValue(argument(for: .note), language: language), !note.isEmpty {
            message.notes.append(note)
        }
        if let note = spec.fixedNote { message.notes.append(note) }
        if case .literal(let value) = ArgumentValue(argument(for: .defaultValue), language: language) {
            message.defaultValue = value
        }
        return .message(message)
    }

    /// Tables become file names: no `/`, not empty, not `.` or `..`.
    static func isTableName(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".." && !text.utf8.contains(UInt8(ascii: "/")) && !text.utf8.contains(0)
    }
}
