/// A translatable message found in source code by `parlance extract`, or
/// the same shape read back from a table for merging.
public struct SourceMessage: Sendable, Equatable, Hashable {
    /// Where a message was used: `path:line`.
    public struct Reference: Sendable, Equatable, Hashable, Comparable {
        public var path: String
        public var line: Int

        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }

        public static func < (a: Reference, b: Reference) -> Bool { (a.path, a.line) < (b.path, b.line) }
    }

    /// The key (gettext: msgid; Apple: the key, which is also the development text).
    public var key: String
    /// The context (gettext msgctxt; SPLocalizedString's context).
    public var context: String?
    /// The plural source text (gettext msgid_plural), or for key-value formats a
    /// marker that the message is plural (then equal to `key`).
    public var plural: String?
    /// The table (Apple) or domain (gettext); nil for the default.
    public var table: String?
    /// Notes for translators (comments above the call, `#.` in `.po`).
    public var notes: [String]
    public var references: [Reference]
    /// A default value given in code (NSLocalizedString's `value:`), if any.
    public var defaultValue: String?
    /// The kinds of format string the text is, as xgettext flags them
    /// (`c-format`, `python-format`, …), and a template's other flags
    /// except `fuzzy` (`no-wrap`): gettext templates write them, and merge
    /// gives them to each `.po` entry as msgmerge does.
    public var formatFlags: [String] = []

    public init(key: String, context: String? = nil, plural: String? = nil, table: String? = nil,
                notes: [String] = [], references: [Reference] = [], defaultValue: String? = nil) {
        self.key = key
        self.context = context
        self.plural = plural
        self.table = table
        self.notes = notes
        self.references = references
        self.defaultValue = defaultValue
    }

    /// Identity for merging: table, context and key.
    public var id: MessageID { MessageID(table: table, context: context, key: key) }
}

/// Table, context and key: what makes two messages the same message.
public struct MessageID: Sendable, Hashable, Comparable {
    public var table: String?
    public var context: String?
    public var key: String

    public init(table: String?, context: String?, key: String) {
        self.table = table
        self.context = context
        self.key = key
    }

    /// By table, context, then key (no table and no context sort as "").
    public static func < (a: MessageID, b: MessageID) -> Bool {
        let tables = (a.table ?? "", b.table ?? "")
        if tables.0 != tables.1 { return tables.0 < tables.1 }
        let contexts = (a.context ?? "", b.context ?? "")
        if contexts.0 != contexts.1 { return contexts.0 < contexts.1 }
        return a.key < b.key
    }
}

/// A problem found while scanning or merging, located in its file.
public struct ToolDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning, note }
    public var path: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int, column: Int, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(path):\(line):\(column): \(severity.rawValue): \(message)" : "\(path): \(severity.rawValue): \(message)"
    }
}

extension SourceMessage {
    /// A table entry as a message: its key, texts as default values, notes.
    package static func message(_ entry: DocumentEntry, table: String) -> SourceMessage {
        switch entry.value {
        case .text(let text):
            return SourceMessage(key: entry.key, table: table, notes: entry.notes, defaultValue: text)
        default:
            let forms = entry.value.pluralForms
            return SourceMessage(key: entry.key, plural: forms?[.other] ?? entry.key, table: table, notes: entry.notes,
                                 defaultValue: forms?[.one])
        }
    }

    /// `path:line` (a reference without a line number gets 0).
    package static func reference(_ text: String) -> SourceMessage.Reference {
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            return SourceMessage.Reference(path: String(text[..<colon]), line: line)
        }
        return SourceMessage.Reference(path: text, line: 0)
    }
}
