/// Messages in `java.text.MessageFormat` syntax, parsed as Java's
/// `applyPattern` parses them and formatted as its `format` does, numbers
/// and dates through ICU in the message's locale.
///
/// - `{N}`: the argument by its type: a number as `NumberFormat.getInstance`
///   (grouping, at most 3 fraction digits, half-even), a date as
///   `DateFormat.getDateTimeInstance(SHORT, SHORT)`, text as it is.
/// - `{N,number[,integer|percent|currency|PATTERN]}`,
///   `{N,date|time[,short|medium|long|full|PATTERN]}`,
///   `{N,choice,0#none|1#one|1<many {N}}`: `ChoiceFormat`'s limits (`#`,
///   `≤`, `<`, `∞`), an arm holding `{` formatted again as a message.
/// - Quoting: `''` is an apostrophe, `'…'` quotes (to the end of the
///   pattern when unterminated); a `}` outside an argument is itself.
/// - An argument that was not given stays `{N}`, as Java prints it.
///
/// Where Java throws (an unterminated `{`, an argument number that is none,
/// an unknown type, a bad choice pattern, a value of the wrong kind),
/// Parlance still produces text and reports a located `.format` error
/// alongside: a pattern that does not parse is its own text, a value of the
/// wrong kind is shown as text.
package struct JavaMessageFormat: Sendable {
    package enum Part: Sendable, Equatable {
        case text(String)
        case argument(Int, Style)
    }

    package enum Style: Sendable, Equatable {
        /// `{N}` (or `{N,}`): by the value's type.
        case none
        /// `number` with an ICU MessageFormat style: "" (the default), `integer`, `percent`, `currency` or a pattern.
        case number(String)
        /// `date` or `time`: styles (0 full … 3 short) or a SimpleDateFormat pattern.
        case date(dateStyle: String?, timeStyle: String?)
        case datePattern(String)
        case choice(ChoiceFormat)
    }

    package let parts: [Part]

    /// How deep choice arms may hold messages holding choices.
    static let maximumNesting = 32

    /// The parsed pattern, or the error Java's `applyPattern` throws, located.
    package static func parse(_ pattern: String) -> Result<JavaMessageFormat, ParlanceError> {
        JavaMessageParser(pattern).parse().map(JavaMessageFormat.init(parts:))
    }

    /// `MessageFormat.format(pattern, arguments)` in `locale`: always text,
    /// with the errors Java would have thrown.
    package static func format(_ pattern: String, _ arguments: [FormatArgument], locale: String,
                               isolate: Bool = false) -> (text: String, errors: [ParlanceError]) {
        var errors: [ParlanceError] = []
        let text = format(pattern, arguments, locale: JavaArgumentText.dataLocale(locale), isolate: isolate, depth: 0,
                          errors: &errors)
        return (text, errors)
    }

    private static func format(_ pattern: String, _ arguments: [FormatArgument], locale: String, isolate: Bool,
                               depth: Int, errors: inout [ParlanceError]) -> String {
        switch parse(pattern) {
        case .failure(let error):
            errors.append(error)
            return pattern
        case .success(let message):
            return message.format(arguments, locale: locale, isolate: isolate, depth: depth, errors: &errors)
        }
    }

    private func format(_ arguments: [FormatArgument], locale: String, isolate: Bool, depth: Int,
                        errors: inout [ParlanceError]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text):
                out += text
            case .argument(let index, let style):
                guard index < arguments.count else {
                    out += "{\(index)}"
                    continue
                }
                let argument = arguments[index]
                if case .choice(let choice) = style {
                    guard let number = JavaArgumentText.number(argument) else {
                        errors.append(ParlanceError(.format, "argument \(index) is \(argument.kindName), not a number,"
                                                    + " for its choice format"))
                        out += JavaArgumentText.plain(argument, locale: locale)
                        continue
                    }
                    let arm = choice.select(number)
                    guard arm.unicodeScalars.contains("{") else {
                        out += arm
                        continue
                    }
                    guard depth < Self.maximumNesting else {
                        errors.append(ParlanceError(.format, "choice arms nest deeper than \(Self.maximumNesting) messages"))
                        out += arm
                        continue
                    }
                    out += Self.format(arm, arguments, locale: locale, isolate: isolate, depth: depth + 1, errors: &errors)
                    continue
                }
                let text: String
                switch JavaArgumentText.format(argument, style: style, locale: locale) {
                case .success(let formatted): text = formatted
                case .failure(let error):
                    errors.append(ParlanceError(.format, "argument \(index): \(error.message)"))
                    text = JavaArgumentText.plain(argument, locale: locale)
                }
                out += isolate ? "\u{2068}" + text + "\u{2069}" : text
            }
        }
        return out
    }
}
