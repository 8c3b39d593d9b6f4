import Parlance

/// Compares the placeholders of a translation with its source text.
///
/// Placeholders are matched by argument: `%1$@` and the first unnumbered
/// placeholder both take argument 1 (unnumbered ones count only among
/// themselves, as in Foundation), so `%1$@ %2$@` → `%2$@ %1$@` is fine.
/// Per argument the kinds must agree: integers (`d i u x X o`, whatever the
/// sign) of the same width (`h hh` and none, or `l ll q z t j`), floating
/// point, C strings (`s S`), objects (`@`), characters (`c C`), stringsdict
/// variables. `{{name}}` interpolations must name the same variables.
enum PlaceholderCheck {
    struct Problem: Equatable {
        var severity: LintFinding.Severity
        var message: String
    }

    /// Problems of `translation` against `source`. With `mayOmit`, arguments
    /// of the source the translation does not use are fine (a plural form
    /// such as `one` often spells the number out).
    static func compare(source: String, translation: String, mayOmit: Bool = false) -> [Problem] {
        guard !translation.isEmpty else { return [] }
        var problems: [Problem] = []
        let sourceArguments: [Int: FormatSpecifier.Placeholder]
        switch arguments(source) {
        case .success(let found): sourceArguments = found
        case .failure: return []  // an invalid source is the source file's problem
        }
        let translated: [Int: FormatSpecifier.Placeholder]
        switch arguments(translation) {
        case .success(let found): translated = found
        case .failure(let error): return [Problem(severity: .error, message: error.message)]
        }
        for index in translated.keys.sorted() {
            let placeholder = translated[index]!
            guard let original = sourceArguments[index] else {
                problems.append(Problem(severity: .error,
                    message: "'\(placeholder.raw)' uses argument \(index), which the source text does not have"))
                continue
            }
            if signature(placeholder) != signature(original) {
                problems.append(Problem(severity: .error,
                    message: "'\(placeholder.raw)' for argument \(index) does not match '\(original.raw)' in the source text"))
            }
        }
        if !mayOmit {
            for index in sourceArguments.keys.sorted() where translated[index] == nil {
                problems.append(Problem(severity: .error,
                    message: "argument \(index) ('\(sourceArguments[index]!.raw)' in the source text) is missing"))
            }
        }
        let sourceNames = interpolations(source), names = interpolations(translation)
        for name in names.subtracting(sourceNames).sorted() {
            problems.append(Problem(severity: .error, message: "'{{\(name)}}' is not in the source text"))
        }
        if !mayOmit {
            for name in sourceNames.subtracting(names).sorted() {
                problems.append(Problem(severity: .warning, message: "'{{\(name)}}' of the source text is missing"))
            }
        }
        return problems
    }

    static func arguments(_ text: String) -> Result<[Int: FormatSpecifier.Placeholder], ParlanceError> {
        var result: [Int: FormatSpecifier.Placeholder] = [:]
        var next = 1
        for segment in FormatSpecifier.segments(in: text) {
            switch segment {
            case .literal: continue
            case .invalid(_, _, let message, _): return .failure(ParlanceError(.format, message))
            case .placeholder(let placeholder):
                let index: Int
                if let position = placeholder.position { index = position } else { index = next; next += 1 }
                if result[index] == nil { result[index] = placeholder }
            }
        }
        return .success(result)
    }

    static func signature(_ p: FormatSpecifier.Placeholder) -> String {
        switch p.kind {
        case .int, .unsigned: return ["l", "ll", "q", "z", "t", "j"].contains(p.length) ? "integer64" : "integer"
        case .double: return "double"
        case .string: return "cstring"
        case .object: return "object"
        case .char: return "char"
        case .variable: return "variable"
        }
    }

    /// The names of `{{name}}` interpolations.
    static func interpolations(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstOccurrence(of: "{{") {
            let after = rest[open.upperBound...]
            guard let close = after.firstOccurrence(of: "}}") else { break }
            names.insert(String(after[..<close.lowerBound]).trimmed)
            rest = after[close.upperBound...]
        }
        return names
    }
}
