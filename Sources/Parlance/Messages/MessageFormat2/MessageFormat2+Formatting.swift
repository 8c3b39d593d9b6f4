/// Formatting a selected pattern to text (`spec/formatting.md`, "Formatting
/// of the Selected Pattern").
extension MessageFormat2Resolver {
    /// The pattern's text: markup formats to nothing, failed placeholders to
    /// their fallback `{…}`; with `isolate`, placeholders are isolated by the
    /// Default Bidi Strategy.
    mutating func format(_ pattern: MessageFormat2.Pattern, isolate: Bool) -> String {
        var out = ""
        for part in pattern.parts {
            switch part {
            case .text(let text):
                out += text
            case .markup(let markup):
                resolve(markup)
            case .expression(let expression):
                let value = resolve(expression)
                let text: String
                if let formatted = format(value) {
                    text = formatted
                } else {
                    text = "{" + Self.fallbackSource(expression) + "}"
                }
                guard isolate else {
                    out += text
                    continue
                }
                MF2Bidi.append(text, direction: displayDirection(value), isolate: value.isolate,
                               messageDirection: direction, to: &out)
            }
        }
        return out
    }

    /// The text of a resolved value; nil (after reporting why) when it cannot be formatted.
    private mutating func format(_ value: MF2Value) -> String? {
        switch value.content {
        case .fallback(let source):
            return "{" + source + "}"
        case .string(let text):
            return text
        case .numberArgument(let number):
            // A number without a function formats as `:number` would.
            let resolved = MF2Number(value: number, options: [:], selection: .plural, percent: false)
            return checked(resolved.formatted(locale: locale), "the number \(number.plainText())")
        case .number(let number):
            return checked(number.formatted(locale: locale), "the number \(number.value.plainText())")
        case .dateArgument(let milliseconds):
            let date = MF2Date(epochMilliseconds: milliseconds, form: .skeleton("yMMMdjmm"), timeZone: "UTC")
            return checked(MF2DateFunctions.format(date, locale: locale), "the date")
        case .date(let date):
            return checked(MF2DateFunctions.format(date, locale: locale), "the date (time zone '\(date.timeZone)'?)")
        case .custom(let custom):
            return custom.format(errors: &errors)
        }
    }

    /// A formatter's nil is its options', unless ICU could not be loaded: then that says why.
    private mutating func checked(_ text: String?, _ what: String) -> String? {
        if text == nil {
            if let reason = ParlanceVersion.icuError {
                report(.unsupportedOperation, "\(what) could not be formatted: \(reason)")
            } else {
                report(.badOption, "\(what) could not be formatted with these options")
            }
        }
        return text
    }

    /// Unannotated number and date arguments format in the locale's direction.
    private func displayDirection(_ value: MF2Value) -> TextDirection {
        switch value.content {
        case .numberArgument, .dateArgument: direction
        case .fallback: .unknown
        default: value.direction
        }
    }
}
