import Testing
@testable import Parlance

/// Random formats and arguments always give text, and a format without `%` is copied.
@Suite struct FormatRobustnessTests {
    static let pieces = ["%", "%%", "d", "@", "s", "f", "c", "x", "lld", "hh", "1$", "2$", "#@v@", "#@", "*", ".",
                         "5", "0", "-", "+", " ", "'", "é", "😀", "L", "q", "k", "n", "p", "{", "text"]

    static func randomFormat(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func randomArguments(_ random: inout SeededGenerator) -> [FormatArgument] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
            switch Int.random(in: 0..<3, using: &random) {
            case 0: .int(Int64.random(in: .min ... .max, using: &random))
            case 1: .double(Double(bitPattern: UInt64.random(in: 0 ... .max, using: &random)))
            default: .string(["", "a", "1.5", "é😀"].randomElement(using: &random)!)
            }
        }
    }

    @Test func printfAlwaysProducesText() {
        var random = SeededGenerator(seed: 0xF0F0)
        for _ in 0..<5000 {
            let format = Self.randomFormat(&random)
            let (text, errors) = PrintfFormatter.format(format, Self.randomArguments(&random))
            if !format.contains("%") {
                #expect(text == format)
                #expect(errors == [])
            }
            #expect(errors.allSatisfy { $0.code == .format })
        }
    }

    @Test func stringsdictAlwaysProducesText() {
        var random = SeededGenerator(seed: 0xF1F1)
        for _ in 0..<2000 {
            let variable = StringsdictFormat.Variable(
                name: "v", valueType: "d",
                rule: .plural(PluralForms([.one: Self.randomFormat(&random), .other: Self.randomFormat(&random)])))
            let entry = StringsdictFormat(format: Self.randomFormat(&random), variables: ["v": variable])
            let (_, errors) = StringsdictFormatter.format(entry, Self.randomArguments(&random)) { _ in .one }
            #expect(errors.allSatisfy { $0.code == .format })
        }
    }
}
