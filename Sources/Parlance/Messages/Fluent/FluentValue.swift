/// Values a Fluent message is formatted with: arguments, literals and what
/// functions return (fluent-rs `FluentValue`).
package enum FluentValue: Sendable {
    case string(String)
    case number(FluentNumber)
    /// A point in time, milliseconds since 1970 UTC (formatted by `DATETIME()`).
    case date(epochMilliseconds: Double)
    /// No value: a missing argument or a function that failed.
    case error
}

/// A number with its formatting options (fluent.js `FluentNumber`): `text`
/// is the number as written (`1.50`), so that a literal's fraction digits
/// count for formatting and plural selection.
package struct FluentNumber: Sendable {
    package var value: Double
    package var text: String
    package var options: [String: String]

    package init(_ value: Double) {
        self.value = value
        text = value == value.rounded(.towardZero) && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        options = [:]
    }

    /// A number literal or a numeric string; nil when `text` is not a number.
    package init?(parsing text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self.value = value
        self.text = text
        options = [:]
        if let dot = text.firstIndex(of: ".") {
            options["minimumFractionDigits"] = String(text.distance(from: dot, to: text.endIndex) - 1)
        }
    }
}

/// An error met while formatting; the text is still produced. `kind` and
/// `description` are fluent-rs's (`ResolverError`, `ReferenceKind`).
package struct FluentError: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case reference = "Reference"
        case noValue = "NoValue"
        case cyclic = "Cyclic"
        case tooManyPlaceables = "TooManyPlaceables"
        case missingDefault = "MissingDefault"
        case overriding = "Overriding"
        /// An application's function reported an error or gave no text.
        case function = "Function"
    }
    package var kind: Kind
    package var description: String

    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// A function callable from messages (`NUMBER`, `DATETIME`, or one the
/// caller registers): positional and named arguments in, a value out. It
/// returns `.error` for arguments it cannot use.
package typealias FluentFunction = @Sendable (_ positional: [FluentValue], _ named: [String: FluentValue],
                                              _ locale: String) -> FluentValue
