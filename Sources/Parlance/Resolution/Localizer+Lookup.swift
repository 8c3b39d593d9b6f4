#if canImport(Glibc)
import Glibc
#endif

/// The lookups of the public Swift API.
extension Localizer {
    /// What a lookup answers when no locale has the key: the key itself
    /// (implicit localization). The one place of that rule: the Swift API,
    /// the C API and `explain` answer through it.
    @inline(__always)
    package static func answer<Text>(_ found: Text?, key: Text) -> Text { found ?? key }

    /// `answer` for the C API's pointers, not generic: called from the
    /// boundary's module, a generic function would run unspecialized (type
    /// metadata and a closure context on every lookup). Inlinable, so that
    /// the boundary neither calls it nor asks for `Localizer`'s metadata.
    @inlinable
    package static func answer(_ found: UnsafePointer<CChar>?, key: UnsafePointer<CChar>) -> UnsafePointer<CChar> {
        found ?? key
    }

    /// The source text for `count` when no locale has the key: the key
    /// (the singular) or the source's plural form, chosen by the
    /// development language's CLDR rule, as `ngettext(s, p, n)` chooses
    /// between its two texts: the key for `one`, `plural` for every other
    /// category; the key when no plural is given or no count. The one place
    /// of that rule: the Swift API and the C API choose through it.
    package func usesSourcePlural(_ plural: Bool, count: PluralOperand?) -> Bool {
        guard plural, let count else { return false }
        return PluralRules.forLocale(developmentLocale).category(count) != .one
    }

    /// The key or the source plural for `count`, as `usesSourcePlural` chooses.
    package func sourceText(_ key: String, plural: String?, count: PluralOperand?) -> String {
        usesSourcePlural(plural != nil, count: count) ? plural! : key
    }

    /// The translation, or the key itself when missing (implicit localization).
    public func text(_ key: String, context: String? = nil, table: String? = nil) -> String {
        Self.answer(resolve(key, context: context, table: table, count: nil).found?.string, key: key)
    }

    /// The translation, or nil when no locale of the chain has it.
    public func lookup(_ key: String, context: String? = nil, table: String? = nil) -> String? {
        resolve(key, context: context, table: table, count: nil).found?.string
    }

    /// The plural variant for `count`'s category in the supplying locale,
    /// unformatted; `other` when that category is missing. When the string
    /// is missing: the key, or with `plural` (the source text's plural
    /// form, gettext's `msgid_plural`) the key or `plural` as the
    /// development language's rule chooses for `count` (`ngettext(s, p, n)`).
    public func plural(_ key: String, count: PluralOperand, plural: String? = nil, context: String? = nil,
                       table: String? = nil) -> String {
        Self.answer(resolve(key, context: context, table: table, count: count).found?.string,
                    key: sourceText(key, plural: plural, count: count))
    }

    /// Caret-marked text: `^Print` gives the translation of `Print` (or
    /// `Print`); text without a leading `^` is not marked and gives nil.
    public func localizeMarked(_ text: String) -> String? {
        guard let key = CaretMark.key(text) else { return nil }
        return Self.answer(lookup(key), key: key)
    }

    /// `localizeMarked` for a C string: the translation or the key (a
    /// pointer into `text`), nil when the text is not marked; valid as the
    /// C API's looked-up strings are.
    package func localizeMarked(_ text: UnsafePointer<CChar>) -> UnsafePointer<CChar>? {
        guard let key = CaretMark.key(text) else { return nil }
        return Self.answer(lookupText(key: UnsafeRawBufferPointer(start: key, count: strlen(key)), context: nil, table: nil),
                           key: key)
    }

    /// Where a string comes from.
    public func explain(_ key: String, count: PluralOperand? = nil, context: String? = nil, table: String? = nil) -> Explanation {
        let resolution = resolve(key, context: context, table: table, count: count)
        return Explanation(text: Self.answer(resolution.found?.string, key: key), found: resolution.found != nil,
                           locale: resolution.locale, table: resolution.tableName,
                           storedKey: resolution.storedKeyString, category: resolution.category,
                           fallback: resolution.fallback)
    }

    /// The path of `xx.lproj/name.ext` for the first locale of the chain whose
    /// loaded folders have it; `ext` nil or empty when `name` carries it.
    public func resourcePath(_ name: String, ext: String? = nil) -> String? {
        // A resource lives inside an .lproj folder: no absolute paths, no "..".
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let file = (ext ?? "").isEmpty ? name : name + "." + ext!
        let directories = catalog.state.resourceDirectories
        for locale in self.locales {
            for directory in directories[locale] ?? [] {
                let path = FileSystem.join(directory, file)
                if FileSystem.isFile(path) { return path }
            }
        }
        return nil
    }
}
