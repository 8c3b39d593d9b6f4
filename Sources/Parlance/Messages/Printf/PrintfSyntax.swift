/// printf and Apple placeholders (`%d`, `%1$@`, `%#@var@`), gettext's
/// plural forms: the syntax of Apple's and gettext's tables.
package final class PrintfSyntax: MessageSyntaxPlugin {
    package let id = 1
    package let name = "printf"
    package let takesNamedValues = false

    /// A `.stringsdict` entry's variables take their variant from their own
    /// argument; any other text is printf's.
    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        if case .stringsdict(let format, _) = message.entry.value {
            return StringsdictFormatter.format(format, message.arguments, category: message.category,
                                               device: message.device, style: message.style)
        }
        return PrintfFormatter.format(message.text, message.arguments, style: message.style)
    }
}

extension MessageSyntax {
    /// printf and Apple placeholders (`%d`, `%1$@`, `%#@var@`), gettext's plural forms.
    public static let printf = MessageSyntax(PrintfSyntax())
}
