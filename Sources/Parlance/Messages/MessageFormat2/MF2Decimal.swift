/// An exact decimal number: the numeric value of a MessageFormat 2 operand.
///
/// The value is `digits × 10^exponent` (most significant digit first, no
/// leading or trailing zeros; zero has no digits), so literals such as
/// `0.1` or `1e3` and `:offset` arithmetic stay exact, and its text can go to
/// ICU and to the plural rules without a binary round trip.
struct MF2Decimal: Sendable, Equatable {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    /// Exponents beyond this are refused: the plain text would be enormous.
    static let exponentLimit = 1000

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        let leading = digits.prefix { $0 == 0 }.count
        digits.removeFirst(leading)
        self.negative = negative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// A `number-literal` (`-1.5e3`); nil for anything else.
    init?(literal text: some StringProtocol) {
        guard MF2Characters.isNumberLiteral(text) else { return nil }
        var digits: [UInt8] = []
        var exponent = 0
        var negative = false
        var inFraction = false
        var bytes = Substring(text).utf8[...]
        if bytes.first == 0x2D {
            negative = true
            bytes = bytes.dropFirst()
        }
        while let byte = bytes.first, byte | 0x20 != 0x65 {
            bytes = bytes.dropFirst()
            if byte == 0x2E { inFraction = true; continue }
            digits.append(byte - 0x30)
            if inFraction { exponent -= 1 }
        }
        if !bytes.isEmpty {  // "e" and the exponent
            bytes = bytes.dropFirst()
            var sign = 1
            if bytes.first == 0x2B || bytes.first == 0x2D {
                if bytes.first == 0x2D { sign = -1 }
                bytes = bytes.dropFirst()
            }
            var value = 0
            for byte in bytes {
                value = value * 10 + Int(byte - 0x30)
                if value > Self.exponentLimit * 2 { return nil }
            }
            exponent += sign * value
        }
        self.init(negative: negative, digits: digits, exponent: exponent)
        if abs(self.exponent) > Self.exponentLimit { return nil }
    }

    init(_ value: Int64) {
        self.init(negative: value < 0, digits: String(value.magnitude).utf8.map { $0 - 0x30 }, exponent: 0)
    }

    /// A finite double by its shortest round-trip spelling; nil for NaN and infinities.
    init?(_ value: Double) {
        guard value.isFinite else { return nil }
        var text = "\(value)"  // "1.5", "1e-07", "1.0e+20"
        if text.hasSuffix(".0") { text.removeLast(2) }
        if let e = text.firstIndex(of: "e"), text[..<e].hasSuffix(".0") {
            text.removeSubrange(text.index(e, offsetBy: -2)..<e)
        }
        self.init(literal: text)
    }

    var isZero: Bool { digits.isEmpty }
    var isInteger: Bool { exponent >= 0 }

    /// Plain decimal text without exponent, with at least `minimumFractionDigits`
    /// fraction digits: `-1234.5`, `0.05`, `1200`.
    func plainText(minimumFractionDigits: Int = 0) -> String {
        var out = negative && !isZero ? "-" : ""
        let fractionCount = max(-exponent, 0)
        let all = digits + [UInt8](repeating: 0, count: max(exponent, 0))
        let integerCount = all.count - fractionCount
        if integerCount <= 0 {
            out += "0"
        } else {
            out += String(decoding: all[..<integerCount].map { $0 + 0x30 }, as: UTF8.self)
        }
        var fraction = [UInt8](repeating: 0, count: max(-integerCount, 0)) + all[max(integerCount, 0)...]
        while fraction.count < minimumFractionDigits { fraction.append(0) }
        if !fraction.isEmpty {
            out += "." + String(decoding: fraction.map { $0 + 0x30 }, as: UTF8.self)
        }
        return out
    }

    /// The value times 10^power.
    func scaled(byPowerOfTen power: Int) -> MF2Decimal {
        MF2Decimal(negative: negative, digits: digits, exponent: exponent + power)
    }

    /// Rounded to `fractionDigits` places, halves away from zero (`halfExpand`).
    func rounded(fractionDigits: Int) -> MF2Decimal {
        let drop = -exponent - fractionDigits
        guard drop > 0 else { return self }
        guard drop <= digits.count else { return MF2Decimal(negative: negative, digits: [], exponent: 0) }
        var kept = Array(digits[..<(digits.count - drop)])
        if digits[digits.count - drop] >= 5 {
            var i = kept.count - 1
            while i >= 0 && kept[i] == 9 {
                kept[i] = 0
                i -= 1
            }
            if i >= 0 { kept[i] += 1 } else { kept.insert(1, at: 0) }
        }
        return MF2Decimal(negative: negative, digits: kept, exponent: -fractionDigits)
    }

    /// Rounded to `count` significant digits, halves away from zero.
    func rounded(significantDigits count: Int) -> MF2Decimal {
        guard digits.count > count, count > 0 else { return self }
        let fractionDigits = -(exponent + digits.count - count)
        return rounded(fractionDigits: fractionDigits)
    }

    /// The value plus a (small) integer.
    func adding(_ amount: Int) -> MF2Decimal {
        let other = MF2Decimal(Int64(amount))
        let scale = min(exponent, other.exponent, 0)
        let a = integerDigits(atExponent: scale)
        let b = other.integerDigits(atExponent: scale)
        if negative == other.negative {
            return MF2Decimal(negative: negative, digits: Self.add(a, b), exponent: scale)
        }
        if Self.compare(a, b) >= 0 {
            return MF2Decimal(negative: negative, digits: Self.subtract(a, b), exponent: scale)
        }
        return MF2Decimal(negative: other.negative, digits: Self.subtract(b, a), exponent: scale)
    }

    /// The magnitude's digits as an integer counted in units of 10^scale (scale <= exponent).
    private func integerDigits(atExponent scale: Int) -> [UInt8] {
        digits + [UInt8](repeating: 0, count: exponent - scale)
    }

    private static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var carry: UInt8 = 0
        var i = a.count - 1
        var j = b.count - 1
        while i >= 0 || j >= 0 || carry > 0 {
            let sum = (i >= 0 ? a[i] : 0) + (j >= 0 ? b[j] : 0) + carry
            result.append(sum % 10)
            carry = sum / 10
            i -= 1
            j -= 1
        }
        return result.reversed()
    }

    /// a - b for a >= b.
    private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var borrow: Int = 0
        var j = b.count - 1
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            var difference = Int(a[i]) - borrow - (j >= 0 ? Int(b[j]) : 0)
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 10 }
            result.append(UInt8(difference))
            j -= 1
        }
        return result.reversed()
    }

    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let a = a.drop { $0 == 0 }
        let b = b.drop { $0 == 0 }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }
}
