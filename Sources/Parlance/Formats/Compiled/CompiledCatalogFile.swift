internal import CParlanceShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled catalog read into private memory (`docs/compiled-format.md`;
/// `PrivateBytes`: a file rewritten under a running program changes
/// nothing).
///
/// Opening checks the header and the directory only, in time independent of
/// the number of entries; lookups check every offset they follow, so a
/// corrupt file gives errors or misses, never a crash. `verify()` reads the
/// whole file: checksum and structure. The bytes live until the object
/// goes, which for a loaded catalog is the catalog's lifetime (its tables
/// retain it, and replaced states are kept).
///
/// `@unchecked Sendable`: the bytes are read-only (`PROT_READ`) and never
/// change.
package final class CompiledCatalogFile: @unchecked Sendable {
    package let path: String
    /// The file's bytes; `memory` points into them.
    private let storage: PrivateBytes
    let memory: CompiledMemory
    /// The tables of the directory, in file order.
    let tables: [CompiledTableEntry]

    /// Reads and checks the file. Everything that can fail is done before
    /// the object is made: an initializer that fails after allocating
    /// leaves its object unfreed in Embedded Swift.
    package convenience init(path: String) throws(ParlanceError) {
        #if _endian(big)
        throw ParlanceError(.invalidArgument, "compiled catalogs are little-endian; this host is big-endian", path: path)
        #else
        let storage = try Self.read(path)
        let memory = try Self.header(storage, path: path)
        let tables = try Self.directory(memory, path: path)
        self.init(path: path, storage: storage, memory: memory, tables: tables)
        #endif
    }

    private init(path: String, storage: PrivateBytes, memory: CompiledMemory, tables: [CompiledTableEntry]) {
        self.path = path
        self.storage = storage
        self.memory = memory
        self.tables = tables
    }

    /// True when the file at `path` starts with the compiled format's magic.
    package static func hasMagic(_ path: String) -> Bool {
        FileSystem.readPrefix(path, count: CompiledFormat.magic.count) == CompiledFormat.magic
    }

    private static func read(_ path: String) throws(ParlanceError) -> PrivateBytes {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystem.failure(path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = FileSystem.failure(path)
            close(fd)
            throw error
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ParlanceError(.invalidArgument, "not a regular file", path: path)
        }
        guard Int(info.st_size) >= CompiledFormat.Header.size else {
            close(fd)
            throw corrupt("shorter than a compiled catalog's header", path)
        }
        // Every lookup asks `readable` until the file is read to its end
        // (there is no found-keys table as the `.mo` reader has), so a
        // small file is read whole, not a page at a time.
        let storage = try PrivateBytes.read(consuming: fd, info: info, path: path, whole: PrivateBytes.smallLimit)
        guard storage.count >= CompiledFormat.Header.size else { throw corrupt("shorter than a compiled catalog's header", path) }
        return storage
    }

    /// Checks the fixed header; constant time.
    private static func header(_ storage: PrivateBytes, path: String) throws(ParlanceError) -> CompiledMemory {
        typealias H = CompiledFormat.Header
        let base = storage.base, size = storage.count
        guard storage.readable(0, H.size) else { throw PrivateBytes.changed(path) }
        let raw = CompiledMemory(base: base, size: size, strings: base, stringsSize: 0)
        guard UnsafeRawBufferPointer(start: base, count: 4).elementsEqual(CompiledFormat.magic) else {
            throw corrupt("not a compiled catalog (no PRLC magic)", path)
        }
        let version = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: H.version, as: UInt16.self))
        guard version == CompiledFormat.version else {
            throw ParlanceError(.syntax, "compiled catalog format version \(version); this Parlance reads version \(CompiledFormat.version) (recompile it)", path: path)
        }
        guard base.loadUnaligned(fromByteOffset: H.byteOrder, as: UInt32.self) == CompiledFormat.byteOrderMark else {
            throw corrupt("byte order mark is wrong", path)
        }
        let headerSize = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: H.headerSize, as: UInt16.self))
        guard Int(headerSize) == H.size else { throw corrupt("header size \(headerSize) is not \(H.size)", path) }
        guard raw.u32(H.flags) == 0 else { throw corrupt("unknown flags \(raw.u32(H.flags))", path) }
        guard raw.u64(H.fileSize) == UInt64(size) else {
            throw corrupt("the header gives \(raw.u64(H.fileSize)) bytes but the file has \(size) (truncated?)", path)
        }
        guard raw.u64(H.hashCheck) == CompiledFormat.hashCheck else {
            throw corrupt("built with another key hash function (recompile it)", path)
        }
        let stringsOffset = raw.offset(H.stringsOffset), stringsSize = raw.offset(H.stringsOffset + 8)
        guard stringsOffset % CompiledFormat.alignment == 0, stringsOffset >= H.size,
              raw.contains(stringsOffset, stringsSize), stringsSize < Int(CompiledFormat.absent) else {
            throw corrupt("the string pool lies outside the file or is misaligned", path)
        }
        return CompiledMemory(base: base, size: size, strings: base + stringsOffset, stringsSize: stringsSize,
                              privateCopy: storage.readsLazily ? .passUnretained(storage) : nil)
    }

    /// Reads the directory: work per table, none per entry.
    private static func directory(_ memory: CompiledMemory, path: String) throws(ParlanceError) -> [CompiledTableEntry] {
        typealias H = CompiledFormat.Header
        typealias D = CompiledFormat.Directory
        let count = Int(memory.u32(H.tableCount))
        let start = memory.offset(H.directoryOffset)
        guard start % CompiledFormat.alignment == 0, start >= H.size, count <= memory.size / D.size,
              memory.contains(start, count * D.size) else {
            throw corrupt("the table directory lies outside the file or is misaligned", path)
        }
        guard memory.readable(start, count * D.size) else { throw PrivateBytes.changed(path) }
        var tables: [CompiledTableEntry] = []
        for index in 0..<count {
            let record = start + index * D.size
            guard let table = CompiledTableEntry(memory, record: record) else {
                throw corrupt("table \(index) of the directory is damaged", path)
            }
            tables.append(table)
        }
        return tables
    }

    static func corrupt(_ message: String, _ path: String) -> ParlanceError {
        ParlanceError(.syntax, "damaged compiled catalog: " + message, path: path)
    }

    // MARK: Checksum

    /// CRC-32C of the whole file, its checksum field read as zero.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let field = CompiledFormat.Header.checksum
        let zero: [UInt8] = [0, 0, 0, 0]
        var crc = parlance_shim_crc32c(0, bytes.baseAddress, field)
        crc = parlance_shim_crc32c(crc, zero, 4)
        return parlance_shim_crc32c(crc, bytes.baseAddress! + field + 4, bytes.count - field - 4)
    }

    static func checksum(of bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The checksum the header records.
    package var storedChecksum: UInt32 { memory.u32(CompiledFormat.Header.checksum) }

    /// The checksum of the loaded bytes, computed now (reads the whole file).
    package var computedChecksum: UInt32 {
        _ = memory.readable(0, memory.size)   // bytes not readable stay zero, and the sum differs
        return Self.checksum(UnsafeRawBufferPointer(start: memory.base, count: memory.size))
    }
}
