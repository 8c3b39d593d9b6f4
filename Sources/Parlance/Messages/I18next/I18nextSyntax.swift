/// i18next's interpolation: `{{name}}` values, `$t(key)` nesting (plural
/// and context suffixes are the i18next table format's key rules).
package final class I18nextSyntax: MessageSyntaxPlugin {
    package let id = 4
    package let name = "i18next"
    /// i18next's `t()` interpolates a key it finds nowhere (catalogs keyed by
    /// their natural-language text rely on it).
    package let formatsMissingKeys = true

    /// A `{{name}}` takes a named value: never left silently unfilled; a
    /// text without one is formatted as printf's.
    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        guard !message.text.containsOccurrence(of: "{{") else {
            return (message.text, [ParlanceError(.format, "its messages are i18next's, whose {{placeholders}} take named values: use format_named")])
        }
        return MessageSyntax.printf.plugin.format(positional: message)
    }

    /// Formats (`{{n, number}}`) in the language asked for, as i18next
    /// formats in its current language.
    package func format(named message: NamedMessage) throws(ParlanceError) -> String {
        I18nextMessage.format(message.text, values: message.values, escape: message.escape, locale: message.callerLocale,
                              budget: message.budget, isolate: message.style.isolated, nest: message.nest)
    }
}

extension MessageSyntax {
    /// i18next's interpolation: `{{name}}`, `$t(key)`, plural and context key suffixes.
    public static let i18next = MessageSyntax(I18nextSyntax())
}
