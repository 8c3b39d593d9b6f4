import Foundation
import Testing
@testable import Parlance

/// Numeric conversions against Foundation's `String(format:)` on seeded random
/// values and specifiers.
///
/// Integer values stay where Foundation's reading and ours agree: 64-bit
/// values with `l ll q`, values that fit 32 bits without a length modifier
/// (non-negative ones for `u x X o`), anything with `h hh`. The `'` flag is
/// left out: Foundation on Linux does not know it.
@Suite struct PrintfFoundationTests {
    struct Case: CustomStringConvertible {
        var spec: String
        var argument: FormatArgument
        var foundation: String
        var description: String { "\(spec) \(argument) → \(foundation.debugDescription)" }
    }

    static func randomFlags(_ allowed: String, using random: inout SeededGenerator) -> String {
        String(allowed.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
    }

    static func widthAndPrecision(maxPrecision: Int, using random: inout SeededGenerator) -> String {
        var text = ""
        if Bool.random(using: &random) { text += String(Int.random(in: 1...24, using: &random)) }
        if Bool.random(using: &random) { text += "." + String(Int.random(in: 0...maxPrecision, using: &random)) }
        return text
    }

    static func integerCases(count: Int, seed: UInt64) -> [Case] {
        var random = SeededGenerator(seed: seed)
        var cases: [Case] = []
        for _ in 0..<count {
            let conversion = ["d", "i", "u", "x", "X", "o"].randomElement(using: &random)!
            let signed = conversion == "d" || conversion == "i"
            let length = ["", "", "l", "ll", "q", "h", "hh"].randomElement(using: &random)!
            let value: Int64
            switch (length, signed, Int.random(in: 0..<3, using: &random)) {
            case ("", true, _): value = Int64(Int32.random(in: .min ... .max, using: &random))
            case ("", false, _): value = Int64(UInt32.random(in: 0 ... .max, using: &random))
            case (_, _, 0): value = Int64.random(in: -1000...1000, using: &random)
            default: value = Int64.random(in: .min ... .max, using: &random)
            }
            let flags = randomFlags(signed ? "-+ 0" : "-#0", using: &random)
            let spec = "%" + flags + widthAndPrecision(maxPrecision: 25, using: &random) + length + conversion
            cases.append(Case(spec: spec, argument: .int(value), foundation: String(format: spec, Int(value))))
        }
        return cases
    }

    static func randomDouble(using random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return [0.0, -0.0, .infinity, -.infinity, .nan, 1, 0.5, 0.1, 1e-5, 123456.5].randomElement(using: &random)!
        case 1: return Double(bitPattern: UInt64.random(in: 0 ... .max, using: &random))
        case 2: return Double(Int.random(in: -1_000_000...1_000_000, using: &random))
        default:
            let magnitude = pow(10, Double.random(in: -12...25, using: &random))
            return (Bool.random(using: &random) ? 1 : -1) * magnitude * Double.random(in: 1..<10, using: &random)
        }
    }

    static func doubleCases(count: Int, seed: UInt64) -> [Case] {
        var random = SeededGenerator(seed: seed)
        var cases: [Case] = []
        for _ in 0..<count {
            let conversion = ["f", "F", "e", "E", "g", "G"].randomElement(using: &random)!
            let length = ["", "", "", "l"].randomElement(using: &random)!
            let flags = randomFlags("-+ #0", using: &random)
            let spec = "%" + flags + widthAndPrecision(maxPrecision: 17, using: &random) + length + conversion
            if Int.random(in: 0..<5, using: &random) == 0 {
                let value = Int64.random(in: -10_000_000...10_000_000, using: &random)
                cases.append(Case(spec: spec, argument: .int(value), foundation: String(format: spec, Double(value))))
            } else {
                let value = randomDouble(using: &random)
                cases.append(Case(spec: spec, argument: .double(value), foundation: String(format: spec, value)))
            }
        }
        return cases
    }

    @Test func integerConversionsMatchFoundation() {
        for example in Self.integerCases(count: 3000, seed: 0xF0_0001) {
            let (text, errors) = PrintfFormatter.format(example.spec, [example.argument])
            #expect(text == example.foundation, "\(example)")
            #expect(errors == [])
        }
    }

    @Test func floatingPointConversionsMatchFoundation() {
        for example in Self.doubleCases(count: 3000, seed: 0xF0_0002) {
            let (text, errors) = PrintfFormatter.format(example.spec, [example.argument])
            #expect(text == example.foundation, "\(example)")
            #expect(errors == [])
        }
    }

    @Test func positionalFormatsMatchFoundation() {
        var random = SeededGenerator(seed: 0xF0_0003)
        for _ in 0..<500 {
            let a = Int64(Int32.random(in: .min ... .max, using: &random))
            let b = Self.randomDouble(using: &random)
            let c = Int64.random(in: .min ... .max, using: &random)
            let format = ["%2$.3f|%1$d|%3$llx", "%3$lld %1$+5d %2$e", "x%2$g%2$G%1$05d", "%1$d %2$f %3$ld"]
                .randomElement(using: &random)!
            let expected = String(format: format, Int(a), b, Int(c))
            let (text, errors) = PrintfFormatter.format(format, [.int(a), .double(b), .int(c)])
            #expect(text == expected, "\(format) \(a) \(b) \(c)")
            #expect(errors == [])
        }
    }

    @Test func stringsAndCharactersMatchFoundation() {
        let texts = ["", "a", "héllo", "日本語", "a b c"]
        for text in texts {
            #expect(PrintfFormatter.format("<%@>", [.string(text)]).text == String(format: "<%@>", text))
        }
        // BMP only: Apple's %C is a UTF-16 unit, Parlance's a Unicode scalar.
        for scalar in [65, 0xE9, 0x263A, 0xFFFD] {
            #expect(PrintfFormatter.format("%C", [.int(Int64(scalar))]).text == String(format: "%C", scalar))
        }
        #expect(PrintfFormatter.format("%5c|%-3c|", [.int(65), .int(66)]).text == String(format: "%5c|%-3c|", 65, 66))
    }

    /// `%a` and `%A` are floating-point conversions, as in Foundation.
    @Test func hexadecimalFloatsMatchFoundation() {
        var random = SeededGenerator(seed: 0xF0_0004)
        for _ in 0..<500 {
            let spec = "%" + Self.randomFlags("-+ #0", using: &random) + Self.widthAndPrecision(maxPrecision: 13, using: &random)
                + ["a", "A"].randomElement(using: &random)!
            let value = Self.randomDouble(using: &random)
            let (text, errors) = PrintfFormatter.format(spec, [.double(value)])
            #expect(text == String(format: spec, value), "\(spec) \(value)")
            #expect(errors == [])
        }
    }

    /// Random formats of text, `%@` with every flag, width and precision
    /// (which CoreFoundation ignores), `%d`, malformed placeholders (unknown
    /// conversions after any flags, width, precision and length) and a
    /// trailing `%`, against Foundation's `String(format:)`. Malformed ones
    /// render as Foundation renders them and take no argument; the `'` flag
    /// (Parlance's grouping, unknown to Foundation on Linux), `*` and numbered
    /// placeholders are left out, and so is `#` on `%@` (`%#@` begins a
    /// `.stringsdict` variable).
    @Test func objectsAndMalformedPlaceholdersMatchFoundation() {
        var random = SeededGenerator(seed: 0xF0_0005)
        let unknown = ["k", "y", "]", "η", "J", "%", "w", "!", "m", "Z"]
        let words = ["", "a", " ", "héllo", "1", "日本", "-"]
        for _ in 0..<3000 {
            var format = ""
            var arguments: [FormatArgument] = []
            var foundationArguments: [CVarArg] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                format += words.randomElement(using: &random)!
                let prefix = Self.randomFlags("-+ #0", using: &random) + Self.widthAndPrecision(maxPrecision: 8, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    // Not `#`: `%#@` begins a `.stringsdict` variable (for CoreFoundation too).
                    let text = words.randomElement(using: &random)! + "xyz"
                    format += "%" + prefix.filter { $0 != "#" } + "@"
                    arguments.append(.string(text))
                    foundationArguments.append(text as NSString)
                case 1:
                    let value = Int(Int32.random(in: -999...999, using: &random))
                    format += "%" + prefix + "d"
                    arguments.append(.int(Int64(value)))
                    foundationArguments.append(value)
                default:
                    format += "%" + prefix + ["", "", "l", "ll", "h", "L", "q"].randomElement(using: &random)!
                        + unknown.randomElement(using: &random)!
                }
            }
            if Int.random(in: 0..<5, using: &random) == 0 { format += "%" }
            let expected = String(format: format, arguments: foundationArguments)
            let (text, errors) = PrintfFormatter.format(format, arguments)
            #expect(text == expected, "\(format.debugDescription) \(arguments)")
            #expect(errors == [], "\(format.debugDescription)")
            // Lint still reports every malformed placeholder.
            if format.contains(where: { unknown.contains(String($0)) && $0 != "%" }) || format.hasSuffix("%") {
                _ = try? FormatSpecifier.placeholders(in: format)
            }
        }
        #expect(PrintfFormatter.format("[%10@|%-10@|%.1@]", [.string("abc"), .string("de"), .string("fgh")]).text
                == "[abc|de|fgh]")
        #expect(PrintfFormatter.format("%1η %@ 100%", [.string("x")]).text == "1 x 100")
        #expect((try? FormatSpecifier.placeholders(in: "%1η")) == nil, "lint still reports it")
    }
}
