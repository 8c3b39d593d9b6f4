/// A table a format's reader found in a file or folder, before a catalog
/// takes it (`Catalog.PendingTable` adds the format).
package struct FoundTable {
    /// The source's id: its path, `<memory>/…`, or the file, `#` and the
    /// table for formats that hold several tables in one file.
    package let id: String
    package let locale: String
    package let table: String
    package let parsed: ParsedTable
    /// For formats that hold several tables (String Catalogs, XLIFF): the
    /// file, whose earlier tables a load of it replaces all of.
    package var file: String? = nil
}

/// Table names, as every format and the catalog take them.
package enum TableName {
    /// The table a catalog uses when none is named.
    package static let standard = "Localizable"

    /// Not empty, no NUL, and `/` only between segments, as an i18next
    /// namespace in a folder is named (`components/dialog`): no segment
    /// empty, `.` or `..`, so a name is a relative path that stays inside
    /// its language's folder (docs/decisions.md).
    package static func isValid(_ name: String) -> Bool {
        // By bytes, one pass: every table a load names is checked.
        var length = 0, onlyDots = true
        func segmentIsValid() -> Bool { length > 0 && !(onlyDots && length <= 2) }
        for byte in name.utf8 {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                guard segmentIsValid() else { return false }
                length = 0
                onlyDots = true
            default:
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return segmentIsValid()
    }

    /// `isValid`, or an `.invalidArgument` error.
    package static func check(_ name: String) throws(ParlanceError) {
        guard isValid(name) else { throw ParlanceError(.invalidArgument, "invalid table name '\(name)'") }
    }
}
