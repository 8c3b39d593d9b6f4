/// A table entry in lookup form: texts interned as `CText` so the C API can
/// hand out pointers that live as long as the catalog.
struct StoredEntry: Sendable {
    /// The key exactly as the file spells it, e.g. `(Login)Name`.
    let storedKey: CText
    let value: StoredValue
}

enum StoredValue: Sendable {
    case text(CText)
    /// Texts by plural category. `storedKeys` holds each category's own key
    /// where the variants are separate entries (`(ctx##one)key`).
    case plural(forms: [CText?], storedKeys: [CText?]?)
    /// A `.stringsdict` entry, with its `other` rendering for plain lookups.
    case stringsdict(StringsdictFormat, other: CText)
    /// gettext plural translations, selected by the catalog's formula.
    case gettextPlural([CText])
}

/// SPLocalizedString's key conventions for key-value formats.
package enum ContextKey {
    /// `(context)key`, or `key` without a context.
    package static func compose(_ key: String, context: String?) -> String {
        guard let context else { return key }
        return "(" + context + ")" + key
    }

    /// Splits `(context##category)key` (or `(##category)key`) into the
    /// composed key of the plural group and its category; nil for other keys.
    package static func splitPluralVariant(_ stored: String) -> (groupKey: String, category: PluralCategory)? {
        guard stored.hasPrefix("(") else { return nil }
        // Cheap refusal first: a variant's "##" is two adjacent '#' bytes too.
        guard Self.containsDoubleHash(stored) else { return nil }
        var search = stored.index(after: stored.startIndex)
        while let close = stored[search...].firstIndex(of: ")") {
            let inside = stored[stored.index(after: stored.startIndex)..<close]
            if let marks = inside.range(of: "##", options: .backwards),
               let category = PluralCategory(name: inside[marks.upperBound...]) {
                let context = inside[..<marks.lowerBound]
                let key = String(stored[stored.index(after: close)...])
                return (context.isEmpty ? key : "(" + context + ")" + key, category)
            }
            search = stored.index(after: close)
        }
        return nil
    }
}

extension ContextKey {
    /// Whether two '#' bytes are adjacent anywhere in `text`'s UTF-8.
    private static func containsDoubleHash(_ text: String) -> Bool {
        var previousWasHash = false
        for byte in text.utf8 {
            if byte == 0x23 {
                if previousWasHash { return true }
                previousWasHash = true
            } else {
                previousWasHash = false
            }
        }
        return false
    }
}

private extension Substring {
    enum SearchOptions { case backwards }
    func range(of needle: String, options: SearchOptions) -> Range<Index>? {
        var index = endIndex
        let count = needle.count
        while index > startIndex {
            guard let start = self.index(index, offsetBy: -count, limitedBy: startIndex) else { return nil }
            if self[start..<index].elementsEqual(needle) { return start..<index }
            index = self.index(before: index)
        }
        return nil
    }
}
