/// The grammar of `.po` files, as GNU gettext's `read-po-gram.y`:
///
///     file    = { comment | message }
///     message = [ "#|" [msgctxt strings] msgid strings [msgid_plural strings] ]
///               [ msgctxt strings ] msgid strings
///               ( msgstr strings | msgid_plural strings { msgstr "[" N "]" strings } )
///
/// `msgstr[N]` must count 0, 1, 2... in order. Every token of an entry is on
/// `#~` lines or none is. Comments before an entry belong to it. A second
/// entry with the same msgctxt and msgid is an error, as in `msgfmt`
/// (obsolete entries are not counted).
struct POParser {
    var lexer: POLexer
    let path: String?
    private var lookahead: POLexer.Lexeme? = nil

    init(_ lexer: POLexer, path: String?) {
        self.lexer = lexer
        self.path = path
    }

    private mutating func peek() throws(ParlanceError) -> POLexer.Lexeme {
        if let lookahead { return lookahead }
        let next = try lexer.next()
        lookahead = next
        return next
    }

    private mutating func take() throws(ParlanceError) -> POLexer.Lexeme {
        let next = try peek()
        lookahead = nil
        return next
    }

    private func error(_ message: String, at lexeme: POLexer.Lexeme) -> ParlanceError {
        .syntax(message, path: path, line: lexeme.line, column: lexeme.column)
    }

    private static func describe(_ token: POLexer.Token) -> String {
        switch token {
        case .keyword(let keyword): return "'\(keyword.rawValue)'"
        case .string: return "a string"
        case .number(let n): return "number \(n)"
        case .open: return "'['"
        case .close: return "']'"
        case .comment: return "a comment"
        case .end: return "end of file"
        }
    }

    /// Every entry, obsolete ones included, in file order. With
    /// `stopAtHeader`, stops after the first non-obsolete header entry.
    mutating func parse(stopAtHeader: Bool = false) throws(ParlanceError) -> [POEntry] {
        var entries: [POEntry] = []
        var seen: [String: Int] = [:]
        // Room for the entries of a typical file (about 100 bytes each) up
        // front: growing a string dictionary rehashes every key it holds.
        if !stopAtHeader { seen.reserveCapacity(lexer.text.count / 128) }
        var comments: [String] = []
        while true {
            let next = try peek()
            switch next.token {
            case .end:
                return entries
            case .comment(let text):
                _ = try take()
                comments.append(text)
            case .keyword(.msgid), .keyword(.msgctxt):
                var entry = try message()
                entry.applyComments(comments)
                comments.removeAll()
                if !entry.isObsolete {
                    let key = ContextKey.gettext(entry.msgid, context: entry.context)
                    if let first = seen[key] {
                        throw .syntax("duplicate message definition (first defined on line \(first))",
                                      path: path, line: entry.line, column: entry.column)
                    }
                    seen[key] = entry.line
                }
                entries.append(entry)
                if stopAtHeader && entry.isHeader && !entry.isObsolete { return entries }
            case .keyword(.domain):
                throw error("'domain' directives are not supported; use one file per domain", at: next)
            default:
                throw error("unexpected \(Self.describe(next.token)), expected 'msgid' or 'msgctxt'", at: next)
            }
        }
    }

    /// One entry, from its first `#|` keyword, `msgctxt` or `msgid`.
    private mutating func message() throws(ParlanceError) -> POEntry {
        let first = try peek()
        var entry = POEntry(msgid: "", line: first.line, column: first.column, isObsolete: first.obsolete)
        if first.previous {
            if try accept(.msgctxt, previous: true) { entry.previousContext = try strings(previous: true, entry) }
            guard try accept(.msgid, previous: true) else {
                throw error("unexpected \(Self.describe(try peek().token)) after '#| msgctxt', expected '#| msgid'", at: try peek())
            }
            entry.previousMsgid = try strings(previous: true, entry)
            if try accept(.msgidPlural, previous: true) { entry.previousMsgidPlural = try strings(previous: true, entry) }
        }
        if try accept(.msgctxt, previous: false) { entry.context = try strings(previous: false, entry) }
        let intro = try peek()
        guard intro.token == .keyword(.msgid), !intro.previous else {
            throw error("unexpected \(Self.describe(intro.token)), expected 'msgid'", at: intro)
        }
        try checkObsolete(intro, entry)
        _ = try take()
        (entry.line, entry.column) = (intro.line, intro.column)
        entry.msgid = try strings(previous: false, entry)
        if try accept(.msgidPlural, previous: false) {
            entry.msgidPlural = try strings(previous: false, entry)
            let section = try peek()
            guard section.token == .keyword(.msgstr), !section.previous else {
                throw error("missing 'msgstr[]' section", at: intro)
            }
            while case .keyword(.msgstr) = try peek().token, !(try peek().previous) {
                let keyword = try take()
                try checkObsolete(keyword, entry)
                guard try peek().token == .open else { throw error("'msgstr' after 'msgid_plural' needs an index: msgstr[N]", at: keyword) }
                _ = try take()
                let number = try take()
                guard case .number(let index) = number.token else {
                    throw error("unexpected \(Self.describe(number.token)), expected a plural form index", at: number)
                }
                guard try take().token == .close else { throw error("missing ']' after the plural form index", at: number) }
                if index != entry.msgstr.count {
                    throw error(entry.msgstr.isEmpty ? "first plural form has nonzero index"
                                                     : "plural form has wrong index \(index), expected \(entry.msgstr.count)",
                                at: number)
                }
                entry.msgstr.append(try strings(previous: false, entry))
            }
        } else {
            let section = try peek()
            guard section.token == .keyword(.msgstr), !section.previous else {
                throw error("missing 'msgstr' section", at: intro)
            }
            _ = try take()
            try checkObsolete(section, entry)
            if try peek().token == .open { throw error("missing 'msgid_plural' section", at: intro) }
            entry.msgstr = [try strings(previous: false, entry)]
        }
        return entry
    }

    /// Takes the keyword when it comes next on a line of the given kind.
    private mutating func accept(_ keyword: POLexer.Keyword, previous: Bool) throws(ParlanceError) -> Bool {
        let next = try peek()
        guard next.token == .keyword(keyword), next.previous == previous else { return false }
        _ = try take()
        return true
    }

    private func checkObsolete(_ lexeme: POLexer.Lexeme, _ entry: POEntry) throws(ParlanceError) {
        if lexeme.obsolete != entry.isObsolete { throw error("inconsistent use of #~", at: lexeme) }
    }

    /// One or more adjacent strings, concatenated and checked as UTF-8.
    private mutating func strings(previous: Bool, _ entry: POEntry) throws(ParlanceError) -> String {
        let first = try peek()
        guard case .string = first.token, first.previous == previous else {
            throw error("unexpected \(Self.describe(first.token)), expected a string", at: first)
        }
        // One string without escapes (the usual case) is a slice of the
        // text, well formed already; anything else is assembled and checked.
        var single: Range<Int>? = nil
        var bytes: [UInt8] = []
        var parts = 0
        while case .string(let part) = try peek().token, try peek().previous == previous {
            try checkObsolete(try take(), entry)
            if parts == 0, case .slice(let range) = part {
                single = range
            } else {
                if let range = single {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: lexer.text[range]))
                    single = nil
                }
                switch part {
                case .slice(let range): bytes.append(contentsOf: UnsafeBufferPointer(rebasing: lexer.text[range]))
                case .bytes(let decoded): bytes += decoded
                }
            }
            parts += 1
        }
        if let range = single {
            return String(decoding: UnsafeBufferPointer(rebasing: lexer.text[range]), as: UTF8.self)
        }
        return try GettextCharset.string(bytes[...], path: path, line: first.line, column: first.column,
                                         what: "the string")
    }
}
