/// Dates as fixed, locale-independent text, in UTC: where a date argument
/// meets a placeholder that knows no locale (`%@`, i18next's `{{date}}`), and
/// a binary property list's dates.
enum DateText {
    /// JavaScript's `Date.prototype.toISOString`: `2026-12-02T04:34:39.120Z`.
    static func iso8601(_ milliseconds: Double) -> String {
        guard let time = CivilTime(milliseconds) else { return "Invalid Date" }
        return "\(time.date)T\(time.time).\(pad(time.millisecond, 3))Z"
    }

    /// Foundation's description of an `NSDate`: `2026-12-02 04:34:39 +0000`.
    static func foundationDescription(_ milliseconds: Double) -> String {
        guard let time = CivilTime(milliseconds) else { return "nan" }
        return "\(time.date) \(time.time) +0000"
    }

    /// A UTC calendar date and time of day (proleptic Gregorian calendar).
    struct CivilTime {
        var year, month, day: Int64
        /// Seconds since midnight, and the milliseconds of that second.
        var second, millisecond: Int64

        /// Dates JavaScript can hold: ±100,000,000 days around 1970; nil beyond, and for NaN.
        init?(_ milliseconds: Double) {
            guard milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else { return nil }
            self.init(milliseconds: Int64(milliseconds.rounded(.down)))
        }

        init(milliseconds total: Int64) {
            let days = total >= 0 ? total / 86_400_000 : -((-total + 86_399_999) / 86_400_000)
            let inDay = total - days * 86_400_000
            millisecond = inDay % 1000
            second = inDay / 1000
            // Days to civil date (Howard Hinnant's algorithm).
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let mp = (5 * dayOfYear + 2) / 153
            day = dayOfYear - (153 * mp + 2) / 5 + 1
            month = mp < 10 ? mp + 3 : mp - 9
            year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        }

        /// `YYYY-MM-DD` (`±YYYYYY-MM-DD` outside years 0–9999, as JavaScript writes them).
        var date: String {
            let yearText = (0...9999).contains(year) ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(abs(year), 6)
            return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))"
        }

        /// `HH:MM:SS`.
        var time: String { "\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))" }
    }

    /// `value` in decimal, zero-padded to `width` digits.
    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
