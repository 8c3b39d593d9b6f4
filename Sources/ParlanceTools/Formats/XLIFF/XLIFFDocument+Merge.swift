import Parlance

/// What merge, lint, stats and pseudo see of an XLIFF table, and the edits
/// merge makes (see `XLIFFDocument`).
extension XLIFFDocument {
    package var entries: [DocumentEntry] { groups.compactMap(entry(of:)) }

    package var keys: [String] { groups.compactMap { isLive($0) ? $0.key : nil } }

    /// The development texts of the table: each unit's source, as an entry.
    package var sourceEntries: [DocumentEntry] {
        groups.compactMap { group in
            guard group.added == nil, isLive(group) else { return nil }
            var entry = entry(of: group)
            entry?.value = value(group, \.source)
            entry?.isTranslated = true
            entry?.isFuzzy = false
            return entry
        }
    }

    package func contains(_ key: String) -> Bool { groupByKey[key].map { isLive(groups[$0]) } ?? false }

    package func entry(_ key: String) -> DocumentEntry? { groupByKey[key].flatMap { entry(of: groups[$0]) } }

    /// Apple's `(context)key`, as the runtime looks up XLIFF tables.
    package static func storageKey(key: String, context: String?) -> String { ContextKey.compose(key, context: context) }

    /// Texts and plurals (a `.stringsdict` value whose variables are all plural).
    package func accepts(_ value: EntryValue) -> Bool {
        switch value {
        case .text, .plural: return true
        case .stringsdict(let format):
            return format.variables.values.allSatisfy { if case .plural = $0.rule { true } else { false } }
        case .gettextPlural: return false
        }
    }

    package func refusal(_ draft: EntryDraft) -> String? {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        if let why = XLIFFUnits.unwritable(key) { return "a key " + why }
        if XLIFFStringsdict.split(key) != nil { return "a key XLIFF reads as a part of an Xcode plural entry" }
        for text in draft.value.texts + (draft.source?.texts ?? []) + draft.notes {
            if let why = XLIFFUnits.unwritable(text) { return "a text " + why }
        }
        return nil
    }

    private func isLive(_ group: Group) -> Bool { group.added != nil || group.units.contains { !units[$0].removed } }

    private func entry(of group: Group) -> DocumentEntry? {
        if let added = group.added { return added }
        guard isLive(group), let first = group.units.first else { return nil }
        let unit = units[first]
        let targets = group.units.map { units[$0].target }
        let translated = !targets.contains(nil) && !targets.contains("")
            && (version2 || group.units.allSatisfy { XLIFFFile.servesTarget(state: units[$0].state) })
        // Marked for review (a source that changed): served, but not translated yet, like gettext's fuzzy.
        let review = translated && (version2 ? unit.state == "initial" : unit.state?.hasPrefix("needs-review") == true)
        return DocumentEntry(key: group.key, value: value(group, translated ? { $0.target ?? "" } : \.source),
                             line: unit.line, column: unit.column, notes: unit.notes.filter { !$0.isEmpty },
                             isTranslated: translated && !review, isFuzzy: review)
    }

    /// A group's text, or its `.stringsdict` value, from each unit's `text`.
    private func value(_ group: Group, _ text: (Unit) -> String) -> EntryValue {
        guard group.plural else { return .text(text(units[group.units[0]])) }
        var format = StringsdictFormat(format: "", variables: [:])
        for index in group.units {
            guard let (_, form) = XLIFFStringsdict.split(units[index].key) else { continue }
            guard let (name, category) = form else {
                format.format = text(units[index])
                continue
            }
            var forms = PluralForms()
            if case .plural(let given)? = format.variables[name]?.rule { forms = given }
            forms[category] = text(units[index])
            format.variables[name] = StringsdictFormat.Variable(name: name, valueType: "", rule: .plural(forms))
        }
        return .stringsdict(format)
    }

    // MARK: Changes

    package mutating func add(_ draft: EntryDraft) {
        guard accepts(draft.value), refusal(draft) == nil else { return }
        let key = Self.storageKey(key: draft.key, context: draft.context)
        let plural = XLIFFUnits.isPlural(draft.value)
        let translated = !draft.untranslated
        let note = draft.notes.isEmpty ? nil : EntryComment.text(draft.notes)
        let written = plural
            ? XLIFFUnits.plural(key: key, value: draft.value, source: draft.source ?? draft.value, note: note, translated: translated)
            : [XLIFFUnits.Unit(key: key, source: draft.source?.texts.first ?? draft.value.texts.first ?? "",
                               target: translated ? draft.value.texts.first ?? "" : nil, note: note)]
        var container = containers.firstIndex { $0.plural == plural } ?? (plural ? nil : containers.indices.first)
        if container == nil {
            var id = ""
            if version2 {
                id = Self.fresh("f", taken: &fileIDs, from: fileIDs.count + 1)
            }
            containers.append(Container(plural: plural, insertion: rootInsertion,
                                        indent: rootIndent + step + step + (version2 ? "" : step), selfClosing: nil,
                                        closingIndent: "", lead: "", isNew: true,
                                        original: XLIFFUnits.original(table: table, plural: plural), id: id))
            container = containers.count - 1
        }
        let index = container!
        for unit in written {
            let text: String
            if version2 {
                let id = Self.fresh("u", taken: &unitIDs, from: unitIDs.count + 1)
                text = XLIFFUnits.version20(unit, id: id, indent: containers[index].indent, step: step, newline: newline)
            } else {
                text = XLIFFUnits.version12(unit, resname: keying == .symfony, indent: containers[index].indent, step: step,
                                            newline: newline)
            }
            containers[index].added.append(text)
        }
        addGroup(Group(key: key, plural: plural, units: [],
                       added: DocumentEntry(key: key, value: draft.value, line: 0, column: 0, notes: draft.notes,
                                            isTranslated: translated)))
    }

    /// A name `PREFIX<N>` not taken yet (2.0 ids), taken now.
    private static func fresh(_ prefix: String, taken: inout Set<String>, from start: Int) -> String {
        var number = start
        while taken.contains(prefix + String(number)) { number += 1 }
        taken.insert(prefix + String(number))
        return prefix + String(number)
    }

    /// The developer notes follow the message's (one `<note>`, the notes on
    /// lines of their own); a translator's notes stay. `onlyReplacing` is not
    /// needed: the file tells developer notes apart.
    package mutating func refresh(_ key: String, notes: [String], references: [String], onlyReplacing: [String]?) -> Bool {
        guard !notes.isEmpty, let group = groupByKey[key], groups[group].added == nil, let index = groups[group].units.first,
              !units[index].removed else { return false }
        let text = EntryComment.text(notes)
        let unit = units[index]
        guard unit.notes.filter({ !$0.isEmpty }) != [text], XLIFFUnits.unwritable(text) == nil else { return false }
        if let first = unit.ownedNotes.first {
            replaceContent(first, with: XLIFFUnits.escape(text))
            for other in unit.ownedNotes.dropFirst() { edits.append(Edit(range: line(of: other), bytes: [])) }
        } else {
            edits.append(Edit(range: unit.noteInsertion..<unit.noteInsertion,
                              bytes: Array((unit.notePrefix + "<note>" + XLIFFUnits.escape(text) + "</note>" + unit.noteSuffix).utf8)))
        }
        units[index].notes = [text]
        return true
    }

    /// A unit whose source is no longer the message's text gets the new
    /// source; a translation it has stays, marked for review.
    package mutating func follow(_ draft: EntryDraft) -> Bool {
        let key = Self.storageKey(key: draft.key, context: draft.context)
        guard let source = draft.source, let group = groupByKey[key], groups[group].added == nil else { return false }
        var expected: [String: String] = [:]
        if groups[group].plural {
            for unit in XLIFFUnits.plural(key: key, value: source, source: source, note: nil, translated: false) {
                expected[unit.key] = unit.source
            }
        } else if case .text(let text) = source {
            expected[key] = text
        }
        var changed = false
        for index in groups[group].units where !units[index].removed {
            guard let text = expected[units[index].key], text != units[index].source, XLIFFUnits.unwritable(text) == nil else { continue }
            changeSource(index, to: text)
            changed = true
        }
        return changed
    }

    private mutating func changeSource(_ index: Int, to text: String) {
        let unit = units[index]
        for (position, element) in unit.sources.enumerated() {
            replaceContent(element, with: position == 0 ? XLIFFUnits.escape(text) : "")
        }
        if unit.sources.isEmpty, !version2 {
            // A unit without a source gets one, first.
            let at = unit.span.lowerBound + (unit.indent?.utf8.count ?? 0)
            if let start = bytes[at...].firstIndex(of: UInt8(ascii: ">")) {
                edits.append(Edit(range: start + 1..<start + 1, bytes: Array("<source>\(XLIFFUnits.escape(text))</source>".utf8)))
            }
        }
        units[index].source = text
        guard let holder = unit.stateHolder, let target = unit.target, !target.isEmpty else { return }
        if version2 {
            setAttribute("state", to: "initial", of: holder)
            units[index].state = "initial"
        } else {
            setAttribute("state", to: "needs-review-translation", of: holder)
            units[index].state = "needs-review-translation"
            if let approved = unit.approved, approved.value == "yes" {
                edits.append(Edit(range: approved.valueRange, bytes: Array("no".utf8)))
            }
        }
    }

    /// A unit no message uses is kept; with `delete`, its units go with their lines.
    package mutating func retire(_ key: String, delete: Bool) -> Bool {
        guard delete, let group = groupByKey[key], groups[group].added == nil else { return false }
        var changed = false
        for index in groups[group].units where !units[index].removed {
            edits.append(Edit(range: units[index].span, bytes: []))
            units[index].removed = true
            changed = true
        }
        return changed
    }

    /// Takes every file of the table out of the document (`--delete-unused-tables`).
    package mutating func removeTable() -> Bool {
        guard !fileSpans.isEmpty else { return false }
        for span in fileSpans { edits.append(Edit(range: span, bytes: [])) }
        for index in units.indices { units[index].removed = true }
        fileSpans = []
        containers = []
        return true
    }

    private mutating func replaceContent(_ element: XMLElement, with text: String) {
        if isSelfClosing(element) {
            let at = element.contentRange.lowerBound
            edits.append(Edit(range: at - 2..<at, bytes: Array((">" + text + "</\(element.name)>").utf8)))
        } else {
            edits.append(Edit(range: element.contentRange, bytes: Array(text.utf8)))
        }
    }

    private mutating func setAttribute(_ name: String, to value: String, of element: XMLElement) {
        if let attribute = element.attributes.first(where: { $0.name == name }) {
            edits.append(Edit(range: attribute.valueRange, bytes: Array(XLIFFUnits.attribute(value).utf8)))
        } else {
            let at = element.offset + 1 + element.name.utf8.count
            edits.append(Edit(range: at..<at, bytes: Array(" \(name)=\"\(XLIFFUnits.attribute(value))\"".utf8)))
        }
    }

    // MARK: Writing

    package func render() -> [UInt8] {
        let (edits, created) = pending()
        return applying(edits, created: created)
    }

    /// This table's edits, and the new `<file>`s that go before `</xliff>`.
    func pending() -> (edits: [Edit], created: String) {
        var all = edits
        var created = ""
        for container in containers where !container.added.isEmpty {
            let units = container.added.joined()
            if container.isNew {
                created += newFile(container, units: units)
            } else if let selfClosing = container.selfClosing {
                all.append(Edit(range: selfClosing, bytes: Array((">" + newline + units + container.closingIndent
                                                                  + "</\(container.closingName)>").utf8)))
            } else {
                all.append(Edit(range: container.insertion..<container.insertion, bytes: Array((container.lead + units).utf8)))
            }
        }
        return (all, created)
    }

    /// The document as read with `edits` made and `created` files added (the
    /// edits of every table of the document: they never overlap).
    func applying(_ edits: [Edit], created: String) -> [UInt8] {
        var all = edits
        if !created.isEmpty { all.append(Edit(range: rootInsertion..<rootInsertion, bytes: Array((rootLead + created).utf8))) }
        // In file order; at one offset, insertions in the order made, before a replacement.
        let order = all.indices.sorted {
            let (a, b) = (all[$0].range, all[$1].range)
            if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
            if a.isEmpty != b.isEmpty { return a.isEmpty }
            return $0 < $1
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + all.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for index in order {
            let edit = all[index]
            guard edit.range.lowerBound >= copied else { continue }   // inside a span already replaced
            out += bytes[copied..<edit.range.lowerBound]
            out += edit.bytes
            copied = edit.range.upperBound
        }
        out += bytes[copied...]
        return out
    }

    /// A new `<file>` of the table, at the root's indentation plus one step.
    private func newFile(_ container: Container, units: String) -> String {
        let indent = rootIndent + step
        if version2 {
            return "\(indent)<file id=\"\(XLIFFUnits.attribute(container.id))\" original=\"\(XLIFFUnits.attribute(container.original))\">\(newline)"
                + units + "\(indent)</file>\(newline)"
        }
        return "\(indent)<file original=\"\(XLIFFUnits.attribute(container.original))\" source-language=\"\(XLIFFUnits.attribute(sourceLanguage))\" "
            + "target-language=\"\(XLIFFUnits.attribute(targetLanguage))\" datatype=\"plaintext\">\(newline)"
            + "\(indent)\(step)<body>\(newline)" + units + "\(indent)\(step)</body>\(newline)"
            + "\(indent)</file>\(newline)"
    }
}
