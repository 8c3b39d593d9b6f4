/// Plural rules compiled once per locale into flat arrays that selection
/// walks without allocating.
///
/// Relations are evaluated exactly as ICU's `AndConstraint::isFulfilled`
/// does on its double operands: an `=`/`in` relation fails for a non-integer
/// value, `mod` is `fmod`, the result is then negated for `!=`/`not in`.
/// Integer operands use integer arithmetic while they are exact as doubles
/// (≤ 2^53) and ICU's double arithmetic above.
struct PluralRuleProgram: Sendable {
    /// One relation. `ranges[rangeStart..<rangeEnd]` holds its bounds.
    struct Test: Sendable {
        var operand: PluralRuleSyntax.Operand
        var negated: Bool
        var integerOnly: Bool
        /// The last relation of a conjunction (`and` chain).
        var endsConjunction: Bool
        /// The `mod` divisor, 0 for none.
        var modulus: UInt32
        var rangeStart: UInt16
        var rangeEnd: UInt16
    }

    /// A category and its tests, `tests[testStart..<testEnd]`: conjunctions
    /// one after the other, any of which selects the category. No tests
    /// means the rule always holds.
    struct Rule: Sendable {
        var category: PluralCategory
        var testStart: UInt16
        var testEnd: UInt16
    }

    private var rules: [Rule] = []
    private var tests: [Test] = []
    private var ranges: [ClosedRange<UInt32>] = []

    /// Compiles parsed rules. `other`'s condition is ignored: `other` is what
    /// selection gives when no other rule holds.
    init(_ syntax: PluralRuleSyntax) throws(ParlanceError) {
        for rule in syntax.rules where rule.category != .other {
            let testStart = tests.count
            for conjunction in rule.condition {
                for (index, relation) in conjunction.enumerated() {
                    let rangeStart = ranges.count
                    ranges.append(contentsOf: relation.ranges)
                    tests.append(Test(
                        operand: relation.operand, negated: relation.negated, integerOnly: relation.integerOnly,
                        endsConjunction: index == conjunction.count - 1, modulus: relation.modulus ?? 0,
                        rangeStart: UInt16(truncatingIfNeeded: rangeStart), rangeEnd: UInt16(truncatingIfNeeded: ranges.count)))
                }
            }
            guard ranges.count <= Int(UInt16.max), tests.count <= Int(UInt16.max) else {
                throw ParlanceError(.syntax, "plural rules too large")
            }
            rules.append(Rule(category: rule.category, testStart: UInt16(testStart), testEnd: UInt16(tests.count)))
        }
    }

    /// The category of the first rule that holds, else `other`.
    func category(_ operands: PluralOperands) -> PluralCategory {
        tests.withUnsafeBufferPointer { tests in
            ranges.withUnsafeBufferPointer { ranges in
                for rule in rules {
                    var index = Int(rule.testStart)
                    let end = Int(rule.testEnd)
                    if index == end { return rule.category }
                    while index < end {
                        var holds = true
                        while true {
                            let test = tests[index]
                            index += 1
                            if holds { holds = test.holds(operands, ranges) }
                            if test.endsConjunction { break }
                        }
                        if holds { return rule.category }
                    }
                }
                return .other
            }
        }
    }
}

extension PluralRuleProgram.Test {
    @inline(__always)
    func holds(_ operands: PluralOperands, _ ranges: UnsafeBufferPointer<ClosedRange<UInt32>>) -> Bool {
        let result: Bool
        switch operand {
        case .n:
            let n = operands.n
            if n < 9_007_199_254_740_992, n == n.rounded(.towardZero) {
                result = holds(integer: UInt64(n), ranges)
            } else {
                result = holds(double: n, ranges)
            }
        case .i: result = holds(integer: operands.i, ranges)
        case .v: result = holds(integer: operands.v, ranges)
        case .w: result = holds(integer: operands.w, ranges)
        case .f: result = holds(integer: operands.f, ranges)
        case .t: result = holds(integer: operands.t, ranges)
        case .e, .c: result = holds(integer: 0, ranges)
        }
        return result != negated
    }

    private func holds(integer value: UInt64, _ ranges: UnsafeBufferPointer<ClosedRange<UInt32>>) -> Bool {
        var value = value
        if modulus != 0 {
            // Above 2^53 ICU's fmod works on the rounded double.
            guard value <= PluralOperands.exactDoubleLimit else { return holds(double: Double(value), ranges) }
            value %= UInt64(modulus)
        }
        // Bounds are ≤ 2^32, so comparing exactly agrees with comparing the
        // rounded double as ICU does.
        for index in Int(rangeStart)..<Int(rangeEnd) {
            let range = ranges[index]
            if UInt64(range.lowerBound) <= value && value <= UInt64(range.upperBound) { return true }
        }
        return false
    }

    private func holds(double value: Double, _ ranges: UnsafeBufferPointer<ClosedRange<UInt32>>) -> Bool {
        var value = value
        if integerOnly && value != value.rounded(.down) { return false }
        if modulus != 0 { value = value.truncatingRemainder(dividingBy: Double(modulus)) }
        for index in Int(rangeStart)..<Int(rangeEnd) {
            let range = ranges[index]
            if Double(range.lowerBound) <= value && value <= Double(range.upperBound) { return true }
        }
        return false
    }
}
