import Parlance

/// XLIFF documents, one per target language, a `<file>` per table
/// (`TABLE.strings` for texts, `TABLE.stringsdict` for plurals, in Xcode's
/// unit ids), the development language's text as each unit's source:
/// - 1.2 as Xcode's "Export Localizations" writes it (`<trans-unit id>`);
/// - 2.0 as the OASIS standard has it: `srcLang`/`trgLang`, `<unit>` with a
///   generated NMTOKEN `id` and the key as its `name`, one `<segment>`.
enum XLIFFWriter {
    enum Version: String, Sendable, CaseIterable {
        case v12 = "1.2"
        case v20 = "2.0"
    }

    struct Table {
        var name: String
        var entries: [ConvertEntry]
        /// The development language's value of each key, for `<source>`.
        var sources: [String: EntryValue]
    }

    /// One unit: its key (Xcode's id for `.stringsdict` parts), source, target and note.
    private typealias Unit = (key: String, source: String, target: String, note: String?)

    static func document(sourceLanguage: String, targetLanguage: String, tables: [Table], version: Version = .v12) -> String {
        var files: [(original: String, units: [Unit])] = []
        for table in tables {
            let texts = table.entries.filter { if case .text = $0.value { true } else { false } }
            let plurals = table.entries.filter { if case .text = $0.value { false } else { true } }
            if !texts.isEmpty {
                files.append((table.name + ".strings",
                              texts.map { ($0.key, table.sources[$0.key]?.texts.first ?? $0.key, $0.value.texts.first ?? "", $0.comment) }))
            }
            if !plurals.isEmpty {
                var units: [Unit] = []
                func stringsdict(_ value: EntryValue?) -> StringsdictFormat? {
                    switch value {
                    case .stringsdict(let given)?: given
                    case .plural(let forms)?: StringsdictDocument.format(forms)
                    default: nil
                    }
                }
                for entry in plurals {
                    guard let format = stringsdict(entry.value) else { continue }
                    // The development language's forms as the source, where it has the same variable and category.
                    let source = stringsdict(table.sources[entry.key])
                    units.append(("/\(entry.key):dict/NSStringLocalizedFormatKey:dict/:string", source?.format ?? format.format,
                                  format.format, entry.comment))
                    for name in format.variables.keys.sorted() {
                        guard case .plural(let forms)? = format.variables[name]?.rule else { continue }
                        var sourceForms: PluralForms?
                        if case .plural(let given)? = source?.variables[name]?.rule { sourceForms = given }
                        for category in forms.categories {
                            let target = forms[category] ?? ""
                            units.append(("/\(entry.key):dict/\(name):dict/\(category.name):dict/:string",
                                          sourceForms?[category] ?? sourceForms?[.other] ?? target, target, nil))
                        }
                    }
                }
                files.append((table.name + ".stringsdict", units))
            }
        }
        switch version {
        case .v12: return version12(files, sourceLanguage, targetLanguage)
        case .v20: return version20(files, sourceLanguage, targetLanguage)
        }
    }

    private static func version12(_ files: [(original: String, units: [Unit])], _ source: String, _ target: String) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">

            """
        for file in files {
            out += "  <file original=\"\(attribute(file.original))\" source-language=\"\(attribute(source))\" "
                + "target-language=\"\(attribute(target))\" datatype=\"plaintext\">\n    <body>\n"
            for unit in file.units {
                out += "      <trans-unit id=\"\(attribute(unit.key))\" xml:space=\"preserve\">\n"
                    + "        <source>\(escape(unit.source))</source>\n"
                    + "        <target state=\"translated\">\(escape(unit.target))</target>\n"
                    + (unit.note.map { "        <note>\(escape($0))</note>\n" } ?? "")
                    + "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return out + "</xliff>\n"
    }

    private static func version20(_ files: [(original: String, units: [Unit])], _ source: String, _ target: String) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="\(attribute(source))" trgLang="\(attribute(target))">

            """
        var unitNumber = 0
        for (index, file) in files.enumerated() {
            out += "  <file id=\"f\(index + 1)\" original=\"\(attribute(file.original))\">\n"
            for unit in file.units {
                unitNumber += 1
                out += "    <unit id=\"u\(unitNumber)\" name=\"\(attribute(unit.key))\">\n"
                    + (unit.note.map { "      <notes>\n        <note>\(escape($0))</note>\n      </notes>\n" } ?? "")
                    + "      <segment state=\"translated\">\n"
                    + "        <source xml:space=\"preserve\">\(escape(unit.source))</source>\n"
                    + "        <target xml:space=\"preserve\">\(escape(unit.target))</target>\n"
                    + "      </segment>\n"
                    + "    </unit>\n"
            }
            out += "  </file>\n"
        }
        return out + "</xliff>\n"
    }

    /// An attribute value (`XMLReference.escape`, white space as references).
    static func attribute(_ text: String) -> String { XMLReference.escape(text, attribute: true) }

    /// Text content (`XMLReference.escape`).
    static func escape(_ text: String) -> String { XMLReference.escape(text) }
}

/// i18next JSON v4: a flat object, plurals as `key_CATEGORY` members.
enum I18nextWriter {
    static func document(_ entries: [ConvertEntry]) -> String {
        var members: [JSONWriter.Member] = []
        for entry in entries {
            switch entry.value {
            case .plural(let forms):
                for category in forms.categories {
                    members.append(JSONWriter.Member(I18nextDocument.pluralKey(entry.key, category), .string(forms[category] ?? "")))
                }
            default:
                members.append(JSONWriter.Member(entry.key, .string(entry.value.texts.first ?? "")))
            }
        }
        return JSONWriter.document(members)
    }
}
