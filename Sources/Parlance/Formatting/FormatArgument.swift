/// A value for a placeholder, typed so that a conversion never reads a
/// different kind of value than the caller passed.
public enum FormatArgument: Sendable, Equatable {
    case int(Int64)
    case double(Double)
    case string(String)
    /// A decimal number as text (`"1234.50"`, `"-1e3"`), kept exactly:
    /// digits beyond a double's precision, and visible trailing fraction
    /// digits, which select plural forms (`1.0` is "other" in English).
    case decimal(String)
    /// A point in time: milliseconds since 1970-01-01T00:00:00Z.
    case date(epochMilliseconds: Double)

    /// "an integer", "a floating-point number", "a string"…: for error messages.
    var kindName: String {
        switch self {
        case .int: "an integer"
        case .double: "a floating-point number"
        case .string: "a string"
        case .decimal: "a decimal number"
        case .date: "a date"
        }
    }

}
