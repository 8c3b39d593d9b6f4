/// A property list value as the XML and binary readers produce it.
///
/// Dictionaries keep their members in file order, duplicates included, each
/// with the 1-based position of its `<key>` element's `<` in XML (0 in binary
/// plists, which have no positions).
indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// The date as written in XML (`2001-01-01T00:00:00Z`); binary dates are
    /// rendered in the same ISO 8601 form, whole seconds.
    case date(String)
    case data([UInt8])
    case array([PropertyListValue])
    case dict([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: PropertyListValue
        var line: Int
        var column: Int

        init(key: String, value: PropertyListValue, line: Int = 0, column: Int = 0) {
            self.key = key
            self.value = value
            self.line = line
            self.column = column
        }
    }

    /// The name used in error messages: "string", "dict", ...
    var kindName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dict: "dict"
        }
    }

    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var members: [Member]? {
        if case .dict(let m) = self { return m }
        return nil
    }
}

/// How a table file is recognised as a property list.
package enum PropertyListSniffing {
    /// Binary plists start with `bplist00`.
    package static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist00".utf8))
    }

    /// XML plists start, after XML white space, with `<?xml`, `<!DOCTYPE plist` or `<plist`.
    package static func isXML(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index < scalars.count, isXMLSpace(scalars[index]) { index += 1 }
        for prefix in ["<?xml", "<!DOCTYPE plist", "<plist"] {
            let p = Array(prefix.unicodeScalars)
            if scalars[index...].starts(with: p) { return true }
        }
        return false
    }

    /// `isXML` for UTF-8 text.
    package static func isXML(utf8 bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex, isXMLSpace(Unicode.Scalar(bytes[index])) { index += 1 }
        for prefix in ["<?xml", "<!DOCTYPE plist", "<plist"] where bytes[index...].starts(with: prefix.utf8) {
            return true
        }
        return false
    }

    static func isXMLSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}

extension PropertyListValue {
    /// Reads an XML or binary property list (told apart by its first bytes).
    static func read(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> PropertyListValue {
        if PropertyListSniffing.isBinary(bytes) {
            return try BinaryPropertyList.read(bytes, path: path)
        }
        let decoded = try TextDecoding.decode(bytes, path: path)
        guard PropertyListSniffing.isXML(decoded.scalars) else {
            throw ParlanceError(.syntax, "not an XML or binary property list", path: path, line: 1, column: 1)
        }
        return try PropertyListXML.read(decoded.scalars, path: path)
    }
}
