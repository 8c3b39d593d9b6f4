import Parlance

/// What a target format can carry, and how each entry is brought to it.
struct ConvertTarget: Sendable {
    enum Contexts: Sendable {
        /// SPLocalizedString's `(context)key` (Apple's formats, JSON, XLIFF ids).
        case composed
        /// gettext's `msgctxt`.
        case separate
        /// i18next's `key_context`.
        case suffix
        /// None (Android resources).
        case none
    }

    let format: TableFormat
    let contexts: Contexts
    /// `.stringsdict` entries (format and variables) survive as they are.
    let variables: Bool
    /// Device rules survive (`.stringsdict` files, String Catalogs).
    var devices: Bool { variables && format != .xliff }

    static func of(_ format: TableFormat) -> ConvertTarget {
        switch format {
        case .po, .mo: return ConvertTarget(format: format, contexts: .separate, variables: false)
        case .i18next: return ConvertTarget(format: format, contexts: .suffix, variables: false)
        case .android: return ConvertTarget(format: format, contexts: .none, variables: false)
        case .stringsdict, .xcstrings, .xliff, .strings:
            return ConvertTarget(format: format, contexts: .composed, variables: true)
        case .json, .compiled: return ConvertTarget(format: format, contexts: .composed, variables: false)
        }
    }
}

/// An entry ready for a writer: its key as the target spells it, a context
/// when the target keeps one apart, and a text, plural or `.stringsdict` value.
struct ConvertEntry: Sendable {
    var key: String
    var context: String?
    var value: EntryValue
    /// The source file's note for translators, written where the target keeps notes.
    var comment: String? = nil

    /// The note as the writers' list of notes.
    var notes: [String] { comment.map { [$0] } ?? [] }
}

/// Something of an entry the target cannot carry.
struct ConversionLoss: Sendable, CustomStringConvertible {
    var locale: String
    var table: String
    var key: String
    var context: String?
    var what: String

    var description: String {
        "\(locale)/\(table): '\(key)'" + (context.map { " (context '\($0)')" } ?? "") + ": " + what
    }
}
