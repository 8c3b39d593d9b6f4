internal import CParlanceShim

/// The runtime's reading of a `.strings` file: the entries `StringsParser`
/// makes, read from the file's bytes straight into a table's arena and
/// index, with no `String` or `ParsedEntry` in between, and each entry's
/// note for translators (the comments since the entry before, trimmed and
/// joined by line ends, as the full reader keeps them).
///
/// It reads the form Xcode and translators' tools write — UTF-8,
/// `"key" = "value";` and `"key";` pairs, `//` and `/* */` comments, the
/// escapes `\n \t \r \" \' \\ \a \b \f \v` and `\Uxxxx` of a character
/// outside the surrogates — and gives up (nil) at anything else: a property
/// list, the `{ … }` form, unquoted or single-quoted strings, octal escapes,
/// backslash-newline, NUL, U+2028/U+2029 outside strings, a key twice, text
/// after the last pair or any syntax error. `StringsFile.parse` then reads the
/// file, with CoreFoundation's tolerance and located errors, so both readers
/// give the same table for every file this one takes. The caller has
/// checked that the bytes are well-formed UTF-8.
enum StringsQuickReader {
    static func read(_ text: UnsafeBufferPointer<UInt8>) -> PrebuiltTable? {
        var reader = Reader(text, skippingByteOrderMark: true)
        return reader.table()
    }

    private typealias Reader = ByteCursor<StringsQuickReader>
}

private extension ByteCursor where Format == StringsQuickReader {
    typealias Buffer = ScratchBytes
    typealias Span = UnsafeBufferPointer<UInt8>

    mutating func table() -> PrebuiltTable? {
        var table = PrebuiltTable(expecting: count / 64)   // one entry per 60 bytes or so
        var key = Buffer(), value = Buffer(), normal = Buffer()
        defer {
            key.free()
            value.free()
            normal.free()
        }
        var notes: [Range<Int>] = []   // the comments since the last entry
        while true {
            guard skipSpace(&notes) else { return nil }
            guard at < count else { return table.indexed() }
            guard base[at] == UInt8(ascii: "\""), let keySpan = string(&key) else { return nil }
            guard skipSpace(&notes), at < count else { return nil }
            var valueSpan = keySpan
            if base[at] == UInt8(ascii: "=") {
                at += 1
                guard skipSpace(&notes), at < count, base[at] == UInt8(ascii: "\""), let span = string(&value) else { return nil }
                valueSpan = span
                guard skipSpace(&notes), at < count else { return nil }
            }
            guard base[at] == UInt8(ascii: ";") else { return nil }
            at += 1
            table.appendText(key: keySpan, text: valueSpan, normal: &normal)
            if !notes.isEmpty {
                let whole = Span(start: base, count: count)
                let note = notes.map { String(decoding: UnsafeBufferPointer(rebasing: whole[$0]), as: UTF8.self) }
                table.notes.append((table.entries[table.entries.count - 1].storedKey, note.joined(separator: "\n")))
                notes.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Keeps a comment's text, trimmed, as part of the next entry's note.
    func note(_ range: Range<Int>, in notes: inout [Range<Int>]) {
        var lower = range.lowerBound, upper = range.upperBound
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while lower < upper, isSpace(base[lower]) { lower += 1 }
        while upper > lower, isSpace(base[upper - 1]) { upper -= 1 }
        if lower < upper { notes.append(lower..<upper) }
    }

    /// White space and comments, kept in `notes`; false at what only the
    /// full reader reads (U+2028 or U+2029, an unterminated comment).
    mutating func skipSpace(_ notes: inout [Range<Int>]) -> Bool {
        while at < count {
            switch base[at] {
            case 0x09...0x0D, UInt8(ascii: " "):
                at += 1
            case UInt8(ascii: "/") where at + 1 < count && base[at + 1] == UInt8(ascii: "/"):
                at += 2
                let start = at
                while at < count, base[at] != 0x0A, base[at] != 0x0D {
                    if base[at] == 0xE2 { return false }   // maybe U+2028, which ends the comment
                    at += 1
                }
                note(start..<at, in: &notes)
            case UInt8(ascii: "/") where at + 1 < count && base[at + 1] == UInt8(ascii: "*"):
                at += 2
                let start = at
                while true {
                    guard at + 1 < count else { return false }
                    if base[at] == UInt8(ascii: "*") && base[at + 1] == UInt8(ascii: "/") { break }
                    at += 1
                }
                note(start..<at, in: &notes)
                at += 2
            case 0xE2:
                return false
            default:
                return true
            }
        }
        return true
    }

    /// A double-quoted string at `at`, decoded: a slice of the file when
    /// it has no escapes, else `buffer`'s contents.
    mutating func string(_ buffer: inout Buffer) -> Span? {
        at += 1
        let start = at
        var run = at
        var escaped = false
        buffer.count = 0
        while true {
            at += parlance_shim_po_plain_run(base + at, count - at)
            guard at < count else { return nil }
            switch base[at] {
            case UInt8(ascii: "\""):
                defer { at += 1 }
                guard escaped else { return Span(start: base + start, count: at - start) }
                buffer.append(base + run, at - run)
                return buffer.span
            case UInt8(ascii: "\\"):
                guard at + 1 < count else { return nil }
                buffer.append(base + run, at - run)
                escaped = true
                let letter = base[at + 1]
                at += 2
                switch letter {
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "a"): buffer.append(0x07)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "v"): buffer.append(0x0B)
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): buffer.append(letter)
                case UInt8(ascii: "U"):
                    // Exactly four hex digits of a character that is not a surrogate half.
                    guard count - at >= 4 else { return nil }
                    var scalar: UInt32 = 0
                    for offset in 0..<4 {
                        guard let digit = StringsParser.hexValue(base[at + offset]) else { return nil }
                        scalar = scalar << 4 | UInt32(digit)
                    }
                    if at + 4 < count, StringsParser.hexValue(base[at + 4]) != nil { return nil }
                    guard scalar != 0, let character = Unicode.Scalar(scalar) else { return nil }
                    at += 4
                    for byte in UTF8.encode(character)! { buffer.append(byte) }
                default:
                    return nil   // octal, backslash-newline, or an escaped character the full reader decodes
                }
                run = at
            case 0:
                return nil
            default:
                at += 1   // a line end or U+0004: text like any other here
            }
        }
    }
}
