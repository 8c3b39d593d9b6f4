/// printf and Apple format strings split into literal text and placeholders.
///
/// Grammar of a placeholder:
/// `%` [position `$`] (`#@` name `@` | flags* [width] [`.` precision] [length] conversion)
/// - position: 1-based argument number, `1...maximumPosition`.
/// - flags: `-` `+` space `#` `0` `'`; width and precision: decimal, at most
///   `maximumWidth`. `*` (width from an argument) is not supported.
/// - length: `hh h l ll q z t j L`; `L` only with floating-point conversions,
///   only `l` with `c C s S`, none with `@`.
/// - conversions: `d i` (signed), `u x X o` (unsigned), `f F e E g G a A`
///   (floating point), `c C` (character), `s S` (string), `@` (object);
///   `%%` is a literal `%`. `%n`, `%p` and anything else are errors.
///
/// A placeholder with an unknown conversion, or one the format ends in the
/// middle of (a trailing lone `%`), is malformed but rendered as
/// CoreFoundation renders it (`rendered`): the one character after its `%`
/// (nothing at the end of the format), taking no argument. `%1η` gives `1`,
/// `%k` gives `k`, `100%` gives `100`. Lint reports every malformed one.
/// - `%#@name@` and `%N$#@name@` are `.stringsdict` variables.
///
/// Unnumbered placeholders take arguments in order, ignoring numbered ones
/// (`"%2$@ %@"` reads arguments 2 and 1), as Foundation does.
package enum FormatSpecifier {
    static let maximumPosition = 9999
    static let maximumWidth = 4096
    /// The flags in their canonical order.
    private static let flagOrder: [Unicode.Scalar] = ["-", "+", " ", "#", "0", "'"]

    package struct Placeholder: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case int, unsigned, double, string, object, char
            /// A `.stringsdict` variable, `%#@name@`.
            case variable(String)
        }
        /// The explicit `N$` position; nil for unnumbered placeholders.
        package var position: Int?
        /// Flags in canonical order, each once.
        package var flags: String
        package var width: Int?
        package var precision: Int?
        /// Length modifier as written: "", "h", "hh", "l", "ll", "q", "z", "t", "j" or "L".
        package var length: String
        /// The conversion character; `@` for variables.
        package var conversion: Character
        package var kind: Kind
        /// The placeholder exactly as written.
        package var raw: String
        /// Offset of its `%` in Unicode scalars from the start of the format.
        package var offset: Int
    }

    package enum Segment: Sendable, Equatable {
        /// Text to copy; `%%` is already a single `%`.
        case literal(String)
        case placeholder(Placeholder)
        /// A malformed placeholder: its text as written and what is wrong, and
        /// for those Apple's runtime renders rather than refuses, the text it
        /// renders (nil: the formatting fails there).
        case invalid(raw: String, offset: Int, message: String, rendered: String?)
    }

    /// The placeholders of `format`, or a `.format` error for the first malformed one.
    package static func placeholders(in format: String) throws(ParlanceError) -> [Placeholder] {
        var result: [Placeholder] = []
        for segment in segments(in: format) {
            switch segment {
            case .placeholder(let placeholder): result.append(placeholder)
            case .invalid(_, _, let message, _): throw ParlanceError(.format, message)
            case .literal: continue
            }
        }
        return result
    }

    /// `text` with a literal `%` doubled, as a format spells it.
    package static func escapingPercents(_ text: String) -> String {
        text.contains("%") ? text.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") : text
    }

    /// `format` written again with each placeholder as `replace` gives it:
    /// literals escaped again, malformed placeholders as written.
    package static func rewriting(_ format: String, _ replace: (Placeholder) -> String) -> String {
        var result = ""
        for segment in segments(in: format) {
            switch segment {
            case .literal(let text): result += escapingPercents(text)
            case .placeholder(let placeholder): result += replace(placeholder)
            case .invalid(let raw, _, _, _): result += raw
            }
        }
        return result
    }

    /// Splits `format` into segments; never fails, malformed placeholders become `.invalid`.
    ///
    /// One pass over the UTF-8 bytes: literal runs are copied whole between
    /// `%` signs; only a format with a placeholder is decoded into scalars,
    /// which the placeholder grammar (and its scalar offsets) reads.
    package static func segments(in format: String) -> [Segment] {
        let bytes = Array(format.utf8)
        let percent = UInt8(ascii: "%")
        guard let firstPercent = bytes.firstIndex(of: percent) else {
            return bytes.isEmpty ? [] : [.literal(format)]
        }
        var scalars: [Unicode.Scalar] = []
        var segments: [Segment] = []
        var literal = ""
        var literalStart = 0   // byte offset of the literal run not yet copied
        var at = firstPercent  // byte offset of a `%`
        var scalarAt = scalarCount(bytes, 0..<at)
        while true {
            if at + 1 < bytes.count, bytes[at + 1] == percent {
                literal += String(decoding: bytes[literalStart...at], as: UTF8.self)
                literalStart = at + 2
                scalarAt += 2
                at += 2
            } else {
                if literalStart < at { literal += String(decoding: bytes[literalStart..<at], as: UTF8.self) }
                if !literal.isEmpty {
                    segments.append(.literal(literal))
                    literal = ""
                }
                if scalars.isEmpty { scalars = Array(format.unicodeScalars) }
                let (segment, end) = parsePlaceholder(scalars, at: scalarAt)
                segments.append(segment)
                for scalar in scalars[scalarAt..<end] { at += UTF8.width(scalar) }
                scalarAt = end
                literalStart = at
            }
            guard let next = bytes[at...].firstIndex(of: percent) else { break }
            scalarAt += scalarCount(bytes, at..<next)
            at = next
        }
        if literalStart < bytes.count { literal += String(decoding: bytes[literalStart...], as: UTF8.self) }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    /// The Unicode scalars of valid UTF-8 `bytes[range]`: its bytes that are not continuation bytes.
    private static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var count = 0
        for byte in bytes[range] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Parses the placeholder whose `%` is at `start`; returns it and the index after it.
    private static func parsePlaceholder(_ s: [Unicode.Scalar], at start: Int) -> (Segment, Int) {
        var j = start + 1
        func raw(through end: Int) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: s[start..<min(end, s.count)])
            return String(view)
        }
        func invalid(apple: Bool = false, _ message: (String) -> String) -> (Segment, Int) {
            let end = min(j + 1, s.count)
            let text = raw(through: end)
            // CoreFoundation keeps the one character after the `%`.
            let rendered = apple ? (start + 1 < s.count ? String(Character(s[start + 1])) : "") : nil
            return (.invalid(raw: text, offset: start, message: message(text), rendered: rendered), end)
        }
        func number() -> Int? {
            var value = 0
            var digits = 0
            while j < s.count, let digit = asciiDigit(s[j]) {
                value = min(value * 10 + digit, Int(Int32.max))
                digits += 1
                j += 1
            }
            return digits > 0 ? value : nil
        }

        // Position: digits followed by `$`.
        var position: Int?
        let afterPercent = j
        if let value = number(), j < s.count, s[j] == "$" {
            guard (1...maximumPosition).contains(value) else {
                return invalid { "argument position \(value) is out of range in '\($0)'" }
            }
            position = value
            j += 1
        } else {
            j = afterPercent
        }

        // A `.stringsdict` variable.
        if j + 1 < s.count, s[j] == "#", s[j + 1] == "@" {
            j += 2
            let nameStart = j
            while j < s.count, s[j] != "@", s[j] != "%", !s[j].properties.isWhitespace { j += 1 }
            guard j < s.count, s[j] == "@", j > nameStart else {
                return invalid { "malformed variable '\($0)'; expected %#@name@" }
            }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: s[nameStart..<j])
            j += 1
            let placeholder = Placeholder(position: position, flags: "", width: nil, precision: nil, length: "",
                                          conversion: "@", kind: .variable(String(name)),
                                          raw: raw(through: j), offset: start)
            return (.placeholder(placeholder), j)
        }

        // Each flag once, in canonical order: a bit per flag of `flagOrder`.
        var flagBits: UInt8 = 0
        while j < s.count, let bit = flagOrder.firstIndex(of: s[j]) {
            flagBits |= 1 << bit
            j += 1
        }
        var flags = ""
        if flagBits != 0 {
            for (bit, flag) in flagOrder.enumerated() where flagBits & (1 << bit) != 0 { flags.unicodeScalars.append(flag) }
        }

        if j < s.count, s[j] == "*" { return invalid { "'*' width is not supported in '\($0)'" } }
        let width = number()
        if let width, width > maximumWidth { return invalid { "width \(width) is too large in '\($0)'" } }

        var precision: Int?
        if j < s.count, s[j] == "." {
            j += 1
            if j < s.count, s[j] == "*" { return invalid { "'*' precision is not supported in '\($0)'" } }
            precision = number() ?? 0
            if let precision, precision > maximumWidth {
                return invalid { "precision \(precision) is too large in '\($0)'" }
            }
        }

        var length = ""
        if j < s.count, "hlqztjL".unicodeScalars.contains(s[j]) {
            length.unicodeScalars.append(s[j])
            j += 1
            if j < s.count, (length == "h" || length == "l"), s[j] == s[j - 1] {
                length.unicodeScalars.append(s[j])
                j += 1
            }
        }

        guard j < s.count else {
            j = s.count
            return invalid(apple: true) { "incomplete placeholder '\($0)' at the end of the format" }
        }
        let conversion = s[j]
        let kind: Placeholder.Kind
        let lengthValid: Bool
        switch conversion {
        // `length` is one of "" h hh l ll q z t j L here.
        case "d", "i": kind = .int; lengthValid = length != "L"
        case "u", "x", "X", "o": kind = .unsigned; lengthValid = length != "L"
        case "f", "F", "e", "E", "g", "G", "a", "A": kind = .double; lengthValid = length == "" || length == "l" || length == "L"
        case "c", "C": kind = .char; lengthValid = length == "" || length == "l"
        case "s", "S": kind = .string; lengthValid = length == "" || length == "l"
        case "@": kind = .object; lengthValid = length == ""
        case "n", "p": return invalid { "'\($0)' is not supported" }
        default: return invalid(apple: true) { "unknown conversion '\($0)'" }
        }
        guard lengthValid else {
            return invalid { "length modifier '\(length)' is not valid in '\($0)'" }
        }
        j += 1
        let placeholder = Placeholder(position: position, flags: flags, width: width, precision: precision,
                                      length: length, conversion: Character(conversion), kind: kind,
                                      raw: raw(through: j), offset: start)
        return (.placeholder(placeholder), j)
    }

    private static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
    }
}
