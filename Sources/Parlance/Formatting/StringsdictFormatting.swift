/// Formatting of `.stringsdict` entries: `%#@variable@` selection, then printf.
///
/// 1. Each `%#@var@` / `%N$#@var@` of `NSStringLocalizedFormatKey` takes one
///    argument: argument N, or the next one in order. Unnumbered ordinary
///    conversions of the format are numbered in the same sequence, each
///    variable counting as one argument (`"%@ has %#@files@ and %d more"`
///    reads 1, 2, 3).
/// 2. The argument selects one of the variable's texts:
///    - plural rule: `.int` → `PluralOperand.int`, `.double` → `.double`,
///      `.string` (an ASCII decimal such as `"1.0"`) → `.decimal` with its
///      visible fraction digits; `PluralForms.select` applies the explicit
///      `zero` rule and falls back to `other`.
///    - width rule: `.int` only; the text of the largest width ≤ the value,
///      else of the smallest width.
///    `NSStringFormatValueTypeKey` is not consulted: the text's own
///    conversions are type-checked when printf formatting fills them.
/// 3. The chosen text is spliced in; its unnumbered conversions (and
///    variables, up to `maximumNesting` deep) refer to the variable's argument.
///
///    A device rule takes no argument: it chooses the text of the formatter's
///    device (`Device.choose`), which is read in the variable's place as if
///    written there: its unnumbered conversions go on with the numbering
///    around it (`%#@device@` whose text is `"%@ and %lld"` reads 1 and 2).
/// 4. The result, now fully positional, goes through `PrintfFormatter`.
///
/// Always produces text. An unknown variable, a missing argument, an argument
/// of the wrong type or a rule with no text for it is a `.format` error, and
/// the `%#@var@` is left as written.
enum StringsdictFormatter {
    static let maximumNesting = 8

    static func format(
        _ entry: StringsdictFormat, _ args: [FormatArgument], category: (PluralOperand) -> PluralCategory,
        device: Device? = nil, style: ArgumentStyle = .plain
    ) -> (text: String, errors: [ParlanceError]) {
        // The splicer lives only during this call.
        let (positional, spliceErrors) = withoutActuallyEscaping(category) { category in
            var splicer = Splicer(entry: entry, args: args, category: category, device: device)
            let positional = splicer.expand(entry.format, argument: nil, depth: 0)
            return (positional, splicer.errors)
        }
        let (text, errors) = PrintfFormatter.format(positional, args, style: style)
        return (text, spliceErrors + errors)
    }
}

/// Builds the all-positional format, collecting errors on the way.
private struct Splicer {
    let entry: StringsdictFormat
    let args: [FormatArgument]
    let category: (PluralOperand) -> PluralCategory
    let device: Device?
    var errors: [ParlanceError] = []
    /// The next argument of the format's unnumbered conversions.
    var next = 1

    /// A literal or malformed segment, escaped so printf prints it as it is.
    mutating func copy(_ segment: FormatSpecifier.Segment) -> String {
        switch segment {
        case .literal(let text):
            return escape(text)
        case .invalid(_, _, _, let rendered?):
            return escape(rendered)   // as CoreFoundation renders it
        case .invalid(let raw, _, let message, nil):
            errors.append(ParlanceError(.format, message))
            return escape(raw)
        case .placeholder(let placeholder):
            return escape(placeholder.raw)
        }
    }

    /// `text` with every conversion numbered: its unnumbered conversions
    /// refer to `argument` (a variable's text), or with nil take the next
    /// argument in order (the format itself, or a device's text in it).
    mutating func expand(_ text: String, argument: Int?, depth: Int) -> String {
        var spliced = ""
        for segment in FormatSpecifier.segments(in: text) {
            guard case .placeholder(let p) = segment else {
                spliced += copy(segment)
                continue
            }
            if case .variable(let name) = p.kind, let variable = entry.variables[name],
               case .device(let texts) = variable.rule {
                guard depth < StringsdictFormatter.maximumNesting else { spliced += deep(p); continue }
                // Neither the device's text nor `other`: nothing, as a plural variable without its category.
                spliced += expand(Device.choose(texts, for: device) ?? "", argument: p.position ?? argument, depth: depth + 1)
                continue
            }
            let position: Int
            if let explicit = p.position ?? argument {
                position = explicit
            } else {
                position = next
                next += 1
            }
            spliced += placeholder(p, position: position, depth: depth)
        }
        return spliced
    }

    /// A conversion numbered `position`, or a variable expanded with argument `position`.
    private mutating func placeholder(_ p: FormatSpecifier.Placeholder, position: Int, depth: Int) -> String {
        guard case .variable(let name) = p.kind else {
            return p.position == nil ? "%\(position)$" + p.raw.dropFirst() : p.raw
        }
        guard depth < StringsdictFormatter.maximumNesting else { return deep(p) }
        guard let variable = entry.variables[name] else { return fail("no variable '\(name)' for '\(p.raw)'", p) }
        guard let text = select(variable, p, argument: position) else { return escape(p.raw) }
        return expand(text, argument: position, depth: depth + 1)
    }

    private mutating func deep(_ p: FormatSpecifier.Placeholder) -> String {
        fail("variables nest deeper than \(StringsdictFormatter.maximumNesting) levels at '\(p.raw)'", p)
    }

    /// The variable's text for argument `position` (1-based), or nil after recording an error.
    private mutating func select(
        _ variable: StringsdictFormat.Variable, _ p: FormatSpecifier.Placeholder, argument position: Int
    ) -> String? {
        let argument = args.indices.contains(position - 1) ? args[position - 1] : nil
        switch variable.rule {
        case .plural(let forms):
            let operand: PluralOperand
            switch argument {
            case .int(let value)?: operand = .int(value)
            case .double(let value)?: operand = .double(value)
            case .string(let text)?, .decimal(let text)?:
                guard let decimal = PluralOperand(decimal: text) else {
                    return record("argument \(position) is a string that is not a decimal number; '\(p.raw)' needs a number")
                }
                operand = decimal
            case .date?:
                return record("argument \(position) is a date; '\(p.raw)' needs a number")
            case .bool?:
                return record("argument \(position) is a boolean; '\(p.raw)' needs a number")
            case .list?:
                return record("argument \(position) is a list; '\(p.raw)' needs a number")
            case nil:
                return record("no argument \(position) for '\(p.raw)'")
            }
            // A variable without the category or `other` substitutes nothing,
            // as Apple's runtime does (`parlance lint` reports such files).
            return forms.select(operand, category: category)?.text ?? ""
        case .width(let widths):
            guard let argument else { return record("no argument \(position) for '\(p.raw)'") }
            guard case .int(let value) = argument else {
                return record("argument \(position) is \(argument.kindName); '\(p.raw)' needs an integer width")
            }
            let fitting = widths.filter { Int64($0.width) <= value }.max { $0.width < $1.width }
            guard let chosen = fitting ?? widths.min(by: { $0.width < $1.width }) else {
                return record("variable '\(variable.name)' has no texts")
            }
            return chosen.text
        case .device(let texts):
            // Reached only through a variable `expand` does not know; devices are read in place.
            return Device.choose(texts, for: device) ?? record("variable '\(variable.name)' has no 'other' text")
        }
    }

    private mutating func record(_ message: String) -> String? {
        errors.append(ParlanceError(.format, message))
        return nil
    }

    private mutating func fail(_ message: String, _ p: FormatSpecifier.Placeholder) -> String {
        errors.append(ParlanceError(.format, message))
        return escape(p.raw)
    }

    private func escape(_ text: String) -> String {
        FormatSpecifier.escapingPercents(text)
    }
}
