import Synchronization

/// A localizer's formatting defaults and the style of each call.
extension Localizer {
    /// The default options of this localizer's formatting calls: numbers as
    /// C writes them and no isolation (`.off`: what each format's own
    /// runtime — Foundation, glibc, i18next, ICU — gives) unless set. A call's own
    /// options override them where set.
    public var formatOptions: FormatOptions {
        get {
            let stored = FormatOptions(packed: formatDefaults.load(ordering: .relaxed))
            return stored.over(FormatOptions(numbers: .c, isolation: .off))
        }
        set { formatDefaults.store(newValue.packed, ordering: .relaxed) }
    }

    /// The style of one call: its options over the localizer's, for a message of `table`.
    func argumentStyle(_ options: FormatOptions?, table: Table) -> ArgumentStyle {
        var style = ArgumentStyle((options ?? FormatOptions()).over(formatOptions), locale: table.locale) { table.direction }
        style.isolationGiven = isolationGiven(options)
        return style
    }

    /// The style of one call for a message no table has: in the chain's first locale.
    func argumentStyle(_ options: FormatOptions?, missingIn locale: String) -> ArgumentStyle {
        var style = ArgumentStyle((options ?? FormatOptions()).over(formatOptions), locale: locale) { TextDirection.of(locale: locale) }
        style.isolationGiven = isolationGiven(options)
        return style
    }

    /// Whether the call's options or the localizer's set an isolation.
    private func isolationGiven(_ options: FormatOptions?) -> Bool {
        options?.isolation != nil || FormatOptions(packed: formatDefaults.load(ordering: .relaxed)).isolation != nil
    }
}
