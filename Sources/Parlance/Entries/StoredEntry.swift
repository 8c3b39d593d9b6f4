/// A table entry in lookup form: texts interned as `CText` so the C API can
/// hand out pointers that live as long as the catalog.
struct StoredEntry: Sendable {
    /// The key exactly as the file spells it, e.g. `(Login)Name`.
    let storedKey: CText
    let value: StoredValue

    /// The text of a plain lookup: a plural entry gives its `other` text
    /// (else its last form), gettext plural translations their first.
    var plainText: CText? {
        switch value {
        case .text(let text): return text
        case .plural(let forms, _): return forms[PluralCategory.other.rawValue] ?? forms.compactMap { $0 }.last
        case .stringsdict(_, let other): return other
        case .gettextPlural(let texts): return texts.first
        }
    }
}

enum StoredValue: Sendable {
    case text(CText)
    /// Texts by plural category. `storedKeys` holds each category's own key
    /// where the variants are separate entries (`(ctx##one)key`).
    case plural(forms: [CText?], storedKeys: [CText?]?)
    /// A `.stringsdict` entry, with its `other` rendering for plain lookups.
    /// Boxed: the rare case keeps every entry small (40 bytes, not 64).
    indirect case stringsdict(StringsdictFormat, other: CText)
    /// gettext plural translations, selected by the catalog's formula.
    case gettextPlural([CText])
}

/// How keys spell their context: key-value formats (SPLocalizedString's
/// convention) write `(context)key`; gettext formats `context\u{4}key`.
/// The one place both spellings are made and taken apart.
package enum ContextKey {
    /// `(context)key`, or `key` without a context.
    package static func compose(_ key: String, context: String?) -> String {
        guard let context else { return key }
        return "(" + context + ")" + key
    }

    /// gettext's spelling, as `.mo` files and the standard library's catalogs
    /// write it: `context`, U+0004, `key`; `key` without a context.
    package static func gettext(_ key: String, context: String?) -> String {
        guard let context else { return key }
        return context + "\u{4}" + key
    }

    /// A gettext-spelled key taken apart: (key, context or nil).
    package static func splitGettext(_ stored: String) -> (key: String, context: String?) {
        guard let separator = stored.firstIndex(of: "\u{4}") else { return (stored, nil) }
        return (String(stored[stored.index(after: separator)...]), String(stored[..<separator]))
    }

    /// A `(context)key` spelled key taken apart: (key, context or nil).
    package static func splitComposed(_ stored: String) -> (key: String, context: String?) {
        guard stored.hasPrefix("("), let close = stored.firstIndex(of: ")") else { return (stored, nil) }
        return (String(stored[stored.index(after: close)...]), String(stored[stored.index(after: stored.startIndex)..<close]))
    }

    /// A gettext-spelled key as people read keys: `(context)key`.
    package static func display(_ stored: String) -> String {
        let (key, context) = splitGettext(stored)
        return compose(key, context: context)
    }

    /// Splits `(context##category)key` (or `(##category)key`) into the
    /// composed key of the plural group and its category; nil for other keys.
    package static func splitPluralVariant(_ stored: String) -> (groupKey: String, category: PluralCategory)? {
        guard stored.hasPrefix("(") else { return nil }
        // Cheap refusal first: a variant's "##" is two adjacent '#' bytes too.
        guard Self.containsDoubleHash(stored) else { return nil }
        if let ascii = Self.splitASCIIPluralVariant(stored) { return ascii }
        var search = stored.index(after: stored.startIndex)
        while let close = stored[search...].firstIndex(of: ")") {
            let inside = stored[stored.index(after: stored.startIndex)..<close]
            if let marks = inside.range(of: "##", options: .backwards),
               let category = PluralCategory(name: inside[marks.upperBound...]) {
                let context = inside[..<marks.lowerBound]
                let key = String(stored[stored.index(after: close)...])
                return (compose(key, context: context.isEmpty ? nil : String(context)), category)
            }
            search = stored.index(after: close)
        }
        return nil
    }
}

extension ContextKey {
    /// `splitPluralVariant` on the bytes of an ASCII key (where each byte
    /// is a Character, "\r\n" aside, which never holds '(', ')' or '#');
    /// nil when the key is not ASCII, `.some(nil)` when it is not a variant.
    private static func splitASCIIPluralVariant(_ stored: String) -> (groupKey: String, category: PluralCategory)?? {
        var stored = stored
        return stored.withUTF8 { bytes -> (groupKey: String, category: PluralCategory)?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            var search = 1
            while let close = bytes[search...].firstIndex(of: UInt8(ascii: ")")) {
                // The last "##" between the '(' and this ')'.
                var marks = close - 2
                while marks >= 1, !(bytes[marks] == UInt8(ascii: "#") && bytes[marks + 1] == UInt8(ascii: "#")) { marks -= 1 }
                if marks >= 1, let category = PluralCategory(name: text(marks + 2..<close)) {
                    let key = text(close + 1..<bytes.count)
                    return .some((compose(key, context: marks == 1 ? nil : text(1..<marks)), category))
                }
                search = close + 1
            }
            return .some(nil)
        }
    }

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
