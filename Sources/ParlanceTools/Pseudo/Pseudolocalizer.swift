import Parlance

/// Pseudo-localization: text that looks translated so UI problems show
/// before translators start.
///
/// - `en-XA` (accented): letters become accented look-alikes (a → á), the
///   text grows by about 40% with padding words, and is wrapped in `[` `]`
///   so truncation and concatenation are visible. A text that is only
///   placeholders (a stringsdict format such as `%#@files@`) is kept as is.
/// - `ar-XB` (bidi): each run of text is forced right-to-left with U+202E
///   RIGHT-TO-LEFT OVERRIDE … U+202C POP DIRECTIONAL FORMATTING, which shows
///   it mirrored, and is marked with U+200F RIGHT-TO-LEFT MARK on both sides.
///
/// Placeholders are copied byte for byte and never transformed: printf and
/// stringsdict ones (`%@`, `%1$d`, `%#@var@`, `%%`), `{key.path}` references,
/// `{{x}}` interpolations, `$t(key)` nesting and `<tags>`; a message syntax
/// that cuts its own messages (`MessageSyntaxPlugin.segments`, Fluent's)
/// says itself what is text.
public enum Pseudolocalizer {
    public enum Style: String, Sendable, CaseIterable {
        case accented = "en-XA"
        case bidi = "ar-XB"
    }

    /// Literal text and placeholders, in order.
    enum Piece: Equatable {
        case text(String)
        case placeholder(String)
    }

    public static func transform(_ text: String, style: Style) -> String {
        transform(text, style: style, syntax: nil)
    }

    /// `text` as a message of `syntax`: the syntax cuts it when it can
    /// (Fluent's placeables and variant keys), else the shapes below do.
    static func transform(_ text: String, style: Style, syntax: MessageSyntax?) -> String {
        let pieces = syntax?.plugin.segments(of: text)?.map { segment -> Piece in
            switch segment {
            case .text(let t): .text(t)
            case .syntax(let raw): .placeholder(raw)
            }
        } ?? split(text)
        // Only placeholders (a stringsdict's `%#@files@`): nothing to show.
        let hasWords = pieces.contains {
            if case .text(let t) = $0 { return t.unicodeScalars.contains { $0.properties.isAlphabetic } }
            return false
        }
        guard hasWords else { return text }
        switch style {
        case .accented:
            var out = "["
            var letters = 0
            for piece in pieces {
                switch piece {
                case .placeholder(let raw): out += raw
                case .text(let literal):
                    for scalar in literal.unicodeScalars {
                        out.unicodeScalars.append(accents[scalar] ?? scalar)
                        if scalar.properties.isAlphabetic { letters += 1 }
                    }
                }
            }
            let visible = pieces.reduce(0) { count, piece in
                if case .text(let t) = piece { return count + t.unicodeScalars.count }
                return count
            }
            let padding = Int((Double(max(visible, letters)) * 0.4).rounded(.up)) - 2
            if padding > 1 { out += " " + String(paddingWords.prefix(padding - 1)) }
            return out + "]"
        case .bidi:
            var out = ""
            for piece in pieces {
                switch piece {
                case .placeholder(let raw): out += raw
                case .text(let literal):
                    var word = ""
                    func flush() {
                        if !word.isEmpty { out += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"; word = "" }
                    }
                    for character in literal {
                        if character.isWhitespace || character.isPunctuation { flush(); out.append(character) }
                        else { word.append(character) }
                    }
                    flush()
                }
            }
            return out
        }
    }

    static let paddingWords = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        + String(repeating: " more", count: 400)

    /// Splits `text` into literal runs and placeholders to keep.
    static func split(_ text: String) -> [Piece] {
        let s = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var literal = String.UnicodeScalarView()
        func flush() {
            if !literal.isEmpty { pieces.append(.text(String(literal))); literal = String.UnicodeScalarView() }
        }
        func keep(_ end: Int, from start: Int) -> Int {
            flush()
            pieces.append(.placeholder(String(String.UnicodeScalarView(s[start..<end]))))
            return end
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "%" {
                if let end = printfEnd(s, at: i) { i = keep(end, from: i); continue }
            } else if c == "{" {
                if i + 1 < s.count, s[i + 1] == "{", let close = find(s, "}}", from: i + 2) { i = keep(close + 2, from: i); continue }
                var j = i + 1
                while j < s.count, isPathScalar(s[j]) { j += 1 }
                if j > i + 1, j < s.count, s[j] == "}" { i = keep(j + 1, from: i); continue }
            } else if c == "$", i + 2 < s.count, s[i + 1] == "t", s[i + 2] == "(", let close = find(s, ")", from: i + 3) {
                i = keep(close + 1, from: i); continue
            } else if c == "<", let close = find(s, ">", from: i + 1), close > i + 1,
                      s[i + 1].properties.isAlphabetic || s[i + 1] == "/" {
                i = keep(close + 1, from: i); continue
            }
            literal.append(c)
            i += 1
        }
        flush()
        return pieces
    }

    /// The end of the printf placeholder (or `%%`) at `start`, by the core's grammar.
    static func printfEnd(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        if start + 1 < s.count, s[start + 1] == "%" { return start + 2 }
        let rest = String(String.UnicodeScalarView(s[start...]))
        guard case .placeholder(let placeholder)? = FormatSpecifier.segments(in: rest).first else { return nil }
        return start + placeholder.raw.unicodeScalars.count
    }

    static func find(_ s: [Unicode.Scalar], _ needle: String, from start: Int) -> Int? {
        let n = Array(needle.unicodeScalars)
        var i = start
        while i + n.count <= s.count {
            if Array(s[i..<(i + n.count)]) == n { return i }
            i += 1
        }
        return nil
    }

    static func isPathScalar(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "." || c == "-"
    }

    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs = ["aá", "bƀ", "cç", "dð", "eé", "fƒ", "gĝ", "hĥ", "iî", "jĵ", "kķ", "lļ", "mɱ", "nñ", "oö", "pþ",
                     "qǫ", "rŕ", "sš", "tţ", "uû", "vṽ", "wŵ", "xẋ", "yý", "zž",
                     "AÅ", "BƁ", "CÇ", "DÐ", "EÉ", "FƑ", "GĜ", "HĤ", "IÎ", "JĴ", "KĶ", "LĻ", "MṀ", "NÑ", "OÖ", "PÞ",
                     "QǪ", "RŔ", "SŠ", "TŢ", "UÛ", "VṼ", "WŴ", "XẊ", "YÝ", "ZŽ"]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for pair in pairs {
            let scalars = Array(pair.unicodeScalars)
            map[scalars[0]] = scalars[1]
        }
        return map
    }()
}
