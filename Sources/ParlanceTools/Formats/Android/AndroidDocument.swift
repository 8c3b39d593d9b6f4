import Parlance

/// An Android `res/values[-qualifier]/strings.xml` read for merging: its
/// entries as the runtime reads them (aapt's compiled texts, plurals,
/// `name[i]` items of string arrays), and its bytes, which are written back
/// as they were except for the elements added (before `</resources>`, with
/// the file's indentation) and removed (with their line). An untouched file
/// is not rewritten.
///
/// Android keeps no notes, contexts or "untranslated" marks: a message with
/// a context, or whose key is not a resource name (`[A-Za-z_][A-Za-z0-9_.]*`),
/// cannot be written (`refusal`, reported by merge). String arrays and
/// `translatable="false"` strings are resources, not messages: they stay
/// whatever the messages are. So are the strings of `donottranslate.xml`,
/// which Android lint takes as not to be translated; they and
/// `translatable="false"` resources are not for translation
/// (`DocumentEntry.forTranslation`).
package struct AndroidDocument: FileDocument {
    package let path: String
    package private(set) var existed: Bool
    private var bytes: [UInt8]
    private var read: [DocumentEntry] = []
    private var byKey: [String: Int] = [:]
    /// The bytes of each element (`<string>`, `<plurals>`) by name, with the
    /// white space before it on its line and the line end after it.
    private var spans: [String: Range<Int>] = [:]
    /// Names that are resources rather than messages: never retired.
    private var fixed: Set<String> = []
    /// Names not to be translated: `translatable="false"`, or every name of `donottranslate.xml`.
    private var untranslatable: Set<String> = []
    private var removed: Set<String> = []
    private var added: [(key: String, value: EntryValue)] = []
    private var addedIndex: [String: Int] = [:]
    /// Where new elements go (the start of the `</resources>` line) and their indentation.
    private var insertion = 0
    private var indent = "    "

    /// An empty file that will replace whatever is at `path`.
    package init(emptyAt path: String) {
        self.path = path
        existed = false
        bytes = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n</resources>\n".utf8)
        insertion = bytes.count - "</resources>\n".utf8.count
    }

    package init(path: String) throws {
        self.init(emptyAt: path)
        guard FileSystemTools.exists(path) else { return }
        try read(from: path)
    }

    private mutating func read(from path: String) throws {
        existed = true
        bytes = try FileSystem.read(path)
        let parsed = try AndroidResourcesFile.parse(bytes, path: path)
        var document = try XMLDocument.parse(bytes, path: path)
        if document.root.contentRange.isEmpty, document.root.contentRange.lowerBound >= 2,
           bytes[document.root.contentRange.lowerBound - 2] == UInt8(ascii: "/") {
            // `<resources/>`: opened up so that strings can go inside (written only if some are added).
            let end = document.root.contentRange.lowerBound
            bytes.replaceSubrange(end - 2..<end, with: Array("></\(document.root.name)>".utf8))
            document = try XMLDocument.parse(bytes, path: path)
        }
        guard document.text.start == 0, document.text.bytes.count == bytes.count else {
            throw ToolError.io("only UTF-8 resource files without a byte order mark can be merged into", path: path)
        }
        for entry in parsed {
            byKey[entry.key] = read.count
            read.append(DocumentEntry(key: entry.key, value: entry.value, line: entry.line, column: entry.column,
                                      notes: [], isTranslated: true))
        }
        let root = document.root
        // Android lint: "define all your non-translatable strings in a resource file called donottranslate.xml".
        let doNotTranslate = FileSystemTools.baseName(path) == "donottranslate.xml"
        var firstChild: Int?
        for element in root.elements {
            firstChild = firstChild ?? element.offset
            guard let name = element.attribute("name") else { continue }
            let translatable = !doNotTranslate && element.attribute("translatable") != "false"
            switch element.name {
            case "string", "plurals":
                spans[name] = line(of: element)
                if !translatable {
                    fixed.insert(name)
                    untranslatable.insert(name)
                }
            case "string-array":
                for key in read.map(\.key) where key.hasPrefix(name + "[") {
                    fixed.insert(key)
                    if !translatable { untranslatable.insert(key) }
                }
            default:
                break
            }
        }
        let close = root.contentRange.upperBound
        var start = close
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        insertion = start > 0 && bytes[start - 1] == 0x0A ? start : close
        if let firstChild {
            var lead = firstChild
            while lead > 0, bytes[lead - 1] == UInt8(ascii: " ") || bytes[lead - 1] == UInt8(ascii: "\t") { lead -= 1 }
            if lead > 0, bytes[lead - 1] == 0x0A { indent = String(decoding: bytes[lead..<firstChild], as: UTF8.self) }
        }
    }

    /// The element's bytes, widened to its whole line when it stands alone on it.
    private func line(of element: XMLElement) -> Range<Int> {
        var end = element.contentRange.upperBound
        if end < bytes.count, bytes[end] == UInt8(ascii: "<") {   // an end tag: to its '>'
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            end += 1
        }
        var start = element.offset
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        var after = end
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        if (start == 0 || bytes[start - 1] == 0x0A), after < bytes.count, bytes[after] == 0x0A { return start..<after + 1 }
        return element.offset..<end
    }

    package var entries: [DocumentEntry] {
        read.compactMap { entry in
            guard !removed.contains(entry.key) else { return nil }
            var entry = entry
            entry.forTranslation = !untranslatable.contains(entry.key)
            return entry
        }
            + added.map { DocumentEntry(key: $0.key, value: $0.value, line: 0, column: 0, notes: [], isTranslated: true) }
    }

    package var keys: [String] {
        read.compactMap { removed.contains($0.key) || fixed.contains($0.key) ? nil : $0.key } + added.map(\.key)
    }

    package static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    package func accepts(_ value: EntryValue) -> Bool {
        switch value {
        case .text, .plural: return true
        default: return false
        }
    }

    /// Why a message cannot be written here, or nil.
    package func refusal(_ draft: EntryDraft) -> String? {
        if draft.context != nil { return "Android resources have no contexts" }
        guard Self.isResourceName(draft.key) else { return "not an Android resource name ([A-Za-z_][A-Za-z0-9_.]*)" }
        return nil
    }

    static func isResourceName(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        else { return false }
        return key.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
        }
    }

    package func entry(_ key: String) -> DocumentEntry? {
        if let index = byKey[key], !removed.contains(key) { return read[index] }
        return addedIndex[key].map {
            DocumentEntry(key: key, value: added[$0].value, line: 0, column: 0, notes: [], isTranslated: true)
        }
    }

    package func contains(_ key: String) -> Bool { (byKey[key] != nil && !removed.contains(key)) || addedIndex[key] != nil }

    package mutating func add(_ draft: EntryDraft) {
        guard accepts(draft.value), refusal(draft) == nil, addedIndex[draft.key] == nil else { return }
        addedIndex[draft.key] = added.count
        added.append((draft.key, draft.value))
    }

    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        false
    }

    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, byKey[key] != nil, spans[key] != nil, !fixed.contains(key) else { return false }
        return removed.insert(key).inserted
    }

    package func render() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + added.count * 64)
        let cuts = removed.compactMap { spans[$0] }.sorted { $0.lowerBound < $1.lowerBound }
        var copied = 0
        func copy(to end: Int) {
            for cut in cuts where cut.lowerBound >= copied && cut.lowerBound < end {
                out += bytes[copied..<cut.lowerBound]
                copied = cut.upperBound
            }
            if copied < end { out += bytes[copied..<end] }
            copied = max(copied, end)
        }
        copy(to: insertion)
        if !added.isEmpty, insertion > 0, bytes[insertion - 1] != 0x0A { out.append(0x0A) }
        for (key, value) in added {
            switch value {
            case .plural(let forms):
                out += "\(indent)<plurals name=\"\(key)\">\n".utf8
                for category in forms.categories {
                    out += "\(indent)\(indent)<item quantity=\"\(category.name)\">\(AndroidWriter.escape(forms[category] ?? ""))</item>\n".utf8
                }
                out += "\(indent)</plurals>\n".utf8
            default:
                out += "\(indent)<string name=\"\(key)\">\(AndroidWriter.escape(value.texts.first ?? ""))</string>\n".utf8
            }
        }
        copy(to: bytes.count)
        return out
    }
}
