internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#endif

/// The system-dependent strings of a revision 0.1 `.mo` file, expanded for
/// this platform as libintl expands them (`gettext-runtime/intl/gmo.h`,
/// glibc's `loadmsgcat.c`).
///
/// `msgfmt` writes a c-format message that uses `<inttypes.h>` macros
/// (`"%<PRIu64> bytes"`) as a system-dependent string: static pieces of the
/// file alternating with references to named segments (`PRIu64`, `I`).
/// Reading the file substitutes each segment's expansion on the running
/// platform (`"%lu bytes"` on x86-64 glibc), so that the program's own
/// `dgettext("%" PRIu64 " bytes")` finds it. Both `.mo` readers (`MOFile`,
/// `MappedMOFile`) expand them here, once, before the table is published.
///
///     segment       u32 length (with the NUL), u32 offset of the name
///     string        u32 offset of its static bytes, then pairs
///                   {u32 static size, u32 segment index}, ending with
///                   {u32 size of the last static piece (with the NUL), 0xFFFFFFFF}
///
/// A string that names a segment this platform does not know is left out,
/// as libintl leaves it out; a reference or extent outside the file is a
/// `.syntax` error, as it makes libintl refuse the file.
enum MOSystemStrings {
    /// One expanded pair: the original (`msgctxt \u{4} msgid`, with
    /// `\0 msgid_plural`) and the translation, without their final NULs.
    struct Pair {
        var original: [UInt8]
        var translation: [UInt8]
    }

    /// `readable`: asked before bytes inside the file are read (a file read
    /// as its bytes are first needed, `PrivateBytes`); false when they
    /// cannot be, because the file changed since it was opened.
    static func expand(_ bytes: UnsafeRawBufferPointer, header: MOHeader, path: String?,
                       readable: (Int, Int) -> Bool = { _, _ in true }) throws(ParlanceError) -> [Pair] {
        guard header.systemCount > 0 else { return [] }
        let size = bytes.count
        func read(_ offset: Int, _ length: Int) throws(ParlanceError) {
            guard readable(offset, length) else {
                throw PrivateBytes.changed(path)
            }
        }
        func word(_ offset: Int) throws(ParlanceError) -> Int {
            guard offset >= 0, offset <= size - 4 else {
                throw ParlanceError(.syntax, "corrupt .mo file: a system-dependent string's table at offset \(offset)"
                                    + " runs past the end of the \(size)-byte file", path: path)
            }
            try read(offset, 4)
            let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            return Int(header.bigEndian ? value.byteSwapped : value)
        }
        // Segment names, each followed by its NUL; nil for a name libintl does not know.
        var values: [[UInt8]?] = []
        values.reserveCapacity(header.segmentCount)   // bounded: the table was checked to fit in the file
        for index in 0..<header.segmentCount {
            let length = try word(header.segmentsOffset + index * 8), offset = try word(header.segmentsOffset + index * 8 + 4)
            guard length > 0, offset < size, length <= size - offset else {
                throw ParlanceError(.syntax, "corrupt .mo file: system-dependent segment \(index) (\(length) bytes at"
                                    + " offset \(offset)) is outside the file or not followed by a NUL", path: path)
            }
            try read(offset, length)
            guard bytes[offset + length - 1] == 0 else {
                throw ParlanceError(.syntax, "corrupt .mo file: system-dependent segment \(index) (\(length) bytes at"
                                    + " offset \(offset)) is outside the file or not followed by a NUL", path: path)
            }
            let name = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length - 1])
            let value = name.withMemoryRebound(to: CChar.self) { parlance_shim_sysdep_segment($0.baseAddress, $0.count) }
            values.append(value.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) })
        }
        func string(table: Int, index: Int, what: String) throws(ParlanceError) -> [UInt8]? {
            let record = try word(table + index * 4)
            var at = try word(record)   // the static bytes, read in order
            var out: [UInt8] = []
            var pair = record + 4
            while true {   // ends: each pair is 8 more bytes of the file, checked by `word`
                let piece = try word(pair), reference = try word(pair + 4)
                guard at <= size, piece <= size - at else {
                    throw ParlanceError(.syntax, "corrupt .mo file: system-dependent \(what) \(index) (\(piece) bytes at"
                                        + " offset \(at)) runs past the end of the file", path: path)
                }
                try read(at, piece)
                out.append(contentsOf: bytes[at..<at + piece])
                at += piece
                if reference == 0xFFFF_FFFF {
                    guard out.last == 0 else {
                        throw ParlanceError(.syntax, "corrupt .mo file: system-dependent \(what) \(index) is not"
                                            + " followed by a NUL", path: path)
                    }
                    out.removeLast()
                    return out
                }
                guard reference < values.count else {
                    throw ParlanceError(.syntax, "corrupt .mo file: system-dependent \(what) \(index) names segment"
                                        + " \(reference) of \(values.count)", path: path)
                }
                guard let value = values[reference] else { return nil }
                out.append(contentsOf: value)
                pair += 8
            }
        }
        var pairs: [Pair] = []
        for index in 0..<header.systemCount {
            let original = try string(table: header.systemOriginals, index: index, what: "original")
            let translation = try string(table: header.systemTranslations, index: index, what: "translation")
            if let original, let translation { pairs.append(Pair(original: original, translation: translation)) }
        }
        return pairs
    }
}
