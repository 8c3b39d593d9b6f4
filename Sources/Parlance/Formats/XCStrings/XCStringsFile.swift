/// Apple String Catalogs (`.xcstrings`, Xcode 15 and later): one JSON file
/// holding a table in every language.
///
/// ```json
/// { "sourceLanguage" : "en", "version" : "1.0",
///   "strings" : {
///     "Hello" : { "localizations" : {
///       "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } } } } } }
/// ```
///
/// What each localization becomes:
/// - a `stringUnit` alone: a text entry;
/// - `variations.plural` (CLDR categories): a plural entry, selected by the
///   first numeric argument like every plural entry;
/// - `variations.device`, at any depth (a device variant may itself vary by
///   plural, and a plural form by device): a `.stringsdict`-style entry whose
///   device rules the localizer's `device` chooses from when it is looked up
///   (`Device.choose`: its own text, else `other`; see
///   `XCStringsReader.DeviceFormat`). A substitution's device variations
///   take `other`'s;
/// - `substitutions` (`%#@name@` in the value, each with `argNum`,
///   `formatSpecifier` and its own variations): a `.stringsdict`-style entry,
///   as Xcode compiles it: `%#@name@` becomes `%N$#@name@` and `%arg` in the
///   substitution's texts becomes the conversion `formatSpecifier` names.
///
/// States: a string unit is served when `states` has its `state` (a unit
/// with no state, or one Parlance does not know, counts as translated); the
/// source language's units are always served, being the original text. A
/// plural without a served `other` form is not served: the lookup falls back
/// along the chain instead of showing a partial plural.
///
/// The source language: every key is in its table, with its source
/// localization when there is one and served, else the key itself (as Xcode
/// builds the development language). `shouldTranslate: false` keys are in the
/// source language's table only.
///
/// Catalogs read a file with `XCStringsQuickReader` (straight into the
/// tables); the tools, and the catalogs for a file it does not take, with
/// `parse`. Both follow these rules through the same functions (below).
///
/// Members the format adds later are ignored. A member of the wrong kind
/// (`"strings" : []`, a `value` that is a number) is a syntax error located at
/// it; a localization whose locale names no language is a `.locale` error.
enum XCStringsFile {
    /// One language's entries.
    struct Localization {
        var locale: String
        var entries: [ParsedEntry]
    }

    struct Contents {
        /// The canonical tag of `sourceLanguage`.
        var sourceLanguage: String
        /// The tables, the source language's first, then the others as they first appear.
        var localizations: [Localization]
    }

    /// The tables of a catalog the quick reader takes (`XCStringsQuickReader`;
    /// only `only`'s, when given), or nil when `parse` must read it.
    static func quickTables(_ bytes: UnsafeBufferPointer<UInt8>, states: XCStringsStates, only: String?,
                            release: (Int) -> Void = { _ in }) -> [(locale: String, table: PrebuiltTable)]? {
        XCStringsQuickReader.read(bytes, states: states, only: only, release: release)
    }

    static func parse(_ bytes: [UInt8], path: String?, states: XCStringsStates = .served) throws(ParlanceError) -> Contents {
        // Read from a tape of the bytes (no JSON tree) when it takes them;
        // else the full parser reads them and says what is wrong, and where.
        let read: Result<Contents, ParlanceError>? = bytes.withUnsafeBufferPointer { text in
            guard TextDecoding.firstInvalidUTF8(text) == nil, let tape = JSONTape.read(text) else { return nil }
            do throws(ParlanceError) { return .success(try contents(tape.root, path: path, states: states)) } catch {
                return .failure(error)
            }
        }
        if let read { return try read.get() }
        return try contents(try JSONParser.parse(bytes, path: path), path: path, states: states)
    }

    /// The catalog in a JSON document, read through either view of it.
    static func contents<V: JSONView>(_ root: V, path: String?, states: XCStringsStates) throws(ParlanceError) -> Contents {
        let reader = XCStringsReader(path: path, states: served(states, sourceLanguage: false))
        let sourceReader = XCStringsReader(path: path, states: served(states, sourceLanguage: true))
        guard root.isObject else {
            throw reader.fail("a string catalog must be an object at the top level, not \(root.kindName)", at: root)
        }
        let top = root.members
        guard let source = top.last(where: { $0.keyIs("sourceLanguage") }) else {
            throw reader.fail("no \"sourceLanguage\"", at: root)
        }
        guard let sourceName = source.value.string else {
            throw reader.fail("\"sourceLanguage\" is \(source.value.kindName); expected a string", at: source.value)
        }
        let sourceLanguage = try reader.locale(sourceName, at: source.value)
        var byLocale: [String: Int] = [sourceLanguage: 0]
        var localizations = [Localization(locale: sourceLanguage, entries: [])]
        guard let strings = top.last(where: { $0.keyIs("strings") }) else { return Contents(sourceLanguage: sourceLanguage, localizations: localizations) }
        guard strings.value.isObject else {
            throw reader.fail("\"strings\" is \(strings.value.kindName); expected an object", at: strings.value)
        }
        // Each language's tag, worked out once (a catalog names a few, once per key).
        var tags: [String: String] = [:]
        for member in strings.value.members {
            let key = member.key
            guard member.value.isObject else {
                throw reader.fail("string \"\(key)\" is \(member.value.kindName); expected an object", at: member.value)
            }
            let body = member.value.members
            var translatable = true
            var sourceValue: EntryValue?
            var translations: [(table: Int, entry: ParsedEntry)] = []
            var comment: String?
            for field in body {
                if field.keyIs("comment") {
                    comment = field.value.string
                } else if field.keyIs("shouldTranslate") {
                    guard let flag = field.value.bool else {
                        throw reader.fail("\"shouldTranslate\" of \"\(key)\" is \(field.value.kindName); expected a boolean", at: field.value)
                    }
                    translatable = flag
                } else if field.keyIs("localizations") {
                    guard field.value.isObject else {
                        throw reader.fail("\"localizations\" of \"\(key)\" is \(field.value.kindName); expected an object", at: field.value)
                    }
                    for language in field.value.members {
                        let tag: String
                        if let known = tags[language.key] {
                            tag = known
                        } else {
                            tag = try reader.locale(language.key, at: language.value, line: language.line, column: language.column)
                            tags[language.key] = tag
                        }
                        let table: Int
                        if let known = byLocale[tag] {
                            table = known
                        } else {
                            // Every language the file names is a table, even one left empty by the states served.
                            table = localizations.count
                            byLocale[tag] = table
                            localizations.append(Localization(locale: tag, entries: []))
                        }
                        guard let value = try (table == 0 ? sourceReader : reader).localization(language.value, key: key)
                        else { continue }
                        if table == 0 {
                            sourceValue = value
                        } else {
                            translations.append((table, ParsedEntry(key: key, value: value, line: language.line, column: language.column)))
                        }
                    }
                }
                // Else extractionState, and what later versions add: ignored.
            }
            place(translatable: translatable, translations: translations,
                  source: sourceValue.map { ParsedEntry(key: key, value: $0, line: member.line, column: member.column) },
                  key: { ParsedEntry(key: key, value: .text(key), line: member.line, column: member.column) }) { table, entry in
                var entry = entry
                entry.comment = comment
                localizations[table].entries.append(entry)
            }
        }
        return Contents(sourceLanguage: sourceLanguage, localizations: localizations)
    }
}

/// The catalog's rules, shared by both readers (`contents` and
/// `XCStringsQuickReader`).
extension XCStringsFile {
    /// The states served in a language: every state in the source language,
    /// whose own text is the original (Xcode marks extracted source strings
    /// `new`); `states` in the others.
    static func served(_ states: XCStringsStates, sourceLanguage: Bool) -> XCStringsStates {
        sourceLanguage ? .all : states
    }

    /// Whether plural forms are served: only with a served `other` form
    /// (`has`), so that the lookup falls back along the chain instead of
    /// showing a partial plural.
    static func servesPlural(_ has: (PluralCategory) -> Bool) -> Bool {
        has(.other)
    }

    /// One key's entries, by table (the source language's is 0): its
    /// translations when the key is to be translated (`shouldTranslate`),
    /// and the source language's entry always: its served source
    /// localization, else the key itself as its text (`key`), as Xcode
    /// builds the development language.
    static func place<Entry>(translatable: Bool, translations: [(table: Int, entry: Entry)], source: Entry?,
                             key: () -> Entry, _ add: (Int, Entry) -> Void) {
        if translatable {
            for translation in translations { add(translation.table, translation.entry) }
        }
        add(0, source ?? key())
    }
}
