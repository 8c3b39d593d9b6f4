import Parlance

/// The values the tools give messages no table has yet, spread over a
/// locale's plural categories.
enum MessageValues {
    /// The development text(s) of a message that no table has yet.
    static func defaultValue(_ message: SourceMessage, locale: String) -> EntryValue {
        let text = message.defaultValue ?? message.key
        guard let plural = message.plural else { return .text(text) }
        let other = plural != message.key ? plural : text
        var forms = PluralForms()
        for category in MessageValues.rules(locale).categories { forms[category] = category == .one ? text : other }
        forms[.other] = other
        if forms[.one] == nil, MessageValues.rules(locale).categories.contains(.one) { forms[.one] = text }
        return .plural(forms)
    }

    /// A development value spread over `locale`'s plural categories.
    static func spread(_ value: EntryValue, to locale: String) -> EntryValue {
        guard case .plural(let forms) = value else { return value }
        var out = PluralForms()
        for category in MessageValues.rules(locale).categories { out[category] = forms[category] ?? forms[.other] }
        if out[.other] == nil { out[.other] = forms[.other] }
        return .plural(out)
    }

    /// The CLDR plural rules of a locale as a file names it.
    package static func rules(_ locale: String) -> PluralRules {
        PluralRules.forLocale(canonical(locale))
    }

    /// A locale name as a tag (itself when it names no language).
    package static func canonical(_ locale: String) -> String {
        ((try? LocaleName.canonical(locale)) ?? nil) ?? locale
    }
}
