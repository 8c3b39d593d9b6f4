internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runtime's reading of a `.po` file: the entries `msgfmt` would compile,
/// read from the file's bytes straight into a table's arena, with their
/// notes for translators (`#.` and `#` lines, as the full reader joins
/// them) and no reference or flag kept for tools.
///
/// It reads the files real projects ship — UTF-8, `\n` or `\r\n` line ends,
/// the usual escapes — and gives up (nil) at anything else: another charset,
/// a `\r` inside a string, a backslash-newline, octal or hex escapes, NUL or U+0004 in a string, an
/// unknown keyword, a duplicate message or any syntax error. Then the full
/// reader (`POFile.parse`, the one the tools use) reads the file and reports
/// what is wrong with its location, so both readers give the same table for
/// every file the quick one accepts, and every error comes from the full one.
///
/// One difference, by design (tolerant runtime, strict lint): obsolete `#~`
/// lines are skipped unread, as they are never served; `lint` still checks
/// them.
enum POQuickReader {
    typealias Table = PrebuiltTable

    /// The table of a UTF-8 `.po` file (BOM removed, charset UTF-8, bytes
    /// valid UTF-8), or nil when the full reader must read it.
    static func read(_ text: UnsafeBufferPointer<UInt8>) -> Table? {
        var reader = Reader(text, skippingByteOrderMark: false)
        return reader.table()
    }

    private typealias Reader = ByteCursor<POQuickReader>
}

private extension ByteCursor where Format == POQuickReader {
    /// Bytes a field was decoded into when it is not one plain slice of the file.
    typealias Buffer = ScratchBytes
    /// A field's bytes: a slice of the file, or its buffer's contents.
    typealias Span = UnsafeBufferPointer<UInt8>
    typealias Table = PrebuiltTable

    mutating func table() -> Table? {
        // Room for a typical file's entries (one per 100 bytes or so): no regrowth copies.
        var table = Table(expecting: count / 128)
        var untranslated: [UInt64] = []    // of the messages not compiled (also checked for duplicates)
        var context = Buffer(), msgid = Buffer(), key = Buffer(), plural = Buffer()
        var forms: [Buffer] = [Buffer()]
        defer {
            for buffer in [context, msgid, key, plural] + forms { buffer.free() }
        }
        var spans: [Span] = [Span(start: nil, count: 0)]
        var fuzzy = false
        var previous = false   // after #| lines only more of them, then the message
        // The message's `#.` lines and its other comment lines (translators'), as ranges of their text.
        var extracted: [Range<Int>] = [], translators: [Range<Int>] = []
        while true {
            skipSpace()
            guard at < count else { return table.indexed(others: untranslated) }
            let byte = base[at]
            if byte == UInt8(ascii: "#") {
                let kind = at + 1 < count ? base[at + 1] : 0x0A
                if kind == UInt8(ascii: "|") {
                    previous = true
                    guard skipLine() else { return nil }
                    continue
                }
                guard !previous else { return nil }
                switch kind {
                case UInt8(ascii: "~"):
                    fuzzy = false   // the comments before an obsolete entry are its own
                    extracted.removeAll(keepingCapacity: true)
                    translators.removeAll(keepingCapacity: true)
                    guard skipLine() else { return nil }
                case UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "!"):
                    let start = at + 2
                    guard skipLine() else { return nil }
                    // The last `#,` (or `#!`) line decides, as msgfmt reads them; `#=` adds.
                    let marked = Self.hasFuzzyFlag(base + start, max(0, at - start))
                    fuzzy = kind == UInt8(ascii: "=") ? fuzzy || marked : marked
                case UInt8(ascii: ":"):   // references
                    guard skipLine() else { return nil }
                default:   // #. notes, # translator comments
                    let start = at + 1
                    guard skipLine() else { return nil }
                    var end = at
                    if end > start, base[end - 1] == 0x0A { end -= 1 }
                    if end > start, base[end - 1] == 0x0D { end -= 1 }   // `\r\n` ends a line as `\n` does
                    if kind == UInt8(ascii: ".") {
                        extracted.append(start + 1 < end && base[start + 1] == 0x20 ? start + 2..<end : min(start + 1, end)..<end)
                    } else {
                        translators.append(start < end && base[start] == 0x20 ? start + 1..<end : start..<end)
                    }
                }
                continue
            }
            previous = false
            guard Self.isWordStart(byte) else { return nil }
            // One message: [msgctxt strings] msgid strings (msgstr strings | msgid_plural strings {msgstr[N] strings}).
            guard var word = takeWord() else { return nil }
            var contextSpan: Span? = nil
            if word == .msgctxt {
                guard let span = strings(&context) else { return nil }
                contextSpan = span
                skipSpace()
                guard let next = takeWord() else { return nil }
                word = next
            }
            guard word == .msgid, let idSpan = strings(&msgid) else { return nil }
            skipSpace()
            var formCount = 0   // 0: a plain msgstr in spans[0]
            switch takeWord() {
            case .msgstr?:
                skipSpace()
                guard at < count, base[at] != UInt8(ascii: "["), let span = strings(&forms[0]) else { return nil }
                spans[0] = span
            case .msgidPlural?:
                guard strings(&plural) != nil else { return nil }
                while true {
                    skipSpace()
                    guard peekWord() == .msgstr else { break }
                    _ = takeWord()
                    skipSpace()
                    guard at < count, base[at] == UInt8(ascii: "[") else { return nil }
                    at += 1
                    skipSpace()
                    guard let index = number(), index == formCount else { return nil }
                    skipSpace()
                    guard at < count, base[at] == UInt8(ascii: "]") else { return nil }
                    at += 1
                    if forms.count == formCount {
                        forms.append(Buffer())
                        spans.append(Span(start: nil, count: 0))
                    }
                    guard let span = strings(&forms[formCount]) else { return nil }
                    spans[formCount] = span
                    formCount += 1
                }
                guard formCount > 0 else { return nil }
            default:
                return nil
            }
            // The key: msgctxt U+0004 msgid, as .mo files spell it.
            var keySpan: Span
            if let contextSpan {
                key.count = 0
                if let start = contextSpan.baseAddress { key.append(start, contextSpan.count) }
                key.append(4)
                if let start = idSpan.baseAddress { key.append(start, idSpan.count) }
                keySpan = Span(start: key.base, count: key.count)
            } else {
                keySpan = idSpan
            }
            keySpan = Table.normalized(keySpan, into: &key)
            let hash = KeyBytes(p0: UnsafeRawBufferPointer(keySpan)).hash
            let isHeader = contextSpan == nil && idSpan.isEmpty
            defer {
                fuzzy = false
                extracted.removeAll(keepingCapacity: true)
                translators.removeAll(keepingCapacity: true)
            }
            guard !spans[0].isEmpty, !fuzzy || isHeader, !isHeader else {   // untranslated, fuzzy, or the header
                untranslated.append(hash)
                if isHeader && !spans[0].isEmpty { table.header = String(decoding: spans[0], as: UTF8.self) }
                continue
            }
            table.hashes.append(hash)
            let arena = table.arena
            let storedKey = arena.append(bytes: keySpan)
            let value: StoredValue
            if formCount == 0 {
                value = .text(arena.append(bytes: spans[0]))
            } else {
                value = .gettextPlural((0..<formCount).map { arena.append(bytes: spans[$0]) })
            }
            table.entries.append(StoredEntry(storedKey: storedKey, value: value))
            if !extracted.isEmpty || !translators.isEmpty {
                let lines = (extracted + translators).map { String(decoding: UnsafeBufferPointer(rebasing: Span(start: base, count: count)[$0]), as: UTF8.self) }
                table.notes.append((storedKey, lines.joined(separator: "\n")))
            }
        }
    }

    static func isWordStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$")
    }

    /// The keyword at `start` (nil for `domain` and unknown words, which go
    /// to the full reader), and where the word ends.
    func word(at start: Int) -> (POLexer.Keyword?, end: Int)? {
        guard start < count, Self.isWordStart(base[start]) else { return nil }
        var end = start
        while end < count, POLexer.isWordByte(base[end]) { end += 1 }
        if end < count, base[end] == UInt8(ascii: "\\") { return nil }   // a keyword split by backslash-newline
        let keyword = POLexer.keyword(UnsafeBufferPointer(start: base + start, count: end - start))
        return (keyword == .domain ? nil : keyword, end)
    }

    func peekWord() -> POLexer.Keyword? { word(at: at)?.0 }

    mutating func takeWord() -> POLexer.Keyword? {
        guard let (keyword, end) = word(at: at), let keyword else { return nil }
        at = end
        return keyword
    }

    mutating func number() -> Int? {
        var value = 0, digits = 0
        while at < count, base[at] >= UInt8(ascii: "0"), base[at] <= UInt8(ascii: "9"), digits < 9 {
            value = value * 10 + Int(base[at] - UInt8(ascii: "0"))
            at += 1
            digits += 1
        }
        return digits > 0 && !(at < count && base[at] >= UInt8(ascii: "0") && base[at] <= UInt8(ascii: "9")) ? value : nil
    }

    /// Spaces, tabs, form feeds, vertical tabs and line ends.
    mutating func skipSpace() {
        while at < count {
            switch base[at] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0B, 0x0C, 0x0D: at += 1
            default: return
            }
        }
    }

    /// To the end of the line (a comment); false when a backslash joins it to the next.
    mutating func skipLine() -> Bool {
        guard let newline = memchr(base + at, 0x0A, count - at) else {
            at = count
            return base[count - 1] != UInt8(ascii: "\\")
        }
        let end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
        at = end + 1
        // A backslash before the line end (`\r\n` counting as one) joins the next line.
        let last = end >= 1 && base[end - 1] == 0x0D ? end - 2 : end - 1
        return last < 0 || base[last] != UInt8(ascii: "\\")
    }

    /// One or more adjacent strings, decoded: a slice of the file when the
    /// field is one string without escapes, else `buffer`'s contents.
    mutating func strings(_ buffer: inout Buffer) -> Span? {
        skipSpace()
        guard at < count, base[at] == UInt8(ascii: "\"") else { return nil }
        var slice: Span? = nil   // the first string, while it is the only one and plain
        var parts = 0
        buffer.count = 0
        repeat {
            at += 1
            var run = at
            var escaped = false
            while true {
                at += parlance_shim_po_plain_run(base + at, count - at)
                guard at < count else { return nil }
                let byte = base[at]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D || byte == 0 || byte == 4 {
                    guard byte == UInt8(ascii: "\\"), at + 1 < count else { return nil }
                    if let plain = slice {
                        buffer.append(plain.baseAddress ?? base, plain.count)
                        slice = nil
                    }
                    buffer.append(base + run, at - run)
                    let decoded: UInt8
                    switch base[at + 1] {
                    case UInt8(ascii: "n"): decoded = 0x0A
                    case UInt8(ascii: "t"): decoded = 0x09
                    case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
                    case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
                    case UInt8(ascii: "r"): decoded = 0x0D
                    case UInt8(ascii: "b"): decoded = 0x08
                    case UInt8(ascii: "f"): decoded = 0x0C
                    case UInt8(ascii: "v"): decoded = 0x0B
                    case UInt8(ascii: "a"): decoded = 0x07
                    default: return nil   // octal, hex, backslash-newline or an invalid escape
                    }
                    buffer.append(decoded)
                    escaped = true
                    at += 2
                    run = at
                    continue
                }
                at += 1
            }
            if parts == 0 && !escaped {
                slice = Span(start: base + run, count: at - run)
            } else {
                if let plain = slice {
                    buffer.append(plain.baseAddress ?? base, plain.count)
                    slice = nil
                }
                buffer.append(base + run, at - run)
            }
            parts += 1
            at += 1
            skipSpace()
        } while at < count && base[at] == UInt8(ascii: "\"")
        return slice ?? Span(start: buffer.base, count: buffer.count)
    }

    /// Whether a flags comment (after `#,`) holds the flag `fuzzy`.
    static func hasFuzzyFlag(_ line: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var start = 0
        for index in 0...length {
            let separator = index == length || line[index] == UInt8(ascii: ",") || line[index] == UInt8(ascii: " ")
                || line[index] == UInt8(ascii: "\t") || line[index] == 0x0A || line[index] == 0x0D
            guard separator else { continue }
            if index - start == 5, memcmp(line + start, "fuzzy", 5) == 0 { return true }
            start = index + 1
        }
        return false
    }
}
