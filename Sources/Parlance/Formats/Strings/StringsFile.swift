/// Apple `.strings` tables in any of the three forms Apple tools write: the
/// old-style text grammar (`"key" = "value";`), an XML property list, or a
/// binary property list (what compiled bundles ship).
package enum StringsFile {
    /// The table of a `.strings` file the quick reader takes
    /// (`StringsQuickReader`), or nil when `parse` must read it.
    static func quickTable(_ bytes: UnsafeBufferPointer<UInt8>) -> PrebuiltTable? {
        TextDecoding.firstInvalidUTF8(bytes) == nil ? StringsQuickReader.read(bytes) : nil
    }

    /// Every entry in file order, duplicates included (the table keeps the
    /// last, as CoreFoundation does; lint warns). Values are `.text`.
    ///
    /// `bplist00` at the start means a binary plist; text that begins (after
    /// a BOM and white space) with `<?xml`, `<!DOCTYPE plist` or `<plist` is
    /// an XML plist; anything else is read with `StringsParser`. A property
    /// list's top level must be a dictionary of strings.
    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        try parseReportingIgnoredText(bytes, path: path).entries
    }

    /// Like `parse`, and also where CoreFoundation's rule of stopping at text
    /// that cannot start a key made the reader ignore the rest of the file
    /// (`ignored`), and the damage Foundation's parser tolerates, which the
    /// runtime tolerates with the same entries and lint reports as errors
    /// (`tolerated`): a key or a `/*` comment left unterminated at the end of
    /// the file, an odd trailing byte after UTF-16 text with a byte order mark.
    package static func parseReportingIgnoredText(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (entries: [ParsedEntry], ignored: ParlanceError?, tolerated: [ParlanceError]) {
        if PropertyListSniffing.isBinary(bytes) {
            return (try entries(of: try BinaryPropertyList.read(bytes, path: path), path: path), nil, [])
        }
        var tolerated: [ParlanceError] = []
        var bytes = bytes
        if let odd = TextDecoding.oddTrailingUTF16Byte(bytes) {
            bytes.removeLast()
            tolerated.append(ParlanceError(.encoding, "an odd byte after the last UTF-16 code unit (byte offset \(odd));"
                                           + " it is ignored, as Foundation ignores it", path: path))
        }
        let text = try TextDecoding.utf8(bytes, path: path)
        if PropertyListSniffing.isXML(utf8: text.bytes[text.start...]) {
            let scalars = try TextDecoding.decode(bytes, path: path).scalars
            return (try entries(of: try PropertyListXML.read(scalars, path: path), path: path), nil, tolerated)
        }
        let parsed = try StringsParser.parse(text, path: path)
        let ignored = parsed.ignoredFrom.map {
            ParlanceError(.syntax, "unexpected \($0.found), expected a key; the rest of the file is ignored",
                          path: path, line: $0.line, column: $0.column)
        }
        if let cut = parsed.unterminatedKey {
            tolerated.append(ParlanceError(.syntax, "unterminated string at the end of the file; the entries before it"
                                           + " are kept, as Foundation keeps them", path: path, line: cut.line, column: cut.column))
        }
        if let open = parsed.unterminatedComment {
            tolerated.append(ParlanceError(.syntax, "unterminated comment at the end of the file; the entries before it"
                                           + " are kept, as Foundation keeps them", path: path, line: open.line, column: open.column))
        }
        return (parsed.entries, ignored, tolerated)
    }

    /// The entries of a property list that must be a dictionary of strings.
    static func entries(of plist: PropertyListValue, path: String?) throws(ParlanceError) -> [ParsedEntry] {
        guard case .dict(let members) = plist else {
            throw ParlanceError(.syntax, "the top level must be a dict of strings, found \(plist.kindName)", path: path)
        }
        var entries: [ParsedEntry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            guard case .string(let text) = member.value else {
                throw .syntax("the value of \"\(member.key)\" must be a string, found \(member.value.kindName)",
                              path: path, line: member.line, column: member.column)
            }
            entries.append(ParsedEntry(key: member.key, value: .text(text), line: member.line, column: member.column))
        }
        return entries
    }
}
