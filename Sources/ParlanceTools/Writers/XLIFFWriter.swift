import Parlance

/// XLIFF 1.2 as Xcode's "Export Localizations" writes it: one document per
/// target language, a `<file>` per table (`TABLE.strings` for texts,
/// `TABLE.stringsdict` for plurals, in Xcode's unit ids), the development
/// language's text as each unit's source.
enum XLIFFWriter {
    struct Table {
        var name: String
        var entries: [ConvertEntry]
        /// The development language's text of each key, for `<source>`.
        var sources: [String: String]
    }

    static func document(sourceLanguage: String, targetLanguage: String, tables: [Table]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">

            """
        for table in tables {
            let texts = table.entries.filter { if case .text = $0.value { true } else { false } }
            let plurals = table.entries.filter { if case .text = $0.value { false } else { true } }
            if !texts.isEmpty {
                out += fileStart(table.name + ".strings", sourceLanguage, targetLanguage)
                for entry in texts { out += unit(entry.key, source: table.sources[entry.key] ?? entry.key, target: entry.value.texts.first ?? "") }
                out += "    </body>\n  </file>\n"
            }
            if !plurals.isEmpty {
                out += fileStart(table.name + ".stringsdict", sourceLanguage, targetLanguage)
                for entry in plurals {
                    let format: StringsdictFormat
                    switch entry.value {
                    case .stringsdict(let given): format = given
                    case .plural(let forms): format = StringsdictDocument.format(forms)
                    default: continue
                    }
                    out += unit("/\(entry.key):dict/NSStringLocalizedFormatKey:dict/:string", source: format.format, target: format.format)
                    for name in format.variables.keys.sorted() {
                        guard case .plural(let forms)? = format.variables[name]?.rule else { continue }
                        for category in forms.categories {
                            out += unit("/\(entry.key):dict/\(name):dict/\(category.name):dict/:string",
                                        source: forms[category] ?? "", target: forms[category] ?? "")
                        }
                    }
                }
                out += "    </body>\n  </file>\n"
            }
        }
        return out + "</xliff>\n"
    }

    private static func fileStart(_ original: String, _ source: String, _ target: String) -> String {
        "  <file original=\"\(attribute(original))\" source-language=\"\(attribute(source))\" target-language=\"\(attribute(target))\" datatype=\"plaintext\">\n    <body>\n"
    }

    private static func unit(_ id: String, source: String, target: String) -> String {
        "      <trans-unit id=\"\(attribute(id))\" xml:space=\"preserve\">\n"
            + "        <source>\(escape(source))</source>\n"
            + "        <target state=\"translated\">\(escape(target))</target>\n"
            + "      </trans-unit>\n"
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
                for category in forms.categories { members.append(JSONWriter.Member(entry.key + "_" + category.name, .string(forms[category] ?? ""))) }
            default:
                members.append(JSONWriter.Member(entry.key, .string(entry.value.texts.first ?? "")))
            }
        }
        return JSONWriter.document(members)
    }
}
