/// Compiled Qt translations (`.qm`): a 16-byte magic, then big-endian
/// tagged blocks (a tag byte, a 32-bit length): Contexts `0x2f`, Hashes
/// `0x42` (pairs of 32-bit `elfHash(source + comment)` and record offset,
/// sorted by hash), Messages `0x69` (records of tagged fields: translations
/// in UTF-16BE, source, context and disambiguation in UTF-8), NumerusRules
/// `0x88` (the rule bytecode, `QtNumerus`), Dependencies `0x96` (loaded by
/// `QtDependencies`).
///
/// Read as `QTranslator` reaches it: every record the hash table points at
/// whose hash is its own (`QTranslatorPrivate::do_translate` finds no
/// other), and whose context the Contexts block lists when there is one.
/// Damage — a block or a field running past the end, a bad tag, rules Qt
/// refuses — is a located error (the byte offset), never a read out of bounds.
package struct QtQMFile: Sendable {
    package static let magic: [UInt8] = [0x3C, 0xB8, 0x64, 0x18, 0xCA, 0xEF, 0x9C, 0x95,
                                         0xCD, 0x21, 0x1C, 0xBF, 0x60, 0xA1, 0xBD, 0xDD]
    enum Block: UInt8 { case contexts = 0x2f, hashes = 0x42, messages = 0x69, numerusRules = 0x88, dependencies = 0x96 }
    enum Field: UInt8 { case end = 1, translation = 3, obsolete1 = 5, source = 6, context = 7, comment = 8 }

    package var records: [QtRecord] = []
    package var rules: [UInt8] = []
    /// The `.qm` files this one names as its dependencies (QDataStream strings).
    package var dependencies: [String] = []

    package static func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> QtQMFile {
        let reader = Reader(bytes: bytes, path: path)
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            throw reader.error("not a Qt .qm file (no magic number)", at: 0)
        }
        var blocks: [Block: Range<Int>] = [:]
        var at = magic.count
        // As QTranslator: blocks while more than 5 bytes remain; a zero tag or length ends them.
        while at < bytes.count - 5 {
            let tag = bytes[at]
            let length = Int(reader.u32(at + 1))
            if tag == 0 || length == 0 { break }
            guard length <= bytes.count - at - 5 else {
                throw reader.error("block 0x\(String(tag, radix: 16)) of \(length) bytes runs past the end of the file", at: at)
            }
            if let block = Block(rawValue: tag) { blocks[block] = (at + 5)..<(at + 5 + length) }
            at += 5 + length
        }
        var file = QtQMFile()
        if let range = blocks[.numerusRules] {
            file.rules = Array(bytes[range])
            guard QtNumerus.isValid(file.rules[...]) else { throw reader.error("numerus rules Qt refuses", at: range.lowerBound) }
        }
        if let range = blocks[.dependencies] { file.dependencies = try reader.strings(range) }
        let contexts = blocks[.contexts].map { ContextsTable(bytes: bytes, range: $0) }
        guard let hashes = blocks[.hashes], let messages = blocks[.messages] else { return file }
        var seen = Set<Int>()
        var offset = hashes.lowerBound
        while offset + 8 <= hashes.upperBound {
            let hash = reader.u32(offset), start = Int(reader.u32(offset + 4))
            offset += 8
            guard seen.insert(start).inserted else { continue }
            guard start < messages.count else { throw reader.error("message offset \(start) is past the messages", at: offset - 4) }
            guard let record = try reader.record(at: messages.lowerBound + start, end: messages.upperBound) else { continue }
            if let source = record.source, let comment = record.comment,
               QtQMFile.elfHash(Array(source.utf8) + Array(comment.utf8)) != hash { continue }
            if let contexts, !contexts.contains(record.context ?? "") { continue }
            file.records.append(record)
        }
        return file
    }

    /// Qt's `elfHash` of bytes (a NUL ends them), 1 for 0.
    package static func elfHash(_ bytes: [UInt8]) -> UInt32 {
        var h: UInt32 = 0
        for byte in bytes {
            if byte == 0 { break }
            h = (h << 4) &+ UInt32(byte)
            let g = h & 0xF000_0000
            if g != 0 { h ^= g >> 24 }
            h &= ~g
        }
        return h == 0 ? 1 : h
    }

    /// Bounds-checked big-endian reads of the file.
    struct Reader {
        let bytes: [UInt8]
        let path: String?

        func u32(_ at: Int) -> UInt32 {
            guard at + 4 <= bytes.count else { return 0 }
            return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }

        func error(_ message: String, at offset: Int) -> ParlanceError {
            ParlanceError(.syntax, "\(message) at byte \(offset)", path: path)
        }

        /// The record at `at`, nil when `QTranslator` could never return it
        /// (a null translation, or a field it does not read).
        func record(at start: Int, end: Int) throws(ParlanceError) -> QtRecord? {
            var record = QtRecord(translations: [])
            var at = start
            while true {
                guard at < end else { return record.translations.isEmpty ? nil : record }
                let tag = bytes[at]
                at += 1
                guard let field = Field(rawValue: tag) else { return nil }
                if field == .end { return record.translations.isEmpty ? nil : record }
                guard at + 4 <= end else { throw error("message field 0x\(String(tag, radix: 16)) cut short", at: at - 1) }
                let length = u32(at)
                at += 4
                if field == .obsolete1 { continue }
                if length == 0xFFFF_FFFF { return nil }   // a null string: QTranslator loses its place
                guard Int(length) <= end - at else { throw error("message field of \(length) bytes runs past the messages", at: at - 5) }
                let value = bytes[at..<(at + Int(length))]
                at += Int(length)
                switch field {
                case .translation:
                    var units: [UInt16] = []
                    units.reserveCapacity(value.count / 2)
                    var i = value.startIndex
                    while i + 1 < value.endIndex { units.append(UInt16(value[i]) << 8 | UInt16(value[i + 1])); i += 2 }
                    record.translations.append(String(decoding: units, as: UTF16.self))
                case .source: record.source = Self.text(value)
                case .context: record.context = Self.text(value)
                case .comment: record.comment = Self.text(value)
                default: break
                }
            }
        }

        /// UTF-8 bytes with one trailing NUL left out (as Qt's `match` does).
        static func text(_ value: ArraySlice<UInt8>) -> String {
            String(decoding: value.last == 0 ? value.dropLast() : value, as: UTF8.self)
        }

        /// QDataStream strings (a 32-bit byte length, UTF-16BE).
        func strings(_ range: Range<Int>) throws(ParlanceError) -> [String] {
            var found: [String] = []
            var at = range.lowerBound
            while at + 4 <= range.upperBound {
                let length = u32(at)
                at += 4
                if length == 0xFFFF_FFFF { continue }
                guard Int(length) <= range.upperBound - at else { throw error("dependency name runs past its block", at: at - 4) }
                var units: [UInt16] = []
                var i = at
                while i + 1 < at + Int(length) { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
                found.append(String(decoding: units, as: UTF16.self))
                at += Int(length)
            }
            return found
        }
    }

    /// The Contexts block: a hash table of the contexts the file covers.
    struct ContextsTable {
        let bytes: [UInt8]
        let range: Range<Int>

        func u16(_ at: Int) -> Int? {
            guard at >= range.lowerBound, at + 2 <= range.upperBound else { return nil }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }

        /// Whether `QTranslator` finds `context` in the table.
        func contains(_ context: String) -> Bool {
            guard let size = u16(range.lowerBound), size > 0 else { return false }
            let key = Array(context.utf8)
            let slot = Int(QtQMFile.elfHash(key) % UInt32(size))
            guard let offset = u16(range.lowerBound + 2 + 2 * slot), offset != 0 else { return false }
            var at = range.lowerBound + 2 + 2 * size + 2 * offset
            while at < range.upperBound {
                let length = Int(bytes[at])
                at += 1
                if length == 0 || at + length > range.upperBound { return false }
                var name = bytes[at..<(at + length)]
                if name.last == 0 { name = name.dropLast() }
                if name.elementsEqual(key) { return true }
                at += length
            }
            return false
        }
    }
}
