/// Qt's messages (Qt Linguist tables): what `QCoreApplication::translate(context,
/// source, disambiguation, n)` does to the text it found (or to the source
/// text): `%n` becomes n, `%Ln` n in the locale's number format (Qt's
/// `replacePercentN`). n is the first numeric argument; without one, or
/// with a negative one, the text is given as it is, as Qt gives it for n = -1.
/// Other placeholders (`%1`, `%L1`) are the caller's `QString::arg`, left as written.
package final class QtSyntax: MessageSyntaxPlugin {
    package let id = 7
    package let name = "qt"
    package let takesNamedValues = false
    /// `translate` replaces `%n` in the source text too when no translator has it.
    package let formatsMissingKeys = true

    /// `%Ln` in the caller's locale, as Qt formats it in the default `QLocale`.
    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        guard let n = message.arguments.lazy.compactMap(Self.count).first, n >= 0 else { return (message.text, []) }
        return (Self.replacingPercentN(message.text, n: n, locale: message.callerLocale), [])
    }

    /// `%n`, `%Ln` and any other `%` (Qt's `%1`, `%L1`, a literal `%`) are syntax; the rest is text.
    package func segments(of text: String) -> [MessageSegment]? {
        var segments: [MessageSegment] = []
        var literal = ""
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first {
            guard first == "%" else { literal.unicodeScalars.append(first); scalars = scalars.dropFirst(); continue }
            var end = scalars.index(after: scalars.startIndex)
            if end < scalars.endIndex, scalars[end] == "L" { end = scalars.index(after: end) }
            if end < scalars.endIndex, scalars[end] == "n" {
                end = scalars.index(after: end)
            } else {
                while end < scalars.endIndex, ("0"..."9").contains(scalars[end]) { end = scalars.index(after: end) }
            }
            if !literal.isEmpty { segments.append(.text(literal)); literal = "" }
            segments.append(.syntax(String(scalars[..<end])))
            scalars = scalars[end...]
        }
        if !literal.isEmpty { segments.append(.text(literal)) }
        return segments
    }

    /// Qt's `replacePercentN`, step for step: each `%`, then `L` or not,
    /// then `n` is replaced; the search goes on after what it read.
    static func replacingPercentN(_ text: String, n: Int64, locale: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var out = ""
        var utf8 = Substring(text).utf8
        while let percent = utf8.firstIndex(of: UInt8(ascii: "%")) {
            out += Substring(utf8[..<percent])
            var at = utf8.index(after: percent)
            var local = false
            if at < utf8.endIndex, utf8[at] == UInt8(ascii: "L") { local = true; at = utf8.index(after: at) }
            if at < utf8.endIndex, utf8[at] == UInt8(ascii: "n") {
                out += local ? (ICUNumberFormat.format(n, skeleton: "", locale: locale) ?? String(n)) : String(n)
                utf8 = utf8[utf8.index(after: at)...]
            } else {
                out += Substring(utf8[percent..<at])
                utf8 = utf8[at...]
            }
        }
        out += Substring(utf8)
        return out
    }

    /// Qt's n is an integer: an integer argument, or a number without fraction.
    private static func count(_ argument: FormatArgument) -> Int64? {
        switch argument {
        case .int(let value): return value
        case .double(let value): return value.rounded(.towardZero) == value && abs(value) < 9e18 ? Int64(value) : nil
        case .decimal(let text): return Int64(text)
        case .string, .date, .bool, .list: return nil
        }
    }
}

extension MessageSyntax {
    /// Qt's: `%n` and `%Ln` replaced by the count (Qt Linguist tables).
    public static let qt = MessageSyntax(QtSyntax())
}
