/// One entry of a `.po` file with everything tools need: comments, flags,
/// references, the previous msgid (`#|`) and its position.
package struct POEntry: Sendable, Equatable {
    package var context: String? = nil
    package var msgid: String
    package var msgidPlural: String? = nil
    /// `msgstr`, or `msgstr[0]`, `msgstr[1]`... for a plural entry.
    package var msgstr: [String] = []
    /// `#,` flags (`fuzzy`, `c-format`, ...).
    package var flags: [String] = []
    /// `#:` references (`src/main.c:12`).
    package var references: [String] = []
    /// `#.` comments from the source code.
    package var extractedComments: [String] = []
    /// `# ` comments from translators.
    package var translatorComments: [String] = []
    package var previousContext: String? = nil
    package var previousMsgid: String? = nil
    package var previousMsgidPlural: String? = nil
    /// 1-based position of the `msgid` keyword.
    package var line: Int
    package var column: Int
    /// A `#~` entry.
    package var isObsolete: Bool

    package init(context: String? = nil, msgid: String, msgidPlural: String? = nil, msgstr: [String] = [],
                 line: Int = 0, column: Int = 0, isObsolete: Bool = false) {
        self.context = context
        self.msgid = msgid
        self.msgidPlural = msgidPlural
        self.msgstr = msgstr
        self.line = line
        self.column = column
        self.isObsolete = isObsolete
    }

    package var isFuzzy: Bool { flags.contains("fuzzy") }
    /// The header: msgid `""` without context.
    package var isHeader: Bool { context == nil && msgid.isEmpty }
    /// `msgfmt`'s test: the (first) msgstr is not empty.
    package var isTranslated: Bool { !(msgstr.first ?? "").isEmpty }
    /// Whether `msgfmt` writes the entry to the `.mo` file.
    package var isCompiled: Bool { !isObsolete && isTranslated && (!isFuzzy || isHeader) }

    /// Sorts comment lines (their text after `#`) by kind, as
    /// `catalog_reader_seen_generic_comment` does.
    mutating func applyComments(_ comments: [String]) {
        // Byte-wise, as msgfmt reads them: every mark and separator is ASCII.
        func words(_ text: Substring.UTF8View, _ separators: (UInt8) -> Bool) -> [String] {
            text.split(whereSeparator: separators).map { String(decoding: $0, as: UTF8.self) }
        }
        for comment in comments {
            let bytes = comment.utf8
            let rest = Substring(comment).utf8.dropFirst()
            switch bytes.first {
            case UInt8(ascii: "."):
                extractedComments.append(String(decoding: rest.first == 0x20 ? rest.dropFirst() : rest, as: UTF8.self))
            case UInt8(ascii: ":"):
                references += words(rest) { $0 == 0x20 || $0 == 0x09 }
            case UInt8(ascii: ","), UInt8(ascii: "!"):
                // Each `#,` (or `#!`) line replaces the flags before it, as msgfmt and msgcat
                // read them: `#, fuzzy` then `#, c-format` is not fuzzy.
                flags = words(rest) { $0 == UInt8(ascii: ",") || $0 == 0x20 || $0 == 0x09 }
            case UInt8(ascii: "="):
                flags += words(rest) { $0 == UInt8(ascii: ",") || $0 == 0x20 || $0 == 0x09 }
            default:
                translatorComments.append(bytes.first == 0x20 ? String(decoding: bytes.dropFirst(), as: UTF8.self) : comment)
            }
        }
    }
}

/// `.po` and `.pot` files (GNU gettext's text catalogs).
package enum POFile {
    /// Every entry of the file, obsolete, fuzzy and untranslated ones
    /// included, and the charset its header declared.
    ///
    /// The charset comes from the header's `charset=` (read from the raw
    /// bytes, since the header is ASCII); a file in another charset than
    /// UTF-8 is converted to UTF-8 through ICU before it is read, and an
    /// unknown charset is an `.encoding` error. Bytes written as escapes
    /// (`\351`) are in the file's charset too and converted with it.
    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (entries: [POEntry], charset: String) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let charset = declaredCharset(body) ?? "UTF-8"
        var converted: [UInt8]? = nil
        var escapeCharset: String? = nil
        if !GettextCharset.isUTF8(charset) {
            guard GettextCharset.isKnown(charset) else {
                throw ParlanceError(.encoding, "unknown charset \"\(charset)\" in the header's Content-Type", path: path)
            }
            converted = try GettextCharset.convert(body, from: charset, path: path)
            escapeCharset = charset
        }
        let utf8 = converted.map { $0[...] } ?? body
        let entries = try utf8.withUnsafeBufferPointer { (text) throws(ParlanceError) -> [POEntry] in
            if TextDecoding.firstInvalidUTF8(text) != nil { try locateInvalidUTF8(utf8, path: path) }
            var parser = POParser(POLexer(text, path: path, escapeCharset: escapeCharset), path: path)
            return try parser.parse()
        }
        return (entries, charset)
    }

    /// The runtime table of a UTF-8 file the quick reader accepts
    /// (`POQuickReader`); nil when the full reader must read it.
    static func quickTable(_ bytes: [UInt8]) -> PrebuiltTable? {
        bytes.withUnsafeBufferPointer { quickTable($0) }
    }

    /// `quickTable` of bytes in place (a mapped file).
    static func quickTable(_ bytes: UnsafeBufferPointer<UInt8>) -> PrebuiltTable? {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let text = UnsafeBufferPointer(rebasing: body)
        guard GettextCharset.isUTF8(declaredCharset(text) ?? "UTF-8") else { return nil }
        return TextDecoding.firstInvalidUTF8(text) == nil ? POQuickReader.read(text) : nil
    }

    /// The header's charset, read by parsing the bytes as Latin-1 up to the
    /// header entry; nil when there is none (or the text before it is not
    /// valid: the real parse reports that).
    static func declaredCharset(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { declaredCharset($0) }
    }

    static func declaredCharset(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let header = { (latin1: UnsafeBufferPointer<UInt8>) -> String? in
            var parser = POParser(POLexer(latin1, path: nil, escapeCharset: nil, latin1: true), path: nil)
            guard let entries = try? parser.parse(stopAtHeader: true),
                  let header = entries.last, header.isHeader, !header.isObsolete else { return nil }
            return header.msgstr.first
        }(bytes)
        guard let header else { return nil }
        return GettextCharset.declared(in: header.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    }

    /// Throws the `.encoding` error for the first malformed UTF-8 sequence,
    /// located by line (counted at `\n`) and column in scalars.
    private static func locateInvalidUTF8(_ bytes: ArraySlice<UInt8>, path: String?) throws(ParlanceError) {
        let bytes = Array(bytes)
        var offset = 0
        var line = 1, column = 1
        while offset < bytes.count {
            guard let (scalar, length) = TextDecoding.decodeUTF8(bytes, at: offset) else {
                throw ParlanceError(.encoding, "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))",
                                    path: path, line: line, column: column)
            }
            offset += length
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
    }
}

extension Array where Element == POEntry {
    /// The runtime table of a `.po` file: the entries `msgfmt` compiles.
    func table(charset: String) -> GettextTable {
        var header: String? = nil
        var entries: [ParsedEntry] = []
        var pluralIDs: [String: String] = [:]
        for entry in self where entry.isCompiled {
            if entry.isHeader {
                header = entry.msgstr[0]
                continue
            }
            let value: EntryValue
            if let plural = entry.msgidPlural {
                value = .gettextPlural(entry.msgstr)
                pluralIDs[ContextKey.gettext(entry.msgid, context: entry.context)] = plural
            } else {
                value = .text(entry.msgstr[0])
            }
            let notes = entry.extractedComments + entry.translatorComments
            entries.append(ParsedEntry(key: entry.msgid, context: entry.context, value: value, line: entry.line,
                                       column: entry.column, comment: notes.isEmpty ? nil : notes.joined(separator: "\n")))
        }
        return GettextTable(header: header, charset: charset, entries: entries, pluralIDs: pluralIDs)
    }
}

extension POFile {
    /// A `.pot` template as a source-language table: every msgid is its own
    /// text (msgid and msgid_plural the two forms, by the Germanic rule).
    static func sourceTable(_ bytes: [UInt8], path: String) throws(ParlanceError) -> ParsedTable {
        let entries = try parse(bytes, path: path).entries.compactMap { entry -> ParsedEntry? in
            guard !entry.isObsolete, !entry.isHeader else { return nil }
            let value: EntryValue = entry.msgidPlural.map { .gettextPlural([entry.msgid, $0]) } ?? .text(entry.msgid)
            return ParsedEntry(key: entry.msgid, context: entry.context, value: value, line: entry.line, column: entry.column)
        }
        var table = ParsedTable(entries: entries)
        table.formula = .germanic
        return table
    }
}
