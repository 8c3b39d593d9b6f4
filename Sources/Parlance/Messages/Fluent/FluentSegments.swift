/// A stored Fluent pattern (`FluentStoredValue`) cut into its text and its
/// syntax: a pattern of text alone is all text; a source keeps every
/// placeable as syntax (`{ $name }`, `{ -brand }`, `{ "literal" }`,
/// `{ NUMBER($n) }`) except the variants' patterns of a select expression,
/// which are text and placeables again, their keys (`*[other]`) syntax.
/// Changing the letters of the text leaves a source that parses to the
/// same placeables. One pass over the text.
extension FluentMessageSyntax {
    package func segments(of text: String) -> [MessageSegment]? {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return [.text(text)] }
        var scanner = FluentSegmentScanner(Array(text.unicodeScalars))
        scanner.pattern(inVariant: false)
        scanner.flush()
        return scanner.segments
    }
}

private struct FluentSegmentScanner {
    let s: [Unicode.Scalar]
    var i = 0
    var segments: [MessageSegment] = []
    private var run = String.UnicodeScalarView()
    private var runIsText = true

    init(_ s: [Unicode.Scalar]) { self.s = s }

    mutating func flush() {
        guard !run.isEmpty else { return }
        segments.append(runIsText ? .text(String(run)) : .syntax(String(run)))
        run = String.UnicodeScalarView()
    }

    private mutating func take(_ count: Int = 1, text: Bool) {
        if text != runIsText { flush(); runIsText = text }
        let end = min(i + count, s.count)
        run.append(contentsOf: s[i..<end])
        i = end
    }

    /// Text and placeables until the end, or (in a variant) until the line
    /// that starts the next variant or the `}` closing the select expression.
    mutating func pattern(inVariant: Bool) {
        while i < s.count {
            let c = s[i]
            if c == "{" { placeable(); continue }
            if c == "}" && inVariant { return }
            if inVariant && (c == "\n" || c == "\r") {
                var j = i
                while j < s.count, s[j] == " " || s[j] == "\n" || s[j] == "\r" || s[j] == "\t" { j += 1 }
                if j < s.count, s[j] == "[" || s[j] == "*" || s[j] == "}" { take(j - i, text: false); return }
            }
            take(text: true)
        }
    }

    /// A placeable from its `{` to its `}`: syntax, but for the patterns
    /// of its variants.
    private mutating func placeable() {
        take(text: false)
        while i < s.count {
            switch s[i] {
            case "}":
                take(text: false)
                return
            case "\"":
                var j = i + 1
                while j < s.count, s[j] != "\"", s[j] != "\n" { j += s[j] == "\\" ? 2 : 1 }
                take(j + 1 - i, text: false)
            case "{":
                placeable()
            case "-" where i + 1 < s.count && s[i + 1] == ">":
                take(2, text: false)
                variants()
            default:
                take(text: false)
            }
        }
    }

    /// The variants of a select expression, up to its closing `}`.
    private mutating func variants() {
        while i < s.count, s[i] != "}" {
            guard s[i] == "[" else { take(text: false); continue }
            var j = i
            while j < s.count, s[j] != "]" { j += 1 }
            j += 1
            while j < s.count, s[j] == " " || s[j] == "\t" { j += 1 }
            take(j - i, text: false)
            pattern(inVariant: true)
        }
    }
}
