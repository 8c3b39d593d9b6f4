/// Unicode MessageFormat 2: named values only; a message selects its own arms.
package final class MessageFormat2Syntax: MessageSyntaxPlugin {
    package let id = 3
    package let name = "mf2"
    package let selectsItsOwnArms = true
    package let title = "MessageFormat 2"
    package var shapeReader: (@Sendable (String) -> Result<MessageShape, ParlanceError>)? { { MessageFormat2.shape($0) } }

    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        (message.text, [ParlanceError(.format, "its messages are MessageFormat 2, which takes named values")])
    }

    /// Reporting errors (`message.collect`), a message that does not parse
    /// gives its fallback text beside its error, as formatting always gives text.
    package func format(named message: NamedMessage) throws(ParlanceError) -> String {
        let parsed: MessageFormat2
        do {
            parsed = try message.parsed.messageFormat2(message.text)
        } catch {
            if let collect = message.collect {
                let (text, errors) = MessageFormat2.unparsed(error)
                collect.errors += errors
                return text
            }
            throw ParlanceError(.format, "\(error.line):\(error.column): \(error.message)")
        }
        let (text, errors) = parsed.format(message.values, locale: message.locale, isolate: message.isolates,
                                           adding: message.functions.current)
        if message.depth > 0 && !message.budget.write(text.utf8.count) { return "" }
        if let collect = message.collect {
            collect.errors += errors
            return text
        }
        if let first = errors.first { throw ParlanceError(.format, first.description) }
        return text
    }
}

extension MessageSyntax {
    /// Unicode MessageFormat 2: `.input {$n :number} .match $n one {{…}} * {{…}}`.
    public static let messageFormat2 = MessageSyntax(MessageFormat2Syntax())
}
