import Parlance

/// What each translation a `Plural-Forms` formula chooses among stands for
/// in CLDR's words: the rule by which an indexed plural (a table's
/// `.gettextPlural` texts, whatever file they were read from) becomes plural
/// forms by category, and back.
extension GettextPluralFormula {
    /// For each translation index, the CLDR category of the first number
    /// (0...200) that selects it in `locale` (spelled as a file names it:
    /// `en_XA`, `pt_BR`). Indices no number selects get `other`.
    func categories(locale: String) -> [PluralCategory] {
        let rules = MessageValues.rules(locale)
        var result = Array(repeating: PluralCategory.other, count: max(1, min(pluralCount, 16)))
        var seen = Set<Int>()
        for n in 0...200 {
            let index = translationIndex(for: UInt64(n))
            guard index < result.count, !seen.contains(index) else { continue }
            seen.insert(index)
            result[index] = rules.category(.int(Int64(n)))
        }
        return result
    }

    /// Texts in translation order as forms by the category each index
    /// stands for in `locale` (the first index of a category wins); `other`
    /// is the last text where no index stands for it.
    func forms(_ texts: [String], locale: String) -> PluralForms {
        var forms = PluralForms()
        for (index, category) in categories(locale: locale).enumerated() where index < texts.count && forms[category] == nil {
            forms[category] = texts[index]
        }
        if forms[.other] == nil { forms[.other] = texts.last ?? "" }
        return forms
    }

    /// Forms by category as texts in translation order (`other`'s where a category has none).
    func texts(_ forms: PluralForms, locale: String) -> [String] {
        categories(locale: locale).map { forms[$0] ?? forms[.other] ?? "" }
    }
}
