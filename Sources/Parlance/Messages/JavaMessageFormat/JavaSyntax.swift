/// `java.text.MessageFormat` (`.properties` tables): positional arguments,
/// `{0,choice,…}` choosing its own arm.
package final class JavaSyntax: MessageSyntaxPlugin {
    package let id = 5
    package let name = "java"
    package let takesNamedValues = false
    package let selectsItsOwnArms = true

    /// Arguments and quotes are syntax, the rest text (`JavaMessageParser.segments`).
    package func segments(of text: String) -> [MessageSegment]? { JavaMessageParser(text).segments() }

    /// MessageFormat formats in the caller's locale, not the bundle's.
    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        JavaMessageFormat.format(message.text, message.arguments, locale: message.callerLocale, isolate: message.isolates)
    }
}

extension MessageSyntax {
    /// `java.text.MessageFormat`: `{0}`, `{0,number,integer}`, `{0,choice,0#…|1<…}` (`.properties` tables).
    public static let java = MessageSyntax(JavaSyntax())
}
