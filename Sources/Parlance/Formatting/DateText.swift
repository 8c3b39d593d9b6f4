/// Dates as fixed, locale-independent text, in UTC: where a date argument
/// meets a placeholder that knows no locale (`%@`, i18next's `{{date}}`).
enum DateText {
    /// JavaScript's `Date.prototype.toISOString`: `2026-12-02T04:34:39.120Z`.
    static func iso8601(_ milliseconds: Double) -> String {
        guard let parts = Parts(milliseconds) else { return "Invalid Date" }
        return "\(parts.date)T\(parts.time).\(pad(parts.millisecond, 3))Z"
    }

    /// Foundation's description of an `NSDate`: `2026-12-02 04:34:39 +0000`.
    static func foundationDescription(_ milliseconds: Double) -> String {
        guard let parts = Parts(milliseconds) else { return "nan" }
        return "\(parts.date) \(parts.time) +0000"
    }

    /// A UTC calendar date and time of day (proleptic Gregorian calendar).
    private struct Parts {
        var date: String
        var time: String
        var millisecond: Int64

        init?(_ milliseconds: Double) {
            // Dates JavaScript can hold: ±100,000,000 days around 1970.
            guard milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else { return nil }
            let total = Int64(milliseconds.rounded(.down))
            let days = total >= 0 ? total / 86_400_000 : -((-total + 86_399_999) / 86_400_000)
            let inDay = total - days * 86_400_000
            millisecond = inDay % 1000
            let seconds = inDay / 1000
            time = "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
            // Days to civil date (H. Hinnant's algorithm).
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let mp = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * mp + 2) / 5 + 1
            let month = mp < 10 ? mp + 3 : mp - 9
            let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            let yearText = (0...9999).contains(year) ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(abs(year), 6)
            date = "\(yearText)-\(pad(month, 2))-\(pad(day, 2))"
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
