/// What a parser hands to a table: one entry with the place it was read from.
///
/// Keys are stored as the format spells them: `.strings` and JSON tables keep
/// SPLocalizedString's `(context)key` and `(context##one)key` conventions in
/// the key; gettext tables carry their `msgctxt` in `context`.
package struct ParsedEntry: Sendable, Equatable {
    package var key: String
    package var context: String?
    package var value: EntryValue
    /// 1-based position of the entry's key in its file; 0 when unknown (binary formats).
    package var line: Int
    package var column: Int
    /// The note the file keeps for translators (a `.strings` comment, `.po`
    /// `#.` and `#` lines, a String Catalog's `comment`, XLIFF `<note>`s);
    /// read for enumeration, never stored in a table.
    package var comment: String? = nil

    init(key: String, context: String? = nil, value: EntryValue, line: Int = 0, column: Int = 0, comment: String? = nil) {
        self.key = key
        self.context = context
        self.value = value
        self.line = line
        self.column = column
        self.comment = comment
    }
}

/// The value of a table entry, by kind.
package enum EntryValue: Sendable, Equatable {
    /// A plain string.
    case text(String)
    /// Texts by CLDR plural category (a JSON plural object).
    case plural(PluralForms)
    /// A `.stringsdict` entry: a format with `%#@variable@` references.
    case stringsdict(StringsdictFormat)
    /// gettext plural translations, indexed by the catalog's `Plural-Forms` formula.
    case gettextPlural([String])
}

/// A `.stringsdict` entry: `NSStringLocalizedFormatKey` and its variables.
package struct StringsdictFormat: Sendable, Equatable {
    package struct Variable: Sendable, Equatable {
        package enum Rule: Sendable, Equatable {
            /// `NSStringPluralRuleType`: texts by plural category.
            case plural(PluralForms)
            /// `NSStringVariableWidthRuleType`: texts by width (largest key <= width, else smallest).
            case width([(width: Int, text: String)])
            /// `NSStringDeviceSpecificRuleType`: texts by device name.
            case device([String: String])

            package static func == (a: Rule, b: Rule) -> Bool {
                switch (a, b) {
                case let (.plural(x), .plural(y)): return x == y
                case let (.device(x), .device(y)): return x == y
                case let (.width(x), .width(y)):
                    return x.count == y.count && zip(x, y).allSatisfy { $0.width == $1.width && $0.text == $1.text }
                default: return false
                }
            }
        }
        package var name: String
        /// `NSStringFormatValueTypeKey` without the `%` (`d`, `ld`, `f`, `@`...); empty when absent.
        package var valueType: String
        package var rule: Rule

        package init(name: String, valueType: String, rule: Rule) {
            self.name = name
            self.valueType = valueType
            self.rule = rule
        }
    }

    /// `NSStringLocalizedFormatKey`.
    package var format: String
    package var variables: [String: Variable]

    package init(format: String, variables: [String: Variable]) {
        self.format = format
        self.variables = variables
    }
}

extension StringsdictFormat {
    /// The plural variable named first in the format, if any.
    var firstPluralVariable: Variable? {
        for name in referencedVariables {
            if let variable = variables[name], case .plural = variable.rule { return variable }
        }
        return nil
    }
}

extension StringsdictFormat.Variable {
    /// The category this variable uses: an explicit zero, the wanted one, else other.
    func category(wanted: PluralCategory, explicitZero: Bool) -> PluralCategory {
        guard case .plural(let forms) = rule else { return wanted }
        return PluralSelection.category(explicitZero: explicitZero, wanted: wanted, available: { forms[$0] != nil })
            ?? .other
    }
}
