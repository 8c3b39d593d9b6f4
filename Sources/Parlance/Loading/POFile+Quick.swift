internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runtime's reading of a `.po` file: the entries `msgfmt` would compile,
/// read from the file's bytes straight into a table's arena, with no string,
/// comment or reference kept for tools.
///
/// It reads the files real projects ship — UTF-8, `\n` line ends, the usual
/// escapes — and gives up (nil) at anything else: another charset, `\r`, a
/// backslash-newline, octal or hex escapes, NUL or U+0004 in a string, an
/// unknown keyword, a duplicate message or any syntax error. Then the full
/// reader (`POFile.parse`, the one the tools use) reads the file and reports
/// what is wrong with its location, so both readers give the same table for
/// every file the quick one accepts, and every error comes from the full one.
///
/// One difference, by design (tolerant runtime, strict lint): obsolete `#~`
/// lines are skipped unread, as they are never served; `lint` still checks
/// them.
enum POQuickReader {
    struct Table {
        let arena: TextArena
        var entries: [StoredEntry] = []
        /// The header (the translation of `""`), when compiled.
        var header: String? = nil
    }

    /// The table of a UTF-8 `.po` file (BOM removed, charset UTF-8, bytes
    /// valid UTF-8), or nil when the full reader must read it.
    static func read(_ text: UnsafeBufferPointer<UInt8>) -> Table? {
        guard let base = text.baseAddress ?? (text.isEmpty ? UnsafePointer(bitPattern: 1) : nil) else { return nil }
        if !text.isEmpty, memchr(base, 0x0D, text.count) != nil { return nil }
        var reader = Reader(base: base, count: text.count)
        return reader.table()
    }

    private struct Reader {
        let base: UnsafePointer<UInt8>
        let count: Int
        var at = 0
        var context: [UInt8] = []
        var msgid: [UInt8] = []
        var forms: [[UInt8]] = []
        var formCount = 0
        var key: [UInt8] = []

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        mutating func table() -> Table? {
            var table = Table(arena: TextArena())
            var seen = Set<UInt64>()
            seen.reserveCapacity(count / 48)
            var fuzzy = false
            var previous = false   // after #| lines only more of them, then the message
            while true {
                skipSpace()
                guard at < count else { return table }
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
                        guard skipLine() else { return nil }
                    case UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "!"):
                        let start = at + 2
                        guard skipLine() else { return nil }
                        if Self.hasFuzzyFlag(base + start, max(0, at - start)) { fuzzy = true }
                    default:   // #: references, #. notes, # translator comments
                        guard skipLine() else { return nil }
                    }
                    continue
                }
                previous = false
                guard Self.isWordStart(byte), let hasContext = message() else { return nil }
                // The key: msgctxt U+0004 msgid, as .mo files spell it.
                key.removeAll(keepingCapacity: true)
                if hasContext {
                    key += context
                    key.append(4)
                }
                key += msgid
                let hash = key.withUnsafeBufferPointer {
                    parlance_shim_hash($0.baseAddress, $0.count, nil, 0, nil, 0, nil, 0)
                }
                // A second message with the same key is an error: the full reader reports it
                // (a hash collision of two distinct keys only costs the quick read).
                guard seen.insert(hash).inserted else { return nil }
                let isHeader = !hasContext && msgid.isEmpty
                defer { fuzzy = false }
                guard !forms[0].isEmpty, !fuzzy || isHeader else { continue }   // untranslated, or fuzzy
                if isHeader {
                    table.header = String(decoding: forms[0], as: UTF8.self)
                    continue
                }
                let arena = table.arena
                let storedKey = key.withUnsafeBufferPointer { arena.append(bytes: $0) }
                let value: StoredValue
                if formCount == 0 {
                    value = .text(forms[0].withUnsafeBufferPointer { arena.append(bytes: $0) })
                } else {
                    value = .gettextPlural((0..<formCount).map { index in
                        forms[index].withUnsafeBufferPointer { arena.append(bytes: $0) }
                    })
                }
                table.entries.append(StoredEntry(storedKey: storedKey, value: value))
            }
        }

        /// One message from its first keyword: whether it has a context, its
        /// msgid in `msgid` and its translations in `forms` (`formCount` 0 for
        /// a plain `msgstr`, else the number of `msgstr[N]`); nil to give up.
        mutating func message() -> Bool? {
            guard var word = takeWord() else { return nil }
            var hasContext = false
            if word == .msgctxt {
                guard read(.context) else { return nil }
                hasContext = true
                skipSpace()
                guard let next = takeWord() else { return nil }
                word = next
            }
            guard word == .msgid, read(.msgid) else { return nil }
            skipSpace()
            guard let section = takeWord() else { return nil }
            if forms.isEmpty { forms.append([]) }
            switch section {
            case .msgstr:
                skipSpace()
                guard at < count, base[at] != UInt8(ascii: "["), read(.form(0)) else { return nil }
                formCount = 0
                return hasContext
            case .msgidPlural:
                var plural: [UInt8] = []
                guard strings(into: &plural) else { return nil }
                formCount = 0
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
                    if forms.count == formCount { forms.append([]) }
                    guard read(.form(formCount)) else { return nil }
                    formCount += 1
                }
                return formCount > 0 ? hasContext : nil
            default:
                return nil
            }
        }

        enum Word { case msgctxt, msgid, msgidPlural, msgstr, other }

        static func isWordStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$")
        }

        /// The keyword at the cursor, and where it ends.
        func word(at start: Int) -> (Word, end: Int)? {
            guard start < count, Self.isWordStart(base[start]) else { return nil }
            var end = start
            while end < count, POLexer.isWordByte(base[end]) { end += 1 }
            if end < count, base[end] == UInt8(ascii: "\\") { return nil }   // a keyword split by backslash-newline
            func equals(_ name: StaticString) -> Bool {
                name.utf8CodeUnitCount == end - start && memcmp(base + start, name.utf8Start, end - start) == 0
            }
            let word: Word = equals("msgid") ? .msgid : equals("msgstr") ? .msgstr : equals("msgctxt") ? .msgctxt
                : equals("msgid_plural") ? .msgidPlural : .other
            return (word, end)
        }

        func peekWord() -> Word? { word(at: at)?.0 }

        mutating func takeWord() -> Word? {
            guard let (word, end) = word(at: at), word != .other else { return nil }
            at = end
            return word
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
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0B, 0x0C: at += 1
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
            return end == 0 || base[end - 1] != UInt8(ascii: "\\")
        }

        enum Field { case context, msgid, form(Int) }

        /// `strings` into one of the reader's own buffers (moved out and back, not copied).
        mutating func read(_ field: Field) -> Bool {
            var buffer: [UInt8] = []
            switch field {
            case .context: swap(&buffer, &context)
            case .msgid: swap(&buffer, &msgid)
            case .form(let index): swap(&buffer, &forms[index])
            }
            let read = strings(into: &buffer)
            switch field {
            case .context: swap(&buffer, &context)
            case .msgid: swap(&buffer, &msgid)
            case .form(let index): swap(&buffer, &forms[index])
            }
            return read
        }

        /// One or more adjacent strings, decoded and concatenated into `bytes`.
        mutating func strings(into bytes: inout [UInt8]) -> Bool {
            bytes.removeAll(keepingCapacity: true)
            skipSpace()
            guard at < count, base[at] == UInt8(ascii: "\"") else { return false }
            repeat {
                at += 1
                var run = at
                while true {
                    guard at < count else { return false }
                    let byte = base[at]
                    if byte == UInt8(ascii: "\"") { break }
                    if byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0 || byte == 4 {
                        guard byte == UInt8(ascii: "\\"), at + 1 < count else { return false }
                        bytes.append(contentsOf: UnsafeBufferPointer(start: base + run, count: at - run))
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
                        default: return false   // octal, hex, backslash-newline or an invalid escape
                        }
                        bytes.append(decoded)
                        at += 2
                        run = at
                        continue
                    }
                    at += 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + run, count: at - run))
                at += 1
                skipSpace()
            } while at < count && base[at] == UInt8(ascii: "\"")
            return true
        }

        /// Whether a flags comment (after `#,`) holds the flag `fuzzy`.
        static func hasFuzzyFlag(_ line: UnsafePointer<UInt8>, _ length: Int) -> Bool {
            var start = 0
            for index in 0...length {
                let separator = index == length || line[index] == UInt8(ascii: ",") || line[index] == UInt8(ascii: " ")
                    || line[index] == UInt8(ascii: "\t") || line[index] == 0x0A
                guard separator else { continue }
                if index - start == 5, memcmp(line + start, "fuzzy", 5) == 0 { return true }
                start = index + 1
            }
            return false
        }
    }
}
