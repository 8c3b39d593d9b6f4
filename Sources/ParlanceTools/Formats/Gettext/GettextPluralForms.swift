import Parlance

/// `Plural-Forms` headers for new `.po` files, from GNU gettext's table of
/// common languages (`gettext-tools/src/plural-table.c`); other languages
/// get the Germanic `nplurals=2; plural=(n != 1);`, which a translator
/// corrects in the header.
enum GettextPluralForms {
    static func header(for locale: String) -> String {
        let language = String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
        let normalized = locale.replacingAll("_", with: "-").lowercased()
        if normalized == "pt-br" { return "nplurals=2; plural=(n > 1);" }
        switch language {
        case "ja", "ko", "zh", "vi", "th", "id", "ms", "lo", "my", "km":
            return "nplurals=1; plural=0;"
        case "fr", "ff", "kab", "hy":
            return "nplurals=2; plural=(n > 1);"
        case "lv":
            return "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);"
        case "ga":
            return "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;"
        case "ro":
            return "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;"
        case "lt":
            return "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);"
        case "ru", "uk", "be", "sr", "hr", "bs":
            return "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
        case "cs", "sk":
            return "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
        case "pl":
            return "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
        case "sl":
            return "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);"
        case "ar":
            return "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
        default:
            return "nplurals=2; plural=(n != 1);"
        }
    }

    /// For each msgstr index of `formula`, the CLDR category of the first
    /// number (0...200) that selects it in `locale` (spelled as a file
    /// names it: `en_XA`, `pt_BR`): how plural forms by category become
    /// `msgstr[N]`. Indices no number selects get `other`.
    static func categories(formula: GettextPluralFormula, locale: String) -> [PluralCategory] {
        let rules = MessageValues.rules(locale)
        var result = Array(repeating: PluralCategory.other, count: max(1, min(formula.pluralCount, 16)))
        var seen = Set<Int>()
        for n in 0...200 {
            let index = formula.translationIndex(for: UInt64(n))
            guard index < result.count, !seen.contains(index) else { continue }
            seen.insert(index)
            result[index] = rules.category(.int(Int64(n)))
        }
        return result
    }

    /// Plural forms by category as msgstr texts in formula order.
    static func msgstrs(_ forms: PluralForms, formula: GettextPluralFormula, locale: String) -> [String] {
        categories(formula: formula, locale: locale).map { forms[$0] ?? forms[.other] ?? "" }
    }
}
