import Parlance

/// Lint across the locales of a catalog directory, on top of each file's
/// own checks (`Linter.lint(path:)`: syntax, encoding, duplicates in a file,
/// JSON reference cycles):
///
/// - placeholders of each translation against the development text
///   (`PlaceholderCheck`); plural forms against the source's `other` text,
///   and forms other than `other` may leave arguments out;
/// - plural entries lacking a category the locale's CLDR rules use (error)
///   or carrying one they never use (warning; `zero` is allowed everywhere,
///   since Apple and i18next use it for an explicit zero); gettext plural
///   entries whose msgstr count differs from the header's `nplurals`;
/// - JSON `{key.path}` references (names with a dot) that name no entry of
///   the same file (warning: the runtime leaves them as written);
/// - SPLocalizedString plural groups (`(context##one)key`…) are checked
///   like plural entries: categories per locale, placeholders against the
///   group's `other`;
/// - development keys missing in a locale, and a locale's keys that the
///   development locale lacks (warnings);
/// - one key in two files of the same table and locale (`T.strings` and
///   `T.stringsdict`; warning naming both places).
///
/// i18next namespaces get the checks that do not read placeholders (plural
/// categories, missing and extra keys, duplicates): their `{{name}}` is not
/// printf's, and a `%` in them is a percent sign.
///
/// Findings are located at the translation's entry (`FILE:LINE:COL`); a
/// missing key is reported on the locale's file with the source's place.
public enum CatalogLinter {
    public static func lint(catalog root: String, format: OutputFormat? = nil, developmentLocale: String) throws -> [LintFinding] {
        try lintReportingFiles(catalog: root, format: format, developmentLocale: developmentLocale).findings
    }

    /// The findings and every file looked at (for `FILE: OK` lines): every
    /// table file the runtime lists in the folder (`CatalogFolder`), each
    /// part's tables checked across its locales.
    static func lintReportingFiles(catalog root: String, format: OutputFormat? = nil, developmentLocale: String,
                                   syntaxes: MessageCheck.Declared = MessageCheck.Declared()) throws
        -> (files: [String], findings: [LintFinding]) {
        let folder = try CatalogFolder(root: root, format: format, development: developmentLocale)
        var findings: [LintFinding] = []
        for path in folder.files { findings += Linter.lint(path: path, messages: syntaxes.messages(table: Linter.tableName(path))) }
        for snapshot in folder.snapshots {
            findings += lintAcrossLocales(snapshot, developmentLocale: developmentLocale, syntaxes: syntaxes)
        }
        return (folder.files, findings)
    }

    /// The checks across locales that a file supports alone (`lint FILE`): a
    /// file that holds its development texts beside its translations
    /// (gettext's msgids) has each translation checked against its own
    /// source, as the folder lint checks it against the template. A file
    /// that does not read has its syntax error from `Linter.lint` alone.
    static func lintAlone(path: String) -> [LintFinding] {
        guard let (format, _, placed) = OutputFormat.messageSource(path),
              let own = try? format.tools.ownSources(path: path),
              let entries = try? format.tools.entries(path: path, locale: placed) else { return [] }
        let source = own.map { LocatedEntry(entry: $0, path: path) }
        var sourceByKey: [String: LocatedEntry] = [:]
        for entry in source { sourceByKey[entry.entry.key] = entry }
        return lintTable(entries, locale: placed, isDevelopment: false, printf: format.tools.printfPlaceholders,
                         source: source, sourceByKey: sourceByKey, fallbackPath: path)
    }

    /// The checks of a part's tables across its locales.
    static func lintAcrossLocales(_ snapshot: CatalogSnapshot, developmentLocale: String,
                                  syntaxes: MessageCheck.Declared) -> [LintFinding] {
        var findings: [LintFinding] = []
        for table in snapshot.tables {
            if let messages = syntaxes.messages(table: table) {
                findings += lintMessages(snapshot, table: table, syntax: messages, developmentLocale: developmentLocale)
                continue
            }
            let source = snapshot.source(table: table)
            var sourceByKey: [String: LocatedEntry] = [:]
            for entry in source { sourceByKey[entry.entry.key] = entry }
            for locale in snapshot.locales {
                findings += lintTable(snapshot.entries(locale: locale, table: table), locale: locale,
                                      isDevelopment: locale == developmentLocale && !snapshot.layout.rules.keepsTemplates,
                                      printf: snapshot.layout.rules.printfPlaceholders,
                                      source: source, sourceByKey: sourceByKey,
                                      fallbackPath: FileSystemTools.join(snapshot.layout.directory(locale: locale), table))
            }
        }
        return findings
    }

    /// A table of ICU MessageFormat or MessageFormat 2 messages: arguments
    /// against the development message, plural arms against each locale
    /// (`MessageCheck`); a message that does not parse is its file's error.
    static func lintMessages(_ snapshot: CatalogSnapshot, table: String, syntax: MessageSyntax,
                             developmentLocale: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        var sources: [String: MessageCheck.Shape] = [:]
        for located in snapshot.source(table: table) {
            if case .success(let shape) = MessageCheck.shape(located.entry.value.texts.first ?? "", syntax: syntax) {
                sources[located.entry.key] = shape
            }
        }
        for locale in snapshot.locales {
            for located in snapshot.entries(locale: locale, table: table) {
                for text in located.entry.value.texts {
                    guard case .success(let shape) = MessageCheck.shape(text, syntax: syntax) else { continue }
                    var problems = MessageCheck.arms(shape, locale: locale)
                    if locale != developmentLocale, let source = sources[located.entry.key] {
                        problems += MessageCheck.compare(source: source, translation: shape)
                    }
                    findings += problems.map {
                        LintFinding(path: located.path, line: located.entry.line, column: located.entry.column,
                                    severity: $0.severity, message: "'\(located.entry.key)': \($0.message)")
                    }
                }
            }
        }
        return findings
    }

    static func lintTable(_ entries: [LocatedEntry], locale: String, isDevelopment: Bool, printf: Bool = true, source: [LocatedEntry],
                          sourceByKey: [String: LocatedEntry], fallbackPath: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        func add(_ at: LocatedEntry, _ severity: LintFinding.Severity, _ message: String) {
            findings.append(LintFinding(path: at.path, line: at.entry.line, column: at.entry.column,
                                        severity: severity, message: message))
        }
        let sourceGroups = groups(source)
        var seen: [String: LocatedEntry] = [:]
        for located in entries {
            let entry = located.entry
            // A translation's own malformed placeholders are found by comparing it with its
            // source (placeholderProblems), unless the source is malformed as well.
            if printf, isDevelopment || sourceByKey[entry.key].map({ !malformedPlaceholders($0).isEmpty }) ?? true {
                for (severity, message) in malformedPlaceholders(located) {
                    add(located, severity, "'\(entry.key)': \(message)")
                }
            }
            if let first = seen[entry.key], first.path != located.path {
                add(located, .warning, "duplicate key '\(entry.key)' (also at \(first.location)); this one wins")
            }
            seen[entry.key] = located
            findings += pluralFindings(located, locale: locale).map {
                LintFinding(path: located.path, line: entry.line, column: entry.column, severity: $0.severity, message: $0.message)
            }
            if printf, OutputFormat.textsReferToEntries(located.path) {
                for name in references(in: entry.value) where !entries.contains(where: { $0.path == located.path && $0.entry.key == name }) {
                    add(located, .warning, "'{\(name)}' names no entry of this table; it stays as written")
                }
            }
            guard !isDevelopment else { continue }
            if let variant = ContextKey.splitPluralVariant(entry.key) {
                // An SPLocalizedString plural variant: compared with the group's `other`.
                guard let group = sourceGroups[variant.groupKey] else {
                    add(located, .warning, "'\(entry.key)' is not in the development locale")
                    continue
                }
                let original = group[.other] ?? group.values.first!
                for problem in placeholderProblems(original.entry.value, entry.value, mayOmit: variant.category != .other) {
                    add(located, problem.severity, "'\(entry.key)': \(problem.message)")
                }
                continue
            }
            guard let original = sourceByKey[entry.key] else {
                add(located, .warning, "'\(entry.key)' is not in the development locale")
                continue
            }
            for problem in printf ? placeholderProblems(original.entry.value, entry.value) : [] {
                add(located, problem.severity, "'\(entry.key)': \(problem.message)")
            }
        }
        // SPLocalizedString plural groups: the categories the locale uses.
        let used = MessageValues.rules(locale).categories
        for (groupKey, variants) in groups(entries).sorted(by: { $0.key < $1.key }) {
            let first = variants.values.min { ($0.entry.line, $0.entry.column) < ($1.entry.line, $1.entry.column) }!
            let missing = used.filter { variants[$0] == nil }
            if !missing.isEmpty {
                add(first, .error, "plural group '\(groupKey)' lacks " + missing.map { "'##\($0.name)'" }.joined(separator: ", ")
                    + ", which \(locale) uses")
            }
            let extra = variants.keys.filter { !used.contains($0) && $0 != .zero }.sorted()
            if !extra.isEmpty {
                add(first, .warning, "plural group '\(groupKey)' has " + extra.map { "'##\($0.name)'" }.joined(separator: ", ")
                    + ", which \(locale) never uses")
            }
        }
        guard !isDevelopment else { return findings }
        let path = entries.first?.path ?? fallbackPath
        let localeGroups = groups(entries)
        for original in source where seen[original.entry.key] == nil {
            if let variant = ContextKey.splitPluralVariant(original.entry.key), localeGroups[variant.groupKey] != nil { continue }
            findings.append(LintFinding(path: path, line: 0, column: 0, severity: .warning,
                                        message: "'\(original.entry.key)' is missing in \(locale) (source at \(original.location))"))
        }
        return findings
    }

    /// Malformed placeholders in a key-value table's texts (`.po` files are
    /// msgfmt's to check, by their `c-format` flags): an error where formatting
    /// fails, a warning where Apple's runtime renders the placeholder anyway
    /// (an unknown conversion, a trailing `%`), saying what it renders.
    static func malformedPlaceholders(_ located: LocatedEntry) -> [(LintFinding.Severity, String)] {
        guard OutputFormat.messageSource(located.path)?.0.tools.gettextKeys != true else { return [] }
        var problems: [(LintFinding.Severity, String)] = []
        for text in located.entry.value.texts {
            for case .invalid(let raw, _, let message, let rendered) in FormatSpecifier.segments(in: text) where !raw.containsOccurrence(of: "#@") {
                if let rendered {
                    problems.append((.warning, message + "; formatting renders it as " + (rendered.isEmpty ? "nothing" : "'\(rendered)'")
                        + ", as Apple's runtime does (write %% for a percent sign)"))
                } else {
                    problems.append((.error, message))
                }
            }
        }
        return problems
    }

    /// SPLocalizedString plural groups: `(context##category)key` entries by group key and category.
    static func groups(_ entries: [LocatedEntry]) -> [String: [PluralCategory: LocatedEntry]] {
        var groups: [String: [PluralCategory: LocatedEntry]] = [:]
        for located in entries {
            if let variant = ContextKey.splitPluralVariant(located.entry.key) {
                groups[variant.groupKey, default: [:]][variant.category] = located
            }
        }
        return groups
    }

    static func placeholderProblems(_ source: EntryValue, _ translation: EntryValue, mayOmit: Bool = false)
        -> [PlaceholderCheck.Problem] {
        let sourceText = CatalogSnapshot.sourceText(source)
        switch (source, translation) {
        case (.text(let s), .text(let t)):
            return PlaceholderCheck.compare(source: s, translation: t, mayOmit: mayOmit)
        case (.stringsdict(let s), .stringsdict(let t)):
            var problems = PlaceholderCheck.compare(source: s.format, translation: t.format)
            for (name, variable) in t.variables {
                guard case .plural(let forms) = variable.rule, case .plural(let sourceForms)? = s.variables[name]?.rule else { continue }
                for category in forms.categories {
                    problems += PlaceholderCheck.compare(source: sourceForms[.other] ?? "", translation: forms[category] ?? "",
                                                         mayOmit: category != .other)
                }
            }
            return problems
        case (.gettextPlural(let s), .gettextPlural(let t)):
            return t.enumerated().flatMap { index, text in
                PlaceholderCheck.compare(source: index == 0 ? s.first ?? "" : s.last ?? "", translation: text, mayOmit: true)
            }
        default:
            guard let forms = translation.pluralForms else {
                return translation.texts.flatMap { PlaceholderCheck.compare(source: sourceText, translation: $0) }
            }
            return forms.categories.flatMap {
                PlaceholderCheck.compare(source: sourceText, translation: forms[$0] ?? "", mayOmit: $0 != .other)
            }
        }
    }

    static func pluralFindings(_ located: LocatedEntry, locale: String) -> [PlaceholderCheck.Problem] {
        let entry = located.entry
        if case .gettextPlural(let texts) = entry.value {
            guard let count = located.pluralCount, texts.count != count else { return [] }
            return [.init(severity: .error, message: "'\(entry.key)' has \(texts.count) plural forms; the header's nplurals is \(count)")]
        }
        var all: [PluralForms] = []
        switch entry.value {
        case .plural(let forms): all = [forms]
        case .stringsdict(let format):
            all = format.variables.keys.sorted().compactMap {
                if case .plural(let forms)? = format.variables[$0]?.rule { return forms }
                return nil
            }
        default: return []
        }
        let used = MessageValues.rules(locale).categories
        var problems: [PlaceholderCheck.Problem] = []
        for forms in all {
            let missing = used.filter { forms[$0] == nil }
            if !missing.isEmpty {
                problems.append(.init(severity: .error, message: "plural entry '\(entry.key)' lacks "
                    + missing.map { "'\($0.name)'" }.joined(separator: ", ") + ", which \(locale) uses"))
            }
            let extra = forms.categories.filter { !used.contains($0) && $0 != .zero }
            if !extra.isEmpty {
                problems.append(.init(severity: .warning, message: "plural entry '\(entry.key)' has "
                    + extra.map { "'\($0.name)'" }.joined(separator: ", ") + ", which \(locale) never uses"))
            }
        }
        return problems
    }

    /// `{a.b}` references (names with a dot; `{{x}}` excluded) in a value's texts.
    static func references(in value: EntryValue) -> [String] {
        var names: [String] = []
        for text in value.texts {
            for piece in Pseudolocalizer.split(text) {
                guard case .placeholder(let raw) = piece, raw.hasPrefix("{"), !raw.hasPrefix("{{") else { continue }
                let name = String(raw.dropFirst().dropLast())
                if name.contains("."), !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
