/// The CLDR plural operands of a number (UTS #35 Part 3 §5.1.1), computed
/// the way ICU computes them for a formatted decimal, so that rules evaluated
/// on them give ICU's answers:
///
/// - `n`, the absolute value, is a `Double` rounded to nearest, as ICU's
///   `DecimalQuantity::toDouble` gives it; rules compare and take `mod` on it
///   as doubles (so `"1.0000000000000001"` has n = 1, as in ICU).
/// - `i` keeps the last 18 integer digits only, as `DecimalQuantity::toLong`
///   does for larger numbers; ICU evaluates it as a double too, which the
///   evaluator reproduces above 2^53.
/// - `e` and `c` are 0: exponents are not accepted.
struct PluralOperands: Equatable {
    /// The absolute value.
    var n: Double
    /// The integer digits (the last 18 of them).
    var i: UInt64
    /// The count of visible fraction digits, with and without trailing zeros.
    var v: UInt64, w: UInt64
    /// The visible fraction digits, with and without trailing zeros.
    var f: UInt64, t: UInt64

    /// The most fraction digits a decimal may show (ICU's route has one
    /// formatter per count up to this).
    static let maxFractionDigits = 16

    /// 10^18: `i` keeps the integer part modulo this.
    private static let integerModulus: UInt64 = 1_000_000_000_000_000_000
    /// Above 2^53 a `UInt64` is no longer exact as a `Double`.
    static let exactDoubleLimit: UInt64 = 1 << 53
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    ]

    init(n: Double, i: UInt64, v: UInt64, w: UInt64, f: UInt64, t: UInt64) {
        self.n = n; self.i = i; self.v = v; self.w = w; self.f = f; self.t = t
    }

    /// The operands of an integer: i = |value| (its last 18 digits), n = |value|.
    init(integer value: Int64) {
        let magnitude = value.magnitude
        n = Double(magnitude)
        i = magnitude % Self.integerModulus
        v = 0; w = 0; f = 0; t = 0
    }

    /// The operands of an ASCII decimal: an optional sign, digits with at most
    /// one `.` among them, at least one digit, at most 16 digits after the
    /// point. Nil for anything else. Allocates only for numbers with more
    /// significant digits than a `Double` holds exactly.
    init?(decimal text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { index = 1 }
        let start = index
        var integer: UInt64 = 0          // last 18 integer digits
        var mantissa: UInt64 = 0         // all significant digits while exact
        var exact = true                 // mantissa ≤ 2^53
        var fraction: UInt64 = 0
        var fractionDigits: UInt64 = 0
        var significantFractionDigits: UInt64 = 0
        var seenPoint = false
        var seenDigit = false
        while index < text.count {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            let digit = UInt64(byte &- UInt8(ascii: "0"))
            guard digit < 10 else { return nil }
            seenDigit = true
            if exact {
                if mantissa <= (Self.exactDoubleLimit - digit) / 10 {
                    mantissa = mantissa * 10 + digit
                } else {
                    exact = false
                }
            }
            if seenPoint {
                fractionDigits += 1
                guard fractionDigits <= UInt64(Self.maxFractionDigits) else { return nil }
                fraction = fraction * 10 + digit
                if digit != 0 { significantFractionDigits = fractionDigits }
            } else {
                integer = (integer % (Self.integerModulus / 10)) * 10 + digit
            }
        }
        guard seenDigit else { return nil }
        i = integer
        v = fractionDigits
        w = significantFractionDigits
        f = fraction
        var trimmed = fraction
        if trimmed != 0 {
            while trimmed % 10 == 0 { trimmed /= 10 }
        }
        t = trimmed
        if exact {
            // Both exact as doubles, so the quotient is correctly rounded.
            n = Double(mantissa) / Self.powersOfTen[Int(fractionDigits)]
        } else {
            // More significant digits than 2^53 holds: let the standard
            // library round the digits to nearest, as ICU does.
            let digits = UnsafeBufferPointer(rebasing: text[start...])
            var spelled = String(decoding: digits, as: UTF8.self)
            if digits.first == UInt8(ascii: ".") { spelled = "0" + spelled }
            if digits.last == UInt8(ascii: ".") { spelled += "0" }
            guard let value = Double(spelled) else { return nil }
            n = value
        }
    }
}
