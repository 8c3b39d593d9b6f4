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
    /// (`fr`, `pt-BR`, `zh_Hant`): a language subtag of two or three letters
    /// first, so that `package.json` or `common.json` is none.
    package static func isLanguageName(_ stem: String) -> Bool {
        let language = stem.utf8.prefix { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }
        guard (2...3).contains(language.count) else { return false }
        if language.count < stem.utf8.count, ![UInt8(ascii: "-"), UInt8(ascii: "_")].contains(stem.utf8[stem.utf8.index(stem.utf8.startIndex, offsetBy: language.count)]) {
            return false
        }
        return ((try? LocaleName.canonical(stem)) ?? nil) != nil
    }

    /// Whether a folder's name is a language, as i18next's folders are
    /// named (not hidden). Which folders other formats' layouts claim is the
    /// registry's to say: `TableFormat.isI18nextLanguageFolder`.
    package static func isLanguage(_ name: String) -> Bool {
        !name.hasPrefix(".") && ((try? LocaleName.canonical(name)) ?? nil) != nil
    }

    /// Whether `folder` holds a namespace at any depth (what makes a folder
    /// with a language's name one of the catalog's languages).
    package static func holdsNamespaces(_ folder: String) -> Bool {
        ((try? namespaces(in: folder)) ?? []).isEmpty == false
    }
}
