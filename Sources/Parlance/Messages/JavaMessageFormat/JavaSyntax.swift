/// `java.text.MessageFormat` (`.properties` tables): positional arguments,
/// `{0,choice,…}` choosing its own arm.
package enum JavaSyntax: MessageSyntaxPlugin {
    package static let id = 5
    package static let name = "java"
    package static let takesNamedValues = false
    package static let selectsItsOwnArms = true

    /// Arguments and quotes are syntax, the rest text (`JavaMessageParser.segments`).
    package static func segments(of text: String) -> [MessageSegment]? { JavaMessageParser(text).segments() }

    /// MessageFormat formats in the caller's locale, not the bundle's.
    package static func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        JavaMessageFormat.format(message.text, message.arguments, locale: message.callerLocale, isolate: message.isolates)
    }
}

extension MessageSyntax {
    /// `java.text.MessageFormat`: `{0}`, `{0,number,integer}`, `{0,choice,0#…|1<…}` (`.properties` tables).
    public static let java = MessageSyntax(JavaSyntax.self)
}
