/// A value for a printf-style placeholder, typed so that a conversion never
/// reads a different kind of value than the caller passed.
public enum FormatArgument: Sendable, Equatable {
    case int(Int64)
    case double(Double)
    case string(String)

    /// "an integer", "a floating-point number", "a string": for error messages.
    var kindName: String {
        switch self {
        case .int: "an integer"
        case .double: "a floating-point number"
        case .string: "a string"
        }
    }
}
