/// Functions an application adds to MessageFormat 2 (`{$x :app:price}`)
/// and to Fluent (`{ PRICE($x, currency: "EUR") }`), beside the default set: what a function is given, and what its resolved
/// value does when a placeholder formats it, a `.match` selects on it, an
/// option reads it or another function takes it as its operand.
///
/// ```swift
/// let shout: MessageFunction = { call, errors in
///     guard case .string(let text)? = call.operand else {
///         errors.append(MessageFormat2Error(.badOperand, ":app:shout takes a string"))
///         return nil
///     }
///     return MessageFunctionResult(value: text, text: text.uppercased())
/// }
/// let message = try MessageFormat2("{$name :app:shout}", functions: ["app:shout": shout])
/// message.format(["name": .string("ann")], locale: "en").text   // "ANN"
/// ```
///
/// A function is called once per expression and formatting call, on the
/// formatting thread; it must not call back into the message.
public typealias MessageFunction = @Sendable (_ call: MessageFunctionCall, _ errors: inout [MessageFormat2Error])
    -> MessageFunctionResult?

/// A value as a function sees it: its operand, or one of its options.
public enum MessageValue: Sendable, Equatable {
    /// A string: a literal, a string argument, `:string`'s result.
    case string(String)
    /// A number, as exact decimal text (`"1234.5"`, `"-1e3"`).
    case number(String)
    /// A date: milliseconds since 1970-01-01T00:00Z.
    case date(epochMilliseconds: Double)
    /// The result of an application's function: its name, the value it gave
    /// (`MessageFunctionResult.value`) and its fields.
    case custom(function: String, value: String?, fields: [String: String])
    /// An operand whose resolution failed (an unknown variable, say): the
    /// expression is a fallback whatever the function returns; a function
    /// reports what it makes of it (the spec's suite expects Bad Operand).
    case fallback
}

/// What a function is given.
public struct MessageFunctionCall: Sendable {
    /// The function's name as the message spells it (`app:price`).
    public let name: String
    /// The locale of the message (a canonical BCP 47 tag).
    public let locale: String
    /// The operand, nil when the expression has none (`{:app:now}`).
    public let operand: MessageValue?
    /// The options whose values resolved, by name (`u:` options are the
    /// engine's and are not here); a Fluent call's named arguments.
    public let options: [String: MessageValue]
    /// The positional arguments: a Fluent call's (`FOO($x, 2)`), the
    /// first of which is also `operand`; a MessageFormat 2 call's operand
    /// alone (none without one).
    public let arguments: [MessageValue]

    public init(name: String, locale: String, operand: MessageValue?, options: [String: MessageValue],
                arguments: [MessageValue]? = nil) {
        self.name = name
        self.locale = locale
        self.operand = operand
        self.options = options
        self.arguments = arguments ?? operand.map { [$0] } ?? []
    }
}

/// A function's resolved value.
public struct MessageFunctionResult: Sendable, Equatable {
    /// What an option or another function reads of it (nil: nothing).
    public var value: String?
    /// What the function keeps for itself when its result is the operand of
    /// another call (`.custom(function:value:fields:)`).
    public var fields: [String: String]
    /// Its formatted text; nil when it cannot be formatted: formatting it then
    /// reports `formatError` (Unsupported Operation when nil) and shows the
    /// expression's fallback.
    public var text: String?
    public var formatError: MessageFormat2Error?
    /// The variant keys it matches, best first; nil when it does not support
    /// selection (a `.match` on it then reports Bad Selector and takes `*`).
    public var keys: [String]?

    public init(value: String? = nil, fields: [String: String] = [:], text: String? = nil,
                formatError: MessageFormat2Error? = nil, keys: [String]? = nil) {
        self.value = value
        self.fields = fields
        self.text = text
        self.formatError = formatError
        self.keys = keys
    }
}

extension MessageFormat2 {
    /// Parses `source` (as `init(_:)` does) for formatting with the default
    /// functions and `functions`, which add to them or replace them by name.
    public init(_ source: String, functions: [String: MessageFunction]) throws(ParlanceError) {
        try self.init(source, functions: MF2Functions.defaults.overwriting(with: functions.mapValues(MF2Functions.custom)))
    }
}

extension MF2Functions {
    /// An application's function as the resolver calls it.
    static func custom(_ function: @escaping MessageFunction) -> MF2Function {
        { call in
            let given = MessageFunctionCall(name: call.function, locale: call.locale, operand: call.operand.map { $0.messageValue },
                                            options: call.options.mapValues { $0.messageValue })
            guard let result = function(given, &call.errors) else { return nil }
            return MF2Value(content: .custom(CustomResult(function: call.function, result: result)))
        }
    }

    /// A function's result as a value the engine formats and selects on:
    /// a value the built-in kinds do not cover, which formats, selects and
    /// compares keys itself.
    struct CustomResult: Sendable {
        let function: String
        let result: MessageFunctionResult

        /// What an option reads of it (nil: it cannot be an option's value).
        var optionValue: String? { result.value }

        var messageValue: MessageValue { .custom(function: function, value: result.value, fields: result.fields) }

        /// The formatted text; nil after reporting an error into `errors`.
        func format(errors: inout [MessageFormat2Error]) -> String? {
            if let text = result.text { return text }
            errors.append(result.formatError ?? MessageFormat2Error(.unsupportedOperation, ":\(function) cannot be formatted"))
            return nil
        }

        /// Match(rv, key); nil when the value does not support selection.
        func match(_ key: String, errors: inout [MessageFormat2Error]) -> Bool? {
            result.keys.map { $0.contains(key) }
        }

        /// BetterThan(rv, key1, key2) for two keys that both match.
        func better(_ key1: String, than key2: String) -> Bool {
            guard let keys = result.keys, let first = keys.firstIndex(of: key1) else { return false }
            return keys.firstIndex(of: key2).map { first < $0 } ?? true
        }
    }
}

extension MF2Value {
    /// The value as an application's function sees it.
    var messageValue: MessageValue {
        switch content {
        case .string(let text): .string(text)
        case .numberArgument(let number): .number(number.plainText())
        case .number(let number): .number(number.value.plainText())
        case .dateArgument(let milliseconds): .date(epochMilliseconds: milliseconds)
        case .date(let date): .date(epochMilliseconds: date.epochMilliseconds)
        case .custom(let custom): custom.messageValue
        case .fallback: .fallback
        }
    }
}
