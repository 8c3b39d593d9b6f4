import Parlance

enum ConvertValues {
    /// The entry as `target` carries it, or nil (with the reason) when it cannot.
    static func prepare(_ entry: ListedEntry, locale: String, table: String, formula: GettextPluralFormula?,
                        target: ConvertTarget, losses: inout [ConversionLoss]) -> ConvertEntry? {
        func lose(_ what: String) { losses.append(ConversionLoss(locale: locale, table: table, key: entry.key, context: entry.context, what: what)) }
        // What keeps the entry out altogether is said first, and alone.
        if entry.context != nil, case .none(let reason) = target.contexts {
            lose(reason)
            return nil
        }
        if let context = entry.context, let (isValid, reason) = target.invalidContext, !isValid(context) {
            lose(reason)
            return nil
        }
        if let (isValid, reason) = target.invalidKey, !isValid(entry.key) {
            lose(reason)
            return nil
        }
        if entry.key.isEmpty, let reason = target.emptyKey {
            lose("an empty key, which \(reason); left out")
            return nil
        }
        var value = entry.value
        if let reader = target.emptyTranslation, value.texts.contains(where: \.isEmpty) {
            lose("an empty translation, which \(reader) reads as untranslated; left out")
            return nil
        }
        if let unwritable = target.unwritable,
           let why = ([entry.key] + value.texts + (entry.comment.map { [$0] } ?? [])).lazy.compactMap(unwritable).first {
            lose("a text that \(target.name) cannot hold (\(why)); left out")
            return nil
        }
        if target.matchedLineBreaks, value.texts.contains(where: { $0.hasPrefix("\n") != entry.key.hasPrefix("\n") || $0.hasSuffix("\n") != entry.key.hasSuffix("\n") }) {
            lose("a translation that begins or ends with a line break where the key does not (msgfmt refuses it); left out")
            return nil
        }
        if case .gettextPlural(let texts) = value {
            value = .plural((formula ?? .germanic).forms(texts, locale: locale))
        }
        if case .stringsdict(let format) = value, format.variesByDevice, !target.devices {
            let names = Set(format.variables.values.flatMap { variable -> [String] in
                guard case .device(let texts) = variable.rule else { return [] }
                return texts.keys.filter { $0 != "other" }
            }).sorted()
            lose("the texts for \(names.joined(separator: ", ")), which \(target.name) cannot tell apart by device; the text for other devices was written")
            value = format.settlingDevices(for: nil)
        }
        if case .stringsdict(let format) = value, target.variables, let why = target.nestedVariables,
           let nested = format.variables.values.sorted(by: { $0.name < $1.name }).first(where: { texts(of: $0).contains(where: namesVariable) }) {
            lose("variable '\(nested.name)' names another variable in its texts, which \(why); left out")
            return nil
        }
        if case .stringsdict(let format) = value, !target.variables {
            guard let forms = flattened(format) else {
                lose("a .stringsdict entry with \(format.variables.count) variables has no \(target.name) equivalent; left out")
                return nil
            }
            value = .plural(forms)
        }
        if case .plural = value, case .none(let reason) = target.plurals {
            lose(reason)
            return nil
        }
        if case .plural(var forms) = value {
            if forms[.other] == nil {
                let named = "a plural with no 'other' form (only \(forms.categories.map(\.name).joined(separator: ", ")))"
                switch target.pluralWithoutOther {
                case .fallsBack: break
                case .empty(let runtime):
                    lose("\(named): \(runtime) shows an empty text for the other counts, where the source falls back; the forms were written")
                case .refused(let why):
                    lose("\(named), which \(why); left out (lookups fall back for every count)")
                    return nil
                }
            }
            plurals(&forms, locale: locale, target: target, lose: lose)
            value = .plural(forms)
        }
        var key = entry.key
        var context: String?
        if let given = entry.context {
            switch target.contexts {
            case .composed: key = ContextKey.compose(entry.key, context: given)
            case .separate: context = given
            case .suffix(let spell): key = spell(entry.key, given)
            case .none: return nil   // reported above
            }
        }
        return ConvertEntry(key: key, context: context, value: value, comment: entry.comment)
    }

    /// Plural forms as the target chooses among them: Android and gettext
    /// have no explicit `zero` where CLDR has none, gettext only the
    /// categories its `Plural-Forms` formula reaches; i18next does not fall
    /// back to `other`, so the categories of the language that are missing
    /// get `other`'s text (what Parlance would show).
    static func plurals(_ forms: inout PluralForms, locale: String, target: ConvertTarget, lose: (String) -> Void) {
        let categories = PluralRules.forLocale(locale).categories
        switch target.plurals {
        case .cldr(let runtime, let reachedCategories):
            if forms[.zero] != nil, !categories.contains(.zero) {
                lose("an explicit zero form, which \(runtime) never shows in a language whose CLDR rules have no zero; the rest was written")
                forms[.zero] = nil
            }
            if let reachedCategories {
                let reached = reachedCategories(locale)
                let unreached = forms.categories.filter { !reached.contains($0) && forms[$0] != forms[.other] }
                if !unreached.isEmpty {
                    lose("the plural form\(unreached.count == 1 ? "" : "s") \(unreached.map(\.name).joined(separator: ", ")) have no msgstr in gettext's Plural-Forms for \(locale); the rest was written")
                }
            }
        case .everyCategory:
            for category in categories where forms[category] == nil { forms[category] = forms[.other] }
        case .asGiven, .none:
            break
        }
    }

    /// A variable's texts (its plural forms, widths' or devices' texts).
    static func texts(of variable: StringsdictFormat.Variable) -> [String] {
        Array(EntryValue.stringsdict(StringsdictFormat(format: "", variables: [variable.name: variable])).texts.dropFirst())
    }

    /// Whether `text` holds a `%#@name@` (or a malformed one).
    static func namesVariable(_ text: String) -> Bool {
        FormatSpecifier.segments(in: text).contains { segment in
            switch segment {
            case .placeholder(let placeholder): if case .variable = placeholder.kind { return true } else { return false }
            case .invalid(let raw, _, _, _): return raw.containsOccurrence(of: "#@")
            case .literal: return false
            }
        }
    }

    /// A `.stringsdict` entry whose format names one plural variable and no
    /// other conversion, as plain plural forms (the variable's texts spliced
    /// into the format); nil for any other entry.
    static func flattened(_ format: StringsdictFormat) -> PluralForms? {
        let segments = FormatSpecifier.segments(in: format.format)
        var variable: StringsdictFormat.Variable?
        for segment in segments {
            if case .invalid(let raw, _, _, _) = segment, raw.containsOccurrence(of: "#@") { return nil }
            guard case .placeholder(let placeholder) = segment else { continue }
            guard case .variable(let name) = placeholder.kind, variable == nil,
                  let found = format.variables[name], case .plural = found.rule else { return nil }
            variable = found
        }
        guard let variable, case .plural(let texts) = variable.rule,
              // A text naming another variable (nested) has no plain plural form.
              !texts.categories.contains(where: { texts[$0].map(Self.namesVariable) ?? false }) else { return nil }
        var forms = PluralForms()
        for category in texts.categories {
            var spliced = ""
            for segment in segments {
                switch segment {
                case .literal(let text): spliced += text
                case .placeholder: spliced += texts[category] ?? ""
                case .invalid(let raw, _, _, _): spliced += raw
                }
            }
            forms[category] = spliced
        }
        return forms[.other] == nil ? nil : forms
    }
}
