/// Gathers the occurrences of messages into one message per `MessageID`:
/// references appended, notes kept once each in the order found, plural
/// if any occurrence is plural, the first default value. Two different
/// plural texts for one message are reported; the first is kept.
struct MessageCollector {
    private var messages: [MessageID: SourceMessage] = [:]
    private var diagnostics: [ToolDiagnostic] = []

    mutating func add(_ diagnostic: ToolDiagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func add(_ occurrence: SourceMessage, column: Int = 1) {
        guard var message = messages[occurrence.id] else {
            messages[occurrence.id] = occurrence
            return
        }
        message.references += occurrence.references
        for note in occurrence.notes where !message.notes.contains(note) {
            message.notes.append(note)
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
        messages[occurrence.id] = message
    }

    func result(fileCount: Int) -> ExtractionResult {
        let sorted = messages.values.sorted { $0.id < $1.id }.map { message -> SourceMessage in
            var message = message
            message.references = Array(Set(message.references)).sorted()
            return message
        }
        let ordered = diagnostics.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.path != y.path { return x.path < y.path }
            if (x.line, x.column) != (y.line, y.column) { return (x.line, x.column) < (y.line, y.column) }
            return a.offset < b.offset
        }.map(\.element)
        return ExtractionResult(messages: sorted, diagnostics: ordered, fileCount: fileCount)
    }
}
