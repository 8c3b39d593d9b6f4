@testable import Parlance

/// A message syntax that exists only in the tests, registered at run time:
/// `{name}` takes the named value `name`; positional arguments are `{0}`,
/// `{1}`…; a name with no value is an error, the text left as written.
final class BracesSyntax: MessageSyntaxPlugin {
    let id = 900
    let name = "braces"

    static let registered: Bool = MessageSyntax.register(BracesSyntax())

    func format(positional message: PositionalMessage) -> (text: String, errors: [ParlanceError]) {
        let values = Dictionary(uniqueKeysWithValues: message.arguments.enumerated().map { (String($0.offset), $0.element) })
        return Self.fill(message.text, values)
    }

    func format(named message: NamedMessage) throws(ParlanceError) -> String {
        let (text, errors) = Self.fill(message.text, message.values)
        if let first = errors.first { throw first }
        return text
    }

    private static func fill(_ text: String, _ values: [String: FormatArgument]) -> (text: String, errors: [ParlanceError]) {
        var out = "", errors: [ParlanceError] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            switch values[name] {
            case .string(let value)?: out += value
            case .int(let value)?: out += String(value)
            default:
                out += rest[open...close]
                errors.append(ParlanceError(.format, "no value for {\(name)}"))
            }
            rest = rest[rest.index(after: close)...]
        }
        return (out + rest, errors)
    }
}
