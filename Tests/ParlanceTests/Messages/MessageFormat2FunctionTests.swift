import Testing
@testable import Parlance

@Suite struct MessageFormat2FunctionTests {
    private func text(_ source: String, _ arguments: [String: FormatArgument] = [:], locale: String = "en") throws -> String {
        let result = try MessageFormat2(source).format(arguments, locale: locale)
        #expect(result.errors.isEmpty, "\(source): \(result.errors)")
        return result.text
    }

    /// Number formatting options (source, locale, text).
    static let numbers: [(String, String, String)] = [
        ("{4.2 :number}", "en", "4.2"),
        ("{-4.20 :number}", "en", "-4.2"),
        ("{|0.42e+1| :number}", "en", "4.2"),
        ("{1234567.891 :number}", "en", "1,234,567.891"),
        ("{1234567.891 :number}", "de", "1.234.567,891"),
        ("{0.123456 :number}", "en", "0.123"),
        ("{4.2 :number minimumFractionDigits=2}", "en", "4.20"),
        ("{4.2567 :number maximumFractionDigits=2}", "en", "4.26"),
        ("{4.2 :number minimumIntegerDigits=3}", "en", "004.2"),
        ("{123456 :number maximumSignificantDigits=2}", "en", "120,000"),
        ("{1.5 :number minimumSignificantDigits=3}", "en", "1.50"),
        ("{42 :number signDisplay=always}", "en", "+42"),
        ("{0 :number signDisplay=exceptZero}", "en", "0"),
        ("{-3 :number signDisplay=never}", "en", "3"),
        ("{12345 :number useGrouping=never}", "en", "12345"),
        ("{1234 :number useGrouping=min2}", "en", "1234"),
        ("{12345 :number notation=scientific}", "en", "1.235E4"),
        ("{1500 :number notation=compact}", "en", "1.5K"),
        ("{0.25 :number style=percent}", "en", "25%"),
        ("{2.5 :number maximumFractionDigits=0}", "en", "3"),
        ("{2.5 :number maximumFractionDigits=0 roundingMode=halfEven}", "en", "2"),
        ("{5 :number minimumFractionDigits=2 trailingZeroDisplay=stripIfInteger}", "en", "5"),
        ("{4.2 :integer}", "en", "4"),
        ("{-4.5 :integer}", "en", "-5"),
        ("{12345 :integer useGrouping=never minimumIntegerDigits=6}", "en", "012345"),
        ("{0.1234 :percent}", "en", "12%"),
        ("{0.1234 :percent maximumFractionDigits=1}", "en", "12.3%"),
        ("{41 :offset add=1}", "en", "42"),
        ("{52 :offset subtract=10}", "en", "42"),
        ("{0.5 :offset subtract=1}", "en", "-0.5"),
        ("{41 :math add=1}", "en", "42"),
        ("{42 :currency currency=EUR}", "en", "€42.00"),
        ("{42 :currency currency=jpy}", "en", "¥42"),
        ("{42.5 :currency currency=USD fractionDigits=0}", "en", "$43"),
        ("{42 :currency currency=USD currencyDisplay=code}", "en", "USD\u{A0}42.00"),
        ("{-42 :currency currency=USD currencySign=accounting}", "en", "($42.00)"),
    ]

    @Test(arguments: numbers)
    func numberOptions(_ example: (String, String, String)) throws {
        #expect(try text(example.0, locale: example.1) == example.2)
    }

    @Test func numberArguments() throws {
        #expect(try text("{$n}", ["n": .double(1.3)], locale: "fr") == "1,3")
        #expect(try text("{$n}", ["n": .int(1234)]) == "1,234")
        #expect(try text("{$n :number}", ["n": .decimal("12345678901234567890.5")]) == "12,345,678,901,234,567,890.5")
        #expect(try text("{$n :number}", ["n": .string("-1234.5")]) == "-1,234.5")
        #expect(try text("{$n :number minimumFractionDigits=$d}", ["n": .int(4), "d": .int(2)]) == "4.00")
    }

    @Test func optionsCarryOverFromTheOperand() throws {
        let source = ".input {$n :number minimumFractionDigits=2 signDisplay=always}\n{{{$n :number minimumFractionDigits=1}}}"
        #expect(try text(source, ["n": .int(5)]) == "+5.0")
        // :integer drops the operand's fraction digits.
        #expect(try text(".local $x = {1.25 :number minimumFractionDigits=2}\n{{{$x :integer}}}") == "1")
        #expect(try text(".local $x = {41 :integer signDisplay=always}\n{{{$x :offset add=1}}}") == "+42")
    }

    @Test func offsetSelectsOnTheAdjustedValue() throws {
        let source = """
            .input {$likes :integer}
            .local $others = {$likes :offset subtract=1}
            .match $likes $others
            0 *   {{No likes.}}
            1 *   {{{$name} liked it.}}
            * one {{{$name} and {$others} other liked it.}}
            * *   {{{$name} and {$others} others liked it.}}
            """
        #expect(try text(source, ["likes": .int(0), "name": .string("Kim")]) == "No likes.")
        #expect(try text(source, ["likes": .int(1), "name": .string("Kim")]) == "Kim liked it.")
        #expect(try text(source, ["likes": .int(2), "name": .string("Kim")]) == "Kim and 1 other liked it.")
        #expect(try text(source, ["likes": .int(5), "name": .string("Kim")]) == "Kim and 4 others liked it.")
    }

    static let badOptionCases: [String] = [
        "{42 :offset}", "{42 :offset add=foo}", "{42 :offset add=1 subtract=1}", "{42 :number minimumFractionDigits=100}",
        "{42 :number signDisplay=sometimes}", "{42 :currency currency=EURO}", "{|2006-01-02| :date length=huge}",
    ]

    @Test(arguments: badOptionCases)
    func badOptions(_ source: String) throws {
        let result = try MessageFormat2(source).format([:], locale: "en")
        #expect(result.errors.map(\.kind).contains(.badOption), "\(result)")
    }

    /// 2006-01-02T15:04:06Z
    static let epoch = 1_136_214_246_000.0

    static let dates: [(String, String)] = [
        ("{$d :date}", "Jan 2, 2006"),
        ("{$d :date length=long}", "January 2, 2006"),
        ("{$d :date length=short}", "1/2/06"),
        ("{$d :date fields=year-month-day-weekday length=long}", "Monday, January 2, 2006"),
        ("{$d :date fields=month-day}", "Jan 2"),
        ("{$d :time}", "3:04 PM"),
        ("{$d :time precision=second}", "3:04:06 PM"),
        ("{$d :time hour12=false}", "15:04"),
        ("{$d :time timeZone=|Asia/Tokyo|}", "12:04 AM"),
        ("{$d :datetime}", "Jan 2, 2006, 3:04 PM"),
        ("{$d :date style=full}", "Monday, January 2, 2006"),
        ("{$d :time style=short}", "3:04 PM"),
        ("{$d :datetime dateStyle=short timeStyle=short}", "1/2/06, 3:04 PM"),
        ("{$d :datetime dateStyle=long}", "January 2, 2006"),
        ("{$d}", "Jan 2, 2006, 3:04 PM"),
        ("{|2006-01-02T15:04:06Z| :datetime}", "Jan 2, 2006, 3:04 PM"),
        ("{|2006-01-02T17:04:06.5+02:00| :time precision=second}", "3:04:06 PM"),
        ("{|2006-01-02| :date}", "Jan 2, 2006"),
    ]

    @Test(arguments: dates)
    func datesAndTimes(_ example: (String, String)) throws {
        let formatted = try text(example.0, ["d": .date(epochMilliseconds: Self.epoch)])
        // ICU separates the time from AM/PM with U+202F in recent CLDR data.
        #expect(formatted.replacing("\u{202F}", with: " ") == example.1)
    }

    @Test func isoDates() {
        #expect(MF2DateFunctions.epochMilliseconds(iso: "1970-01-01") == 0)
        #expect(MF2DateFunctions.epochMilliseconds(iso: "2006-01-02T15:04:06Z") == Self.epoch)
        #expect(MF2DateFunctions.epochMilliseconds(iso: "1969-12-31T23:59:59.999") == -1)
        #expect(MF2DateFunctions.epochMilliseconds(iso: "2024-02-29T00:00:00-01:30") == 1_709_170_200_000)
        for bad in ["2024-13-01", "2024-1-01", "horse", "2024-01-01T25:00:00", "2024-01-01T10:00", "2024-01-01Z"] {
            #expect(MF2DateFunctions.epochMilliseconds(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func decimalArithmetic() {
        #expect(MF2Decimal(literal: "0.1")!.adding(1).plainText() == "1.1")
        #expect(MF2Decimal(literal: "1e3")!.adding(-1001).plainText() == "-1")
        #expect(MF2Decimal(literal: "-0.5")!.adding(1).plainText() == "0.5")
        #expect(MF2Decimal(literal: "99999999999999999999")!.adding(1).plainText() == "100000000000000000000")
        #expect(MF2Decimal(literal: "1.005")!.rounded(fractionDigits: 2).plainText() == "1.01")
        #expect(MF2Decimal(literal: "9.96")!.rounded(fractionDigits: 1).plainText(minimumFractionDigits: 1) == "10.0")
        #expect(MF2Decimal(literal: "1e-7")!.plainText() == "0.0000001")
        #expect(MF2Decimal(1e21)!.plainText() == "1000000000000000000000")
        #expect(MF2Decimal(literal: "1e99999") == nil)
    }
}
