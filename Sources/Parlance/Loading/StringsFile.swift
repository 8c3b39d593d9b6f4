/// Apple `.strings` tables in any of the three forms Apple tools write: the
/// old-style text grammar (`"key" = "value";`), an XML property list, or a
/// binary property list (what compiled bundles ship).
package enum StringsFile {
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
    /// that cannot start a key made the reader ignore the rest of the file.
    package static func parseReportingIgnoredText(_ bytes: [UInt8], path: String?) throws(ParlanceError)
        -> (entries: [ParsedEntry], ignored: ParlanceError?) {
        if PropertyListSniffing.isBinary(bytes) {
            return (try entries(of: try BinaryPropertyList.read(bytes, path: path), path: path), nil)
        }
        let text = try TextDecoding.utf8(bytes, path: path)
        if PropertyListSniffing.isXML(utf8: text.bytes[text.start...]) {
            let scalars = try TextDecoding.decode(bytes, path: path).scalars
            return (try entries(of: try PropertyListXML.read(scalars, path: path), path: path), nil)
        }
        let (entries, ignoredFrom) = try StringsParser.parse(text, path: path)
        let ignored = ignoredFrom.map {
            ParlanceError(.syntax, "unexpected \($0.found), expected a key; the rest of the file is ignored",
                          path: path, line: $0.line, column: $0.column)
        }
        return (entries, ignored)
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
