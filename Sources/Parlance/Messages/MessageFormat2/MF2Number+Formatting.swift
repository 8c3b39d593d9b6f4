/// How a resolved number formats (through an ICU number skeleton) and which
/// text it matches keys and plural rules with.
extension MF2Number {
    private func digits(_ name: String) -> Int? { options[name].flatMap { Int($0) } }

    /// The value that is formatted and selected: times 100 for percents.
    var shownValue: MF2Decimal { percent ? value.scaled(byPowerOfTen: 2) : value }

    /// The fraction digits shown: JavaScript's `Intl.NumberFormat` defaults
    /// (0…3 for numbers, 0…0 for percents), adjusted by the options.
    private var fractionDigits: (minimum: Int, maximum: Int) {
        let minimum = digits("minimumFractionDigits") ?? 0
        let maximum = digits("maximumFractionDigits") ?? max(minimum, percent ? 0 : 3)
        return (min(minimum, maximum), maximum)
    }

    private var usesSignificantDigits: Bool {
        options["minimumSignificantDigits"] != nil || options["maximumSignificantDigits"] != nil
    }

    /// The value rounded and padded as it is shown, as plain decimal text:
    /// what plural rules see (`1` with `minimumFractionDigits=1` is `1.0`, "other" in English).
    var visibleText: String {
        let shown = shownValue
        if usesSignificantDigits {
            let maximum = digits("maximumSignificantDigits") ?? 21
            let rounded = shown.rounded(significantDigits: maximum)
            let minimum = digits("minimumSignificantDigits") ?? 1
            let integerDigits = max(rounded.digits.count + rounded.exponent, 1)
            return rounded.plainText(minimumFractionDigits: max(minimum - integerDigits, 0))
        }
        let (minimum, maximum) = fractionDigits
        return shown.rounded(fractionDigits: maximum).plainText(minimumFractionDigits: minimum)
    }

    /// The text numeric keys are compared with (Exact Literal Match
    /// Serialization): the integer itself when no digit option is set, else
    /// the visible value.
    var exactText: String {
        let digitOptions = ["minimumFractionDigits", "minimumIntegerDigits", "minimumSignificantDigits",
                            "maximumSignificantDigits"]
        if shownValue.isInteger && !digitOptions.contains(where: { options[$0] != nil }) {
            return shownValue.plainText()
        }
        return visibleText
    }

    /// The plural category (cardinal, or ordinal with `select=ordinal`) of the visible value.
    func category(locale: String) -> PluralCategory {
        let rules = PluralRules.forLocale(locale, ordinal: selection == .ordinal)
        return (try? rules.categoryOfDecimal(visibleText)) ?? .other
    }

    /// The ICU number skeleton for the options.
    var skeleton: String {
        var stems: [String] = []
        if percent { stems.append("percent scale/100") }
        switch options["notation"] {
        case "scientific": stems.append("scientific")
        case "engineering": stems.append("engineering")
        case "compact": stems.append(options["compactDisplay"] == "long" ? "compact-long" : "compact-short")
        default: break
        }
        let strip = options["trailingZeroDisplay"] == "stripIfInteger" ? "/w" : ""
        if let currency = options["currency"] {
            stems.append("currency/" + currency)
            if let display = Self.currencyDisplays[options["currencyDisplay"] ?? ""] { stems.append(display) }
            if options["currencySign"] == "accounting" { stems.append("sign-accounting") }
        }
        if options["currency"] != nil && !usesSignificantDigits {
            // The currency's own fraction digits unless `fractionDigits` fixes them.
            if let fixed = digits("fractionDigits") {
                stems.append(fixed == 0 ? "precision-integer" : "." + String(repeating: "0", count: fixed) + strip)
            } else if !strip.isEmpty {
                stems.append("precision-currency-standard" + strip)
            }
        } else if usesSignificantDigits {
            let minimum = max(digits("minimumSignificantDigits") ?? 1, 1)
            if let maximum = digits("maximumSignificantDigits") {
                stems.append(String(repeating: "@", count: min(minimum, max(maximum, 1)))
                    + String(repeating: "#", count: max(maximum - minimum, 0)) + strip)
            } else {
                stems.append(String(repeating: "@", count: minimum) + "*" + strip)
            }
        } else {
            let (minimum, maximum) = fractionDigits
            if maximum == 0 {
                stems.append("precision-integer")
            } else {
                stems.append("." + String(repeating: "0", count: minimum)
                    + String(repeating: "#", count: maximum - minimum) + strip)
            }
        }
        if let minimum = digits("minimumIntegerDigits"), minimum != 1 {
            stems.append("integer-width/*" + String(repeating: "0", count: minimum))
        }
        switch options["signDisplay"] {
        case "always": stems.append("sign-always")
        case "exceptZero": stems.append("sign-except-zero")
        case "negative": stems.append("sign-negative")
        case "never": stems.append("sign-never")
        default: break
        }
        switch options["useGrouping"] {
        case "always": stems.append("group-on-aligned")
        case "never": stems.append("group-off")
        case "min2": stems.append("group-min2")
        default: break
        }
        stems.append(Self.roundingModes[options["roundingMode"] ?? "halfExpand"] ?? "rounding-mode-half-up")
        return stems.joined(separator: " ")
    }

    private static let currencyDisplays: [String: String] = [
        "narrowSymbol": "unit-width-narrow", "name": "unit-width-full-name", "code": "unit-width-iso-code",
        "never": "unit-width-hidden",
    ]

    private static let roundingModes: [String: String] = [
        "ceil": "rounding-mode-ceiling", "floor": "rounding-mode-floor", "expand": "rounding-mode-up",
        "trunc": "rounding-mode-down", "halfCeil": "rounding-mode-half-ceiling",
        "halfFloor": "rounding-mode-half-floor", "halfExpand": "rounding-mode-half-up",
        "halfTrunc": "rounding-mode-half-down", "halfEven": "rounding-mode-half-even",
    ]

    /// The formatted number, or nil when ICU refused the skeleton or value.
    func formatted(locale: String) -> String? {
        ICUNumberFormat.format(decimal: value.plainText(), skeleton: skeleton, locale: locale)
    }
}
