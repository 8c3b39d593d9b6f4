/// Where Fluent projects keep their resources: a folder named by its
/// locale holding `.ftl` files, directly or in folders under it, or one
/// `LOCALE.ftl` per language (`locales/fr-FR.ftl`: the standard table).
/// A resource in a language folder is the table named by its path from
/// that folder without `.ftl`: the resource id L10nRegistry and
/// fluent-fallback ask for (`{locale}/browser/preferences/preferences.ftl`,
/// the id `browser/preferences/preferences.ftl`, is the table
/// `browser/preferences/preferences`; Thunderbird's
/// `de/mail/messenger/chat.ftl` the table `mail/messenger/chat`). A locale's
/// name here has a language of two or three letters, so that `common.ftl`
/// or a `texts/` folder is no language.
package enum FluentFolder {
    /// Folders under a language folder deeper than this are not searched (a
    /// link to a folder above would otherwise be walked without end);
    /// mozilla.org's resources lie up to four folders down
    /// (`mozorg/about/governance/policies/`), i18next's namespaces are
    /// searched as deep.
    static let maximumDepth = 8

    /// Whether `name` names a locale as Fluent projects name their folders and files.
    package static func isLocale(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let tag = (try? LocaleName.canonical(name)) ?? nil else { return false }
        let language = tag.prefix { $0 != "-" }
        return (2...3).contains(language.count) && language.allSatisfy { $0.isLetter }
            && (name.prefix { $0 != "-" && $0 != "_" }.count == language.count)
    }

    /// The locale of a resource: its `LOCALE.ftl` name, else its nearest folder named by a locale.
    package static func locale(ofFile path: String) -> String? {
        let stem = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        if isLocale(stem) { return stem }
        return resource(path)?.locale
    }

    /// A resource's nearest folder named by a locale, and its path from there
    /// without `.ftl` — its table (`de/mail/messenger/chat.ftl`: `de`,
    /// `mail/messenger/chat`); nil when no folder up to `maximumDepth`
    /// above its own is named by a locale.
    package static func resource(_ path: String) -> (locale: String, table: String)? {
        var table = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        var folder = FileSystem.directoryName(path)
        for _ in 0...maximumDepth {
            let name = FileSystem.baseName(folder)
            if isLocale(name) { return (name, table) }
            table = name + "/" + table
            let parent = FileSystem.directoryName(folder)
            guard parent != folder, !parent.isEmpty else { break }
            folder = parent
        }
        return nil
    }

    /// The resources of `directory`, by locale and table name.
    static func files(in directory: String, skipping: [String]) throws(ParlanceError)
        -> [(path: String, locale: String, table: String)] {
        var found: [(path: String, locale: String, table: String)] = []
        for name in try FileSystem.list(directory).sorted() where !name.hasPrefix(".") && !skipping.contains(name) {
            let path = FileSystem.join(directory, name)
            let (stem, ext) = FileSystem.splitExtension(name)
            if ext == "ftl" {
                if isLocale(stem), FileSystem.isFile(path), let tag = try LocaleName.canonical(stem) {
                    found.append((path, tag, TableName.standard))
                }
            } else if isLocale(name), FileSystem.isDirectory(path), let tag = try LocaleName.canonical(name) {
                found += try tables(in: path).map { ($0.path, tag, $0.name) }
            }
        }
        return found
    }

    /// The resources of one language folder, by table name (`mail/messenger/chat`).
    package static func tables(in folder: String) throws(ParlanceError) -> [(name: String, path: String)] {
        try LanguageFolder.tables(in: folder, fileExtension: "ftl", maximumDepth: maximumDepth)
    }
}
