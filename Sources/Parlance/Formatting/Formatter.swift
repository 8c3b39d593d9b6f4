internal import CParlanceShim

/// printf-style formatting with typed arguments.
///
/// Always produces text. A placeholder that cannot be filled (malformed, no
/// such argument, wrong argument type) is copied verbatim into the text and
/// reported as a `.format` error; the rest of the text is still formatted.
/// The malformed placeholders Apple's runtime renders (an unknown
/// conversion, a trailing `%`) are rendered as it renders them instead, with
/// no error (`FormatSpecifier`).
///
/// Arguments each conversion accepts:
/// - `d i u x X o` (any length modifier): `.int` only. Without a modifier, or
///   with `l ll q z t j`, the full 64-bit value is printed (Apple would
///   truncate a `%d` argument to 32 bits; a translation should not change the
///   number). `h` and `hh` narrow to 16 and 8 bits as C does. `u x X o` print
///   negative values in two's complement of that width (64 bits by default, so
///   `%u` of -1 is 18446744073709551615).
/// - `f F e E g G a A`: `.double`, or `.int` converted to a double.
/// - `c C`: `.int` naming a Unicode scalar, or a one-character `.string`.
/// - `s S`: `.string` only.
/// - `@`: anything, whole (width and precision are ignored, as CoreFoundation
///   ignores them). Integers print in decimal, strings as they are, doubles
///   as the shortest text that reads back as the same double, without a
///   trailing `.0` (`2`, `1.5`, `0.1`, `1e+20`, `nan`, `inf`), as Apple's
///   NSNumber prints them.
/// - `%#@name@` needs a `.stringsdict` entry (`StringsdictFormatter`) and is
///   an error here.
///
/// Numbers go through C's `snprintf` with a specifier rebuilt from the parsed
/// flags, width and precision, never the caller's text. Width and precision of
/// `c C s S` count Characters; `-` left-justifies, other flags do nothing.
/// Extra arguments are ignored.
///
/// `style` (`FormatOptions`): with locale numbers, `d i u` and `f F` are
/// written by ICU's number formatter in the message's locale (its digits,
/// grouping and separators; `+` shows the sign, `0` with a width sets the
/// minimum integer digits, a precision the fraction digits, 6 by default as
/// in C); other conversions stay C's. Each filled placeholder is then
/// wrapped in bidi isolates when the style asks for them.
enum PrintfFormatter {
    static func format(_ format: String, _ args: [FormatArgument], style: ArgumentStyle = .plain)
        -> (text: String, errors: [ParlanceError]) {
        var text = ""
        var errors: [ParlanceError] = []
        var next = 0
        for segment in FormatSpecifier.segments(in: format) {
            switch segment {
            case .literal(let literal):
                text += literal
            case .invalid(_, _, _, let rendered?):
                text += rendered   // as CoreFoundation renders it
            case .invalid(let raw, _, let message, nil):
                text += raw
                errors.append(ParlanceError(.format, message))
            case .placeholder(let placeholder):
                let index: Int
                if let position = placeholder.position {
                    index = position - 1
                } else {
                    index = next
                    next += 1
                }
                switch render(placeholder, index: index, args, style: style) {
                case .success(let rendered):
                    text += style.isolated(rendered)
                case .failure(let error):
                    text += placeholder.raw
                    errors.append(error)
                }
            }
        }
        return (text, errors)
    }

    /// The text for one placeholder filled with argument `index` (0-based).
    static func render(
        _ p: FormatSpecifier.Placeholder, index: Int, _ args: [FormatArgument], style: ArgumentStyle = .plain
    ) -> Result<String, ParlanceError> {
        if case .variable = p.kind {
            return .failure(ParlanceError(.format, "'\(p.raw)' is only valid in a .stringsdict entry"))
        }
        guard args.indices.contains(index) else {
            return .failure(ParlanceError(.format, "no argument \(index + 1) for '\(p.raw)'"))
        }
        let argument = numeric(args[index].printfView(locale: style.locale), for: p.kind)
        func mismatch(_ wanted: String) -> Result<String, ParlanceError> {
            .failure(ParlanceError(.format, "argument \(index + 1) is \(argument.kindName); '\(p.raw)' needs \(wanted)"))
        }
        if style.localeNumbers, let localized = localeNumber(p, argument, locale: style.locale) { return .success(localized) }
        let numberSpec = "%" + p.flags + (p.width.map { String($0) } ?? "") + (p.precision.map { "." + String($0) } ?? "")
        switch (p.kind, argument) {
        case (_, .bool), (_, .list): return mismatch("a value")   // not reached: an integer or a text here
        case (.int, .int(let value)):
            let narrowed: Int64 = switch p.length {
            case "h": Int64(Int16(truncatingIfNeeded: value))
            case "hh": Int64(Int8(truncatingIfNeeded: value))
            default: value
            }
            return cFormat(p) { parlance_shim_format_int($0, $1, numberSpec + "ll" + String(p.conversion), CLongLong(narrowed)) }
        case (.unsigned, .int(let value)):
            let narrowed: UInt64 = switch p.length {
            case "h": UInt64(UInt16(truncatingIfNeeded: value))
            case "hh": UInt64(UInt8(truncatingIfNeeded: value))
            default: UInt64(bitPattern: value)
            }
            return cFormat(p) { parlance_shim_format_uint($0, $1, numberSpec + "ll" + String(p.conversion), CUnsignedLongLong(narrowed)) }
        case (.int, _), (.unsigned, _):
            return mismatch("an integer")
        case (.double, .double(let value)):
            return cFormat(p) { parlance_shim_format_double($0, $1, numberSpec + String(p.conversion), value) }
        case (.double, .int(let value)):
            return cFormat(p) { parlance_shim_format_double($0, $1, numberSpec + String(p.conversion), Double(value)) }
        case (.double, _):
            return mismatch("a number")
        case (.char, .int(let value)):
            guard let scalar = UInt32(exactly: value).flatMap(Unicode.Scalar.init) else {
                return .failure(ParlanceError(.format, "argument \(index + 1) (\(value)) is not a Unicode scalar for '\(p.raw)'"))
            }
            return .success(pad(String(Character(scalar)), p, truncate: false))
        case (.char, .string(let value)) where value.count == 1:
            return .success(pad(value, p, truncate: false))
        case (.char, _):
            return mismatch("an integer or a single character")
        case (.string, .string(let value)):
            return .success(pad(value, p, truncate: true))
        case (.string, _):
            return mismatch("a string")
        // CoreFoundation appends an object's description whole: width and precision do nothing to `%@`.
        case (.object, .int(let value)):
            return .success(String(value))
        case (.object, .double(let value)):
            return .success(objectDescription(value))
        case (.object, .string(let value)), (.object, .decimal(let value)):
            return .success(value)
        case (.object, .date(let milliseconds)):
            return .success(DateText.foundationDescription(milliseconds))
        case (.variable, _):
            return .failure(ParlanceError(.format, "'\(p.raw)' is only valid in a .stringsdict entry"))
        }
    }

    /// A `.decimal` argument as the number a numeric conversion reads: an
    /// integer for `d i u x X o` when it has no fraction, a double for `f e g a`.
    private static func numeric(_ argument: FormatArgument, for kind: FormatSpecifier.Placeholder.Kind) -> FormatArgument {
        guard case .decimal(let text) = argument else { return argument }
        switch kind {
        case .int, .unsigned: return Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text).map(FormatArgument.int) ?? argument
        case .double: return Double(text).map(FormatArgument.double) ?? argument
        default: return argument
        }
    }

    /// `d i u f F` in the locale's way, through ICU; nil for the other
    /// conversions and for arguments they do not take.
    private static func localeNumber(_ p: FormatSpecifier.Placeholder, _ argument: FormatArgument, locale: String) -> String? {
        var skeleton: [String] = []
        if p.flags.contains("+") { skeleton.append("sign-always") }
        if p.flags.contains("0"), !p.flags.contains("-"), let width = p.width, width > 1 {
            skeleton.append("integer-width/*" + String(repeating: "0", count: min(width, 99)))
        }
        let text: String?
        switch (p.conversion, argument) {
        case ("d", .int(let value)), ("i", .int(let value)):
            guard p.length != "h", p.length != "hh" else { return nil }
            text = ICUNumberFormat.format(value, skeleton: skeleton.joined(separator: " "), locale: locale)
        case ("u", .int(let value)) where value >= 0:
            guard p.length != "h", p.length != "hh" else { return nil }
            text = ICUNumberFormat.format(value, skeleton: skeleton.joined(separator: " "), locale: locale)
        case ("f", _), ("F", _):
            let precision = min(p.precision ?? 6, 99)
            skeleton.append(precision == 0 ? "precision-integer" : "." + String(repeating: "0", count: precision))
            switch argument {
            case .double(let value) where value.isFinite:
                text = ICUNumberFormat.format(value, skeleton: skeleton.joined(separator: " "), locale: locale)
            case .int(let value):
                text = ICUNumberFormat.format(value, skeleton: skeleton.joined(separator: " "), locale: locale)
            case .decimal(let value):
                text = ICUNumberFormat.format(decimal: value, skeleton: skeleton.joined(separator: " "), locale: locale)
            default:
                return nil
            }
        default:
            return nil
        }
        guard let text else { return nil }
        return pad(text, p, truncate: false)
    }

    /// A double as `%@` prints it: shortest round-trip text, `2` rather than `2.0`.
    static func objectDescription(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Applies precision (maximum Characters, when `truncate`) and width.
    private static func pad(_ text: String, _ p: FormatSpecifier.Placeholder, truncate: Bool) -> String {
        var text = text
        if truncate, let precision = p.precision, text.count > precision { text = String(text.prefix(precision)) }
        guard let width = p.width, text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return p.flags.contains("-") ? text + padding : padding + text
    }

    /// Runs one shim conversion, growing the buffer when the first one is too small.
    private static func cFormat(
        _ p: FormatSpecifier.Placeholder, _ convert: (UnsafeMutablePointer<CChar>, Int) -> Int32
    ) -> Result<String, ParlanceError> {
        var capacity = 64
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Int(convert(base, buffer.count))
            }
            guard length >= 0 else { return .failure(ParlanceError(.format, "cannot format '\(p.raw)'")) }
            if length < capacity {
                return .success(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            capacity = length + 1
        }
    }
}
