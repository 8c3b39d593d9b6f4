import Parlance

/// One table of an XLIFF 1.2 or 2.0 document (`<lang>.xliff`), read for
/// merging so that writing it back changes nothing but what was edited.
///
/// The table is every `<file>` whose `original` (2.0: else its `id`) names
/// it, the runtime's rule (`XLIFFFile.tableName`); the other files of the
/// document are other tables and stay as they are. Entries are the units
/// of those files, in groups too, keyed as the runtime keys them (`resname`
/// or `id`; 2.0 `name` or `id`), Xcode's `.stringsdict` units one plural
/// entry (`XLIFFStringsdict`). A unit is translated when it has a non-empty
/// target that the runtime serves (1.2: not `new` or `needs-translation`).
///
/// Edits are byte ranges replaced in the file as read (the XML reader's
/// `valueRange` and `contentRange`); everything else is written back byte
/// for byte:
/// - new units go after the last unit of the table's file (texts to the
///   `TABLE.strings` file, plurals to `TABLE.stringsdict`), or in a new
///   `<file>` before `</xliff>`, in the indentation and line breaks of the
///   file (`XLIFFUnits` spells them); untranslated ones have a source and
///   no target;
/// - a unit whose source changed gets the new source and keeps its target,
///   marked for review (1.2: `state="needs-review-translation"`, and
///   `approved="no"` where it was `yes`; 2.0: the segment's `state="initial"`);
/// - notes: the unit's developer notes (`<note>` without `from`, or
///   `from="developer"`; 2.0: without `category`, or `category="developer"`)
///   follow the message's; other notes (a translator's) stay;
/// - a unit no message uses is kept, or deleted with its line.
package struct XLIFFDocument: TableDocument {
    package let path: String
    package private(set) var existed: Bool
    /// Set by `XLIFFLanguageFile`, which makes every table of a document from one reading.
    var table: String
    let sourceLanguage: String
    let targetLanguage: String
    private(set) var version2: Bool
    var bytes: [UInt8] = []
    /// The line break of the file (CR LF when its first is).
    var newline = "\n"
    /// One level of indentation: the white space before the first `<file>`.
    var step = "  "
    var units: [Unit] = []
    /// Entries in file order (added ones last): a text unit or a plural's units.
    var groups: [Group] = []
    var groupByKey: [String: Int] = [:]
    /// How units are keyed (Symfony's `translations/` documents: by `resname`
    /// or source); new 1.2 units then carry their key as `resname` too.
    var keying: XLIFFFile.Units = .unitIDs
    /// The table's files: where its new units go.
    var containers: [Container] = []
    /// Where new `<file>` elements go: before `</xliff>`.
    var rootInsertion = 0
    var rootIndent = ""
    /// 2.0 ids taken: files' in the document, units' in the table's files.
    var fileIDs: Set<String> = []
    var unitIDs: Set<String> = []
    var edits: [Edit] = []
    /// The bytes of the table's files, with their lines.
    var fileSpans: [Range<Int>] = []

    /// A unit as read, with the places edits go.
    struct Unit {
        var key: String
        var line: Int
        var column: Int
        var source: String
        /// nil when the unit has no target (2.0: no segment has one).
        var target: String?
        /// 1.2: the target's `state`; 2.0: the first segment's.
        var state: String?
        /// The developer notes' texts.
        var notes: [String]
        /// The unit's bytes, widened to its lines when it stands alone on them.
        var span: Range<Int>
        /// The `<source>` elements (2.0: one per segment).
        var sources: [XMLElement]
        /// Where the review state goes: the target (1.2) or first segment (2.0).
        var stateHolder: XMLElement?
        /// 1.2: the unit's `approved` attribute.
        var approved: XMLAttribute?
        var ownedNotes: [XMLElement]
        /// Where a first developer note goes, and how it is spelled there.
        var noteInsertion: Int
        var notePrefix: String
        var noteSuffix: String
        /// The white space before the unit on its line, nil when it shares the line.
        var indent: String?
        var removed = false
    }

    struct Group {
        var key: String
        var plural: Bool
        var units: [Int]
        /// Added by this merge: its value, not read from units.
        var added: DocumentEntry?
    }

    /// One `<file>` of the table: its kind and where new units go.
    struct Container {
        var plural: Bool
        var insertion: Int
        /// White space before each new unit (and its children one `step` further).
        var indent: String
        /// For a container written as `<body/>`: the bytes replaced by its opening.
        var selfClosing: Range<Int>?
        var closingIndent: String
        /// Text before the first added unit (a line break when the close tag is not on its own line).
        var lead: String
        /// A file this merge adds, rendered at `rootInsertion`.
        var isNew = false
        /// The element's name, for closing one written as `<body/>`.
        var closingName = ""
        var added: [String] = []
        /// A new file's `original` and id (2.0).
        var original: String = ""
        var id: String = ""
    }

    struct Edit {
        var range: Range<Int>
        var bytes: [UInt8]
    }

    /// A document with no file yet (or one that will replace whatever is at `path`).
    package init(emptyAt path: String, table: String, sourceLanguage: String, targetLanguage: String, version: XLIFFVersion) {
        self.path = path
        self.table = table
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        existed = false
        version2 = version == .v20
        let header = version2
            ? "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"\(XLIFFUnits.attribute(sourceLanguage))\" "
                + "trgLang=\"\(XLIFFUnits.attribute(targetLanguage))\">\n"
            : "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        bytes = Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + header + "</xliff>\n").utf8)
        // A document of ours: it parses, and has no files.
        if let document = try? XMLDocument.parse(bytes, path: path) { readLayout(document.root) }
    }

    /// Reads the table `table` of `path`; a missing file reads as an empty
    /// document of `version`. (Several tables of one file: `XLIFFLanguageFile`.)
    package init(path: String, table: String, sourceLanguage: String, targetLanguage: String, version: XLIFFVersion) throws {
        self = try XLIFFLanguageFile(path: path, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, version: version)
            .table(table)
    }

    /// The layout of an existing document (line breaks, indentation, file
    /// ids, where new files go) and none of its tables' files: what
    /// `XLIFFLanguageFile` makes each table from.
    init(layoutOf document: XMLDocument, path: String, sourceLanguage: String, targetLanguage: String) {
        self.path = path
        table = ""
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        existed = true
        version2 = false
        bytes = document.text.bytes
        readLayout(document.root)
    }

    /// The document, checked: an `<xliff>` root, UTF-8 (offsets index the
    /// file's bytes); a root written `<xliff .../>` is opened so that files can go in.
    static func parse(_ bytes: [UInt8], path: String) throws -> XMLDocument {
        var document = try XMLDocument.parse(bytes, path: path)
        guard document.root.localName == "xliff" else {
            throw ToolError.io("an XLIFF document has an <xliff> root, not <\(document.root.name)>", path: path)
        }
        guard document.text.encoding == .utf8 else {
            throw ToolError.io("only UTF-8 XLIFF documents can be merged into", path: path)
        }
        let at = document.root.contentRange.lowerBound
        if document.root.contentRange.isEmpty, at >= 2, bytes[at - 2] == UInt8(ascii: "/"), bytes[at - 1] == UInt8(ascii: ">") {
            var opened = bytes
            opened.replaceSubrange(at - 2..<at, with: Array("></\(document.root.name)>".utf8))
            document = try XMLDocument.parse(opened, path: path)
        }
        return document
    }

    /// The tables of a document, in the order their first files come.
    static func tableNames(_ document: XMLDocument) -> [String] {
        let version2 = isVersion2(document.root)
        var names: [String] = []
        var seen = Set<String>()
        for file in document.root.elements(named: "file") {
            let name = tableName(file, version2: version2)
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Every table of the document at `path`, read once.
    static func tables(path: String, sourceLanguage: String, targetLanguage: String) throws -> [XLIFFDocument] {
        try XLIFFLanguageFile(path: path, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, version: .v12).tables
    }

    static func isVersion2(_ root: XMLElement) -> Bool { root.attribute("version")?.hasPrefix("2") ?? false }

    static func tableName(_ file: XMLElement, version2: Bool) -> String {
        XLIFFFile.tableName(file.attribute("original") ?? (version2 ? file.attribute("id") : nil))
    }

    package var reportPath: String { path + "#" + table }

    // MARK: Reading

    /// What every table of the document shares: its version, line breaks,
    /// indentation step, file ids and where new files go.
    private mutating func readLayout(_ root: XMLElement) {
        version2 = Self.isVersion2(root)
        if let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), bytes[first] == 0x0D,
           first + 1 < bytes.count, bytes[first + 1] == 0x0A {
            newline = "\r\n"
        }
        rootIndent = lineIndent(before: root.offset) ?? ""
        let files = root.elements(named: "file")
        if let first = files.first, let indent = lineIndent(before: first.offset), indent.count > rootIndent.count {
            step = String(indent.dropFirst(rootIndent.count))
        }
        for file in files {
            if let id = file.attribute("id") { fileIDs.insert(id) }
        }
        let (insertion, lead, _) = insertionPoint(root)
        rootInsertion = insertion
        rootLead = lead
    }

    /// One `<file>` of the table (`locator` goes through the document once, in file order).
    mutating func read(file: XMLElement, locator: inout XMLDocument.Locator) {
        let plural = file.attribute("original")?.hasSuffix(".stringsdict") ?? false
        let body = version2 ? file : file.elements(named: "body").first ?? file
        let before = units.count
        collect(body, locator: &locator)
        let fileIndent = lineIndent(before: file.offset) ?? rootIndent + step
        let bodyIndent = body.offset == file.offset ? fileIndent : lineIndent(before: body.offset) ?? fileIndent + step
        let unitIndent = units.count > before ? units[units.count - 1].indent ?? bodyIndent + step : bodyIndent + step
        let (insertion, lead, selfClosing) = insertionPoint(body)
        containers.append(Container(plural: plural, insertion: insertion, indent: unitIndent, selfClosing: selfClosing,
                                    closingIndent: bodyIndent, lead: lead, closingName: body.name))
        fileSpans.append(line(of: file))
    }

    /// Text before new files (a line break when `</xliff>` is not on its own line).
    var rootLead = ""

    private mutating func collect(_ element: XMLElement, locator: inout XMLDocument.Locator) {
        for child in element.elements {
            switch child.localName {
            case "trans-unit" where !version2, "unit" where version2:
                guard let key = keying == .symfony ? XLIFFFile.symfonyKey(child, version2: version2)
                        : version2 ? child.attribute("name") ?? child.attribute("id") : child.attribute("resname") ?? child.attribute("id")
                else { continue }
                if version2, let id = child.attribute("id") { unitIDs.insert(id) }
                let (line, column) = locator.location(of: child.offset)
                append(unit(child, key: key, line: line, column: column))
            case "group", "body":
                collect(child, locator: &locator)
            default:
                continue
            }
        }
    }

    private mutating func append(_ unit: Unit) {
        let index = units.count
        units.append(unit)
        if let split = XLIFFStringsdict.split(unit.key) {
            if let group = groupByKey[split.key], groups[group].plural {
                groups[group].units.append(index)
                return
            }
            addGroup(Group(key: split.key, plural: true, units: [index]))
        } else {
            addGroup(Group(key: unit.key, plural: false, units: [index]))
        }
    }

    mutating func addGroup(_ group: Group) {
        if groupByKey[group.key] == nil { groupByKey[group.key] = groups.count }
        groups.append(group)
    }

    private func unit(_ element: XMLElement, key: String, line: Int, column: Int) -> Unit {
        let span = self.line(of: element)
        if version2 {
            let segments = element.elements.filter { $0.localName == "segment" || $0.localName == "ignorable" }
            var source = "", target = ""
            var sources: [XMLElement] = []
            var translated = false
            for part in segments {
                if let element = part.elements(named: "source").first {
                    sources.append(element)
                    source += XLIFFFile.inlineText(element)
                }
                if let element = part.elements(named: "target").first {
                    translated = translated || part.localName == "segment"
                    target += XLIFFFile.inlineText(element)
                }
            }
            let firstSegment = segments.first { $0.localName == "segment" }
            let notes = element.elements(named: "notes").first
            let owned = notes?.elements(named: "note").filter { [nil, "developer"].contains($0.attribute("category")) } ?? []
            var insertion = 0, prefix = "", suffix = ""
            if let notes {
                // Inside `<notes>`, first.
                insertion = notes.contentRange.lowerBound
                let indent = notes.elements.first.flatMap { lineIndent(before: $0.offset) } ?? (lineIndent(before: notes.offset).map { $0 + step })
                prefix = indent.map { newline + $0 } ?? ""
            } else if let anchor = element.elements.first(where: { $0.localName != "notes" && $0.localName != "metadata" && $0.localName != "res" }) ?? firstSegment {
                // A `<notes>` before the segments.
                let indent = lineIndent(before: anchor.offset)
                insertion = indent.map { anchor.offset - $0.utf8.count } ?? anchor.offset
                let inner = indent.map { newline + $0 + step } ?? ""
                prefix = (indent ?? "") + "<notes>" + inner
                suffix = (indent.map { newline + $0 } ?? "") + "</notes>" + (indent == nil ? "" : newline)
            }
            return Unit(key: key, line: line, column: column, source: source, target: translated ? target : nil,
                        state: firstSegment?.attribute("state"), notes: owned.map(\.textContent), span: span, sources: sources,
                        stateHolder: translated ? firstSegment : nil, approved: nil, ownedNotes: owned,
                        noteInsertion: insertion, notePrefix: prefix, noteSuffix: suffix, indent: lineIndent(before: element.offset))
        }
        let source = element.elements(named: "source").first
        let target = element.elements(named: "target").first
        let owned = element.elements(named: "note").filter { [nil, "developer"].contains($0.attribute("from")) }
        // A first note goes after the target (else the source), on a line of its own when they are.
        let anchor = target ?? source ?? element
        let after = anchor.offset == element.offset ? element.contentRange.lowerBound : end(of: anchor)
        let indent = lineIndent(before: anchor.offset)
        return Unit(key: key, line: line, column: column, source: source.map(XLIFFFile.inlineText) ?? "",
                    target: target.map(XLIFFFile.inlineText), state: target?.attribute("state"), notes: owned.map(\.textContent),
                    span: span, sources: source.map { [$0] } ?? [], stateHolder: target,
                    approved: element.attributes.first { $0.name == "approved" }, ownedNotes: owned,
                    noteInsertion: after, notePrefix: indent.map { newline + $0 } ?? "", noteSuffix: "",
                    indent: lineIndent(before: element.offset))
    }

    /// Where new children of `element` go: the start of its close tag's line
    /// (or the close tag itself), with the text to put before them; for
    /// `<name/>`, the `/>` to replace.
    private func insertionPoint(_ element: XMLElement) -> (offset: Int, lead: String, selfClosing: Range<Int>?) {
        let close = element.contentRange.upperBound
        if isSelfClosing(element) { return (close, "", close - 2..<close) }
        var start = close
        while start > element.contentRange.lowerBound, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        if start > 0, bytes[start - 1] == 0x0A { return (start, "", nil) }
        return (close, newline, nil)
    }

    func isSelfClosing(_ element: XMLElement) -> Bool {
        let at = element.contentRange.lowerBound
        return element.contentRange.isEmpty && at >= 2 && bytes[at - 1] == UInt8(ascii: ">") && bytes[at - 2] == UInt8(ascii: "/")
    }

    /// The offset after an element's end tag (or after `/>`).
    func end(of element: XMLElement) -> Int {
        if isSelfClosing(element) { return element.contentRange.lowerBound }
        var end = element.contentRange.upperBound
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        return min(end + 1, bytes.count)
    }

    /// The white space between the start of `offset`'s line and `offset`, nil when something else is there.
    func lineIndent(before offset: Int) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// The element's bytes, widened to its whole lines when it stands alone on them.
    func line(of element: XMLElement) -> Range<Int> {
        let end = end(of: element)
        var start = element.offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        var after = end
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        if after < bytes.count, bytes[after] == 0x0D, after + 1 < bytes.count, bytes[after + 1] == 0x0A { after += 1 }
        if start == 0 || bytes[start - 1] == 0x0A, after < bytes.count, bytes[after] == 0x0A { return start..<after + 1 }
        return element.offset..<end
    }
}
