/// What one argument of a localization call means.
public enum ArgumentRole: Sendable, Hashable {
    /// The key (gettext's msgid).
    case key
    /// A caret-marked key (`"^Print"`): the key without the caret.
    case markedKey
    case context
    /// The plural source text (gettext's msgid_plural).
    case plural
    /// The number choosing the plural form: its presence makes the message plural.
    case count
    /// The table (Apple) or domain (gettext).
    case table
    /// A comment for translators (NSLocalizedString's `comment`).
    case note
    /// A default value (NSLocalizedString's `value`).
    case defaultValue
}

/// How a localization function is called and what its arguments mean:
/// a built-in table row, or a `--keyword NAME:ARGSPEC` as xgettext takes it.
public struct KeywordSpec: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        /// `name(...)` or `receiver.name(...)` (xgettext's way: `gettext.gettext(...)` counts).
        case function
        /// Only `receiver.name(...)`: the binding's and the Swift API's methods.
        case method
    }

    public var name: String
    public var style: Style
    /// 1-based argument positions.
    public var positions: [Int: ArgumentRole]
    /// Argument labels (Swift `context:`, Python `context=`).
    public var labels: [String: ArgumentRole]
    /// xgettext's `Nt`: the call must have exactly this many arguments.
    public var totalArguments: Int?
    /// xgettext's `"text"` in an ARGSPEC: a note added to every message.
    public var fixedNote: String?

    public init(_ name: String, _ style: Style = .function, positions: [Int: ArgumentRole],
                labels: [String: ArgumentRole] = [:], totalArguments: Int? = nil, fixedNote: String? = nil) {
        self.name = name
        self.style = style
        self.positions = positions
        self.labels = labels
        self.totalArguments = totalArguments
        self.fixedNote = fixedNote
    }

    /// Whether the message is plural: the call has a count or plural text.
    var isPlural: Bool {
        positions.values.contains { $0 == .count || $0 == .plural } || labels.values.contains { $0 == .count || $0 == .plural }
    }

    /// Parses xgettext's `--keyword` syntax: `NAME` (the key is argument 1),
    /// `NAME:N` (key), `NAME:N,M` (key, plural), `NAME:Nc,M` (context, key),
    /// `NAME:Nc,M,P`, an optional `Kt` (total argument count) and an
    /// optional `"note"`.
    public static func parse(_ text: String) throws -> KeywordSpec {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty, name.utf8.allSatisfy({ $0.isIdentifierPart || $0 == 0x24 }),
              name.utf8.first?.isDigit == false else {
            throw UsageError("--keyword '\(text)': the name must be an identifier")
        }
        guard parts.count == 2 else { return KeywordSpec(name, positions: [1: .key]) }
        var numbers: [Int] = []
        var context: Int? = nil
        var total: Int? = nil
        var note: String? = nil
        for piece in splitSpec(String(parts[1])) {
            if piece.hasPrefix("\"") && piece.hasSuffix("\"") && piece.count >= 2 {
                note = String(piece.dropFirst().dropLast())
            } else if piece.hasSuffix("c"), let n = Int(piece.dropLast()), n > 0 {
                guard context == nil else { throw UsageError("--keyword '\(text)': two context arguments") }
                context = n
            } else if piece.hasSuffix("t"), let n = Int(piece.dropLast()), n > 0 {
                total = n
            } else if let n = Int(piece), n > 0 {
                numbers.append(n)
            } else {
                throw UsageError("--keyword '\(text)': cannot read '\(piece)' (want N, Nc, Nt or \"note\")")
            }
        }
        guard numbers.count <= 2 else { throw UsageError("--keyword '\(text)': at most a key and a plural") }
        var positions: [Int: ArgumentRole] = [(numbers.first ?? 1): .key]
        if numbers.count == 2 { positions[numbers[1]] = .plural }
        if let context { positions[context] = .context }
        guard Set(numbers + (context.map { [$0] } ?? [])).count == numbers.count + (context == nil ? 0 : 1) else {
            throw UsageError("--keyword '\(text)': an argument has two roles")
        }
        return KeywordSpec(name, positions: positions, totalArguments: total, fixedNote: note)
    }

    /// Commas split the spec, except inside a quoted note.
    private static func splitSpec(_ spec: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in spec {
            if character == "\"" { quoted.toggle() }
            if character == "," && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map(CommentText.trim).filter { !$0.isEmpty }
    }
}
