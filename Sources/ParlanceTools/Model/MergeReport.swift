/// Options of `Merger.merge`, named after spgenstrings' flags.
public struct MergeOptions: Sendable {
    /// Delete entries no message uses (otherwise they are kept; `.po` entries become obsolete `#~`).
    public var deleteUnusedEntries: Bool
    /// Delete table files of tables no message uses (otherwise they are kept and reported).
    public var deleteUnusedTables: Bool
    /// Compute and report the changes, write nothing.
    public var dryRun: Bool
    /// Called with each file's path just before its temporary file is renamed
    /// over it; an error thrown here aborts the merge and leaves that file as
    /// it was (used to test interrupted runs).
    public var beforeRename: (@Sendable (String) throws -> Void)?
    /// Strings format: write plural messages as SPLocalizedString's
    /// `(context##category)key` entries in the `.strings` table, one per
    /// CLDR category of the locale, as spgenstrings does, instead of as
    /// `.stringsdict` entries.
    public var spgenstringsPlurals: Bool
    /// XLIFF: the version of documents merge creates (existing ones keep theirs).
    public var xliffVersion: XLIFFVersion

    public init(deleteUnusedEntries: Bool = false, deleteUnusedTables: Bool = false, dryRun: Bool = false,
                spgenstringsPlurals: Bool = false, xliffVersion: XLIFFVersion = .v12,
                beforeRename: (@Sendable (String) throws -> Void)? = nil) {
        self.deleteUnusedEntries = deleteUnusedEntries
        self.deleteUnusedTables = deleteUnusedTables
        self.dryRun = dryRun
        self.spgenstringsPlurals = spgenstringsPlurals
        self.xliffVersion = xliffVersion
        self.beforeRename = beforeRename
    }
}

/// What a merge did (or, with `dryRun`, would do) to each file.
public struct MergeReport: Sendable, Equatable {
    public struct FileReport: Sendable, Equatable {
        public enum Status: String, Sendable {
            case created, modified, unchanged, deleted
            /// A table no message uses, kept.
            case unusedTable = "unused table"
        }
        public var path: String
        public var status: Status
        /// Keys as `(context)key`.
        public var added: [String] = []
        /// Entries whose text, plural or notes changed, or obsolete ones
        /// brought back (references that moved are no update).
        public var updated: [String] = []
        /// Messages found in the file and left as they were (their references aside).
        public var kept = 0
        /// Of those, the ones whose references moved: rewritten, yet no update.
        public var moved = 0
        /// Entries no message uses, kept.
        public var unused: [String] = []
        /// Entries deleted (or, in `.po`, made obsolete).
        public var removed: [String] = []
        /// Messages the format cannot hold, as `KEY: why`; not written.
        public var notCarried: [String] = []

        public init(path: String, status: Status) {
            self.path = path
            self.status = status
        }

        var hasChanges: Bool { !added.isEmpty || !updated.isEmpty || !removed.isEmpty || moved > 0 }
    }

    public var files: [FileReport] = []

    public init(files: [FileReport] = []) { self.files = files }

    /// `--report json`: every file the merge wrote or looked at, with its
    /// status and the keys added, updated, removed and unused.
    public var json: String {
        func keys(_ list: [String]) -> String { "[" + list.map(JSONWriter.quote).joined(separator: ",") + "]" }
        return "[" + files.map { f in
            "{\"path\":\(JSONWriter.quote(f.path)),\"status\":\(JSONWriter.quote(f.status.rawValue)),"
                + "\"added\":\(keys(f.added)),\"updated\":\(keys(f.updated)),\"removed\":\(keys(f.removed)),"
                + "\"unused\":\(keys(f.unused)),\"notCarried\":\(keys(f.notCarried))}"
        }.joined(separator: ",") + "]"
    }

    /// The report of one file, if the merge touched or looked at it.
    public func file(_ path: String) -> FileReport? { files.first { $0.path == path } }

    /// One line per file that changes or has unused entries, with its
    /// totals, and a last line of totals when there are several:
    ///
    ///     OUT/fr.lproj/Localizable.strings (modified): 3 added, 1 updated, 2 obsolete, 80 kept
    ///     ! bad key: why (not written)
    ///     total: 4 files, 3 changed; 12 added, 1 updated, 2 obsolete, 320 kept
    ///
    /// "obsolete" counts the entries no message uses: deleted (made
    /// obsolete in `.po`) and, with "unused", those kept.
    public var totals: String {
        var out = ""
        for file in files where file.status != .unchanged || !file.unused.isEmpty || !file.notCarried.isEmpty {
            out += "\(file.path) (\(file.status.rawValue))"
            out += file.status == .deleted || file.status == .unusedTable ? "\n" : ": " + Self.counts([file]) + "\n"
            // What was not written is said key by key, verbose or not: no entry is dropped unseen.
            for key in file.notCarried { out += "! \(key) (not written)\n" }
        }
        return out + totalLine
    }

    /// What `--verbose` prints: `summary`, then the line of totals.
    public func text(verbose: Bool) -> String { verbose ? summary + totalLine : totals }

    /// `total: N files, N changed; …` when the merge looked at several files.
    var totalLine: String {
        guard files.count > 1 else { return "" }
        let changed = files.filter { $0.status == .created || $0.status == .modified || $0.status == .deleted }.count
        return "total: \(files.count) files, \(changed) changed; " + Self.counts(files) + "\n"
    }

    private static func counts(_ files: [FileReport]) -> String {
        var parts = ["added": 0, "updated": 0, "removed": 0, "unused": 0, "kept": 0, "moved": 0, "notCarried": 0]
        for f in files {
            parts["added"]! += f.added.count
            parts["updated"]! += f.updated.count
            parts["removed"]! += f.removed.count
            parts["unused"]! += f.unused.count
            parts["kept"]! += f.kept
            parts["moved"]! += f.moved
            parts["notCarried"]! += f.notCarried.count
        }
        var text = "\(parts["added"]!) added, \(parts["updated"]!) updated, \(parts["removed"]! + parts["unused"]!) obsolete"
        if parts["unused"]! > 0 { text += " (\(parts["unused"]!) unused, kept)" }
        text += ", \(parts["kept"]!) kept"
        if parts["moved"]! > 0 { text += " (\(parts["moved"]!) with references moved)" }
        if parts["notCarried"]! > 0 { text += ", \(parts["notCarried"]!) not written" }
        return text
    }

    /// `--verbose`: one block per file that changes or has unused entries:
    ///
    ///     OUT/fr.lproj/Localizable.strings (modified)
    ///     + new.key
    ///     ~ key.with.new.note
    ///     - deleted.key
    ///     ? unused.key (unused, kept)
    ///     ! bad key: why (not written)
    public var summary: String {
        var out = ""
        for file in files where file.status != .unchanged || !file.unused.isEmpty || !file.notCarried.isEmpty {
            out += "\(file.path) (\(file.status.rawValue))\n"
            for key in file.added { out += "+ \(key)\n" }
            for key in file.updated { out += "~ \(key)\n" }
            for key in file.removed { out += "- \(key)\n" }
            for key in file.unused { out += "? \(key) (unused, kept)\n" }
            for key in file.notCarried { out += "! \(key) (not written)\n" }
        }
        return out
    }
}

/// The XLIFF versions the tools write: 1.2 as Xcode exports it, or 2.0.
public enum XLIFFVersion: String, Sendable, CaseIterable {
    case v12 = "1.2"
    case v20 = "2.0"
}
