import Parlance

/// Apple's text tables as the tools keep them: `DIR/<locale>.lproj/<Table>.strings`,
/// with plural messages in `<Table>.stringsdict` beside it. `Base.lproj`
/// holds no language. `convert --to stringsdict` writes the `.stringsdict` alone.
package struct StringsFormat: ToolFormat {
    /// `convert`'s `stringsdict` target: one `.stringsdict` per table.
    package var stringsdictOnly = false

    package init(stringsdictOnly: Bool = false) { self.stringsdictOnly = stringsdictOnly }

    package var name: String { "strings" }
    package var tableFormats: [TableFormat] { [.strings, .stringsdict] }
    package var messageExtensions: [String] { ["strings", "stringsdict"] }
    package var layoutFamily: LayoutFamily? { .lproj }
    package var folderShape: String { "xx.lproj folders with tables" }

    package func converter(for format: TableFormat) -> (any ConvertFormat)? {
        format == .stringsdict ? StringsFormat(stringsdictOnly: true) : format == .strings ? self : nil
    }

    /// A `.stringsdict` has no untranslated mark (`.strings` has its marker).
    package func marksUntranslated(_ format: TableFormat) -> Bool { format != .stringsdict }

    package func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        format == .strings ? try Self.lintRead(bytes, path: path) : (try format.readTables(bytes, path: path), [])
    }

    package var takesPluralVariants: Bool { true }
    package var baseInternationalization: Bool { true }

    package func directory(_ place: CatalogPlace, locale: String) -> String { LayoutFamily.lproj.directory(place, locale: locale) }

    package func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] {
        let directory = directory(place, locale: locale)
        return [FileSystemTools.join(directory, table + ".strings"), FileSystemTools.join(directory, table + ".stringsdict")]
    }

    package func locale(member name: String, _ place: CatalogPlace) -> String? { LayoutFamily.lproj.locale(member: name, place) }

    package func tables(_ place: CatalogPlace, locale: String) -> [String] {
        stems(in: [directory(place, locale: locale)], extensions: ["strings", "stringsdict"])
    }

    package func open(_ place: CatalogPlace, locale: String, table: String) throws -> [any TableDocument] {
        let paths = paths(place, locale: locale, table: table)
        return [try StringsDocument(path: paths[0]), try StringsdictDocument(path: paths[1])]
    }

    package func emptyDocuments(_ place: CatalogPlace, paths: [String], locale: String, table: String) -> [any TableDocument] {
        [StringsDocument(newAt: paths[0]), StringsdictDocument(emptyAt: paths[1])]
    }

    package func rewritten(path: String, locale: String, place: CatalogPlace) throws -> [UInt8] {
        FileSystemTools.splitExtension(path).ext == "stringsdict" ? try StringsdictDocument(path: path).render()
            : try StringsDocument(path: path).render()
    }

    package func entries(path: String, locale: String) throws -> [LocatedEntry] {
        let entries = FileSystemTools.splitExtension(path).ext == "stringsdict"
            ? try StringsdictDocument(path: path).entries : try StringsDocument(path: path).entries
        return entries.map { LocatedEntry(entry: $0, path: path) }
    }

    // MARK: convert

    package func target(file: Bool) -> ConvertTarget {
        // One `.strings` file holds texts alone: plurals become SPLocalizedString's variants.
        var target = ConvertTarget(name: stringsdictOnly ? "stringsdict" : "strings", contexts: .composed, variables: stringsdictOnly || !file)
        if stringsdictOnly || !file { target.pluralWithoutOther = .empty(runtime: "a .stringsdict (Foundation)") }
        return target
    }

    package func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
                       path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            let lproj = LayoutFamily.lproj.folder(table.locale) + "/" + table.name
            if stringsdictOnly {
                let members: [(key: String, value: PropertyListWriter.Value)] = table.entries.map { entry in
                    switch entry.value {
                    case .plural(let forms): return (entry.key, PropertyListWriter.stringsdictValue(StringsdictDocument.format(forms)))
                    case .stringsdict(let format): return (entry.key, PropertyListWriter.stringsdictValue(format))
                    default: return (entry.key, .string(entry.value.texts.first ?? ""))
                    }
                }
                return [(lproj + ".stringsdict", PropertyListWriter.document(members))]
            }
            var texts: [(key: String, value: String, notes: [String])] = []
            var others: [(key: String, value: PropertyListWriter.Value)] = []
            for entry in table.entries {
                switch entry.value {
                case .text(let text): texts.append((entry.key, text, entry.notes))
                case .plural(let forms) where file:
                    // One file: SPLocalizedString's (context##category)key variants.
                    let (key, context) = ContextKey.splitComposed(entry.key)
                    for category in forms.categories {
                        texts.append(("(" + (context ?? "") + "##" + category.name + ")" + key, forms[category] ?? "", []))
                    }
                case .plural(let forms): others.append((entry.key, PropertyListWriter.stringsdictValue(StringsdictDocument.format(forms))))
                case .stringsdict(let format): others.append((entry.key, PropertyListWriter.stringsdictValue(format)))
                case .gettextPlural(let texts2): texts.append((entry.key, texts2.first ?? "", []))
                }
            }
            var files = [(lproj + ".strings", StringsWriter.file(texts))]
            if !others.isEmpty { files.append((lproj + ".stringsdict", PropertyListWriter.document(others))) }
            return files
        }
    }

    /// What lint reads of a `.strings` file: its entries, the damage the
    /// runtime tolerates (errors) and text it ignores (a warning).
    package static func lintRead(_ bytes: [UInt8], path: String) throws(ParlanceError) -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        let (parsed, ignored, tolerated) = try StringsFile.parseReportingIgnoredText(bytes, path: path)
        var findings = tolerated.map { damage in
            LintFinding(path: path, line: damage.line, column: damage.column, severity: .error, message: damage.message)
        }
        if let ignored {
            findings.append(LintFinding(path: path, line: ignored.line, column: ignored.column, severity: .warning, message: ignored.message))
        }
        return ([parsed], findings)
    }
}

extension OutputFormat {
    /// `.strings`, and `.stringsdict` for plural messages.
    public static let strings = OutputFormat(StringsFormat())
}
