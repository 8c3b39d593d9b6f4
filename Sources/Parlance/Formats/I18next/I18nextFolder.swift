/// The namespaces of one i18next language folder, as i18next's backends
/// read `{{lng}}/{{ns}}.json`: every `.json` in the folder or in a folder
/// under it, named by its path from the language folder without `.json`
/// (`en/components/dialog.json` is the namespace `components/dialog`).
/// Hidden files and folders are skipped, and so are names that are no table
/// name (`TableName.isValid`). The runtime's loads and the tools' layout
/// both list namespaces here.
package enum I18nextFolder {
    /// Folders deeper than this are not searched (a link to a folder above
    /// would otherwise be walked without end).
    static let maximumDepth = 8

    /// `(namespace, path)` of every namespace under `folder`, by name.
    package static func namespaces(in folder: String) throws(ParlanceError) -> [(name: String, path: String)] {
        try LanguageFolder.tables(in: folder, fileExtension: "json", maximumDepth: maximumDepth)
    }

    /// i18next's default namespace (`defaultNS`): the table of a `<lng>.json` file.
    package static let defaultNamespace = "translation"

    /// Whether a file's name without `.json` (or a folder's) is a language
    /// (`fr`, `pt-BR`, `zh_Hant`, `kab-KAB`): `LanguageFolderName`'s rule, so
    /// that `package.json`, `common.json` or a `src/` folder is none.
    package static func isLanguageName(_ stem: String) -> Bool {
        LanguageFolderName.isLanguage(stem)
    }

    /// Whether a folder's name is a language, as i18next's folders are
    /// named (not hidden; the same rule as for a file's name). Which folders
    /// other formats' layouts claim is the registry's to say:
    /// `TableFormat.isI18nextLanguageFolder`.
    package static func isLanguage(_ name: String) -> Bool {
        !name.hasPrefix(".") && isLanguageName(name)
    }

    /// Whether `name`, a member of `folder` (a folder's name, or a `LNG.json`
    /// file's without `.json` when `file`), is a language: by its name
    /// alone, or, for a code CLDR only names (`zun`), beside a member that
    /// is a language by its name alone (`LanguageFolderName`).
    package static func isLanguageMember(_ name: String, of folder: String, file: Bool) -> Bool {
        if (file ? isLanguageName(name) : TableFormat.isI18nextLanguageFolder(name)) { return true }
        guard !name.hasPrefix("."), LanguageFolderName.isLanguage(name, besideLanguages: true),
              file || !TableFormat.folderClaimed(name, except: TableFormat.i18next.plugin) else { return false }
        return ((try? FileSystem.list(folder)) ?? []).contains { member in
            member.hasSuffix(".json") ? isLanguageName(String(member.dropLast(5))) : TableFormat.isI18nextLanguageFolder(member)
        }
    }

    /// The `LNG.json` files directly in `folder` (i18next's `{{lng}}.json`
    /// load path: one file per language, its default namespace), as
    /// (name without `.json`, path), by name.
    package static func languageFiles(in folder: String) throws(ParlanceError) -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        for name in try FileSystem.list(folder) where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let stem = String(name.dropLast(5))
            let path = FileSystem.join(folder, name)
            if isLanguageMember(stem, of: folder, file: true), FileSystem.isFile(path) { found.append((stem, path)) }
        }
        return found.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Whether `folder` holds a namespace at any depth (what makes a folder
    /// with a language's name one of the catalog's languages).
    package static func holdsNamespaces(_ folder: String) -> Bool {
        ((try? namespaces(in: folder)) ?? []).isEmpty == false
    }
}
