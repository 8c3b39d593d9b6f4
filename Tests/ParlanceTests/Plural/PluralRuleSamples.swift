@testable import Parlance

/// Numbers to select plural categories of, in both routes.
enum PluralTestNumbers {
    /// Integers spelled as decimals: 0...200, powers of ten and their
    /// neighbours up to 10^30, numbers around 2^53 and 10^18, leading zeros.
    static let integers: [String] = {
        var numbers = (0...200).map(String.init)
        var power = "1"
        for _ in 1...30 {
            power += "0"
            numbers += [power, decrement(power), String(power.dropLast()) + "1"]
        }
        numbers += ["1000", "1000000", "2000000", "1000001", "9007199254740991", "9007199254740992",
                    "9007199254740993", "999999999999999999", "123456789012345671", "1000000000000000001",
                    "1000000000000000000005", "9223372036854775807", "007", "0000000000000000000000000000000000000001",
                    "1" + String(repeating: "0", count: 400) + "1", "+1", "-1", "-0", "-21", "-111", "+1000000"]
        return numbers
    }()

    /// Decimals with 1 to 16 visible fraction digits.
    static let fractions: [String] = {
        let integerParts = ["0", "1", "2", "3", "4", "5", "6", "7", "10", "11", "12", "13", "14", "15", "19", "20",
                            "21", "22", "25", "71", "100", "101", "102", "111", "1000", "1000000", "00"]
        let fractionParts = ["0", "1", "2", "3", "5", "9", "00", "01", "02", "10", "11", "12", "19", "21", "50", "99",
                             "000", "001", "010", "011", "100", "111", "500", "0001", "0000000000000001",
                             "1234567890123456", "9999999999999999"]
        var numbers = integerParts.flatMap { i in fractionParts.map { i + "." + $0 } }
        numbers += ["123456789012345678901234567890.5", "999999999999999999.5", "9007199254740993.5",
                    "1.0000000000000001", "0.0000000000000001", "1.", ".5", "+.5", "-0.0", "-1.5", "-2.10",
                    "+11.11", "-0.01", "1" + String(repeating: "0", count: 400) + ".5", "00.10", "21.3", "1234.56"]
        return numbers
    }()

    /// Strings that are not decimals, or that ICU's route rejects.
    static let invalid = ["", "-", "+", ".", "-.", "1..2", "1.2.3", "1e3", "1c3", " 1", "1 ", "1,5",
                          "0.12345678901234567", "NaN", "inf"]

    private static func decrement(_ power: String) -> String {
        String(repeating: "9", count: power.count - 1)
    }
}

/// Expands CLDR sample lists (`0~15, 100, 1.0~1.5, …`) into decimal strings,
/// skipping samples with an exponent (`1c6`), which Parlance does not take.
enum PluralSamples {
    static func expand(_ list: String) -> [String] {
        var samples: [String] = []
        for item in list.split(separator: ",") {
            let item = String(item.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            if item == "…" || item.isEmpty || item.contains("c") || item.contains("e") { continue }
            let bounds = item.split(separator: "~").map(String.init)
            guard bounds.count == 2 else { samples.append(item); continue }
            samples += range(bounds[0], bounds[1])
        }
        return samples
    }

    /// low, low + 10^-v, ..., high, with low's v fraction digits.
    private static func range(_ low: String, _ high: String) -> [String] {
        let digits = low.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
        guard let start = UInt64(low.filter { $0 != "." }), let end = UInt64(high.filter { $0 != "." }),
              start <= end else { return [low, high] }
        var values: [String] = []
        var value = start
        while value <= end && values.count < 1000 {
            var text = String(value)
            if digits > 0 {
                if text.count <= digits { text = String(repeating: "0", count: digits + 1 - text.count) + text }
                text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
            }
            values.append(text)
            value += 1
        }
        return values
    }
}
