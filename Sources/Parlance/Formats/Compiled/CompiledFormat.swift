internal import CParlanceShim

/// The layout of a compiled catalog (`docs/compiled-format.md`): sizes and
/// field offsets shared by the writer and the reader. All integers are
/// little-endian; every section starts at a multiple of 8.
enum CompiledFormat {
    static let magic: [UInt8] = Array("PRLC".utf8)
    static let version: UInt16 = 1
    /// Written as a native `UInt32`; reads back as itself only on a host of
    /// the writer's byte order.
    static let byteOrderMark: UInt32 = 0x0102_0304
    static let alignment = 8

    /// A string reference's "none": `offset == absent`.
    static let absent = UInt32.max
    /// An empty slot of a hash index.
    static let emptySlot = UInt32.max

    /// The key hash of a fixed text: a file built with another hash
    /// function than the reader's is rejected at open instead of missing
    /// every lookup.
    static let hashCheck: UInt64 = {
        let probe: StaticString = "PRLC key hash check"
        return parlance_shim_hash(probe.utf8Start, probe.utf8CodeUnitCount, nil, 0, nil, 0, nil, 0)
    }()

    enum Header {
        static let size = 128
        static let magic = 0, version = 4, headerSize = 6, byteOrder = 8, flags = 12
        static let fileSize = 16, checksum = 24, tableCount = 28
        static let directoryOffset = 32, stringsOffset = 40, stringsSize = 48, hashCheck = 56
    }

    /// One directory record per table.
    enum Directory {
        static let size = 80
        static let locale = 0, name = 8, flags = 16, entryCount = 20
        static let slotsOffset = 24, slotCount = 32, groupCount = 36
        static let entriesOffset = 40, groupSlotsOffset = 48, groupSlotCount = 56, formulaNodeCount = 60
        static let groupsOffset = 64, formulaOffset = 72
    }

    /// Table flags.
    static let keyValueSources: UInt32 = 1, gettextSources: UInt32 = 2, hasFormula: UInt32 = 4

    /// One record per entry.
    enum Entry {
        static let size = 40
        static let hash = 0, key = 8, text = 16, kind = 24, payloadCount = 28, payloadOffset = 32
    }

    enum Kind: UInt32 {
        case text = 0, plural = 1, gettextPlural = 2, stringsdict = 3

        /// The kind a record stores, nil when unknown: `init(rawValue:)`
        /// compared in line, where the lookup paths would call it.
        @inline(__always)
        static func stored(_ raw: UInt32) -> Kind? {
            switch raw {
            case Kind.text.rawValue: return .text
            case Kind.plural.rawValue: return .plural
            case Kind.gettextPlural.rawValue: return .gettextPlural
            case Kind.stringsdict.rawValue: return .stringsdict
            default: return nil
            }
        }
    }

    /// One record per SPLocalizedString plural group.
    enum Group {
        static let size = 120
        static let hash = 0, key = 8, firstKey = 16, forms = 24, storedKeys = 72
    }

    /// The gettext formula: a header, then its nodes.
    enum Formula {
        static let headerSize = 16
        static let limit = 0, root = 8
        static let nodeSize = 24
        static let operation = 0, first = 4, second = 8, third = 12, value = 16
        /// Real formulas have a few dozen nodes; this bounds the work at open.
        static let maximumNodes = 4096
    }

    /// `.stringsdict` variable rules.
    enum Rule: UInt32 {
        case plural = 0, width = 1, device = 2
    }

    /// A string reference: offset into the string pool and length in bytes,
    /// the byte after the string being its NUL.
    static let referenceSize = 8
}
