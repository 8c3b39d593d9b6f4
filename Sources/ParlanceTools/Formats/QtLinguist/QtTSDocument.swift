import Parlance

/// A `.ts` read so that writing it back loses nothing: an untouched
/// document renders the file's bytes as read; an edit splices only the
/// messages it touches, each rewritten as Qt's TS writer writes it
/// (`QtTSWriter`). As `lupdate` merges: a new message is added at the end
/// of its context (a new context before `</TS>`), unfinished and without
/// translation; a message gone from the sources becomes `vanished`,
/// without its locations, when it has a translation, and is dropped when
/// it has none.
///
/// Entries are the live messages (not vanished or obsolete) as `lrelease`
/// counts them, duplicates resolved as it resolves them
/// (`QtRelease.unique`): finished ones are translated, unfinished ones
/// not; those with a (first) translation, which `lrelease` serves and
/// reports as "unfinished", are marked fuzzy. A key is gettext's spelling of the core's
/// context key and the source text: `context`, U+0004, disambiguation,
/// U+0004, source (`storageKey`); no source text holds U+0004.
struct QtTSDocument: FileDocument {
    let path: String
    let existed: Bool
    /// The `language` attribute (of a new file: the locale its name gives).
    private(set) var language: String
    private var sourceLanguage: String?
    private var original: [UInt8] = []
    /// The UTF-8 text the spans index.
    private var text: [UInt8] = []
    private var read = QtTSFile.Read()
    private var live: [DocumentEntry] = []
    private var index: [String: Int] = [:]
    /// Live entries retired since read.
    private var retired = Set<String>()
    /// Every message of a key, live or not, by position in `read.messages`.
    private var positions: [String: [Int]] = [:]
    /// Messages rewritten (by position), or dropped (nil).
    private var rewrites: [Int: QtTSMessage?] = [:]
    private var added: [QtTSMessage] = []

    init(emptyAt path: String) {
        self.init(emptyAt: path, language: QtLinguistFolder.name(FileSystemTools.baseName(path))?.locale ?? "")
    }

    init(emptyAt path: String, language: String) {
        self.path = path
        existed = false
        self.language = language
    }

    init(path: String) throws {
        self.path = path
        let bytes = try FileSystemTools.readIfPresent(path)
        existed = bytes != nil
        language = QtLinguistFolder.name(FileSystemTools.baseName(path))?.locale ?? ""
        guard let bytes else { return }
        original = bytes
        text = try TextDecoding.utf8(bytes, path: path).bytes
        read = try QtTSFile.read(bytes, path: path)
        language = read.language
        sourceLanguage = read.sourceLanguage
        for (position, message) in read.messages.enumerated() {
            positions[Self.key(message), default: []].append(position)
        }
        for (message, position) in QtRelease.unique(read.messages) where message.kind != .vanished && message.kind != .obsolete {
            let key = Self.key(message)
            index[key] = live.count
            let span = read.spans[position]
            live.append(DocumentEntry(key: key, value: Self.value(message.numerus, message.translations),
                                      line: message.line, column: message.column,
                                      notes: [span.extraComment, span.translatorComment].filter { !$0.isEmpty },
                                      isTranslated: message.kind == .finished,
                                      isFuzzy: message.kind == .unfinished && !(message.translations.first ?? "").isEmpty))
        }
    }

    static func key(_ message: QtMessage) -> String {
        storageKey(key: message.source, context: QtLinguistTable.contextKey(message.context, message.comment))
    }

    static func storageKey(key: String, context: String?) -> String { ContextKey.gettext(key, context: context) }

    /// A stored key taken apart: (context, disambiguation, source); the
    /// source follows the last U+0004.
    static func split(_ stored: String) -> (context: String, comment: String, source: String) {
        guard let separator = stored.lastIndex(of: "\u{4}") else { return ("", "", stored) }
        let (context, comment) = QtLinguistTable.split(contextKey: String(stored[..<separator]))
        return (context, comment, String(stored[stored.index(after: separator)...]))
    }

    static func value(_ numerus: Bool, _ translations: [String]) -> EntryValue {
        numerus ? .gettextPlural(translations) : .text(translations.first ?? "")
    }

    var entries: [DocumentEntry] { retired.isEmpty ? live : live.filter { !retired.contains($0.key) } }
    var keys: [String] { entries.map(\.key) }

    func entry(_ key: String) -> DocumentEntry? {
        guard !retired.contains(key) else { return nil }
        return index[key].map { live[$0] }
    }

    func accepts(_ value: EntryValue) -> Bool {
        if case .stringsdict = value { return false }
        return true
    }

    func refusal(_ draft: EntryDraft) -> String? {
        split(Self.storageKey(key: draft.key, context: draft.context)).source.isEmpty ? "Qt Linguist has no message without a source text" : nil
    }

    private func split(_ stored: String) -> (context: String, comment: String, source: String) { Self.split(stored) }

    /// Added as `lupdate` adds: with its notes as `<extracomment>`, its
    /// references as `<location>`s; a translation not made yet is an empty
    /// `type="unfinished"` one (a numerus message's with the language's
    /// number of forms), one to review `unfinished` with its text.
    mutating func add(_ draft: EntryDraft) {
        let stored = Self.storageKey(key: draft.key, context: draft.context)
        let (context, comment, source) = split(stored)
        var message = QtTSMessage(context: context, source: source, comment: comment)
        message.extraComment = draft.notes.joined(separator: "\n")
        message.locations = draft.references.map { reference in
            let parsed = SourceMessage.reference(reference)
            return (parsed.path, parsed.line > 0 ? String(parsed.line) : nil)
        }
        let forms = QtNumerus.forms(language: language)
        switch draft.value {
        case .text(let text): message.translations = [text]
        case .gettextPlural(let texts):
            message.numerus = true
            message.translations = texts
        case .plural(let plural):
            message.numerus = true
            message.translations = Self.numerusForms(plural, language: language)
        case .stringsdict: return
        }
        if draft.untranslated {
            message.kind = .unfinished
            message.translations = Array(repeating: "", count: message.numerus ? forms : 1)
        } else if draft.needsReview {
            message.kind = .unfinished
        }
        retired.remove(stored)
        index[stored] = live.count
        live.append(DocumentEntry(key: stored, value: Self.value(message.numerus, message.translations), line: 0, column: 0,
                                  notes: draft.notes, isTranslated: message.kind == .finished,
                                  isFuzzy: message.kind == .unfinished && !(message.translations.first ?? "").isEmpty))
        added.append(message)
    }

    /// CLDR's forms as the numerus forms `lrelease` compiles for a
    /// language: each form the text of the CLDR category of the first count
    /// Qt's rule gives it (`GettextPluralFormula.texts`), padded to the number.
    static func numerusForms(_ forms: PluralForms, language: String) -> [String] {
        var texts = QtNumerus.formula(language: language).texts(forms, locale: language)
        while texts.count < QtNumerus.forms(language: language) { texts.append(forms[.other] ?? "") }
        return texts
    }

    /// A message's `<location>`s as `path:line`.
    func references(_ key: String) -> [String] {
        guard let position = positions[key]?.first else { return [] }
        return read.spans[position].locations.compactMap { location in
            location.file.map { file in location.line.map { file + ":" + $0 } ?? file }
        }
    }

    /// Comments and locations are kept as written.
    mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool { false }

    /// As `lupdate`: a translated message becomes `vanished` (its locations
    /// dropped), one without translation goes; with `delete`, both go.
    mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard index[key] != nil, !retired.contains(key) else { return false }
        for position in positions[key] ?? [] where rewrites[position] == nil {
            let message = read.messages[position]
            guard message.kind != .vanished && message.kind != .obsolete else { continue }
            if delete || !message.isTranslated {
                rewrites[position] = .some(nil)
                continue
            }
            let span = read.spans[position]
            rewrites[position] = QtTSMessage(context: message.context, source: message.source, comment: message.comment,
                                             extraComment: span.extraComment, translatorComment: span.translatorComment,
                                             numerus: message.numerus, kind: .vanished, translations: message.translations)
        }
        retired.insert(key)
        return true
    }

    /// A vanished or obsolete message that comes back is live again,
    /// unfinished (its translation to be reviewed), where it was.
    mutating func revive(_ key: String) -> Bool {
        guard entry(key) == nil,
              let position = positions[key]?.first(where: { read.messages[$0].kind == .vanished || read.messages[$0].kind == .obsolete }) else { return false }
        let message = read.messages[position]
        let span = read.spans[position]
        rewrites[position] = QtTSMessage(context: message.context, source: message.source, comment: message.comment,
                                         extraComment: span.extraComment, translatorComment: span.translatorComment,
                                         locations: span.locations, numerus: message.numerus, kind: .unfinished,
                                         translations: message.translations)
        retired.remove(key)
        index[key] = live.count
        live.append(DocumentEntry(key: key, value: Self.value(message.numerus, message.translations), line: message.line,
                                  column: message.column, notes: [span.extraComment, span.translatorComment].filter { !$0.isEmpty },
                                  isTranslated: false, isFuzzy: true))
        return true
    }

    func render() -> [UInt8] {
        guard existed, !original.isEmpty else { return Array(renderNew().utf8) }
        guard !rewrites.isEmpty || !added.isEmpty else { return original }
        var edits: [(range: Range<Int>, text: String)] = []
        for (position, rewrite) in rewrites {
            let element = read.spans[position].element
            // The whole line from the message's indentation to the line feed after `</message>`.
            var start = element.lowerBound
            while start > 0, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "\t") { start -= 1 }
            var end = element.upperBound
            while end < text.count, text[end] != UInt8(ascii: ">") { end += 1 }
            end = min(end + 1, text.count)
            if end < text.count, text[end] == UInt8(ascii: "\r") { end += 1 }
            if end < text.count, text[end] == UInt8(ascii: "\n") { end += 1 }
            edits.append((start..<end, rewrite.map(QtTSWriter.message) ?? ""))
        }
        // New messages at the end of the last context of their name; new contexts before `</TS>`.
        var contextAt: [String: Int] = [:]
        for context in read.contexts { contextAt[context.name] = context.end }
        var inserts: [Int: String] = [:]
        var newContexts: [String] = []
        var newMessages: [String: String] = [:]
        for message in added {
            if let end = contextAt[message.context] {
                inserts[end, default: ""] += QtTSWriter.message(message)
            } else {
                if newMessages[message.context] == nil { newContexts.append(message.context) }
                newMessages[message.context, default: ""] += QtTSWriter.message(message)
            }
        }
        if !newContexts.isEmpty {
            let close = Array("</TS>".utf8)
            var at = text.count - close.count
            while at > 0, !text[at...].starts(with: close) { at -= 1 }
            inserts[at, default: ""] += newContexts.map { QtTSWriter.contextStart($0) + newMessages[$0]! + QtTSWriter.contextEnd }.joined()
        }
        for (at, insert) in inserts { edits.append((at..<at, insert)) }
        edits.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var at = 0
        for edit in edits {
            out += text[at..<edit.range.lowerBound]
            out += Array(edit.text.utf8)
            at = edit.range.upperBound
        }
        out += text[at...]
        return out
    }

    /// A file Qt would write of the added messages, contexts in order of first use.
    private func renderNew() -> String {
        var order: [String] = []
        var byContext: [String: String] = [:]
        for message in added {
            if byContext[message.context] == nil { order.append(message.context) }
            byContext[message.context, default: ""] += QtTSWriter.message(message)
        }
        return QtTSWriter.header(language: language, sourceLanguage: sourceLanguage)
            + order.map { QtTSWriter.contextStart($0) + byContext[$0]! + QtTSWriter.contextEnd }.joined()
            + QtTSWriter.footer
    }
}
