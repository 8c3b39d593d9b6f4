/// Compiled gettext catalogs (`.mo`), as GNU `msgfmt` writes them
/// (`gettext-runtime/intl/gmo.h`, `gettext-tools/src/write-mo.c`), parsed
/// whole; the header is validated by `MOHeader`, as for mapped files.
///
/// Every offset and length is checked against the buffer before it is used,
/// and each string must be followed by its NUL: a corrupt file is a
/// `.syntax` error, never a crash or an allocation the file's size does not
/// bound. Originals are `msgctxt \u{4} msgid`, with `\0 msgid_plural` for a
/// plural entry, whose translation is the forms separated by NULs. The
/// header (translation of `""`) names the charset the strings are
/// converted from and the plural formula. Minor revision 1 adds system-
/// dependent strings (`<PRIu64>` segments); they are not read yet, and a file
/// that has any is refused rather than read without them.
enum MOFile {
    static let magic = MOHeader.magic

    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> GettextTable {
        let reader = try Reader(bytes, path: path)
        var (originals, translations) = try reader.messages()
        let system = try bytes.withUnsafeBytes { raw in
            Result { () throws(ParlanceError) in try MOSystemStrings.expand(raw, header: reader.header, path: path) }
        }.get()
        for pair in system {
            originals.append(pair.original[...])
            translations.append(pair.translation[...])
        }
        let (headerIndex, headerBytes) = Self.header(originals, translations)
        let charset = headerBytes.flatMap { GettextCharset.declared(in: $0) } ?? "UTF-8"
        guard GettextCharset.isKnown(charset) else {
            throw ParlanceError(.encoding, "unknown charset \"\(charset)\" in the header's Content-Type", path: path)
        }
        let needsConversion = !GettextCharset.isUTF8(charset)  // decided once per file
        func text(_ bytes: ArraySlice<UInt8>, _ what: @autoclosure () -> String) throws(ParlanceError) -> String {
            guard needsConversion else { return try GettextCharset.string(bytes, path: path, what: what()) }
            let utf8 = try GettextCharset.convert(bytes, from: charset, path: path)
            return try GettextCharset.string(utf8[...], path: path, what: what())
        }
        let header = try headerBytes.map { (bytes) throws(ParlanceError) in try text(bytes, "the header") }

        var entries: [ParsedEntry] = []
        var pluralIDs: [String: String] = [:]
        for index in originals.indices where index != headerIndex {
            let original = originals[index]
            let idEnd = original.firstIndex(of: 0) ?? original.endIndex
            let key = original[..<idEnd]
            var context: String? = nil
            var msgid = try text(key, "original string \(index)")
            if let separator = key.firstIndex(of: 4) {
                context = try text(key[..<separator], "the context of original string \(index)")
                msgid = try text(key[(separator + 1)...], "original string \(index)")
            }
            let translation = translations[index]
            let value: EntryValue
            if idEnd < original.endIndex {
                let plural = try text(original[(idEnd + 1)...], "the plural of original string \(index)")
                pluralIDs[ContextKey.gettext(msgid, context: context)] = plural
                var forms: [String] = []
                for form in translation.split(separator: 0, omittingEmptySubsequences: false) {
                    forms.append(try text(form, "translation \(index)"))
                }
                value = .gettextPlural(forms)
            } else {
                // gettext() returns a C string: a singular translation ends at its first NUL.
                value = .text(try text(translation.prefix { $0 != 0 }, "translation \(index)"))
            }
            entries.append(ParsedEntry(key: msgid, context: context, value: value))
        }
        return GettextTable(header: header, charset: charset, entries: entries, pluralIDs: pluralIDs)
    }

    /// The runtime table of a UTF-8 `.mo` buffer, read straight into a table's
    /// arena and index (no `String` per message); nil when `parse` must read
    /// it: another charset, system-dependent strings, text that is not UTF-8
    /// (`parse` reports it) or a key that occurs twice (`parse` keeps the last
    /// one, as every table merge does). A corrupt file throws as in `parse`.
    static func quickTable(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> PrebuiltTable? {
        let reader = try Reader(bytes, path: path)
        guard reader.header.systemCount == 0 else { return nil }
        let (originals, translations) = try reader.messages()
        let (headerIndex, headerBytes) = Self.header(originals, translations)
        guard GettextCharset.isUTF8(headerBytes.flatMap { GettextCharset.declared(in: $0) } ?? "UTF-8") else { return nil }
        var table = PrebuiltTable(expecting: reader.count)
        if let headerBytes {
            guard let header = Self.utf8(headerBytes) else { return nil }
            table.header = header
        }
        let arena = table.arena
        return bytes.withUnsafeBufferPointer { all -> PrebuiltTable? in
            func span(_ slice: ArraySlice<UInt8>) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: all[slice.startIndex..<slice.endIndex])
            }
            for index in originals.indices where index != headerIndex {
                let original = span(originals[index])
                let idEnd = original.firstIndex(of: 0) ?? original.endIndex
                let key = UnsafeBufferPointer(rebasing: original[..<idEnd])
                guard TextDecoding.firstInvalidUTF8(key) == nil else { return nil }
                let translation = span(translations[index])
                let value: StoredValue
                if idEnd < original.endIndex {
                    guard TextDecoding.firstInvalidUTF8(UnsafeBufferPointer(rebasing: original[(idEnd + 1)...])) == nil,
                          TextDecoding.firstInvalidUTF8(translation) == nil else { return nil }
                    var forms: [CText] = []
                    var start = translation.startIndex
                    for position in translation.indices where translation[position] == 0 {
                        forms.append(arena.append(bytes: UnsafeBufferPointer(rebasing: translation[start..<position])))
                        start = position + 1
                    }
                    forms.append(arena.append(bytes: UnsafeBufferPointer(rebasing: translation[start...])))
                    value = .gettextPlural(forms)
                } else {
                    // gettext() returns a C string: a singular translation ends at its first NUL.
                    let text = UnsafeBufferPointer(rebasing: translation[..<(translation.firstIndex(of: 0) ?? translation.endIndex)])
                    guard TextDecoding.firstInvalidUTF8(text) == nil else { return nil }
                    value = .text(arena.append(bytes: text))
                }
                // Keys in NFC (NormalForm), as every reader stores them.
                let normal = NormalForm.normalized(UnsafeRawBufferPointer(key))
                let storedKey = normal.map { bytes in bytes.withUnsafeBufferPointer { arena.append(bytes: $0) } } ?? arena.append(bytes: key)
                table.hashes.append(KeyBytes(p0: UnsafeRawBufferPointer(start: storedKey.pointer, count: storedKey.count)).hash)
                table.entries.append(StoredEntry(storedKey: storedKey, value: value))
            }
            return table.indexed()
        }
    }

    /// The header message (original `""`) and its translation up to its first NUL.
    private static func header(_ originals: [ArraySlice<UInt8>], _ translations: [ArraySlice<UInt8>])
        -> (index: Int?, bytes: ArraySlice<UInt8>?) {
        let index = originals.firstIndex { $0.isEmpty }
        return (index, index.map { translations[$0].prefix { $0 != 0 } })
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { TextDecoding.firstInvalidUTF8($0) == nil ? String(decoding: $0, as: UTF8.self) : nil }
    }

    /// The validated header of a `.mo` buffer and bounds-checked access to its tables.
    private struct Reader {
        let bytes: [UInt8]
        let path: String?
        let header: MOHeader
        let bigEndian: Bool
        let count: Int

        init(_ bytes: [UInt8], path: String?) throws(ParlanceError) {
            self.bytes = bytes
            self.path = path
            let header = try bytes.withUnsafeBytes { raw in
                Result { () throws(ParlanceError) in try MOHeader(raw, path: path) }
            }.get()
            self.header = header
            bigEndian = header.bigEndian
            count = header.count
        }

        /// The 32-bit word at `offset` (the caller checked that it is in `bytes`).
        static func word(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> Int {
            let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
            let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
            return Int(bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0)
        }

        private func word(_ offset: Int) -> Int { Self.word(bytes, offset, bigEndian: bigEndian) }

        /// Every message's original and translation, checked (both tables were checked to fit in the file).
        func messages() throws(ParlanceError) -> (originals: [ArraySlice<UInt8>], translations: [ArraySlice<UInt8>]) {
            var originals: [ArraySlice<UInt8>] = []
            var translations: [ArraySlice<UInt8>] = []
            originals.reserveCapacity(count)
            translations.reserveCapacity(count)
            for index in 0..<count {
                originals.append(try string(index: index, what: "original"))
                translations.append(try string(index: index, what: "translation"))
            }
            return (originals, translations)
        }

        /// String `index` of the originals (`what` "original") or the
        /// translations: its bytes without the terminating NUL.
        func string(index: Int, what: String) throws(ParlanceError) -> ArraySlice<UInt8> {
            let found: Result<Range<Int>, ParlanceError> = bytes.withUnsafeBytes { raw in
                do throws(ParlanceError) { return .success(try header.string(in: raw, index: index, what: what, path: path)) } catch {
                    return .failure(error)
                }
            }
            return bytes[try found.get()]
        }
    }
}
