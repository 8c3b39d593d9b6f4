/// Qt's numerus rules: the integer rule families lrelease compiles into a
/// `.qm` for a language (not CLDR's), as their bytecode, and that bytecode
/// turned into the gettext formula that then chooses a form
/// (`GettextPluralFormula`): rule k is the index k when it holds, the index
/// past the last rule when none does, as `QTranslator` evaluates it.
package enum QtNumerus {
    // The bytecode's operations, as a `.qm` spells them.
    static let equal: UInt8 = 0x01, less: UInt8 = 0x02, lessOrEqual: UInt8 = 0x03, between: UInt8 = 0x04
    static let operationMask: UInt8 = 0x07, not: UInt8 = 0x08
    static let modulo10: UInt8 = 0x10, modulo100: UInt8 = 0x20, leading1000: UInt8 = 0x40
    static let and: UInt8 = 0xFD, or: UInt8 = 0xFE, newRule: UInt8 = 0xFF

    /// A rule family: its bytecode and its number of forms.
    struct Family {
        let rules: [UInt8]
        let forms: Int
    }

    static let japanese = Family(rules: [], forms: 1)
    static let english = Family(rules: [equal, 1], forms: 2)
    static let french = Family(rules: [lessOrEqual, 1], forms: 2)
    static let latvian = Family(rules: [modulo10 | equal, 1, and, modulo100 | not | equal, 11, newRule, not | equal, 0], forms: 3)
    static let icelandic = Family(rules: [modulo10 | equal, 1, and, modulo100 | not | equal, 11], forms: 2)
    static let irish = Family(rules: [equal, 1, newRule, equal, 2], forms: 3)
    static let gaelic = Family(rules: [equal, 1, or, equal, 11, newRule, equal, 2, or, equal, 12, newRule, between, 3, 19], forms: 4)
    static let slovak = Family(rules: [equal, 1, newRule, between, 2, 4], forms: 3)
    static let macedonian = Family(rules: [modulo10 | equal, 1, newRule, modulo10 | equal, 2], forms: 3)
    static let lithuanian = Family(rules: [modulo10 | equal, 1, and, modulo100 | not | equal, 11, newRule,
                                           modulo10 | not | equal, 0, and, modulo100 | not | between, 10, 19], forms: 3)
    static let russian = Family(rules: [modulo10 | equal, 1, and, modulo100 | not | equal, 11, newRule,
                                        modulo10 | between, 2, 4, and, modulo100 | not | between, 10, 19], forms: 3)
    static let polish = Family(rules: [equal, 1, newRule, modulo10 | between, 2, 4, and, modulo100 | not | between, 10, 19], forms: 3)
    static let romanian = Family(rules: [equal, 1, newRule, equal, 0, or, modulo100 | between, 1, 19], forms: 3)
    static let slovenian = Family(rules: [modulo100 | equal, 1, newRule, modulo100 | equal, 2, newRule, modulo100 | between, 3, 4], forms: 4)
    static let maltese = Family(rules: [equal, 1, newRule, equal, 0, or, modulo100 | between, 1, 10, newRule,
                                        modulo100 | between, 11, 19], forms: 4)
    static let welsh = Family(rules: [equal, 0, newRule, equal, 1, newRule, between, 2, 5, newRule, equal, 6], forms: 5)
    static let arabic = Family(rules: [equal, 0, newRule, equal, 1, newRule, equal, 2, newRule, modulo100 | between, 3, 10,
                                       newRule, modulo100 | not | less, 11], forms: 6)
    static let tagalog = Family(rules: [lessOrEqual, 1, newRule, modulo10 | equal, 4, or, modulo10 | equal, 6, or, modulo10 | equal, 9],
                                forms: 3)

    /// The family of each language lrelease knows, by its ISO 639 code.
    static let families: [String: Family] = {
        var table: [String: Family] = [:]
        func add(_ family: Family, _ codes: String) {
            for code in codes.split(separator: " ") where table[String(code)] == nil { table[String(code)] = family }
        }
        add(japanese, "bi my zh dz fj gn hu id ja jv ko ms na om fa su tt th bo tr vi yo za")
        add(english, "ab aa af sq am as ay az ba eu bn bg ca kw co da nl en eo et fo fi fur fy gl lg ka de el kl gu ha he iw hi ia ie it kn ks kk km rw ky ku lo la ln lb mg ml mr mn ne nso nb no nn oc or ps pa qu rm rn sn sd si so st es sw ss sv tg ta te to ts tn tk ug ur uz vo wo xh yi zu")
        add(french, "hy br fr fil ti wa")
        add(latvian, "lv"); add(icelandic, "is"); add(irish, "dv iu ik ga gv mi se sm sa"); add(gaelic, "gd")
        add(slovak, "sk cs"); add(macedonian, "mk"); add(lithuanian, "lt"); add(russian, "bs be hr ru sr uk")
        add(polish, "pl"); add(romanian, "ro"); add(slovenian, "sl"); add(maltese, "mt"); add(welsh, "cy"); add(arabic, "ar")
        return table
    }()

    /// The family lrelease picks for a TS `language` code (`de_DE`, `pt-BR`,
    /// `ja`): Portuguese is French-style in Brazil, its default territory,
    /// and English-style elsewhere; an unknown or empty code has one form.
    /// How many numerus forms `lrelease` compiles for a `language` attribute.
    package static func forms(language code: String) -> Int { family(language: code).forms }

    /// The rule `lrelease` compiles for a `language` attribute, as a formula.
    package static func formula(language code: String) -> GettextPluralFormula { formula(family(language: code).rules[...]) }

    static func family(language code: String) -> Family {
        let parts = code.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard let language = parts.first else { return japanese }
        if language == "pt" { return parts.count == 1 || parts[1] == "br" ? french : english }
        return families[language] ?? japanese
    }

    /// Whether `rules` is bytecode `QTranslator` accepts (its `isValidNumerusRules`).
    static func isValid(_ rules: ArraySlice<UInt8>) -> Bool {
        var i = rules.startIndex
        guard i < rules.endIndex else { return true }
        while true {
            let opcode = rules[i]
            guard opcode & 0x80 == 0 else { return false }
            i += 2
            let op = opcode & operationMask
            if op == between { i += 1 }
            guard op >= equal, op <= between, i <= rules.endIndex else { return false }
            if i == rules.endIndex { return true }
            guard [and, or, newRule].contains(rules[i]) else { return false }
            i += 1
            if i == rules.endIndex { return false }
        }
    }

    /// Valid bytecode as a gettext `Plural-Forms` value, whose index is the
    /// one `QTranslator` computes for every count from 0 to `Int32.max`.
    static func pluralForms(_ rules: ArraySlice<UInt8>) -> String {
        var ruleTexts: [String] = [], ors: [String] = [], ands: [String] = []
        var i = rules.startIndex
        while i < rules.endIndex {
            let opcode = rules[i], right = Int(rules[i + 1])
            i += 2
            var left = "n"
            if opcode & modulo10 != 0 { left = "(n%10)" }
            else if opcode & modulo100 != 0 { left = "(n%100)" }
            else if opcode & leading1000 != 0 {
                left = "(n>=1000000000 ? n/1000000000 : n>=1000000 ? n/1000000 : n>=1000 ? n/1000 : n)"
            }
            var test: String
            switch opcode & operationMask {
            case equal: test = "\(left)==\(right)"
            case less: test = "\(left)<\(right)"
            case lessOrEqual: test = "\(left)<=\(right)"
            default:
                test = "(\(left)>=\(right) && \(left)<=\(Int(rules[i])))"
                i += 1
            }
            if opcode & not != 0 { test = "!(\(test))" }
            ands.append(test)
            let next = i < rules.endIndex ? rules[i] : newRule
            i += 1
            if next == and { continue }
            ors.append(ands.count == 1 ? ands[0] : "(" + ands.joined(separator: " && ") + ")")
            ands = []
            if next == or { continue }
            ruleTexts.append(ors.count == 1 ? ors[0] : "(" + ors.joined(separator: " || ") + ")")
            ors = []
        }
        var expression = "\(ruleTexts.count)"
        for (index, rule) in ruleTexts.enumerated().reversed() { expression = "(\(rule)) ? \(index) : (\(expression))" }
        return "nplurals=\(ruleTexts.count + 1); plural=\(expression);"
    }

    /// The formula of valid bytecode.
    static func formula(_ rules: ArraySlice<UInt8>) -> GettextPluralFormula {
        GettextPluralFormula.fromHeader(pluralForms(rules))
    }
}
