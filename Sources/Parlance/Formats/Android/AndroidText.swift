/// Android resource text as aapt2 compiles it into what `getString` returns.
enum AndroidText {
    /// The element's text: markup inside it leaves its text (`<b>`,
    /// `<xliff:g>`) and CDATA counts as text. Without style spans, `compile`
    /// applies to the whole; with them (`<b>`, `<i>`, `<a>`…), aapt compiles
    /// each run of text between their tags on its own: white space collapses
    /// within a run, and nothing is trimmed (`a <b>b </b> c` is `a b  c`).
    /// `<xliff:g>` placeholders are no spans: their text is part of the run.
    static func compile(_ element: XMLElement) -> String {
        guard hasSpans(element) else { return compile(element.textContent) }
        // Runs of text between tags; a text node next to a CDATA section is one run.
        var pieces: [String] = []
        var inRun = false
        func collect(_ element: XMLElement) {
            for child in element.children {
                switch child {
                case .text(let text, _):
                    if inRun { pieces[pieces.count - 1] += text } else { pieces.append(text) }
                    inRun = true
                case .element(let inner) where isPlaceholder(inner):
                    collect(inner)   // part of the run around it
                case .element(let inner):
                    inRun = false
                    collect(inner)
                    inRun = false
                }
            }
        }
        collect(element)
        return pieces.map { compile($0, trimming: false) }.joined()
    }

    /// `<xliff:g>` (any prefix bound to XLIFF; `xliff:` as written in practice).
    private static func isPlaceholder(_ element: XMLElement) -> Bool {
        element.localName == "g" && element.name != "g"
    }

    private static func hasSpans(_ element: XMLElement) -> Bool {
        element.children.contains { child in
            guard case .element(let inner) = child else { return false }
            return !isPlaceholder(inner) || hasSpans(inner)
        }
    }

    /// Escapes and white space, as aapt2 reads them:
    /// - `\n` and `\t` are a line feed and a tab; `\uXXXX` is that
    ///   character; `\` before any other character (`\'`, `\"`, `\@`, `\?`,
    ///   `\\`) is that character;
    /// - an unescaped `"` opens or closes a quoted run and is dropped;
    /// - outside quoted runs, each run of white space is one space, and
    ///   white space at the start and the end is dropped;
    /// - an unescaped `'` outside quotes, which aapt2 refuses, is kept
    ///   (`parlance lint` reports it).
    static func compile(_ raw: String, trimming: Bool = true) -> String {
        isCompiled(raw, trimming: trimming) ? raw : decode(raw, trimming: trimming)
    }

    /// `compile`, scalar by scalar.
    static func decode(_ raw: String, trimming: Bool) -> String {
        var out = String.UnicodeScalarView()
        var quoted = false
        // A space made from collapsed white space that may still be trailing.
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace {
                if !out.isEmpty || !trimming { out.append(" ") }
                pendingSpace = false
            }
            out.append(scalar)
        }
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let escaped = scalars.next() else { break }
                switch escaped {
                case "n": emit("\n")
                case "t": emit("\t")
                case "u":
                    var digits = ""
                    var consumed: [Unicode.Scalar] = []
                    while digits.count < 4, let next = scalars.next() {
                        consumed.append(next)
                        guard next.properties.isASCIIHexDigit else { break }
                        digits.unicodeScalars.append(next)
                    }
                    if digits.count == 4, let value = UInt32(digits, radix: 16), let character = Unicode.Scalar(value) {
                        emit(character)
                    } else if digits.count == 4, let value = UInt32(digits, radix: 16), (0xD800..<0xDC00).contains(value),
                              let pair = lowSurrogate(&scalars) {
                        // `\ud83d\ude00`: the two halves of one character.
                        emit(Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (pair - 0xDC00))!)
                    } else {
                        emit("u")
                        for next in consumed { emit(next) }
                    }
                default: emit(escaped)
                }
            case "\"":
                quoted.toggle()
            case " ", "\t", "\n", "\r":
                if quoted { emit(scalar) } else { pendingSpace = true }
            default:
                emit(scalar)
            }
        }
        if pendingSpace && !trimming { out.append(" ") }
        return String(out)
    }

    /// Whether `compile` leaves `raw` as it is (most texts): no escape, no
    /// quote, no white space but single spaces, and with `trimming` none at
    /// either end. Read a byte at a time, all of these being ASCII.
    private static func isCompiled(_ raw: String, trimming: Bool) -> Bool {
        var previous: UInt8 = trimming ? 0x20 : 0
        for byte in raw.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), 0x09, 0x0A, 0x0D: return false
            case 0x20 where previous == 0x20: return false
            default: break
            }
            previous = byte
        }
        return !(trimming && previous == 0x20)
    }

    /// A `\uDC00`…`\uDFFF` escape next in `scalars`, consumed; else nil and nothing consumed.
    private static func lowSurrogate(_ scalars: inout String.UnicodeScalarView.Iterator) -> UInt32? {
        var lookahead = scalars
        guard lookahead.next() == "\\", lookahead.next() == "u" else { return nil }
        var digits = ""
        for _ in 0..<4 {
            guard let next = lookahead.next(), next.properties.isASCIIHexDigit else { return nil }
            digits.unicodeScalars.append(next)
        }
        guard let value = UInt32(digits, radix: 16), (0xDC00..<0xE000).contains(value) else { return nil }
        scalars = lookahead
        return value
    }
}
