/// Function calls (`{ NUMBER($n, minimumFractionDigits: 2) }`): an
/// application's function (`Catalog.setMessageFunction`, shared with
/// MessageFormat 2) is asked first, so that it replaces a built-in of its
/// name, then the bundle's own (`NUMBER`, `DATETIME`).
extension FluentScope {
    /// What a call gave.
    enum CallResult {
        /// No function of that name.
        case unknown
        /// A value; `.error` from a built-in that could not use its
        /// arguments (written `NAME()`, as fluent-rs writes it).
        case value(FluentValue)
        /// An application's function gave no text: its errors are the
        /// call's, and it is written `{NAME()}`, as fluent.js writes a
        /// function that threw.
        case failed
    }

    mutating func call(_ name: String, _ arguments: FluentCallArguments) -> CallResult {
        if let function = bundle.applicationFunctions[name] {
            let (positional, named) = self.arguments(arguments)
            let given = positional.map { $0.messageValue }
            let call = MessageFunctionCall(name: name, locale: bundle.locale, operand: given.first,
                                           options: named.mapValues { $0.messageValue }, arguments: given)
            var reported: [MessageFormat2Error] = []
            let result = function(call, &reported)
            errors += reported.map { FluentError(.function, "\(name)(): \($0.message)") }
            guard let text = result?.text else {
                if reported.isEmpty {
                    errors.append(FluentError(.function, "\(name)(): " + (result?.formatError?.message ?? "no value")))
                }
                return .failed
            }
            return .value(.string(text))
        }
        guard let function = bundle.function(name) else { return .unknown }
        let (positional, named) = self.arguments(arguments)
        return .value(function(positional, named, bundle.locale))
    }
}

extension FluentValue {
    /// The value as an application's function sees it.
    var messageValue: MessageValue {
        switch self {
        case .string(let text): .string(text)
        case .number(let number): .number(number.text)
        case .date(let milliseconds): .date(epochMilliseconds: milliseconds)
        case .error: .fallback
        }
    }
}
