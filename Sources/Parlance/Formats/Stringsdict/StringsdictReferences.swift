/// The one rule for a `.stringsdict` entry's `%#@name@` references, whatever
/// file the entry was read from: a `.stringsdict` property list, Xcode's
/// XLIFF units of one (`/KEY:dict/NSStringLocalizedFormatKey:dict/:string`)
/// or of a String Catalog's substitutions (`KEY|==|substitutions.…`).
///
/// Foundation reads the property list whole and looks a variable up only
/// when it formats the entry, so an entry whose format (or a variable's text)
/// names a variable it does not define (`%#@dnů@` beside the variable
/// `days`, a translator's typo) or spells a reference badly (`%1$#@@arg1@`)
/// still loads, and so does the rest of its table. Parlance serves it the
/// same way: the entry is kept as read; formatting reports each such
/// reference as a `.format` error and leaves it as written
/// (`StringsdictFormatter`); `parlance lint` reports it as an error
/// (`unresolvedReferences`).
extension StringsdictFormat {
    /// The entry both readers serve for `format` and `variables`: as read,
    /// whatever its references name.
    static func read(format: String, variables: [String: Variable]) -> EntryValue {
        .stringsdict(StringsdictFormat(format: format, variables: variables))
    }

    /// Each reference of the format and of the variables' texts that names
    /// no variable or is malformed, as a sentence (in order: the format,
    /// then the variables by name); empty when every one resolves.
    package var unresolvedReferences: [String] {
        var texts = [format]
        for variable in variables.values.sorted(by: { $0.name < $1.name }) {
            switch variable.rule {
            case .plural(let forms): texts += forms.categories.compactMap { forms[$0] }
            case .width(let widths): texts += widths.map { $0.text }
            case .device(let byDevice): texts += byDevice.keys.sorted().compactMap { byDevice[$0] }
            }
        }
        var problems: [String] = []
        var seen: Set<String> = []
        for text in texts {
            for segment in FormatSpecifier.segments(in: text) {
                let problem: String
                switch segment {
                case .placeholder(let placeholder):
                    guard case .variable(let name) = placeholder.kind, variables[name] == nil else { continue }
                    problem = "\(placeholder.raw) names no variable"
                case .invalid(let raw, _, _, _) where raw.containsOccurrence(of: "#@"):
                    problem = "malformed variable reference \(raw) in \"\(text)\""
                case .invalid, .literal:
                    continue
                }
                if seen.insert(problem).inserted { problems.append(problem) }
            }
        }
        return problems
    }
}
