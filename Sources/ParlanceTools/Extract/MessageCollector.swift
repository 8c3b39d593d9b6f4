/// Gathers the occurrences of messages into one message per `MessageID`:
/// references appended, notes appended unless they repeat the tail of the
/// notes already there (xgettext's rule for a message found again), plural
/// if any occurrence is plural, the first default value. Two different
/// plural texts for one message are reported; the first is kept.
struct MessageCollector: FindingSink {
    private var messages: [MessageID: SourceMessage] = [:]
    /// The identities in the order first found (xgettext's order).
    private var order: [MessageID] = []
    private var diagnostics: [ToolDiagnostic] = []

    mutating func reserveCapacity(_ count: Int) {
        messages.reserveCapacity(count)
        order.reserveCapacity(count)
    }

    mutating func add(_ diagnostic: ToolDiagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func add(_ occurrence: SourceMessage, column: Int = 1) {
        guard var message = messages.removeValue(forKey: occurrence.id) else {   // taken out: changed in place
            messages[occurrence.id] = occurrence
            order.append(occurrence.id)
            return
        }
        message.references += occurrence.references
        for note in occurrence.notes {
            let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
            let before = message.notes.suffix(lines.count).flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            if !before.suffix(lines.count).elementsEqual(lines) || before.count < lines.count {
                message.notes.append(note)
            }
        }
        if let plural = occurrence.plural {
            if let kept = message.plural, kept != plural {
                if let at = occurrence.references.first {
                    diagnostics.append(ToolDiagnostic(
                        path: at.path, line: at.line, column: column, severity: .warning,
                        message: "plural '\(plural)' of '\(message.key)' differs from '\(kept)' found before; keeping '\(kept)'"))
                }
            } else {
                message.plural = plural
            }
        }
        if message.defaultValue == nil { message.defaultValue = occurrence.defaultValue }
        for flag in occurrence.formatFlags where !message.formatFlags.contains(flag) { message.formatFlags.append(flag) }
        messages[occurrence.id] = message
    }

    /// One file's findings, in the order found there.
    mutating func add(_ findings: FileFindings) {
        for diagnostic in findings.diagnostics { add(diagnostic) }
        for (message, column) in findings.messages { add(message, column: column) }
    }

    func result(fileCount: Int) -> ExtractionResult {
        let inOrder = order.map { id -> SourceMessage in
            var message = messages[id]!
            if message.references.count > 1 { message.references = Array(Set(message.references)).sorted() }
            return message
        }
        let ordered = diagnostics.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.path != y.path { return x.path < y.path }
            if (x.line, x.column) != (y.line, y.column) { return (x.line, x.column) < (y.line, y.column) }
            return a.offset < b.offset
        }.map(\.element)
        return ExtractionResult(messages: inOrder, diagnostics: ordered, fileCount: fileCount)
    }
}

/// Where a scan puts what it finds.
protocol FindingSink {
    mutating func add(_ diagnostic: ToolDiagnostic)
    mutating func add(_ occurrence: SourceMessage, column: Int)
}

/// What one file gave, in the order found, before it is collected with the
/// other files'.
struct FileFindings: FindingSink, Sendable {
    var messages: [(SourceMessage, Int)] = []
    var diagnostics: [ToolDiagnostic] = []

    mutating func add(_ diagnostic: ToolDiagnostic) { diagnostics.append(diagnostic) }
    mutating func add(_ occurrence: SourceMessage, column: Int) { messages.append((occurrence, column)) }
}
