@testable import Parlance
@testable import ParlanceTools

/// The tools' side of the tests' `kv` format: `ROOT/LANG.kv`, one table.
struct KeyValueToolFormat: FileDocumentFormat {
    typealias Document = KeyValueDocument

    var name: String { "kv" }
    var tableFormats: [TableFormat] { [KeyValueTableFormat.shared.format] }
    var messageExtensions: [String] { ["kv"] }
    var folderShape: String { "LANG.kv files" }
    /// No untranslated mark: a copy of the source counts as untranslated.
    func marksUntranslated(_ format: TableFormat) -> Bool { false }

    func directory(_ place: CatalogPlace, locale: String) -> String { place.root }
    func paths(_ place: CatalogPlace, locale: String, table: String) -> [String] { [place.join(locale + ".kv")] }

    func locale(member name: String, _ place: CatalogPlace) -> String? {
        let (stem, ext) = FileSystemTools.splitExtension(name)
        return ext == "kv" && !stem.isEmpty ? stem : nil
    }

    func tables(_ place: CatalogPlace, locale: String) -> [String] {
        FileSystem.isFile(paths(place, locale: locale, table: "")[0]) ? [defaultTable] : []
    }

    func holds(_ place: CatalogPlace) -> Bool { !locales(place).isEmpty }

    func target(file: Bool) -> ConvertTarget { ConvertTarget(name: "kv", contexts: .composed, variables: false) }

    func files(_ tables: [ConvertedTable], file: Bool, place: CatalogPlace,
               path: (String) -> String) throws -> [(path: String, text: String)] {
        try eachTable(tables, file: file, path: path) { table in
            [(table.locale + ".kv", KeyValueFile.render(table.entries.map { ($0.key, $0.value, []) }))]
        }
    }
}

/// A `.kv` file read for merging: its entries in order, written back as lines.
struct KeyValueDocument: FileDocument {
    let path: String
    let existed: Bool
    private(set) var entries: [DocumentEntry] = []
    private var index: [String: Int] = [:]

    init(emptyAt path: String) {
        self.path = path
        existed = false
    }

    init(path: String) throws {
        self.path = path
        let read = try FileSystemTools.readIfPresent(path)
        existed = read != nil
        guard let bytes = read else { return }
        for entry in try KeyValueFile.parse(bytes, path: path) {
            index[entry.key] = entries.count
            entries.append(DocumentEntry(key: entry.key, value: entry.value, line: entry.line, column: entry.column,
                                         notes: entry.comment.map { [$0] } ?? [], isTranslated: true))
        }
    }

    static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    func accepts(_ value: EntryValue) -> Bool {
        switch value {
        case .text, .plural: return true
        default: return false
        }
    }

    func entry(_ key: String) -> DocumentEntry? { index[key].map { entries[$0] } }

    mutating func add(_ draft: EntryDraft) {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        index[key] = entries.count
        entries.append(DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: draft.notes, isTranslated: true))
    }

    mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        guard let at = index[key], entries[at].notes != notes else { return false }
        if let onlyReplacing, !entries[at].notes.isEmpty, entries[at].notes != onlyReplacing { return false }
        entries[at].notes = notes
        return true
    }

    mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, let at = index[key] else { return false }
        entries.remove(at: at)
        index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($0.element.key, $0.offset) })
        return true
    }

    func render() -> [UInt8] { Array(KeyValueFile.render(entries.map { ($0.key, $0.value, $0.notes) }).utf8) }
}

/// Registers the tests' `kv` format with the runtime and the tools, once per process.
enum KeyValueFormat {
    static let registered: Bool = {
        TableFormat.register(KeyValueTableFormat.shared) && OutputFormat.register(KeyValueToolFormat())
    }()
}
