/// `java.text.ChoiceFormat`: texts by ascending limits. `0#none` starts an
/// arm at 0, `1<many` just above 1 (the next double), `1≤x` as `1#x`; `∞`
/// and `-∞` are the infinities. A number takes the last arm whose limit it
/// reaches, the first arm below them all.
package struct ChoiceFormat: Sendable, Equatable {
    package var limits: [Double]
    package var texts: [String]

    /// `applyPattern`, or nil where Java throws: a limit that is no number,
    /// limits not ascending, an arm without a limit, no arm at all.
    package init?(_ pattern: String) {
        var limits: [Double] = [], texts: [String] = []
        var segments = [String.UnicodeScalarView(), String.UnicodeScalarView()]
        var part = 0
        var start = 0.0
        var previous = Double.nan
        var inQuote = false
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "'" {
                if i + 1 < scalars.count, scalars[i + 1] == "'" {
                    segments[part].append(c)
                    i += 1
                } else {
                    inQuote.toggle()
                }
            } else if inQuote {
                segments[part].append(c)
            } else if c == "<" || c == "#" || c == "\u{2264}" {
                guard !segments[0].isEmpty else { return nil }
                let limit = String(segments[0])
                if limit == "\u{221E}" {
                    start = .infinity
                } else if limit == "-\u{221E}" {
                    start = -.infinity
                } else {
                    guard let value = Self.javaDouble(limit) else { return nil }
                    start = value
                }
                if c == "<" && start.isFinite { start = start.nextUp }
                // Java's `startValue <= oldStartValue`: false against NaN, the first time.
                if start <= previous { return nil }
                segments[0] = String.UnicodeScalarView()
                part = 1
            } else if c == "|" {
                limits.append(start)
                texts.append(String(segments[1]))
                previous = start
                segments[1] = String.UnicodeScalarView()
                part = 0
            } else {
                segments[part].append(c)
            }
            i += 1
        }
        if part == 1 {
            limits.append(start)
            texts.append(String(segments[1]))
        }
        guard !limits.isEmpty else { return nil }
        self.limits = limits
        self.texts = texts
    }

    /// The arm for `number`.
    package func select(_ number: Double) -> String {
        var i = 0
        while i < limits.count, number >= limits[i] { i += 1 }
        return texts[max(i - 1, 0)]
    }

    /// `Double.valueOf` for the decimal spellings: trimmed, an optional
    /// `d`/`f` suffix, `Infinity` and `NaN` with a sign.
    static func javaDouble(_ text: String) -> Double? {
        var trimmed = JavaMessageParser.javaTrim(text)
        if let last = trimmed.last, "dDfF".contains(last) { trimmed.removeLast() }
        let body = trimmed.hasPrefix("+") || trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        if body == "Infinity" { return trimmed.hasPrefix("-") ? -.infinity : .infinity }
        if body == "NaN" { return .nan }
        // Swift reads `inf`, `nan` and hexadecimal too; Java's decimal form only.
        guard body.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 || $0 == 101 || $0 == 69 || $0 == 43 || $0 == 45 })
        else { return nil }
        return Double(trimmed)
    }
}
