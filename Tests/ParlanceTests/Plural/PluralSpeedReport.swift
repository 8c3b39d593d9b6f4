#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Parlance

/// Not a test: prints what a plural selection costs by each route when
/// PARLANCE_BENCH=1 (`PARLANCE_BENCH=1 swift test -c release --filter
/// PluralSpeed`). Speed is reported, never asserted.
@Suite(.serialized) struct PluralSpeedReport {
    static let enabled = getenv("PARLANCE_BENCH").map { String(cString: $0) == "1" } ?? false
    static let locales = ["en", "fr", "ru", "ar", "lv", "pl", "cy", "pt-PT"]
    static let decimals = ["1.5", "2.10", "11.11", "0.01", "1.000", "21.3", "1234.56", "0.0", "1.0", "3.75",
                           "100.5", "22.22", "7.125", "1000000.0", "0.5", "101.01"]
    static let rounds = 15
    static let repetitions = 200

    /// Median nanoseconds per call of `select` over all locales × inputs.
    static func median<Input>(_ inputs: [(PluralRules, Input)], _ select: (PluralRules, Input) -> PluralCategory) -> (Double, Int) {
        var checksum = 0
        var samples: [Double] = []
        for _ in 0..<rounds {
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<repetitions {
                for (rules, input) in inputs { checksum &+= select(rules, input).rawValue }
            }
            let elapsed = clock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            samples.append(nanoseconds / Double(repetitions * inputs.count))
        }
        samples.sort()
        return (samples[samples.count / 2], checksum)
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    @Test(.enabled(if: enabled)) func decimalSelection() {
        let inputs = Self.locales.flatMap { locale in Self.decimals.map { (PluralRules.forLocale(locale), $0) } }
        let (icu, icuChecksum) = Self.median(inputs) { (try? $0.icuCategoryOfDecimal($1)) ?? .other }
        let (compiled, checksum) = Self.median(inputs) { (try? $0.categoryOfDecimal($1)) ?? .other }
        print("plural selection of decimal strings (\(inputs.count) locale × input pairs, median of \(Self.rounds) rounds):")
        print("  ICU format + uplrules_selectFormatted: \(Self.format(icu)) ns")
        print("  compiled rules:                        \(Self.format(compiled)) ns")
        print("  ratio compiled / ICU:                  \(Self.format(compiled / icu * 100))%  (checksums \(icuChecksum) \(checksum))")
    }

    @Test(.enabled(if: enabled)) func integerSelection() {
        let numbers: [Int64] = [128, 1000, 1001, 12345, 1_000_000, 2_000_001, 21_021, 999]
        let inputs = Self.locales.flatMap { locale in numbers.map { (PluralRules.forLocale(locale), $0) } }
        let (icu, icuChecksum) = Self.median(inputs) { $0.icuCategory(of: Double($1)) }
        let (compiled, checksum) = Self.median(inputs) { $0.category(.integer($1)) }
        print("plural selection of integers ≥ 128:")
        print("  ICU uplrules_select(double): \(Self.format(icu)) ns")
        print("  compiled rules:              \(Self.format(compiled)) ns  (checksums \(icuChecksum) \(checksum))")
    }
}
