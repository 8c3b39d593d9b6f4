/// What a gettext catalog (`.po` or `.mo`) gives the runtime: the entries
/// `msgfmt` would compile, the `msgid_plural` of each plural entry, the
/// plural formula and the header.
///
/// `entries` holds keys and texts in UTF-8, converted from the header's
/// charset. The header itself (the translation of `""` without context) is
/// not an entry; its fields are in `header`.
package struct GettextTable: Sendable, Equatable {
    /// Translated entries: key = msgid, context = msgctxt, value `.text` or
    /// `.gettextPlural([msgstr[0], msgstr[1], ...])`.
    package var entries: [ParsedEntry]
    /// msgid_plural of each plural entry, by `ContextKey.gettext(_:context:)`;
    /// the runtime returns it for an untranslated plural when `n != 1`.
    package var pluralIDs: [String: String]
    package var formula: GettextPluralFormula
    /// The header's `Name: value` lines in order (value without leading spaces).
    package var header: [HeaderField]
    /// The header as written (converted to UTF-8), nil when there is none.
    package var headerText: String?
    /// The charset the header names (`charset=` in `Content-Type`), as
    /// spelled there; "UTF-8" when there is none.
    package var charset: String

    package struct HeaderField: Sendable, Equatable {
        package var name: String
        package var value: String
    }


    /// The table of a header text (the translation of `""`; nil when none)
    /// and its entries.
    init(header text: String?, charset: String, entries: [ParsedEntry], pluralIDs: [String: String]) {
        self.entries = entries
        self.pluralIDs = pluralIDs
        self.formula = text.map(GettextPluralFormula.fromHeader) ?? .germanic
        self.header = text.map(Self.fields) ?? []
        self.headerText = text
        self.charset = charset
    }

    /// `Name: value` lines; lines without a colon are skipped.
    static func fields(of header: String) -> [HeaderField] {
        var fields: [HeaderField] = []
        for line in header.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            fields.append(HeaderField(name: String(line[..<colon]), value: String(value)))
        }
        return fields
    }

    /// The value of the first header field named `name` (ASCII case-insensitive).
    package func headerValue(_ name: String) -> String? {
        header.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// The gettext readers' entry points.
package enum GettextFile {
    /// A `.po` or `.pot` file, after `msgfmt`'s rules: obsolete (`#~`)
    /// entries are ignored, fuzzy ones dropped (the header excepted), and so
    /// are untranslated ones (`msgstr`, or `msgstr[0]` for plurals, empty).
    package static func parsePO(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> GettextTable {
        let (entries, charset) = try POFile.parse(bytes, path: path)
        return entries.table(charset: charset)
    }

    /// A compiled `.mo` catalog, in either byte order.
    package static func parseMO(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> GettextTable {
        try MOFile.parse(bytes, path: path)
    }
}

extension ParsedTable {
    init(_ gettext: GettextTable) {
        self.init(entries: gettext.entries)
        formula = gettext.formula
        pluralIDs = gettext.pluralIDs
        header = gettext.headerText
    }
}
