/// Android string resources: `res/values[-qualifiers]/strings.xml` (any
/// file of `<resources>`).
///
/// ```xml
/// <resources>
///     <string name="app_name">Notes</string>
///     <plurals name="notes"><item quantity="one">%d note</item><item quantity="other">%d notes</item></plurals>
///     <string-array name="sizes"><item>Small</item><item>Large</item></string-array>
/// </resources>
/// ```
///
/// What each element becomes, served as Android's `getString` serves it:
/// - `<string name>` and `<item type="string" name>`: a text entry;
/// - `<plurals name>`: a plural entry of its `<item quantity>` forms
///   (selected by the first numeric argument; a count whose category has no
///   item, and no `other`, is not found — aapt2 accepts such plurals);
/// - `<string-array name>`: one text entry per item, keyed `name[0]`, `name[1]`…;
/// - every other element (colors, dimensions, integer arrays) is not text and is skipped.
///
/// Text is read as aapt2 compiles it (`AndroidText.compile`): markup inside
/// a string (`<b>`, `<xliff:g>`) leaves its text, escapes are decoded, white
/// space collapses outside double quotes. A value that is exactly a
/// reference `@string/other` serves the text of `other`: in the same file
/// when one file is loaded, in any file of the locale's folder, else of
/// the default `values` folder, when a resource directory is
/// (`Catalog.androidTables`).
/// `translatable` and `formatted` do not change what is served (`parlance
/// lint` checks them). A `<string>` without a name, or a plural item
/// without a valid quantity, is a syntax error located at it.
package enum AndroidResourcesFile {
    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        // Element by element: the file's tree is never held whole.
        var entries: [ParsedEntry] = []
        try XMLDocument.stream(bytes, path: path, start: { root, locator throws(ParlanceError) in
            guard root.name == "resources" else {
                throw locator.error("an Android resource file has a <resources> root, not <\(root.name)>", at: root.offset)
            }
        }, take: { element, ancestors, locator throws(ParlanceError) in
            guard ancestors.count == 1 else { return false }   // a child of <resources>
            try read(element, path: path, locator: &locator, into: &entries)
            return true
        })
        return entries
    }

    /// The entries of one child of `<resources>`.
    private static func read(_ element: XMLElement, path: String?, locator: inout XMLDocument.Locator,
                             into entries: inout [ParsedEntry]) throws(ParlanceError) {
        let kind = element.name == "item" && element.attribute("type") == "string" ? "string" : element.name
        guard kind == "string" || kind == "plurals" || kind == "string-array" else { return }
        guard let name = element.attribute("name"), !name.isEmpty else {
            throw locator.error("<\(element.name)> has no name", at: element.offset)
        }
        let (line, column) = locator.location(of: element.offset)
        switch kind {
        case "string":
            entries.append(ParsedEntry(key: name, value: .text(AndroidText.compile(element)), line: line, column: column))
        case "plurals":
            var forms = PluralForms()
            for item in element.elements(named: "item") {
                guard let quantity = item.attribute("quantity"), let category = PluralCategory(name: quantity) else {
                    throw locator.error("<item> of plurals \"\(name)\" needs a quantity: zero, one, two, few, many or other",
                                        at: item.offset)
                }
                forms[category] = AndroidText.compile(item)
            }
            // aapt2 takes plurals without an `other` item; a count whose category has no item is then not found.
            entries.append(ParsedEntry(key: name, value: .plural(forms), line: line, column: column))
        default:
            for (index, item) in element.elements(named: "item").enumerated() {
                entries.append(ParsedEntry(key: "\(name)[\(index)]", value: .text(AndroidText.compile(item)),
                                           line: line, column: column))
            }
        }
    }

    /// The text entries by name, for `resolveReferences`.
    static func texts(_ entries: [ParsedEntry]) -> [String: String] {
        var texts: [String: String] = [:]
        texts.reserveCapacity(entries.count)
        for entry in entries { if case .text(let text) = entry.value { texts[entry.key] = text } }
        return texts
    }

    /// `@string/name` texts and plural forms take the text of `name` as
    /// `find` gives it (through up to eight references); a reference to no
    /// string stays as written.
    static func resolveReferences(_ entries: inout [ParsedEntry], _ find: (String) -> String?) {
        func resolved(_ text: String) -> String {
            var text = text
            var hops = 0
            while text.hasPrefix("@string/"), hops < 8, let target = find(String(text.dropFirst(8))) {
                text = target
                hops += 1
            }
            return text
        }
        for index in entries.indices {
            switch entries[index].value {
            case .text(let text) where text.hasPrefix("@string/"):
                entries[index].value = .text(resolved(text))
            case .plural(var forms):
                guard forms.categories.contains(where: { forms[$0]?.hasPrefix("@string/") == true }) else { continue }
                for category in forms.categories { forms[category] = forms[category].map(resolved) }
                entries[index].value = .plural(forms)
            default:
                continue
            }
        }
    }

    /// Android chooses a plural item by the device locale's CLDR rules
    /// alone: a `zero` item of a locale folder whose language's rules have
    /// no `zero` is never shown (Parlance would show it for 0, as Apple
    /// does), so it is left out. The default folder's are kept: a device of
    /// a language with the zero category (Arabic, Latvian…) takes them.
    static func dropUnreachableZero(_ entries: inout [ParsedEntry], locale: String) {
        guard !PluralRules.forLocale(locale).categories.contains(.zero) else { return }
        for index in entries.indices {
            guard case .plural(var forms) = entries[index].value, forms[.zero] != nil else { continue }
            forms[.zero] = nil
            entries[index].value = .plural(forms)
        }
    }
}

/// Android's folder names: `values` (the default resources) and
/// `values-<qualifiers>` whose qualifiers name only a locale.
package enum AndroidFolder {
    /// The locale a `values…` folder name gives: "" for `values`, the
    /// canonical tag for `values-de`, `values-pt-rBR`, `values-b+sr+Latn`;
    /// nil for other names and for folders with other qualifiers (`values-night`, `values-v21`).
    package static func locale(_ folder: String) -> String? {
        guard folder.hasPrefix("values") else { return nil }
        if folder == "values" { return "" }
        guard folder.hasPrefix("values-") else { return nil }
        let qualifiers = folder.dropFirst(7)
        if qualifiers.hasPrefix("b+") {
            let tag = qualifiers.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false).joined(separator: "-")
            return (try? LocaleName.canonical(tag)) ?? nil
        }
        let parts = qualifiers.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            return nil
        }
        var tag = String(parts[0])
        if parts.count == 2 {
            let region = parts[1]
            guard region.count == 3, region.first == "r" else { return nil }
            tag += "-" + region.dropFirst()
        }
        return (try? LocaleName.canonical(tag)) ?? nil
    }

    /// The locale of the default `values` folder: the `tools:locale` of its
    /// `<resources>` when the file names one, else `en`.
    package static func defaultLocale(_ bytes: [UInt8]) -> String {
        let head = Array(bytes.prefix(4096))
        let marker = Array("tools:locale=".utf8)
        guard let at = head.indices.first(where: { head[$0...].starts(with: marker) }), at + marker.count < head.count else {
            return "en"
        }
        let quote = head[at + marker.count]
        let valueStart = at + marker.count + 1
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
              let end = head[valueStart...].firstIndex(of: quote) else { return "en" }
        let name = String(decoding: head[valueStart..<end], as: UTF8.self)
        return ((try? LocaleName.canonical(name)) ?? nil) ?? "en"
    }

}
