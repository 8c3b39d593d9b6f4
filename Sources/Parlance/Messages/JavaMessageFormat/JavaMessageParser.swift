/// `MessageFormat.applyPattern` (Java 17), step for step: the text outside
/// arguments loses its quoting; inside an argument the index, type and
/// style segments are split at the first two commas outside quotes and
/// nested braces, quotes kept for the style's own parser.
struct JavaMessageParser {
    private let pattern: [Unicode.Scalar]

    init(_ pattern: String) { self.pattern = Array(pattern.unicodeScalars) }

    /// Java's limit on argument numbers.
    static let argumentLimit = 10_000

    func parse() -> Result<[JavaMessageFormat.Part], ParlanceError> {
        var cuts: [Range<Int>] = []
        return parse(syntax: &cuts)
    }

    /// The pattern cut into text and syntax (`JavaSyntax.segments`): each
    /// argument `{…}` whole and each quote character (`''` as one) are
    /// syntax, the rest (quoted text too) is text. A pattern Java refuses is
    /// syntax whole.
    func segments() -> [MessageSegment] {
        var cuts: [Range<Int>] = []
        guard case .success = parse(syntax: &cuts) else { return [.syntax(String(String.UnicodeScalarView(pattern)))] }
        var segments: [MessageSegment] = []
        var at = 0
        func piece(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(pattern[range])) }
        for cut in cuts {
            if cut.lowerBound > at { segments.append(.text(piece(at..<cut.lowerBound))) }
            segments.append(.syntax(piece(cut)))
            at = cut.upperBound
        }
        if at < pattern.count { segments.append(.text(piece(at..<pattern.count))) }
        return segments
    }

    /// `parse`, recording in `syntax` where the quotes and arguments are.
    private func parse(syntax cuts: inout [Range<Int>]) -> Result<[JavaMessageFormat.Part], ParlanceError> {
        var parts: [JavaMessageFormat.Part] = []
        var raw = String.UnicodeScalarView()
        var segments = [String.UnicodeScalarView(), String.UnicodeScalarView(), String.UnicodeScalarView()]
        var part = -1   // -1: message text; 0 index, 1 type, 2 style
        var inQuote = false
        var braceStack = 0
        var argumentStart = 0
        var i = 0
        while i < pattern.count {
            let c = pattern[i]
            if part < 0 {
                if c == "'" {
                    if i + 1 < pattern.count, pattern[i + 1] == "'" {
                        raw.append(c)
                        cuts.append(i..<(i + 2))
                        i += 1
                    } else {
                        cuts.append(i..<(i + 1))
                        inQuote.toggle()
                    }
                } else if c == "{" && !inQuote {
                    part = 0
                    argumentStart = i
                    segments = [String.UnicodeScalarView(), String.UnicodeScalarView(), String.UnicodeScalarView()]
                } else {
                    raw.append(c)
                }
            } else if inQuote {
                segments[part].append(c)
                if c == "'" { inQuote = false }
            } else {
                switch c {
                case ",":
                    if part < 2 { part += 1 } else { segments[part].append(c) }
                case "{":
                    braceStack += 1
                    segments[part].append(c)
                case "}":
                    if braceStack == 0 {
                        part = -1
                        cuts.append(argumentStart..<(i + 1))
                        switch Self.argument(segments.map { String($0) }, at: argumentStart) {
                        case .success(let argument):
                            if !raw.isEmpty { parts.append(.text(String(raw))) }
                            raw = String.UnicodeScalarView()
                            parts.append(argument)
                        case .failure(let error):
                            return .failure(error)
                        }
                    } else {
                        braceStack -= 1
                        segments[part].append(c)
                    }
                case " ":
                    // Spaces before the type are skipped.
                    if part != 1 || !segments[1].isEmpty { segments[part].append(c) }
                case "'":
                    inQuote = true
                    segments[part].append(c)
                default:
                    segments[part].append(c)
                }
            }
            i += 1
        }
        if braceStack == 0 && part >= 0 {
            return .failure(Self.error("unmatched braces: the argument is not closed", at: argumentStart))
        }
        // Java drops an argument left open inside nested braces, and keeps the text before it.
        if part >= 0 { cuts.append(argumentStart..<pattern.count) }
        if !raw.isEmpty { parts.append(.text(String(raw))) }
        return .success(parts)
    }

    static func error(_ message: String, at offset: Int) -> ParlanceError {
        ParlanceError(.format, "\(message) (at character \(offset + 1))", line: 1, column: offset + 1)
    }

    /// `makeFormat`: the argument of the segments `{index,type,style}`.
    private static func argument(_ segments: [String], at offset: Int) -> Result<JavaMessageFormat.Part, ParlanceError> {
        guard let index = javaInteger(segments[0]) else {
            return .failure(error("can't parse argument number: \(segments[0])", at: offset))
        }
        guard index >= 0 else { return .failure(error("negative argument number: \(index)", at: offset)) }
        guard index < argumentLimit else {
            return .failure(error("\(index) exceeds the ArgumentIndex implementation limit", at: offset))
        }
        let type = segments[1], style = segments[2]
        guard !type.isEmpty else { return .success(.argument(index, .none)) }
        switch keyword(type, among: ["", "number", "date", "time", "choice"]) {
        case 0?:
            return .success(.argument(index, .none))
        case 1?:
            switch keyword(style, among: ["", "currency", "percent", "integer"]) {
            case 0?: return .success(.argument(index, .number("")))
            case 1?: return .success(.argument(index, .number("currency")))
            case 2?: return .success(.argument(index, .number("percent")))
            case 3?: return .success(.argument(index, .number("integer")))
            default: return .success(.argument(index, .number(style)))
            }
        case let kind? where kind == 2 || kind == 3:
            let styles = [nil, "short", "medium", "long", "full"]
            guard let found = keyword(style, among: ["", "short", "medium", "long", "full"]) else {
                return .success(.argument(index, .datePattern(style)))
            }
            let name = styles[found] ?? "medium"
            return .success(.argument(index, kind == 2 ? .date(dateStyle: name, timeStyle: nil) : .date(dateStyle: nil, timeStyle: name)))
        case 4?:
            guard let choice = ChoiceFormat(style) else {
                return .failure(error("choice pattern incorrect: \(style)", at: offset))
            }
            return .success(.argument(index, .choice(choice)))
        default:
            return .failure(error("unknown format type: \(type)", at: offset))
        }
    }

    /// `findKeyword`: an exact match, else the trimmed, lowercased text's.
    private static func keyword(_ text: String, among keywords: [String]) -> Int? {
        if let exact = keywords.firstIndex(of: text) { return exact }
        let lowered = javaTrim(text).lowercased()
        return keywords.firstIndex(of: lowered)
    }

    /// `String.trim`: characters up to U+0020 off both ends.
    static func javaTrim(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
              let last = scalars.lastIndex(where: { $0.value > 0x20 }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// `Integer.parseInt`: an optional sign and ASCII digits, within 32 bits.
    private static func javaInteger(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        var value = 0
        for byte in digits.utf8 {
            value = value * 10 + Int(byte - 48)
            if value > Int(Int32.max) + 1 { return nil }
        }
        value = negative ? -value : value
        return value >= Int(Int32.min) && value <= Int(Int32.max) ? value : nil
    }
}
