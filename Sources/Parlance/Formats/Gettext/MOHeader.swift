/// The header of a `.mo` file, validated once for every reader of the
/// format (`MOFile` parses a buffer, `MappedMOFile` serves a mapping in
/// place): both accept exactly the same files.
///
///     offset  0  magic 0x950412de in the writer's byte order
///             4  revision (major << 16 | minor); majors 0 and 1 are known
///             8  N, the number of strings
///            12  O, offset of the originals' {length, offset} table
///            16  T, offset of the translations' table
///            20  S, size of the hash table; 24  its offset
///            minor revision 1 (system-dependent strings, `MOSystemStrings`):
///            28  the number of segments; 32  their {length, offset} table
///            36  the number of system-dependent strings
///            40  the originals' offset table; 44  the translations'
struct MOHeader {
    static let magic: UInt32 = 0x9504_12DE

    let bigEndian: Bool
    let revision: Int
    let count: Int
    let originals: Int
    let translations: Int
    /// 0 when the file has no usable hash table (libintl ignores sizes 0...2).
    let hashSize: Int
    let hashOffset: Int
    /// Minor revision 1: the system-dependent segments and strings (0 and 0 without).
    let segmentCount: Int
    let segmentsOffset: Int
    let systemCount: Int
    let systemOriginals: Int
    let systemTranslations: Int

    /// Whether the bytes start with the magic number in either byte order.
    static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4 else { return false }
        let word = bytes.loadUnaligned(as: UInt32.self)
        return word == magic || word == magic.byteSwapped
    }

    /// The 32-bit word at `offset`, in the file's byte order.
    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int, swapped: Bool) -> Int {
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return Int(swapped ? value.byteSwapped : value)
    }

    /// Validates the header and the extent of every table it names, in a
    /// file of `size` bytes (nil: the bytes given are the whole file), of
    /// which `bytes` holds the first 48 at least (all, when fewer).
    init(_ bytes: UnsafeRawBufferPointer, size: Int? = nil, path: String?) throws(ParlanceError) {
        let size = size ?? bytes.count
        guard size >= 28 else {
            throw ParlanceError(.syntax, "not a .mo file: \(size) bytes, shorter than the 28-byte header", path: path)
        }
        let first = bytes.loadUnaligned(as: UInt32.self)
        if first == Self.magic {
            bigEndian = false
        } else if first == Self.magic.byteSwapped {
            bigEndian = true
        } else {
            let little = UInt32(littleEndian: first)
            throw ParlanceError(.syntax, "not a .mo file: bad magic number 0x\(String(little, radix: 16))", path: path)
        }
        let swapped = bigEndian
        func word(_ offset: Int) -> Int { Self.word(bytes, offset, swapped: swapped) }
        revision = word(4)
        guard revision >> 16 <= 1 else {
            throw ParlanceError(.syntax, "unsupported .mo revision \(revision >> 16).\(revision & 0xFFFF)"
                                + " (major revisions 0 and 1 are known)", path: path)
        }
        count = word(8)
        originals = word(12)
        translations = word(16)
        for (name, offset) in [("originals", originals), ("translations", translations)] {
            guard offset <= size, count <= (size - offset) / 8 else {
                throw ParlanceError(.syntax, "corrupt .mo file: the \(name) table (\(count) entries at offset"
                                    + " \(offset)) runs past the end of the \(size)-byte file", path: path)
            }
        }
        let slots = word(20), slotsOffset = word(24)
        if slots > 2 {
            guard slotsOffset <= size, slots <= (size - slotsOffset) / 4 else {
                throw ParlanceError(.syntax, "corrupt .mo file: the hash table (\(slots) slots at offset"
                                    + " \(slotsOffset)) runs past the end of the file", path: path)
            }
            hashSize = slots
            hashOffset = slotsOffset
        } else {
            hashSize = 0
            hashOffset = 0
        }
        guard revision & 0xFFFF >= 1 else {
            (segmentCount, segmentsOffset, systemCount, systemOriginals, systemTranslations) = (0, 0, 0, 0, 0)
            return
        }
        guard size >= 48 else {
            throw ParlanceError(.syntax, "corrupt .mo file: the revision 1 header is truncated", path: path)
        }
        // libintl adds system-dependent strings to the file's hash table, which must be there for them.
        guard word(36) == 0 || hashSize > 2 else {
            throw ParlanceError(.syntax, "corrupt .mo file: \(word(36)) system-dependent strings need a hash table",
                                path: path)
        }
        let tables = [("segments", word(28), word(32), 8), ("system-dependent originals", word(36), word(40), 4),
                      ("system-dependent translations", word(36), word(44), 4)]
        for (name, count, offset, width) in tables where count > 0 {
            guard offset <= size, count <= (size - offset) / width else {
                throw ParlanceError(.syntax, "corrupt .mo file: the \(name) table (\(count) entries at offset"
                                    + " \(offset)) runs past the end of the \(size)-byte file", path: path)
            }
        }
        (segmentCount, segmentsOffset, systemCount, systemOriginals, systemTranslations)
            = (word(28), word(32), word(36), word(40), word(44))
    }

    /// Where string `index` of the originals' (`what` "original") or the
    /// translations' table lies in `bytes`, without its NUL; a syntax error
    /// for one that runs past the end or is not followed by a NUL. Every
    /// reader that checks its strings checks them here.
    func string(in bytes: UnsafeRawBufferPointer, index: Int, what: String, path: String?) throws(ParlanceError) -> Range<Int> {
        let descriptor = (what == "original" ? originals : translations) + index * 8  // inside: checked in init
        func word(_ offset: Int) -> Int {
            let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            return Int(bigEndian ? value.byteSwapped : value)
        }
        let length = word(descriptor), offset = word(descriptor + 4)
        guard offset <= bytes.count, length < bytes.count - offset else {
            throw ParlanceError(.syntax, "corrupt .mo file: \(what) string \(index) (\(length) bytes at offset"
                                + " \(offset)) runs past the end of the file", path: path)
        }
        guard bytes[offset + length] == 0 else {
            throw ParlanceError(.syntax, "corrupt .mo file: \(what) string \(index) is not followed by a NUL", path: path)
        }
        return offset..<offset + length
    }

    /// Checks every original and translation as `string(in:index:what:path:)` does.
    func checkStrings(in bytes: UnsafeRawBufferPointer, path: String?) throws(ParlanceError) {
        for index in 0..<count {
            _ = try string(in: bytes, index: index, what: "original", path: path)
            _ = try string(in: bytes, index: index, what: "translation", path: path)
        }
    }
}
