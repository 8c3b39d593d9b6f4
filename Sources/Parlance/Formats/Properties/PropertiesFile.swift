/// Java `.properties` files as `ResourceBundle.getBundle` reads them: the
/// text of `PropertyResourceBundle` (UTF-8, or the whole file as ISO-8859-1
/// when it is not valid UTF-8, as Java 9+ does), then the grammar of
/// `java.util.Properties.load` (`PropertiesParser`).
///
/// Values are `.text`, exactly as Java returns them from `getString`: the
/// `java.text.MessageFormat` syntax of the messages (`{0}`, `''`) is applied
/// only when a message is formatted with arguments (`JavaMessageFormat`).
package enum PropertiesFile {
    /// Every entry in file order, duplicates included (the table keeps the
    /// last, as `Properties.put` does). An entry with a malformed `\uXXXX`
    /// escape is left out; `parseReportingErrors` says where.
    static func parse(_ bytes: [UInt8], path: String?) -> [ParsedEntry] {
        parseReportingErrors(bytes, path: path).entries
    }

    /// Like `parse`, and the located errors of the entries left out. Java
    /// throws `IllegalArgumentException` for the whole file on the first
    /// malformed `\u` escape, so that the bundle does not load at all;
    /// Parlance's runtime is tolerant instead: the entry costs only itself.
    package static func parseReportingErrors(_ bytes: [UInt8], path: String?)
        -> (entries: [ParsedEntry], errors: [ParlanceError]) {
        var parser = PropertiesParser(text(of: bytes), path: path)
        return parser.parse()
    }

    /// Whether `PropertyResourceBundle` reads the bytes as UTF-8 (else as ISO-8859-1).
    package static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { TextDecoding.firstInvalidUTF8($0) == nil }
    }

    /// The characters of a file as `PropertyResourceBundle` decodes them: the
    /// bytes as UTF-8 when they are valid UTF-8, else every byte as its
    /// ISO-8859-1 character. A byte order mark is not skipped: Java's UTF-8
    /// decoder keeps it, so that it begins the first key.
    package static func text(of bytes: [UInt8]) -> [Unicode.Scalar] {
        guard isUTF8(bytes) else { return bytes.map { Unicode.Scalar($0) } }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: break loop
            case .error: scalars.append("\u{FFFD}")
            }
        }
        return scalars
    }
}

/// The grammar of `java.util.Properties.load(Reader)`, in one pass:
///
/// - A logical line is one or more natural lines: a line ending in an odd
///   number of backslashes goes on in the next, whose leading white space
///   (space, tab, form feed) is dropped. Lines end at `\n`, `\r` or `\r\n`.
/// - Leading white space is skipped; a blank line, or one whose first other
///   character is `#` or `!`, is a comment (never continued). The comment
///   lines just before an entry are its note for translators.
/// - The key runs to the first unescaped `=`, `:` or white space; white
///   space after it, then one `=` or `:`, then white space, are skipped;
///   the rest is the value.
/// - In keys and values, `\t \n \r \f` are their characters, `\uXXXX` a
///   UTF-16 unit (a surrogate pair makes one character, a lone surrogate
///   U+FFFD, since only valid UTF-8 leaves Parlance), and `\` before any other
///   character is that character.
package struct PropertiesParser {
    /// Where each entry `parse` returned is in the text, in the same order:
    /// from its first attached comment line (or its own line) to past the
    /// line break that ends its logical line, in characters of `text`.
    package private(set) var spans: [Range<Int>] = []
    private let text: [Unicode.Scalar]
    private let path: String?
    private var index = 0
    private var line = 1
    private var lineStart = 0

    package init(_ text: [Unicode.Scalar], path: String?) {
        self.text = text
        self.path = path
    }

    private static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\u{0C}" }
    private static func isBreak(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" }

    package mutating func parse() -> (entries: [ParsedEntry], errors: [ParlanceError]) {
        var entries: [ParsedEntry] = []
        var errors: [ParlanceError] = []
        var comments: [String] = []
        var commentsStart = 0
        var logical: [Unicode.Scalar] = []
        while index < text.count {
            // Leading white space of a natural line, then a comment, a blank line or an entry.
            while index < text.count, Self.isBlank(text[index]) { index += 1 }
            guard index < text.count else { break }
            let c = text[index]
            if Self.isBreak(c) {
                comments.removeAll()
                endLine()
                continue
            }
            if c == "#" || c == "!" {
                if comments.isEmpty { commentsStart = lineStart }
                let start = index + 1
                while index < text.count, !Self.isBreak(text[index]) { index += 1 }
                var comment = String(String.UnicodeScalarView(text[start..<index]))
                if comment.first == " " { comment.removeFirst() }
                comments.append(comment)
                if index < text.count { endLine() }
                continue
            }
            let entryLine = line, entryColumn = index - lineStart + 1
            let spanStart = comments.isEmpty ? lineStart : commentsStart
            logical.removeAll(keepingCapacity: true)
            readLogicalLine(into: &logical)
            let note = comments.isEmpty ? nil : comments.joined(separator: "\n")
            comments.removeAll()
            switch Self.entry(logical) {
            case .success(let (key, value)):
                entries.append(ParsedEntry(key: key, value: .text(value), line: entryLine, column: entryColumn, comment: note))
                spans.append(spanStart..<index)
            case .failure(let escape):
                errors.append(.syntax("malformed \\uxxxx escape (at character \(escape.offset + 1) of the entry); the entry is"
                                      + " left out (Java refuses the whole file)",
                                      path: path, line: entryLine, column: entryColumn))
            }
        }
        return (entries, errors)
    }

    /// Past a line break (`\r\n` is one).
    private mutating func endLine() {
        if text[index] == "\r", index + 1 < text.count, text[index + 1] == "\n" { index += 1 }
        index += 1
        line += 1
        lineStart = index
    }

    /// The characters of a logical line from `index`, continuation
    /// backslashes and the next lines' leading white space removed.
    private mutating func readLogicalLine(into out: inout [Unicode.Scalar]) {
        var precedingBackslash = false
        while index < text.count {
            let c = text[index]
            if !Self.isBreak(c) {
                out.append(c)
                precedingBackslash = c == "\\" ? !precedingBackslash : false
                index += 1
                continue
            }
            endLine()
            guard precedingBackslash else { return }
            out.removeLast()
            precedingBackslash = false
            while index < text.count, Self.isBlank(text[index]) { index += 1 }
        }
        // The end of the file: a last backslash continues into nothing.
        if precedingBackslash { out.removeLast() }
    }

    /// A logical line's key and value, or the offset of a malformed `\u` escape.
    static func entry(_ line: [Unicode.Scalar]) -> Result<(String, String), MalformedEscape> {
        var keyEnd = 0
        var valueStart = line.count
        var hasSeparator = false
        var precedingBackslash = false
        while keyEnd < line.count {
            let c = line[keyEnd]
            if !precedingBackslash && (c == "=" || c == ":") {
                valueStart = keyEnd + 1
                hasSeparator = true
                break
            }
            if !precedingBackslash && isBlank(c) {
                valueStart = keyEnd + 1
                break
            }
            precedingBackslash = c == "\\" ? !precedingBackslash : false
            keyEnd += 1
        }
        while valueStart < line.count {
            let c = line[valueStart]
            if !isBlank(c) {
                guard !hasSeparator && (c == "=" || c == ":") else { break }
                hasSeparator = true
            }
            valueStart += 1
        }
        return unescape(line[0..<keyEnd]).flatMap { key in unescape(line[valueStart...]).map { (key, $0) } }
    }

    struct MalformedEscape: Error { var offset: Int }

    /// `Properties.loadConvert`: escapes replaced, in UTF-16 units so that
    /// escaped surrogate pairs join; a lone surrogate becomes U+FFFD.
    static func unescape(_ part: ArraySlice<Unicode.Scalar>) -> Result<String, MalformedEscape> {
        guard part.contains("\\") else { return .success(String(String.UnicodeScalarView(part))) }
        var units: [UInt16] = []
        units.reserveCapacity(part.count)
        var i = part.startIndex
        while i < part.endIndex {
            var c = part[i]
            i += 1
            guard c == "\\", i < part.endIndex else {
                units.append(contentsOf: UTF16.encode(c)!)
                continue
            }
            c = part[i]
            i += 1
            switch c {
            case "u":
                guard part.endIndex - i >= 4 else { return .failure(MalformedEscape(offset: i - 2 - part.startIndex)) }
                var value: UInt16 = 0
                for _ in 0..<4 {
                    guard let digit = hexValue(part[i]) else {
                        return .failure(MalformedEscape(offset: i - part.startIndex))
                    }
                    value = value << 4 | digit
                    i += 1
                }
                units.append(value)
            case "t": units.append(0x09)
            case "n": units.append(0x0A)
            case "r": units.append(0x0D)
            case "f": units.append(0x0C)
            default: units.append(contentsOf: UTF16.encode(c)!)
            }
        }
        return .success(String(decoding: units, as: UTF16.self))
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt16? {
        switch c.value {
        case 0x30...0x39: UInt16(c.value - 0x30)
        case 0x41...0x46: UInt16(c.value - 0x41 + 10)
        case 0x61...0x66: UInt16(c.value - 0x61 + 10)
        default: nil
        }
    }
}
