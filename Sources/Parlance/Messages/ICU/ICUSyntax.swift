/// ICU MessageFormat, formatted by ICU: positional arguments are `{0}`, `{1}`…
package final class ICUSyntax: MessageSyntaxPlugin {
    package let id = 2
    package let name = "icu"
    package let selectsItsOwnArms = true
    package let title = "ICU MessageFormat"
    package var shapeReader: (@Sendable (String) -> Result<MessageShape, ParlanceError>)? { { Self.shape($0) } }

    /// An ICU MessageFormat message's shape.
    private static func shape(_ text: String) -> Result<MessageShape, ParlanceError> {
        var shape = MessageShape()
        switch ICUMessageFormat.arguments(text) {
        case .failure(let error): return .failure(error)
        case .success(let arguments):
            for argument in arguments {
                // The same argument may appear twice (`{n}` and `{n, plural…}`): the richer kind counts.
                if shape.arguments[argument.name] == nil || argument.kind != "none" {
                    shape.arguments[argument.name] = argument.kind
                }
                if argument.kind == "plural" || argument.kind == "selectordinal" {
                    shape.selections.append((argument.name, argument.kind == "selectordinal", argument.selectors))
                }
            }
        }
        return .success(shape)
    }

    package func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        let named = message.arguments.enumerated().map { (name: String($0.offset), value: $0.element) }
        switch ICUMessageFormat.format(message.found, values: named, style: message.style) {
        case .success(let text): return (text, [])
        case .failure(let error): return (message.text, [error])
        }
    }

    package func format(named message: NamedMessage) throws(ParlanceError) -> String {
        let named = message.values.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        switch message.withText({ ICUMessageFormat.format($0, values: named, style: message.style) }) {
        case .success(let text): return message.written(text)
        case .failure(let error): throw error
        }
    }
}

extension MessageSyntax {
    /// ICU MessageFormat: `{count, plural, one {# file} other {# files}}`, formatted by ICU.
    public static let icu = MessageSyntax(ICUSyntax())
}
