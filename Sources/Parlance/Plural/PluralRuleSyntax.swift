/// Parsed CLDR plural rules (UTS #35 Part 3 §5.1): `one: i = 1 and v = 0
/// @integer 1 @decimal …; other: …`, rules separated by `;`.
///
/// Both spellings ICU reads are accepted: CLDR's (`=`, `!=`, `%`) and the one
/// `PluralRules::getRules()` writes back (`in`, `not in`, `within`, `is`,
/// `is not`, `mod`). As in ICU, `=` and `in` hold only for integer values of
/// the operand, `within` and `is` for any value in range.
struct PluralRuleSyntax: Equatable {
    /// A plural operand's name.
    enum Operand: UInt8, Equatable {
        case n, i, v, w, f, t, e, c
    }

    /// `operand [mod m] (=|!=|in|not in|within|is|…) ranges`.
    struct Relation: Equatable {
        var operand: Operand
        /// The `mod` divisor, or nil.
        var modulus: UInt32?
        var negated: Bool
        /// `=`/`in`: a non-integer value is in no range.
        var integerOnly: Bool
        var ranges: [ClosedRange<UInt32>]
    }

    struct Rule: Equatable {
        var category: PluralCategory
        /// Alternatives (`or`) of conjunctions (`and`); empty holds always.
        var condition: [[Relation]]
        /// The sample lists after `@integer` and `@decimal`, as written.
        var integerSamples: String?
        var decimalSamples: String?
    }

    var rules: [Rule]

    /// Parses rule text; a malformed rule is a `.syntax` error.
    static func parse(_ text: String) throws(ParlanceError) -> PluralRuleSyntax {
        var parser = Parser(bytes: Array(text.utf8))
        return try parser.parseRules()
    }
}

extension PluralRuleSyntax {
    fileprivate struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func parseRules() throws(ParlanceError) -> PluralRuleSyntax {
            var rules: [Rule] = []
            skipSpace()
            while position < bytes.count {
                let rule = try parseRule()
                if rules.contains(where: { $0.category == rule.category }) {
                    throw error("the category '\(rule.category)' has two rules")
                }
                rules.append(rule)
                skipSpace()
                if peek() == UInt8(ascii: ";") {
                    position += 1
                    skipSpace()
                } else if position < bytes.count {
                    throw error("expected ';'")
                }
            }
            return PluralRuleSyntax(rules: rules)
        }

        private mutating func parseRule() throws(ParlanceError) -> Rule {
            let keyword = word()
            guard let category = PluralCategory(name: keyword) else {
                throw error("'\(keyword)' is not a plural category")
            }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after '\(keyword)'") }
            position += 1
            var rule = Rule(category: category, condition: [])
            skipSpace()
            if !atRuleEnd {
                rule.condition = [try parseConjunction()]
                while lookingAt(word: "or") {
                    _ = word()
                    rule.condition.append(try parseConjunction())
                }
            }
            while peek() == UInt8(ascii: "@") {
                position += 1
                let kind = word()
                let samples = sampleList()
                switch kind {
                case "integer" where rule.integerSamples == nil: rule.integerSamples = samples
                case "decimal" where rule.decimalSamples == nil: rule.decimalSamples = samples
                default: throw error("unexpected '@\(kind)'")
                }
            }
            guard atRuleEnd else { throw error("unexpected '\(word())'") }
            return rule
        }

        private mutating func parseConjunction() throws(ParlanceError) -> [Relation] {
            var relations = [try parseRelation()]
            while lookingAt(word: "and") {
                _ = word()
                relations.append(try parseRelation())
            }
            return relations
        }

        private mutating func parseRelation() throws(ParlanceError) -> Relation {
            let name = word()
            guard name.count == 1, let operand = Self.operands[name] else {
                throw error("'\(name)' is not a plural operand")
            }
            var relation = Relation(operand: operand, modulus: nil, negated: false, integerOnly: true, ranges: [])
            skipSpace()
            if peek() == UInt8(ascii: "%") || lookingAt(word: "mod") {
                if peek() == UInt8(ascii: "%") { position += 1 } else { _ = word() }
                let modulus = try number()
                guard modulus > 0 else { throw error("'mod 0'") }
                relation.modulus = modulus
            }
            skipSpace()
            if peek() == UInt8(ascii: "=") {
                position += 1
            } else if peek() == UInt8(ascii: "!"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "=") {
                position += 2
                relation.negated = true
            } else {
                var keyword = word()
                if keyword == "is" {
                    relation.integerOnly = false
                    if lookingAt(word: "not") { _ = word(); relation.negated = true }
                    let value = try number()
                    relation.ranges = [value...value]
                    return relation
                }
                if keyword == "not" {
                    relation.negated = true
                    keyword = word()
                }
                switch keyword {
                case "in": break
                case "within": relation.integerOnly = false
                default: throw error("expected a relation, found '\(keyword)'")
                }
            }
            repeat {
                let low = try number()
                var high = low
                skipSpace()
                if peek() == UInt8(ascii: "."), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ".") {
                    position += 2
                    high = try number()
                    guard low <= high else { throw error("the range \(low)..\(high) is empty") }
                }
                relation.ranges.append(low...high)
                skipSpace()
            } while consume(UInt8(ascii: ","))
            return relation
        }

        private static let operands: [String: Operand] = [
            "n": .n, "i": .i, "v": .v, "w": .w, "f": .f, "t": .t, "e": .e, "c": .c,
        ]

        // MARK: Lexing

        private var atRuleEnd: Bool {
            position >= bytes.count || peek() == UInt8(ascii: ";") || peek() == UInt8(ascii: "@")
        }

        private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func skipSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            skipSpace()
            guard peek() == byte else { return false }
            position += 1
            return true
        }

        /// The next run of ASCII letters (empty if none).
        private mutating func word() -> String {
            skipSpace()
            let start = position
            while let byte = peek(), (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func lookingAt(word expected: String) -> Bool {
            let saved = position
            let found = word()
            position = saved
            return found == expected
        }

        private mutating func number() throws(ParlanceError) -> UInt32 {
            skipSpace()
            var value: UInt32 = 0
            let start = position
            while let byte = peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                let (scaled, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = scaled.addingReportingOverflow(UInt32(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { throw error("number too large") }
                value = sum
                position += 1
            }
            guard position > start else { throw error("expected a number") }
            return value
        }

        /// The text up to the next `@`, `;` or the end, trimmed.
        private mutating func sampleList() -> String {
            skipSpace()
            let start = position
            while let byte = peek(), byte != UInt8(ascii: "@") && byte != UInt8(ascii: ";") { position += 1 }
            var end = position
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        private func error(_ message: String) -> ParlanceError {
            ParlanceError(.syntax, "plural rules, at offset \(position): \(message)")
        }
    }
}
