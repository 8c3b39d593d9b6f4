/// Compiled gettext catalogs (`.mo`), as GNU `msgfmt` writes them
/// (`gettext-runtime/intl/gmo.h`, `gettext-tools/src/write-mo.c`).
///
///     offset  0  magic 0x950412de in the writer's byte order
///             4  revision (major << 16 | minor); majors 0 and 1 are known
///             8  N, the number of strings
///            12  O, offset of the originals' {length, offset} table
///            16  T, offset of the translations' table
///            20  S, size of the hash table; 24  its offset
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
    static let magic: UInt32 = 0x9504_12DE

    static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> GettextTable {
        let reader = try Reader(bytes, path: path)
        var originals: [ArraySlice<UInt8>] = []
        var translations: [ArraySlice<UInt8>] = []
        originals.reserveCapacity(reader.count)  // bounded: both tables were checked to fit in the file
        translations.reserveCapacity(reader.count)
        for index in 0..<reader.count {
            originals.append(try reader.string(table: reader.originalsOffset, index: index, what: "original"))
            translations.append(try reader.string(table: reader.translationsOffset, index: index, what: "translation"))
        }
        let headerIndex = originals.firstIndex { $0.isEmpty }
        let headerBytes = headerIndex.map { translations[$0].prefix { $0 != 0 } }
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
        for index in 0..<reader.count where index != headerIndex {
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
                pluralIDs[GettextTable.key(context: context, msgid: msgid)] = plural
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

    /// The validated header of a `.mo` buffer and bounds-checked access to its tables.
    private struct Reader {
        let bytes: [UInt8]
        let path: String?
        let bigEndian: Bool
        let count: Int
        let originalsOffset: Int
        let translationsOffset: Int

        init(_ bytes: [UInt8], path: String?) throws(ParlanceError) {
            self.bytes = bytes
            self.path = path
            guard bytes.count >= 28 else {
                throw ParlanceError(.syntax, "not a .mo file: \(bytes.count) bytes, shorter than the 28-byte header", path: path)
            }
            let little = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
            if little == MOFile.magic {
                bigEndian = false
            } else if little == MOFile.magic.byteSwapped {
                bigEndian = true
            } else {
                throw ParlanceError(.syntax, "not a .mo file: bad magic number 0x\(String(little, radix: 16))", path: path)
            }
            let swapped = bigEndian
            func word(_ offset: Int) -> Int { Self.word(bytes, offset, bigEndian: swapped) }
            let revision = word(4)
            guard revision >> 16 <= 1 else {
                throw ParlanceError(.syntax, "unsupported .mo revision \(revision >> 16).\(revision & 0xFFFF)"
                                    + " (major revisions 0 and 1 are known)", path: path)
            }
            count = word(8)
            originalsOffset = word(12)
            translationsOffset = word(16)
            let hashSize = word(20), hashOffset = word(24)
            for (name, offset) in [("originals", originalsOffset), ("translations", translationsOffset)] {
                guard offset <= bytes.count, count <= (bytes.count - offset) / 8 else {
                    throw ParlanceError(.syntax, "corrupt .mo file: the \(name) table (\(count) entries at offset"
                                        + " \(offset)) runs past the end of the \(bytes.count)-byte file", path: path)
                }
            }
            // libintl ignores hash tables of size 0...2.
            if hashSize > 2 {
                guard hashOffset <= bytes.count, hashSize <= (bytes.count - hashOffset) / 4 else {
                    throw ParlanceError(.syntax, "corrupt .mo file: the hash table (\(hashSize) slots at offset"
                                        + " \(hashOffset)) runs past the end of the file", path: path)
                }
            }
            if revision & 0xFFFF >= 1 {
                guard hashSize > 2 else {
                    throw ParlanceError(.syntax, "corrupt .mo file: revision \(revision >> 16).\(revision & 0xFFFF)"
                                        + " requires a hash table", path: path)
                }
                guard bytes.count >= 48 else {
                    throw ParlanceError(.syntax, "corrupt .mo file: the revision 1 header is truncated", path: path)
                }
                if word(36) > 0 {
                    throw ParlanceError(.syntax, "unsupported .mo file: \(word(36)) system-dependent strings"
                                        + " (<inttypes.h> macros in c-format messages)", path: path)
                }
            }
        }

        /// The 32-bit word at `offset` (the caller checked that it is in `bytes`).
        static func word(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> Int {
            let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
            let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
            return Int(bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0)
        }

        private func word(_ offset: Int) -> Int { Self.word(bytes, offset, bigEndian: bigEndian) }

        /// String `index` of a table: its bytes without the terminating NUL.
        func string(table: Int, index: Int, what: String) throws(ParlanceError) -> ArraySlice<UInt8> {
            let descriptor = table + index * 8  // inside the buffer: checked in init
            let length = word(descriptor), offset = word(descriptor + 4)
            guard offset <= bytes.count, length < bytes.count - offset else {
                throw ParlanceError(.syntax, "corrupt .mo file: \(what) string \(index) (\(length) bytes at offset"
                                    + " \(offset)) runs past the end of the file", path: path)
            }
            guard bytes[offset + length] == 0 else {
                throw ParlanceError(.syntax, "corrupt .mo file: \(what) string \(index) is not followed by a NUL", path: path)
            }
            return bytes[offset..<offset + length]
        }
    }
}
