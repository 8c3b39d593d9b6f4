/// XLIFF 1.2 and 2.0 (`.xliff`, `.xlf`): how translations travel to
/// translators, agencies and back (Xcode's "Export Localizations", CAT tools).
///
/// ```xml
/// <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de">
///   <body><trans-unit id="Hello"><source>Hello</source><target state="translated">Hallo</target></trans-unit></body>
/// </file></xliff>
/// ```
///
/// Tables: each `<file>` is the table its `original` names (its file name
/// without folders and extension: `en.lproj/Menu.strings` is `Menu`), or,
/// without one, its `id` (2.0) read the same way; files naming the same
/// table join it. The language is the file's `target-language` (1.2) or the
/// document's `trgLang` (2.0), else the locale the caller gives.
///
/// Entries: a unit's key is its `resname` (1.2) or `name` (2.0), else its
/// `id`; its text is its target, in units nested in groups too. A unit with
/// no target, an empty one, or (1.2) a target whose `state` is `new` or
/// `needs-translation` is not in the table: lookups fall back. White space
/// is kept as written. Inline codes stand for the text they replace: `<x>`,
/// `<ph/>`, `<sc>`, `<ec>` their `equiv-text`/`equiv` (else `disp`), `<ph>`,
/// `<bpt>`, `<ept>`, `<it>` (1.2) their native code, `<g>`, `<pc>`, `<mrk>`
/// their content.
///
/// Xcode exports `.stringsdict` entries as units with ids such as
/// `/files:dict/NSStringLocalizedFormatKey:dict/:string` and
/// `/files:dict/n:dict/one:dict/:string`; they become the `.stringsdict`
/// entry again (`XLIFFStringsdict`).
package enum XLIFFFile {
    struct Table {
        var locale: String
        var name: String
        /// The units of `.strings` (and other) files, then those of
        /// `.stringsdict` files: a key in both is the `.stringsdict`
        /// entry's, as Apple's runtime gives it, whatever the files' order.
        var entries: [ParsedEntry] { plain + stringsdict }
        var plain: [ParsedEntry] = []
        var stringsdict: [ParsedEntry] = []
    }

    /// How a document's units are keyed and served: as Xcode and Angular
    /// import them (`unitIDs`), or as Symfony's translator loads a
    /// `DOMAIN.LOCALE.xlf` of its `translations/` folder (`symfony`).
    package enum Units: Sendable {
        /// Key: `resname` (1.2) or `name` (2.0), else `id`; text: the
        /// target, unless empty, absent or (1.2) `new` or `needs-translation`.
        case unitIDs
        /// Symfony's `XliffFileLoader`: key `resname` (1.2) or `name` (2.0),
        /// else the source; text the target, else the source; a 1.2 target
        /// `needs-translation` that repeats its source is left out.
        case symfony

        /// How the units of a `DOMAIN.LOCALE.xlf` document at `path` are
        /// read: Symfony's way in a folder named `translations` (Symfony's
        /// own, and its bundles' `Resources/translations/`).
        package static func ofDocument(at path: String) -> Units {
            FileSystem.baseName(FileSystem.directoryName(path)) == "translations" ? .symfony : .unitIDs
        }
    }

    /// Units' keys and texts by table; `locale` is the caller's, for files
    /// that name none (for every file when `localeWins`: the document's
    /// name gave it); `table`, when given, names every file's table (they
    /// then join it, in order). A file that names no language and is given
    /// none is an error, or, with `skipsUnnamed`, left out: in a folder, a
    /// document of sources alone (Angular's `messages.xlf`), as a template is.
    static func parse(_ bytes: [UInt8], path: String?, locale: String? = nil, localeWins: Bool = false,
                      table: String? = nil, units rule: Units = .unitIDs, skipsUnnamed: Bool = false)
        throws(ParlanceError) -> [Table] {
        // Unit by unit: the document's tree is never held whole.
        var version2 = false
        var tables: [Table] = []
        var positions: [String: Int] = [:]   // "locale\u{0}name" → index in tables: linear in the files
        var units: [XLIFFUnit] = []
        try XMLDocument.stream(bytes, path: path, start: { root, locator throws(ParlanceError) in
            guard root.localName == "xliff" else {
                throw locator.error("an XLIFF document has an <xliff> root, not <\(root.name)>", at: root.offset)
            }
            version2 = root.attribute("version")?.hasPrefix("2") ?? false
        }, take: { element, ancestors, locator throws(ParlanceError) in
            let name = element.localName
            if name == "file", ancestors.count == 1 {
                let named = version2 ? ancestors.first!.attribute("trgLang") : element.attribute("target-language")
                let language = localeWins ? locale ?? named : named ?? locale
                if language != nil || !skipsUnnamed {
                    try add(file: element, language: language, table: table, version2: version2, units: units,
                            path: path, locator: &locator, to: &tables, positions: &positions)
                }
                units.removeAll(keepingCapacity: true)
                return true
            }
            guard name == (version2 ? "unit" : "trans-unit"),
                  ancestors.dropFirst().contains(where: { $0.localName == "file" }),
                  ancestors.dropFirst().allSatisfy({ ["file", "body", "group"].contains($0.localName) }) else { return false }
            if rule == .symfony {
                units += symfonyUnits(element, version2: version2, locator: &locator)
            } else if let unit = self.unit(element, version2: version2, locator: &locator) {
                units.append(unit)
            } else if isDevelopmentLanguage(ancestors, version2: version2),
                      let unit = sourceUnit(element, version2: version2, locator: &locator) {
                units.append(unit)
            }
            return true
        })
        return tables
    }

    /// A `<file>`'s units as the table of its language and name.
    private static func add(file: XMLElement, language: String?, table: String?, version2: Bool, units: [XLIFFUnit],
                            path: String?,
                            locator: inout XMLDocument.Locator, to tables: inout [Table],
                            positions: inout [String: Int]) throws(ParlanceError) {
        guard let languageName = language else {
            throw locator.error("<file> names no target language (\(version2 ? "trgLang" : "target-language")); give a locale",
                                at: file.offset)
        }
        let tag: String
        do throws(ParlanceError) {
            guard let canonical = try LocaleName.canonical(languageName) else { throw ParlanceError(.locale, "") }
            tag = canonical
        } catch {
            let (line, column) = locator.location(of: file.offset)
            throw ParlanceError(.locale, "'\(languageName)' names no language", path: path, line: line, column: column)
        }
        let original = file.attribute("original") ?? (version2 ? file.attribute("id") : nil)
        let name = table ?? tableName(original)
        let entries = XLIFFStringsdict.entries(from: units)
        let isStringsdict = original.map { FileSystem.splitExtension(FileSystem.baseName($0)).ext.lowercased() == "stringsdict" } ?? false
        let index = positions[tag + "\u{0}" + name] ?? {
            tables.append(Table(locale: tag, name: name))
            positions[tag + "\u{0}" + name] = tables.count - 1
            return tables.count - 1
        }()
        if isStringsdict { tables[index].stringsdict += entries } else { tables[index].plain += entries }
    }

    /// `Blockzilla/en.lproj/Localizable.strings` → `Localizable`; nil → the default table.
    package static func tableName(_ original: String?) -> String {
        guard let original, !original.isEmpty else { return TableName.standard }
        let base = FileSystem.baseName(original)
        let stem = FileSystem.splitExtension(base).stem
        let name = stem.isEmpty ? base : stem
        return name.contains("\u{0}") || name.isEmpty ? TableName.standard : name
    }

    /// A served unit (`<trans-unit>` in 1.2, `<unit>` in 2.0), or nil.
    private static func unit(_ element: XMLElement, version2: Bool, locator: inout XMLDocument.Locator) -> XLIFFUnit? {
        if !version2 {
            guard let key = element.attribute("resname") ?? element.attribute("id"),
                  let target = element.elements(named: "target").first,
                  servesTarget(state: target.attribute("state")) else { return nil }
            let text = inlineText(target)
            guard !text.isEmpty else { return nil }
            let (line, column) = locator.location(of: element.offset)
            return XLIFFUnit(key: key, text: text, line: line, column: column, note: note(element.elements(named: "note")))
        }
        guard let key = element.attribute("name") ?? element.attribute("id") else { return nil }
        // A unit's segments (and the ignorable white space between them) make its text.
        var text = ""
        var translated = false
        for part in element.elements where part.localName == "segment" || part.localName == "ignorable" {
            guard let target = part.elements(named: "target").first else { continue }
            translated = translated || part.localName == "segment"
            text += inlineText(target)
        }
        guard translated, !text.isEmpty else { return nil }
        let (line, column) = locator.location(of: element.offset)
        return XLIFFUnit(key: key, text: text, line: line, column: column,
                         note: note(element.elements(named: "notes").flatMap { $0.elements(named: "note") }))
    }

    /// Whether a unit's file is in its own source language (1.2's
    /// `source-language` and `target-language`, 2.0's `srcLang` and
    /// `trgLang`): Xcode's export of the development language, whose texts
    /// are the units' sources (its targets are `new` copies of them).
    private static func isDevelopmentLanguage(_ ancestors: some Collection<XMLElement>, version2: Bool) -> Bool {
        let holder = version2 ? ancestors.first : ancestors.dropFirst().first { $0.localName == "file" }
        guard let holder, let source = holder.attribute(version2 ? "srcLang" : "source-language"),
              let target = holder.attribute(version2 ? "trgLang" : "target-language") else { return false }
        func key(_ name: String) -> String { String(name.lowercased().map { $0 == "_" ? "-" : $0 }) }
        return key(source) == key(target)
    }

    /// A unit of the development language's document that serves no target: its source, or nil.
    private static func sourceUnit(_ element: XMLElement, version2: Bool, locator: inout XMLDocument.Locator) -> XLIFFUnit? {
        guard let key = version2 ? element.attribute("name") ?? element.attribute("id")
                : element.attribute("resname") ?? element.attribute("id") else { return nil }
        let sources = version2
            ? element.elements.filter { $0.localName == "segment" || $0.localName == "ignorable" }.compactMap { $0.elements(named: "source").first }
            : Array(element.elements(named: "source").prefix(1))
        let text = sources.map(inlineText).joined()
        guard !text.isEmpty else { return nil }
        let (line, column) = locator.location(of: element.offset)
        let notes = version2 ? element.elements(named: "notes").flatMap { $0.elements(named: "note") } : element.elements(named: "note")
        return XLIFFUnit(key: key, text: text, line: line, column: column, note: note(notes))
    }

    /// A unit as Symfony's `XliffFileLoader` reads it: one entry (1.2), or
    /// one per segment (2.0, later segments of a named unit replacing
    /// earlier ones). Texts are the elements' own character data, as
    /// SimpleXML's string value gives them.
    private static func symfonyUnits(_ element: XMLElement, version2: Bool,
                                     locator: inout XMLDocument.Locator) -> [XLIFFUnit] {
        let (line, column) = locator.location(of: element.offset)
        if !version2 {
            guard let key = symfonyKey(element, version2: false) else { return [] }
            let sourceText = element.elements(named: "source").first.map(ownText) ?? ""
            let target = element.elements(named: "target").first
            if let target, target.attribute("state") == "needs-translation", [key, sourceText].contains(ownText(target)) { return [] }
            return [XLIFFUnit(key: key, text: target.map(ownText) ?? sourceText, line: line, column: column,
                              note: note(element.elements(named: "note")))]
        }
        return element.elements(named: "segment").compactMap { segment in
            let source = segment.elements(named: "source").first.map(ownText) ?? ""
            let text = segment.elements(named: "target").first.map(ownText) ?? source
            return XLIFFUnit(key: element.attribute("name") ?? source, text: text, line: line, column: column,
                             note: note(element.elements(named: "notes").flatMap { $0.elements(named: "note") }))
        }
    }

    /// A unit's key as Symfony's translator reads it: 1.2's non-empty
    /// `resname`, else its source; 2.0's `name`, else its first segment's
    /// source. Nil for a 1.2 unit with neither, which Symfony skips.
    package static func symfonyKey(_ unit: XMLElement, version2: Bool) -> String? {
        if version2 {
            return unit.attribute("name")
                ?? unit.elements(named: "segment").first?.elements(named: "source").first.map(ownText) ?? ""
        }
        if let name = unit.attribute("resname"), !name.isEmpty { return name }
        if let source = unit.elements(named: "source").first { return ownText(source) }
        return unit.attribute("resname")
    }

    /// An element's own character data, without its child elements' (the
    /// string value SimpleXML gives Symfony).
    package static func ownText(_ element: XMLElement) -> String {
        var text = ""
        for case .text(let run, _) in element.children { text += run }
        return text
    }

    /// Whether a 1.2 `<target>` in this `state` is served: not `new` or
    /// `needs-translation` (a review state still serves its translation).
    package static func servesTarget(state: String?) -> Bool {
        state != "new" && state != "needs-translation"
    }

    /// A unit's notes as one comment, nil without any.
    private static func note(_ notes: [XMLElement]) -> String? {
        let texts = notes.map { $0.textContent }.filter { !$0.isEmpty }
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// A target's text, inline codes read as the text they stand for.
    package static func inlineText(_ element: XMLElement) -> String {
        var text = ""
        for child in element.children {
            switch child {
            case .text(let run, _):
                text += run
            case .element(let inline):
                switch inline.localName {
                case "x", "sc", "ec":
                    text += inline.attribute("equiv-text") ?? inline.attribute("equiv") ?? inline.attribute("disp") ?? ""
                case "ph" where inline.children.isEmpty:
                    text += inline.attribute("equiv") ?? inline.attribute("equiv-text") ?? inline.attribute("disp") ?? ""
                case "sub":
                    continue   // a sub-flow belongs to the code around it, not to this text
                default:
                    text += inlineText(inline)   // ph, bpt, ept, it (native code), g, pc, mrk (content)
                }
            }
        }
        return text
    }
}

/// A served unit of an XLIFF file: its key, target text, position and notes.
struct XLIFFUnit {
    var key: String
    var text: String
    var line: Int
    var column: Int
    var note: String?
}
