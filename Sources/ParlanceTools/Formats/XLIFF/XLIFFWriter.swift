import Parlance

/// XLIFF documents, one per target language, a `<file>` per table
/// (`TABLE.strings` for texts, `TABLE.stringsdict` for plurals, in Xcode's
/// unit ids), the development language's text as each unit's source:
/// - 1.2 as Xcode's "Export Localizations" writes it (`<trans-unit id>`);
/// - 2.0 as the OASIS standard has it: `srcLang`/`trgLang`, `<unit>` with a
///   generated NMTOKEN `id` and the key as its `name`, one `<segment>`.
/// A table with no translated entry is still a `<file>` (1.2: an empty
/// `<body>`; 2.0: an empty `<group>`), as both schemas want one per document
/// and the table and language would otherwise be lost.
enum XLIFFWriter {
    typealias Version = XLIFFVersion

    struct Table {
        var name: String
        var entries: [ConvertEntry]
        /// The development language's value of each key, for `<source>`.
        var sources: [String: EntryValue]
    }

    private typealias Unit = XLIFFUnits.Unit

    static func document(sourceLanguage: String, targetLanguage: String, tables: [Table], version: Version = .v12) -> String {
        var files: [(original: String, units: [Unit])] = []
        for table in tables {
            let texts = table.entries.filter { !XLIFFUnits.isPlural($0.value) }
            let plurals = table.entries.filter { XLIFFUnits.isPlural($0.value) }
            if !texts.isEmpty {
                files.append((XLIFFUnits.original(table: table.name, plural: false),
                              texts.map { Unit(key: $0.key, source: table.sources[$0.key]?.texts.first ?? $0.key,
                                               target: $0.value.texts.first ?? "", note: $0.comment,
                                               needsReview: $0.needsReview) }))
            }
            if !plurals.isEmpty {
                // The development language's forms as the source, where it has the same variable and category.
                let units = plurals.flatMap { entry in
                    XLIFFUnits.plural(key: entry.key, value: entry.value, source: table.sources[entry.key], note: entry.comment,
                                      translated: true).map {
                        var unit = $0
                        unit.needsReview = entry.needsReview
                        return unit
                    }
                }
                files.append((XLIFFUnits.original(table: table.name, plural: true), units))
            }
            if texts.isEmpty, plurals.isEmpty {
                // A table with nothing translated still names its table and language.
                files.append((XLIFFUnits.original(table: table.name, plural: false), []))
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
                out += XLIFFUnits.version12(unit, indent: "      ", step: "  ", newline: "\n")
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
            if file.units.isEmpty {
                // 2.0 wants a unit or a group in a file; a group may be empty.
                out += "    <group id=\"g1\"/>\n"
            }
            for unit in file.units {
                unitNumber += 1
                out += XLIFFUnits.version20(unit, id: "u\(unitNumber)", indent: "    ", step: "  ", newline: "\n")
            }
            out += "  </file>\n"
        }
        return out + "</xliff>\n"
    }

    static func attribute(_ text: String) -> String { XLIFFUnits.attribute(text) }
}
