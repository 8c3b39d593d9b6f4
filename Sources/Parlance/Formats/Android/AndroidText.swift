/// Android resource text as aapt2 compiles it into what `getString` returns.
enum AndroidText {
    /// The element's text: markup inside it leaves its text (`<b>`,
    /// `<xliff:g>`), CDATA counts as text, then `compile` applies.
    static func compile(_ element: XMLElement) -> String {
        compile(element.textContent)
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
    static func compile(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var quoted = false
        // A space made from collapsed white space that may still be trailing.
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace {
                if !out.isEmpty { out.append(" ") }
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
        return String(out)
    }
}
