import Parlance

/// One XLIFF document (`<lang>.xliff`) with every table in it, read and
/// parsed once: merge and pseudo take each table's `XLIFFDocument` from
/// here, give it back with its edits, and write the file once with all of
/// them. A run costs one read, one parse and one write per language,
/// whatever the number of tables.
///
/// Tables are read in one pass over the document's `<file>`s, in file order
/// (one locator for every unit's line and column). Their edits never
/// overlap (each table edits its own `<file>`s); new `<file>`s go before
/// `</xliff>` in the order the tables were given back. 2.0 file ids that a
/// table takes for a new `<file>` are taken for the tables after it.
package struct XLIFFLanguageFile {
    package let path: String
    package let existed: Bool
    /// The document's layout with no table's files: a table new to it.
    private var blank: XLIFFDocument
    /// Every table, those read in the order of their first `<file>`, then those added.
    package private(set) var tables: [XLIFFDocument] = []
    private var index: [String: Int] = [:]
    private var fileIDs: Set<String>

    /// The document at `path`; a missing file is an empty document of
    /// `version`. `named`: the one table every `<file>` is (a document named
    /// `DOMAIN.LOCALE.xlf`); `units`: how its units are keyed.
    package init(path: String, sourceLanguage: String, targetLanguage: String, version: XLIFFVersion,
                 named: String? = nil, units: XLIFFFile.Units = .unitIDs) throws {
        self.path = path
        guard FileSystemTools.exists(path) else {
            existed = false
            blank = XLIFFDocument(emptyAt: path, table: "", sourceLanguage: sourceLanguage, targetLanguage: targetLanguage,
                                  version: version)
            blank.keying = units
            fileIDs = []
            return
        }
        let document = try XLIFFDocument.parse(try FileSystem.read(path), path: path)
        existed = true
        blank = XLIFFDocument(layoutOf: document, path: path, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage)
        blank.keying = units
        fileIDs = blank.fileIDs
        var locator = XMLDocument.Locator(document)
        for file in document.root.elements(named: "file") {
            let name = named ?? XLIFFDocument.tableName(file, version2: blank.version2)
            if index[name] == nil {
                index[name] = tables.count
                var table = blank
                table.table = name
                tables.append(table)
            }
            if let at = index[name] { tables[at].read(file: file, locator: &locator) }
        }
    }

    /// A new document at `path`, whatever is there now.
    package init(emptyAt path: String, sourceLanguage: String, targetLanguage: String, version: XLIFFVersion,
                 units: XLIFFFile.Units = .unitIDs) {
        self.path = path
        existed = false
        blank = XLIFFDocument(emptyAt: path, table: "", sourceLanguage: sourceLanguage, targetLanguage: targetLanguage,
                              version: version)
        blank.keying = units
        fileIDs = blank.fileIDs
    }

    /// The names of the tables in the document, in file order.
    package var tableNames: [String] { tables.map(\.table) }

    /// The table `name` as it stands (given back edited, or as read), or a new one.
    package func table(_ name: String) -> XLIFFDocument {
        var table = index[name].map { tables[$0] } ?? blank
        table.table = name
        table.fileIDs = fileIDs
        return table
    }

    /// Takes a table back with its edits.
    package mutating func update(_ table: XLIFFDocument) {
        fileIDs.formUnion(table.fileIDs)
        if let at = index[table.table] {
            tables[at] = table
        } else {
            index[table.table] = tables.count
            tables.append(table)
        }
    }

    /// The document with every table's edits.
    package func render() -> [UInt8] {
        var edits: [XLIFFDocument.Edit] = []
        var created = ""
        for table in tables {
            let pending = table.pending()
            edits += pending.edits
            created += pending.created
        }
        return blank.applying(edits, created: created)
    }
}
