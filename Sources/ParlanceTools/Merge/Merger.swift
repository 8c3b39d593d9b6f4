import Parlance

/// Merges messages (from `parlance extract`, or read from tables) into the
/// tables of a catalog directory without losing a translation.
///
/// For each table the messages name (`SourceMessage.table`, nil meaning
/// `OutputFormat.defaultTable`) and each locale — the locale folders already
/// in `outputDirectory`, the development locale and `locales` — it:
/// - adds missing messages. Development locale: the text is `defaultValue`,
///   else the key; a plural message gets `one` = the key and every other
///   category the plural text (`plural` when it differs from the key, else
///   the default value or key). Other locales: the development table's text
///   (or those defaults), marked untranslated (`.strings`: `// untranslated`;
///   `.po`: empty `msgstr`; JSON and `.stringsdict` have no mark), plural
///   forms spread over the locale's CLDR categories;
/// - keeps every existing entry's value as it is, and updates notes
///   (`.strings`, `.po`) and references (`.po`) when the message brings new ones;
/// - reports entries no message uses as unused, or deletes them with
///   `deleteUnusedEntries` (`.po`: they become obsolete `#~` entries when kept,
///   and come back when the message returns);
/// - reports tables no message uses, or deletes their files with `deleteUnusedTables`.
///
/// Plural messages go to `.stringsdict` (strings format), `msgid_plural`
/// (po) or plural objects (JSON). String Catalogs, one file for every
/// language, follow Xcode's extraction instead (`XCStringsMerge`). With po, `DIR/<domain>.pot` is rewritten
/// to mirror the messages, and a development-locale `.po` is written only
/// when it exists already or the development locale is in `locales`.
///
/// Files are written atomically and only when something in them changed;
/// with `dryRun` nothing is written and the report says what would change.
public enum Merger {
    public static func merge(messages: [SourceMessage], into outputDirectory: String, format: OutputFormat,
                             locales: [String], developmentLocale: String, options: MergeOptions) throws -> MergeReport {
        let byTable = Dictionary(grouping: unique(messages), by: { $0.table ?? format.defaultTable })
        let layout = CatalogLayout(root: outputDirectory, format: format, development: developmentLocale,
                                   xliffVersion: options.xliffVersion)
        // A String Catalog holds every language of a table: merged as a whole, as Xcode extracts.
        if layout.rules.span == .catalog { return try layout.rules.mergeCatalogs(byTable, layout.place, options: options) }
        var run = MergeRun(layout: layout, options: options, development: developmentLocale)
        let present = run.layout.locales()
        var allLocales = [developmentLocale]
        for locale in present + locales where !allLocales.contains(locale) { allLocales.append(locale) }
        // gettext and XLIFF keep the development texts beside the translations (msgid, <source>):
        // the development locale gets a file of its own only when it has one or asks for one.
        if layout.rules.keepsSourceTexts, !present.contains(developmentLocale), !locales.contains(developmentLocale) {
            allLocales.removeFirst()
        }
        var existingTables = Set(run.layout.templates())
        for locale in present { existingTables.formUnion(try run.tables(locale: locale)) }
        for table in existingTables.union(byTable.keys).sorted() {
            guard let tableMessages = byTable[table] else {
                try run.unusedTable(table, locales: present)
                continue
            }
            let sorted = tableMessages.sorted { $0.id < $1.id }
            if layout.rules.keepsTemplates { try run.mergeTemplate(table, sorted) }
            // Base internationalization: Base.lproj/TABLE.storyboard (or .xib) is the
            // development language's table; only the other languages get a TABLE.strings.
            let base = layout.format.baseDocument(root: outputDirectory, table: table) != nil
            if base { run.forgetDevelopment() }   // the messages' texts are the storyboard's
            for locale in allLocales where !(base && locale == developmentLocale) {
                try run.mergeTable(table, locale: locale, sorted)
            }
        }
        try run.writeLanguageDocuments()
        return run.report
    }

    /// One message per identity: later duplicates add their notes and references.
    static func unique(_ messages: [SourceMessage]) -> [SourceMessage] {
        var order: [MessageID] = []
        var byID: [MessageID: SourceMessage] = [:]
        for message in messages {
            if var existing = byID[message.id] {
                for note in message.notes where !existing.notes.contains(note) { existing.notes.append(note) }
                for reference in message.references where !existing.references.contains(reference) {
                    existing.references.append(reference)
                }
                if existing.plural == nil { existing.plural = message.plural }
                if existing.defaultValue == nil { existing.defaultValue = message.defaultValue }
                for flag in message.formatFlags where !existing.formatFlags.contains(flag) { existing.formatFlags.append(flag) }
                byID[message.id] = existing
            } else {
                order.append(message.id)
                byID[message.id] = message
            }
        }
        return order.map { byID[$0]! }
    }
}

/// The state of one merge: its layout, options and the report so far.
struct MergeRun {
    let layout: CatalogLayout
    let options: MergeOptions
    let development: String
    var report = MergeReport()

    /// Development values of the table being merged, by stored key.
    private var developmentValues: [String: EntryValue] = [:]
    /// Development notes before this merge, by stored key.
    private var developmentNotes: [String: [String]] = [:]
    /// Files of every table of a language (XLIFF): each read once for all
    /// its tables, and those to write (once, with every table's edits) when
    /// the merge ends, by path.
    private var languageDocuments: [String: any LanguageDocument] = [:]
    private var languageWrites: [String] = []

    init(layout: CatalogLayout, options: MergeOptions, development: String) {
        self.layout = layout
        self.options = options
        self.development = development
    }

    static func references(_ message: SourceMessage) -> [String] {
        message.references.sorted().map { "\($0.path):\($0.line)" }
    }

    /// SPLocalizedString's plural variants: a plural message as one message
    /// per CLDR category of `locale`, keyed `(context##category)key`; `one`
    /// defaults to the key, the others to the plural text, as spgenstrings
    /// writes them.
    static func pluralVariants(_ messages: [SourceMessage], locale: String) -> [SourceMessage] {
        messages.flatMap { message -> [SourceMessage] in
            guard let plural = message.plural else { return [message] }
            let other = plural != message.key ? plural : (message.defaultValue ?? message.key)
            return MessageValues.rules(locale).categories.map { category in
                var variant = message
                variant.context = (message.context ?? "") + "##" + category.name
                variant.plural = nil
                variant.defaultValue = category == .one ? (message.defaultValue ?? message.key) : other
                return variant
            }
        }
    }

    /// No development table for the next table merged: new entries take the messages' own texts.
    mutating func forgetDevelopment() {
        developmentValues = [:]
        developmentNotes = [:]
    }

    mutating func mergeTable(_ table: String, locale: String, _ messages: [SourceMessage]) throws {
        let messages = options.spgenstringsPlurals && layout.rules.takesPluralVariants
            ? Self.pluralVariants(messages, locale: locale == development ? development : locale) : messages
        let isDevelopment = locale == development
        if isDevelopment {
            developmentValues = [:]
            developmentNotes = [:]
        }
        var documents = try open(table, locale: locale)
        var files = documents.map { MergeReport.FileReport(path: $0.reportPath, status: $0.existed ? .unchanged : .created) }
        let keys = messages.map { type(of: documents[0]).storageKey(key: $0.key, context: $0.context) }
        let used = Set(keys)
        var order: [String: Int] = [:]
        order.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { order[key] = position }

        // The messages no document has will look for a similar old entry
        // (outside the development locale): searched ahead, in parallel.
        if !isDevelopment, let first = documents.indices.first {
            let missing = zip(messages, keys).filter { _, key in !documents.contains { $0.contains(key) } }
            documents[first].prepareSimilar(missing.map { (key: $0.1, context: $0.0.context, msgid: $0.0.key) })
        }

        for (message, key) in zip(messages, keys) {
            let references = Self.references(message)
            let base = MessageValues.defaultValue(message, locale: isDevelopment ? locale : development)
            // The development text as the code has it (XLIFF's <source>).
            let source = isDevelopment ? base : MessageValues.spread(base, to: locale)
            if let index = documents.firstIndex(where: { $0.contains(key) }) {
                let old = documents[index].entry(key)
                var refreshed = documents[index].refresh(key, notes: message.notes, references: references,
                                                         onlyReplacing: isDevelopment ? nil : developmentNotes[key] ?? [])
                refreshed = documents[index].refreshFlags(key, message.formatFlags) || refreshed
                var following = Self.draft(message, value: .text(""), references: references)
                following.source = source
                let followed = documents[index].follow(following)
                // References that moved are written but are no update: the text, a note or the
                // fuzzy mark (a translation that does not fit a new format flag) must change.
                let now = documents[index].entry(key)
                if followed || now?.notes != old?.notes || now?.isFuzzy != old?.isFuzzy {
                    files[index].updated.append(ContextKey.display(key))
                } else {
                    files[index].kept += 1
                    if refreshed { files[index].moved += 1 }
                }
                if isDevelopment, let old {
                    developmentValues[key] = old.value
                    developmentNotes[key] = old.notes
                }
                continue
            }
            if let index = revive(key, in: &documents) {
                _ = documents[index].refresh(key, notes: message.notes, references: references, onlyReplacing: nil)
                _ = documents[index].refreshFlags(key, message.formatFlags)
                files[index].updated.append(ContextKey.display(key))
                continue
            }
            var value = isDevelopment ? base : (developmentValues[key] ?? base)
            if !isDevelopment { value = MessageValues.spread(value, to: locale) }
            if isDevelopment { developmentValues[key] = value }
            var draft = Self.draft(message, value: value, references: references)
            draft.untranslated = !isDevelopment
            draft.source = source
            guard let index = documents.firstIndex(where: { $0.accepts(value) }) else {
                files[0].notCarried.append(ContextKey.display(key) + ": no file of the format holds such a value")
                continue
            }
            if let reason = documents[index].refusal(draft) {
                files[index].notCarried.append(ContextKey.display(key) + ": " + reason)
                continue
            }
            // Android serves the default resources where a translation is missing:
            // only they get new strings (as Android Studio adds them).
            if layout.rules.addsToDevelopmentOnly && !isDevelopment { continue }
            // Outside the development locale, a changed message keeps the translation of a similar old one, fuzzy.
            if !isDevelopment, documents[index].adoptSimilar(draft, isUnused: { !used.contains($0) }) {
                files[index].added.append(ContextKey.display(key) + " (fuzzy)")
                continue
            }
            documents[index].add(draft)
            files[index].added.append(ContextKey.display(key))
        }

        for index in documents.indices {
            let unused = documents[index].keys.filter { !documents[index].isUsed($0, by: used) }
            var seen = Set<String>()
            for key in unused where seen.insert(key).inserted {
                if documents[index].retire(key, delete: options.deleteUnusedEntries) {
                    files[index].removed.append(ContextKey.display(key))
                } else {
                    files[index].unused.append(ContextKey.display(key))
                }
            }
            if options.deleteUnusedEntries, documents[index].purgeObsolete() {
                files[index].removed.append("(obsolete entries)")
            }
            // A .po follows its template's order, as msgmerge writes it.
            documents[index].sortLive(by: order)
        }
        for index in documents.indices {
            try finish(documents[index], &files[index])
        }
    }

    /// gettext's `msgid_plural` of a message: its plural text, or for a plural
    /// keyed by its singular, the default value (else the key).
    static func sourcePlural(_ message: SourceMessage) -> String? {
        message.plural.map { $0 == message.key ? (message.defaultValue ?? $0) : $0 }
    }

    static func draft(_ message: SourceMessage, value: EntryValue, references: [String]) -> EntryDraft {
        EntryDraft(key: message.key, context: message.context, sourcePlural: sourcePlural(message), value: value,
                   notes: message.notes, references: references, untranslated: false, formatFlags: message.formatFlags)
    }

    /// The documents of a table in a locale; from its language's document
    /// when one file holds every table of a language, read once per run.
    private mutating func open(_ table: String, locale: String) throws -> [any TableDocument] {
        guard layout.rules.span == .language else { return try layout.open(locale: locale, table: table) }
        return [try languageDocument(locale).document(table)]
    }

    /// The tables a locale has.
    mutating func tables(locale: String) throws -> [String] {
        layout.rules.span == .language ? try languageDocument(locale).tableNames : layout.tables(locale: locale)
    }

    private mutating func languageDocument(_ locale: String) throws -> any LanguageDocument {
        let path = layout.paths(locale: locale, table: "")[0]
        if let document = languageDocuments[path] { return document }
        let document = try layout.rules.languageDocument(layout.place, path: path, locale: locale, empty: false)
        languageDocuments[path] = document
        return document
    }

    /// Writes a changed document; a table of a language's document goes back
    /// to it, written by `writeLanguageDocuments`.
    private mutating func write(_ document: any TableDocument) throws {
        if languageDocuments[document.path] != nil {
            languageDocuments[document.path]?.update(document)
            if !languageWrites.contains(document.path) { languageWrites.append(document.path) }
            return
        }
        let hook = options.beforeRename
        try AtomicFile.write(document.render(), to: document.path, beforeRename: hook.map { h in { try h(document.path) } })
    }

    /// Writes each language's document a table of changed, once.
    mutating func writeLanguageDocuments() throws {
        let hook = options.beforeRename
        for path in languageWrites {
            guard let document = languageDocuments[path] else { continue }
            try AtomicFile.write(document.render(), to: path, beforeRename: hook.map { h in { try h(path) } })
        }
        languageWrites = []
    }

    private func revive(_ key: String, in documents: inout [any TableDocument]) -> Int? {
        for index in documents.indices where documents[index].revive(key) { return index }
        return nil
    }

    /// Rewrites `<domain>.pot` from the messages: every message once, in
    /// message order, with its notes and references; nothing else.
    mutating func mergeTemplate(_ table: String, _ messages: [SourceMessage]) throws {
        var document = try layout.rules.templateDocument(layout.place, table: table)
        var file = MergeReport.FileReport(path: document.path, status: document.existed ? .unchanged : .created)
        var order: [String: Int] = [:]
        order.reserveCapacity(messages.count)
        for (position, message) in messages.enumerated() {
            let key = type(of: document).storageKey(key: message.key, context: message.context)
            order[key] = position
            let references = Self.references(message)
            if document.contains(key) {
                let notes = document.entry(key)?.notes
                var refreshed = document.refresh(key, notes: message.notes, references: references, onlyReplacing: nil)
                refreshed = document.refreshFlags(key, message.formatFlags) || refreshed
                if document.follow(Self.draft(message, value: .text(""), references: references))
                    || document.entry(key)?.notes != notes {
                    file.updated.append(ContextKey.display(key))
                } else {
                    file.kept += 1
                    if refreshed { file.moved += 1 }
                }
                continue
            }
            let plural = Self.sourcePlural(message)
            document.add(EntryDraft(key: message.key, context: message.context, sourcePlural: plural,
                                    value: plural == nil ? .text("") : .gettextPlural(["", ""]),
                                    notes: message.notes, references: references, untranslated: true,
                                    formatFlags: message.formatFlags))
            file.added.append(ContextKey.display(key))
        }
        for key in document.keys where order[key] == nil {
            _ = document.retire(key, delete: true)
            file.removed.append(ContextKey.display(key))
        }
        if document.purgeObsolete() { file.removed.append("(obsolete entries)") }
        document.sortLive(by: order)
        try finish(document, &file)
    }

    /// Writes a document whose entries changed (a new one only when it has entries).
    private mutating func finish(_ document: any TableDocument, _ file: inout MergeReport.FileReport) throws {
        if !document.existed && document.keys.isEmpty {
            // Nothing to write; what could not be written is still said.
            file.added = []
            if !file.notCarried.isEmpty { report.files.append(file) }
            return
        }
        if file.hasChanges {
            if file.status == .unchanged { file.status = .modified }
            if !options.dryRun { try write(document) }
        } else if !document.existed {
            return
        }
        report.files.append(file)
    }

    /// A table in the directory that no message names.
    mutating func unusedTable(_ table: String, locales: [String]) throws {
        if layout.rules.span == .language {
            // One document holds every table: only the table's part goes.
            for locale in locales {
                var document = try languageDocument(locale)
                guard let reportPath = document.reportPath(table) else { continue }
                guard options.deleteUnusedTables else {
                    report.files.append(MergeReport.FileReport(path: reportPath, status: .unusedTable))
                    continue
                }
                _ = document.removeTable(table)
                languageDocuments[document.path] = document
                if !options.dryRun, !languageWrites.contains(document.path) { languageWrites.append(document.path) }
                report.files.append(MergeReport.FileReport(path: reportPath, status: .deleted))
            }
            return
        }
        var paths = locales.flatMap { layout.paths(locale: $0, table: table) }
        if layout.rules.keepsTemplates { paths.append(layout.templatePath(table: table)) }
        for path in paths where FileSystemTools.isFile(path) {
            if options.deleteUnusedTables {
                if !options.dryRun { try FileSystemTools.remove(path) }
                report.files.append(MergeReport.FileReport(path: path, status: .deleted))
            } else {
                report.files.append(MergeReport.FileReport(path: path, status: .unusedTable))
            }
        }
    }
}
