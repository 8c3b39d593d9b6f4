import Parlance

/// How a table entry is spelled as XLIFF units, for every XLIFF the tools
/// write (`convert --to xliff`, `merge`, `pseudo`):
///
/// - a text is one unit keyed by the entry's key, in the table's
///   `<file original="TABLE.strings">`;
/// - a plural (`.stringsdict` or plural forms) is Xcode's units in
///   `<file original="TABLE.stringsdict">`: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`
///   for the format, `/KEY:dict/VARIABLE:dict/CATEGORY:dict/:string` for
///   each form (what the runtime's `XLIFFStringsdict` reads back);
/// - 1.2 as Xcode exports it: `<trans-unit id xml:space="preserve">`, then
///   `<source>`, `<target state="translated">` (none while untranslated),
///   `<note>`; 2.0 as the standard has it: `<unit id name>`, `<notes>`,
///   one `<segment state>` (`translated`, or `initial` with no target);
/// - a translation to be reviewed has 1.2's `state="needs-review-translation"`
///   (served, as Xcode's import takes it) or 2.0's `initial` with its target.
enum XLIFFUnits {
    /// One unit: its key, source, target (nil: not translated) and note.
    struct Unit: Equatable {
        var key: String
        var source: String
        var target: String?
        var note: String?
        /// The target is to be reviewed.
        var needsReview = false
    }

    /// The `original` of a table's `<file>`.
    static func original(table: String, plural: Bool) -> String { table + (plural ? ".stringsdict" : ".strings") }

    /// Whether a value goes to the `.stringsdict` file.
    static func isPlural(_ value: EntryValue) -> Bool {
        if case .text = value { return false }
        return true
    }

    /// The `.stringsdict` spelling of a plural value (plural forms get the `count` variable).
    static func stringsdict(_ value: EntryValue?) -> StringsdictFormat? {
        switch value {
        case .stringsdict(let given)?: given
        case .plural(let forms)?: StringsdictDocument.format(forms)
        default: nil
        }
    }

    /// Xcode's units of a plural entry: the format, then each plural
    /// variable's forms in CLDR order, as `value` has them. Each unit's source
    /// is `source`'s text of the same variable and category (else its
    /// `other`, else the target); targets only when `translated`.
    static func plural(key: String, value: EntryValue, source: EntryValue?, note: String?, translated: Bool) -> [Unit] {
        guard let format = stringsdict(value) else { return [] }
        let sourceFormat = stringsdict(source)
        var units = [Unit(key: "/\(key):dict/NSStringLocalizedFormatKey:dict/:string", source: sourceFormat?.format ?? format.format,
                          target: translated ? format.format : nil, note: note)]
        for name in format.variables.keys.sorted() {
            guard case .plural(let forms)? = format.variables[name]?.rule else { continue }
            var sourceForms: PluralForms?
            if case .plural(let given)? = sourceFormat?.variables[name]?.rule { sourceForms = given }
            for category in forms.categories {
                let target = forms[category] ?? ""
                units.append(Unit(key: "/\(key):dict/\(name):dict/\(category.name):dict/:string",
                                  source: sourceForms?[category] ?? sourceForms?[.other] ?? target,
                                  target: translated ? target : nil, note: nil))
            }
        }
        return units
    }

    /// A 1.2 `<trans-unit>` at `indent`, its children one `step` further,
    /// each line ended by `newline`; with `resname`, the key is that too
    /// (as Symfony's translator keys units).
    static func version12(_ unit: Unit, resname: Bool = false, indent: String, step: String, newline: String) -> String {
        let inner = indent + step
        let state = unit.needsReview ? "needs-review-translation" : "translated"
        let name = resname ? " resname=\"\(attribute(unit.key))\"" : ""
        return "\(indent)<trans-unit id=\"\(attribute(unit.key))\"\(name) xml:space=\"preserve\">\(newline)"
            + "\(inner)<source>\(escape(unit.source))</source>\(newline)"
            + (unit.target.map { "\(inner)<target state=\"\(state)\">\(escape($0))</target>\(newline)" } ?? "")
            + (unit.note.map { "\(inner)<note>\(escape($0))</note>\(newline)" } ?? "")
            + "\(indent)</trans-unit>\(newline)"
    }

    /// A 2.0 `<unit>` with the NMTOKEN `id` given and the key as its `name`.
    static func version20(_ unit: Unit, id: String, indent: String, step: String, newline: String) -> String {
        let inner = indent + step, innermost = inner + step
        return "\(indent)<unit id=\"\(attribute(id))\" name=\"\(attribute(unit.key))\">\(newline)"
            + (unit.note.map { "\(inner)<notes>\(newline)\(innermost)<note>\(escape($0))</note>\(newline)\(inner)</notes>\(newline)" } ?? "")
            + "\(inner)<segment state=\"\(unit.target == nil || unit.needsReview ? "initial" : "translated")\">\(newline)"
            + "\(innermost)<source xml:space=\"preserve\">\(escape(unit.source))</source>\(newline)"
            + (unit.target.map { "\(innermost)<target xml:space=\"preserve\">\(escape($0))</target>\(newline)" } ?? "")
            + "\(inner)</segment>\(newline)"
            + "\(indent)</unit>\(newline)"
    }

    /// Why XML cannot hold `text` (a control character other than tab, line
    /// feed and carriage return, or U+FFFE/U+FFFF, which not even a
    /// character reference may spell), or nil.
    static func unwritable(_ text: String) -> String? {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF {
                return "XML cannot hold U+\(String(value, radix: 16, uppercase: true).leftPadded(to: 4))"
            }
        }
        return nil
    }

    /// An attribute value (`XMLReference.escape`, white space as references).
    static func attribute(_ text: String) -> String { XMLReference.escape(text, attribute: true) }

    /// Text content (`XMLReference.escape`).
    static func escape(_ text: String) -> String { XMLReference.escape(text) }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
