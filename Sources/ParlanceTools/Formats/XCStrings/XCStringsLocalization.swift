import Parlance

/// The localizations of a String Catalog entry as Xcode writes them, made
/// from entry values (the inverse of the runtime's `XCStringsReader`), and
/// the entries of a catalog as tools see them.
enum XCStringsLocalization {
    /// A `stringUnit`'s `state`: `translated`, or `new` for a source text
    /// taken from code (as Xcode marks an extracted value).
    enum State: String {
        case translated
        case new
    }

    /// One localization: a string unit, plural variations, or a unit with substitutions.
    static func node(_ value: EntryValue, state: State = .translated) -> JSONValue {
        switch value {
        case .text(let text):
            return object([("stringUnit", unit(text, state))])
        case .plural(let forms):
            return object([("variations", object([("plural", pluralCases(forms, state))]))])
        case .stringsdict(let format):
            if format.variesByDevice, let variations = variations(format.format, format, state, depth: 0) {
                return variations
            }
            var substitutions: [(String, JSONValue)] = []
            var position = 0
            for segment in FormatSpecifier.segments(in: format.format) {
                guard case .placeholder(let placeholder) = segment else { continue }
                if placeholder.position == nil { position += 1 }
                guard case .variable(let name) = placeholder.kind, let variable = format.variables[name],
                      !substitutions.contains(where: { $0.0 == name }) else { continue }
                let specifier = variable.valueType.isEmpty ? "lld" : variable.valueType
                let forms: PluralForms
                switch variable.rule {
                case .plural(let texts): forms = texts
                case .device(let byDevice): forms = PluralForms([.other: Device.choose(byDevice, for: nil) ?? ""])
                case .width(let widths): forms = PluralForms([.other: widths.max { $0.width < $1.width }?.text ?? ""])
                }
                substitutions.append((name, object([
                    ("argNum", .number(String(placeholder.position ?? position))),
                    ("formatSpecifier", .string(specifier)),
                    ("variations", object([("plural", pluralCases(forms.mapTexts { argument($0, specifier) }, state))])),
                ])))
            }
            return object([("stringUnit", unit(format.format, state)), ("substitutions", object(substitutions))])
        case .gettextPlural(let texts):
            return object([("stringUnit", unit(texts.first ?? "", state))])
        }
    }

    /// A new catalog of every language's entries, each unit `translated`.
    static func catalog(sourceLanguage: String, path: String, _ tables: [(locale: String, entries: [ConvertEntry])]) -> String {
        var localizations: [String: [(String, JSONValue)]] = [:]
        var comments: [String: String] = [:]
        var order: [String] = []
        for table in tables {
            for entry in table.entries {
                if localizations[entry.key] == nil { order.append(entry.key) }
                localizations[entry.key, default: []].append((table.locale, node(entry.value)))
                // The development language's note first, as the catalog keeps one per key.
                if let comment = entry.comment, comments[entry.key] == nil || table.locale == sourceLanguage { comments[entry.key] = comment }
            }
        }
        var document = XCStringsDocument(emptyAt: path, sourceLanguage: sourceLanguage)
        for key in order {
            var members = [XCStringsJSON.member("localizations", object(localizations[key]!))]
            if let comment = comments[key] { members.insert(XCStringsJSON.member("comment", .string(comment)), at: 0) }
            document.setEntry(key, members)
        }
        return String(decoding: document.render(), as: UTF8.self)
    }

    /// A text that is one device or plural variable, as `variations` (the
    /// inverse of `XCStringsReader.DeviceFormat`), its texts likewise; nil
    /// when a text holds anything else beside a variable.
    private static func variations(_ text: String, _ format: StringsdictFormat, _ state: State, depth: Int) -> JSONValue? {
        let segments = FormatSpecifier.segments(in: text)
        guard segments.count == 1, case .placeholder(let placeholder) = segments[0],
              case .variable(let name) = placeholder.kind, let variable = format.variables[name] else {
            let variables = segments.contains { segment in
                guard case .placeholder(let p) = segment, case .variable = p.kind else { return false }
                return true
            }
            return variables ? nil : object([("stringUnit", unit(text, state))])
        }
        guard depth < 8 else { return nil }
        var cases: [(String, JSONValue)] = []
        let kind: String
        switch variable.rule {
        case .device(let texts):
            kind = "device"
            for device in texts.keys.sorted() {
                guard let inner = variations(texts[device]!, format, state, depth: depth + 1) else { return nil }
                cases.append((device, inner))
            }
        case .plural(let forms):
            kind = "plural"
            for category in forms.categories {
                guard let inner = variations(forms[category] ?? "", format, state, depth: depth + 1) else { return nil }
                cases.append((category.name, inner))
            }
        case .width:
            return nil
        }
        return object([("variations", object([(kind, object(cases))]))])
    }

    /// An object whose members are put in Xcode's order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(XCStringsJSON.merged([], members.map { XCStringsJSON.member($0.0, $0.1) }))
    }

    private static func unit(_ text: String, _ state: State) -> JSONValue {
        object([("state", .string(state.rawValue)), ("value", .string(text))])
    }

    private static func pluralCases(_ forms: PluralForms, _ state: State) -> JSONValue {
        object(forms.categories.map { ($0.name, object([("stringUnit", unit(forms[$0] ?? "", state))])) })
    }

    /// The substitution's own conversion, unnumbered, as `%arg` (the reader's inverse).
    private static func argument(_ text: String, _ specifier: String) -> String {
        text.replacingAll("%" + specifier, with: "%arg")
    }

    // MARK: Reading

    /// Every language's entries of the catalog at `path` as the runtime reads
    /// them (every state), each with the entry's `comment` as its note; the
    /// source language first. A localization outside the source language
    /// with a unit whose state is `new` (its own, or one of its plural,
    /// device or substitution variations) is not translated yet.
    static func entries(path: String) throws -> (sourceLanguage: String, tables: [(locale: String, entries: [DocumentEntry])]) {
        let bytes = try FileSystem.read(path)
        let read = try TableFormat.stringCatalogLanguages(bytes, path: path)
        let document = try XCStringsDocument(bytes: bytes, path: path, read: read)
        let tables = read.tables.map { table in
            (table.locale, table.entries.map { parsed in
                let members = document.entry(parsed.key) ?? []
                let notes = XCStringsJSON.string("comment", in: members).map { [$0] } ?? []
                var translated = true
                if table.locale != read.sourceLanguage {
                    let localizations = XCStringsJSON.object("localizations", in: members) ?? []
                    let localization = localizations.first { (try? LocaleName.canonical($0.key)) == table.locale }
                    translated = !(localization.map { hasNewUnit($0.value.value) } ?? false)
                }
                return DocumentEntry(key: parsed.key, value: parsed.value, line: parsed.line, column: parsed.column,
                                     notes: notes, isTranslated: translated)
            })
        }
        return (read.sourceLanguage, tables)
    }

    /// Whether a localization holds a `stringUnit` in state `new`, at any depth.
    private static func hasNewUnit(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        if let unit = XCStringsJSON.object("stringUnit", in: members), XCStringsJSON.string("state", in: unit) == "new" { return true }
        return members.contains { $0.key != "stringUnit" && hasNewUnit($0.value.value) }
    }
}
