import Parlance

/// A catalog folder as the runtime reads it: the table files
/// `TableFormat.files(inFolder:)` lists (what `Catalog.load` loads), read by
/// the tools in parts — each listed file belongs to the nearest folder at
/// or above it that its format's layout holds (`res/` for
/// `res/fr.lproj/T.strings`, `locales/` for `locales/en/ns.json`), and each
/// such folder is one `CatalogSnapshot` of that format. Listed files that
/// no part reads (a `.mo`, a compiled catalog) are `loose`: lint checks
/// each alone. lint and stats read a folder through this, so they see the
/// tables the runtime serves.
package struct CatalogFolder {
    package private(set) var snapshots: [CatalogSnapshot] = []
    /// Table files the runtime lists that no part's layout reads.
    package private(set) var loose: [String] = []

    /// `format`: the folder's format as given (`--catalog-format`), read by
    /// its layout at `root` alone; nil: the runtime's listing decides.
    package init(root: String, format: OutputFormat? = nil, development: String) throws {
        guard FileSystemTools.isDirectory(root) else { throw ToolError.io("not a catalog directory", path: root) }
        if let format {
            snapshots = [try CatalogSnapshot(root: root, format: format, development: development)]
            return
        }
        let (listed, parts) = try Self.parts(root: root)
        guard !parts.isEmpty else {
            // Nothing the runtime lists is in a format's layout: the folder read by detection, as before.
            snapshots = [try CatalogSnapshot(root: root, development: development)]
            loose = listed.map(\.path).filter { !snapshots[0].files.contains($0) }
            return
        }
        for part in parts {
            snapshots.append(try CatalogSnapshot(root: part.root, format: part.format, development: development))
        }
        let read = Set(snapshots.flatMap(\.files))
        var seen = Set<String>()
        loose = listed.map(\.path).filter { !read.contains($0) && seen.insert($0).inserted }
    }

    /// The files the runtime lists in `root`, and the parts they make: each
    /// folder a format's layout reads, with that format, in listing order.
    package static func parts(root: String) throws -> (listed: [TableFile], parts: [(root: String, format: OutputFormat)]) {
        let listed: [TableFile]
        do { listed = try TableFormat.files(inFolder: root) } catch { throw ToolError("\(error)") }
        var parts: [(root: String, format: OutputFormat)] = []
        var partOf: [String: Int] = [:]
        // One place per folder asked: what a format lists of it is read once, however many files it holds.
        var places: [String: CatalogPlace] = [:]
        for file in listed {
            guard let owner = OutputFormat.owner(of: file.format), partOf[file.path] == nil else { continue }
            guard let part = Self.part(of: file, owner: owner, within: root, places: &places) else { continue }
            if let index = parts.firstIndex(where: { $0.root == part.root && $0.format.readTogether == part.format.readTogether }) {
                partOf[file.path] = index
            } else {
                partOf[file.path] = parts.count
                parts.append(part)
            }
        }
        return (listed, parts)
    }

    /// The folder of a listed file's part: the nearest at or above the
    /// file, up to `root`, whose layout puts the file where it is for the
    /// locale and table the runtime gives it (i18next's `LNG/a/b.json` is
    /// table `a/b` of `LNG`, so `a/` is no language); else the nearest
    /// that a format of the owner's family holds. Its format with it.
    /// `places`: the folders asked so far, each kept with its listings.
    static func part(of file: TableFile, owner: OutputFormat, within root: String,
                     places: inout [String: CatalogPlace]) -> (root: String, format: OutputFormat)? {
        var directory = FileSystemTools.directoryName(file.path)
        var holding: (root: String, format: OutputFormat)?
        while true {
            let place = places[directory] ?? CatalogPlace(root: directory)
            places[directory] = place
            for format in owner.readTogether {
                let rules = format.tools.rules(for: place)
                if let locale = file.locale, let table = file.table,
                   rules.paths(place, locale: rules.pathLocale(locale), table: table).contains(file.path) {
                    return (directory, format)
                }
                if holding == nil, format.holds(place) { holding = (directory, format) }
            }
            guard directory != root, FileSystemTools.relative(directory, under: root) != nil else { return holding }
            let parent = FileSystemTools.directoryName(directory)
            guard parent != directory else { return holding }
            directory = parent
        }
    }

    /// Every file read: each part's, then the loose ones.
    package var files: [String] { snapshots.flatMap(\.files) + loose }

    package var failures: [(path: String, error: String)] { snapshots.flatMap(\.failures) }
}
