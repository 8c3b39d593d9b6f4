/// `:date`, `:time` and `:datetime` (`spec/functions/datetime.md`).
///
/// The spec's semantic-skeleton options (`fields`/`dateFields`,
/// `length`/`dateLength`, `precision`/`timePrecision`, `timeZoneStyle`,
/// `hour12`) become an ICU date skeleton; the older `dateStyle`, `timeStyle`
/// and `style` options (`full`…`short`) become ICU styles. The operand is a
/// date argument (epoch milliseconds) or an ISO 8601 date/time literal; times
/// without an offset, and every date without a `timeZone` option, are UTC.
enum MF2DateFunctions {
    static let styles: Set<String> = ["full", "long", "medium", "short"]

    static let date: MF2Function = { call in resolve(&call, date: true, time: false) }
    static let time: MF2Function = { call in resolve(&call, date: false, time: true) }
    static let datetime: MF2Function = { call in resolve(&call, date: true, time: true) }

    private static func resolve(_ call: inout MF2Call, date: Bool, time: Bool) -> MF2Value? {
        var timeZone: String?
        let epoch: Double
        switch call.operand?.content {
        case .dateArgument(let milliseconds)?: epoch = milliseconds
        case .date(let inherited)?:
            epoch = inherited.epochMilliseconds
            timeZone = inherited.timeZone
        case .string(let text)?:
            guard let milliseconds = epochMilliseconds(iso: text) else {
                call.report(.badOperand, "'\(text)' is not an ISO 8601 date for :\(call.function)")
                return nil
            }
            epoch = milliseconds
        case nil:
            call.report(.badOperand, ":\(call.function) needs an operand")
            return nil
        default:
            call.report(.badOperand, "the operand of :\(call.function) is not a date")
            return nil
        }
        if let zone = call.options["timeZone"] {
            if let text = zone.text, !text.isEmpty {
                timeZone = text == "input" || text == "UTC" ? nil : text
            } else {
                call.report(.badOption, "'timeZone' must be a time zone name")
            }
        }
        func option(_ name: String, _ allowed: Set<String>) -> String? {
            guard let value = call.options[name] else { return nil }
            guard value.isLiteral, let text = value.text, allowed.contains(text) else {
                call.report(.badOption, "'\(value.text ?? "")' is not a literal value of '\(name)'")
                return nil
            }
            return text
        }
        let legacy = ["dateStyle", "timeStyle", "style"].filter { call.options[$0] != nil }
        let form: MF2Date.Form
        if legacy.isEmpty {
            var skeleton = ""
            if date {
                let fields = option(time ? "dateFields" : "fields", Set(dateSkeletons.keys)) ?? "year-month-day"
                let length = option(time ? "dateLength" : "length", ["long", "medium", "short"]) ?? "medium"
                skeleton += dateSkeletons[fields]?[length] ?? "yMMMd"
            }
            if time {
                let precision = option(date ? "timePrecision" : "precision", ["hour", "minute", "second"]) ?? "minute"
                var hour = "j"
                switch option("hour12", ["true", "false"]) {
                case "true": hour = "h"
                case "false": hour = "H"
                default: break
                }
                skeleton += hour + (precision == "hour" ? "" : precision == "minute" ? "mm" : "mmss")
                switch option("timeZoneStyle", ["long", "short"]) {
                case "long": skeleton += "zzzz"
                case "short": skeleton += "z"
                default: break
                }
            }
            form = .skeleton(skeleton)
        } else {
            // The older style options: `{$d :date style=long}`, `{$d :datetime dateStyle=long timeStyle=short}`.
            let both = date && time
            let dateStyle = date ? option(both ? "dateStyle" : "style", styles) ?? option("dateStyle", styles) : nil
            let timeStyle = time ? option(both ? "timeStyle" : "style", styles) ?? option("timeStyle", styles) : nil
            form = .styles(date: date ? dateStyle ?? (both ? nil : "medium") : nil,
                           time: time ? timeStyle ?? (both ? nil : "short") : nil)
            if case .styles(nil, nil) = form { return nil }
        }
        let value = MF2Date(epochMilliseconds: epoch, form: form, timeZone: timeZone ?? "UTC")
        return MF2Value(content: .date(value), direction: call.direction)
    }

    /// ICU date skeletons for the spec's `fields` by `length`.
    static let dateSkeletons: [String: [String: String]] = [
        "weekday": ["long": "EEEE", "medium": "EEE", "short": "EEEEEE"],
        "day-weekday": ["long": "EEEEd", "medium": "EEEd", "short": "EEEEEEd"],
        "month-day": ["long": "MMMMd", "medium": "MMMd", "short": "Md"],
        "month-day-weekday": ["long": "MMMMEEEEd", "medium": "MMMEEEd", "short": "MEEEd"],
        "year-month-day": ["long": "yMMMMd", "medium": "yMMMd", "short": "yyMd"],
        "year-month-day-weekday": ["long": "yMMMMEEEEd", "medium": "yMMMEEEd", "short": "yyMEEEd"],
    ]

    /// `2024-05-01`, `2024-05-01T13:45:00`, `…T13:45:00.250Z`, `…T13:45:00+02:00`.
    static func epochMilliseconds(iso text: String) -> Double? {
        let b = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var value = 0
            for byte in b[start..<(start + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard b.count >= 10, b[4] == 0x2D, b[7] == 0x2D, let year = number(0, 4), let month = number(5, 2),
              let day = number(8, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var milliseconds = Double(days(year: year, month: month, day: day)) * 86_400_000
        var i = 10
        if i < b.count {
            guard b[i] == 0x54, b.count >= i + 9, b[i + 3] == 0x3A, b[i + 6] == 0x3A,
                  let hour = number(i + 1, 2), let minute = number(i + 4, 2), let second = number(i + 7, 2),
                  hour < 24, minute < 60, second < 60 else { return nil }
            milliseconds += Double((hour * 60 + minute) * 60 + second) * 1000
            i += 9
            if i < b.count, b[i] == 0x2E {
                var count = 0
                var fraction = 0.0
                var scale = 100.0
                i += 1
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39, count < 3 {
                    fraction += Double(b[i] - 0x30) * scale
                    scale /= 10
                    count += 1
                    i += 1
                }
                guard count > 0 else { return nil }
                milliseconds += fraction
            }
            if i < b.count, b[i] == 0x5A {
                i += 1
            } else if i < b.count, b[i] == 0x2B || b[i] == 0x2D {
                guard b.count == i + 6, b[i + 3] == 0x3A, let hours = number(i + 1, 2),
                      let minutes = number(i + 4, 2), hours <= 14, minutes < 60 else { return nil }
                let offset = Double((hours * 60 + minutes) * 60_000)
                milliseconds -= b[i] == 0x2B ? offset : -offset
                i += 6
            }
        }
        return i == b.count ? milliseconds : nil
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The formatted date, or nil when ICU could not format it (an unknown time zone).
    static func format(_ date: MF2Date, locale: String) -> String? {
        switch date.form {
        case .styles(let dateStyle, let timeStyle):
            ICUDateFormat.format(epochMilliseconds: date.epochMilliseconds, dateStyle: dateStyle,
                                 timeStyle: timeStyle, locale: locale, timeZone: date.timeZone)
        case .skeleton(let skeleton):
            ICUDateFormat.format(epochMilliseconds: date.epochMilliseconds, skeleton: skeleton, locale: locale,
                                 timeZone: date.timeZone)
        }
    }
}
