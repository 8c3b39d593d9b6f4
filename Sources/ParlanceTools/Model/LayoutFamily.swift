import Parlance

/// A layout several formats share: a folder per language, named
/// `<locale><folderSuffix>`, holding the tables of every format of the
/// family side by side, read together (Apple's `.lproj` folders hold
/// `.strings`, `.stringsdict` and JSON tables). The registry declares each
/// family once (`Layout/OutputFormat+Registry.swift`); a format joins one by
/// naming it as its `layoutFamily`, in its own folder, and detection asks
/// the family which of its formats a directory is (`OutputFormat.holds`).
package struct LayoutFamily: Sendable, Equatable {
    package let name: String
    /// What a language's folder name ends with (`.lproj`).
    package let folderSuffix: String
    /// Base internationalization's folder (`Base.lproj`), which holds no
    /// language: its UI documents (`BaseDocumentKind`) hold the development
    /// texts of their tables. Nil: the layout has none.
    package let baseFolder: String?

    package init(name: String, folderSuffix: String, baseFolder: String?) {
        (self.name, self.folderSuffix, self.baseFolder) = (name, folderSuffix, baseFolder)
    }

    package static func == (a: LayoutFamily, b: LayoutFamily) -> Bool { a.name == b.name }

    /// The name of a language's folder.
    package func folder(_ locale: String) -> String { locale + folderSuffix }

    package func directory(_ place: CatalogPlace, locale: String) -> String { place.join(folder(locale)) }

    /// The locale a member of the root names: a folder of the layout that holds a language.
    package func locale(member name: String, _ place: CatalogPlace) -> String? {
        guard name.hasSuffix(folderSuffix), name != baseFolder, name.count > folderSuffix.count,
              FileSystemTools.isDirectory(place.join(name)) else { return nil }
        return String(name.dropLast(folderSuffix.count))
    }

    /// Which of `members` (the family's formats, in the registry's order) a
    /// catalog directory is: that of the tables in the first language folder
    /// holding any, the first of them where the folder holds several; nil
    /// when no language folder holds tables.
    package func holder(_ place: CatalogPlace, among members: [OutputFormat]) -> OutputFormat? {
        for name in FileSystemTools.list(place.root) {
            guard let locale = locale(member: name, place) else { continue }
            let names = FileSystemTools.list(directory(place, locale: locale))
            for member in members {
                let extensions = member.tools.tableFormats.map { "." + $0.fileExtension }
                if names.contains(where: { name in extensions.contains { name.hasSuffix($0) } }) { return member }
            }
        }
        return nil
    }
}
