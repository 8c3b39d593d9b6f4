import Parlance

/// Where a format keeps its tables under a catalog directory: each format's
/// `ToolFormat` says (its folder under `Formats/`), and `OutputFormat` is
/// the list of them. `Base.lproj` holds no language and is skipped.
package struct CatalogLayout {
    package let place: CatalogPlace
    package let format: OutputFormat
    /// The format's rules for this directory (`ToolFormat.rules(for:)`).
    package let rules: any ToolFormat

    package var root: String { place.root }
    /// The development locale: Android keeps it in the unqualified `values` folder.
    package var development: String { place.development }
    /// The version of new XLIFF documents (existing ones keep theirs).
    package var xliffVersion: XLIFFVersion { place.xliffVersion }

    package init(root: String, format: OutputFormat, development: String = Localizer.defaultDevelopment, xliffVersion: XLIFFVersion = .v12) {
        place = CatalogPlace(root: root, development: development, xliffVersion: xliffVersion)
        self.format = format
        rules = format.tools.rules(for: place)
    }

    package func directory(locale: String) -> String { rules.directory(place, locale: locale) }

    /// The files of one table in one locale, in the order entries are added to them.
    package func paths(locale: String, table: String) -> [String] { rules.paths(place, locale: locale, table: table) }

    /// Locale folders (or files) present, by name.
    package func locales() -> [String] { rules.locales(place) }

    /// Tables present in a locale.
    package func tables(locale: String) -> [String] { rules.tables(place, locale: locale) }

    /// gettext's templates at the root, by domain.
    package func templates() -> [String] { rules.templates(place) }

    package func templatePath(table: String) -> String { rules.templatePath(place, table: table) }

    /// The documents of one table in one locale (missing files read as empty).
    package func open(locale: String, table: String) throws -> [any TableDocument] {
        try rules.open(place, locale: locale, table: table)
    }

    /// New, empty documents of one table in one locale.
    package func emptyDocuments(locale: String, table: String) -> [any TableDocument] {
        rules.emptyDocuments(place, paths: paths(locale: locale, table: table), locale: locale, table: table)
    }

    /// Guesses the format of a catalog directory from what it holds.
    package static func detect(_ root: String) -> OutputFormat? {
        OutputFormat.detect(CatalogPlace(root: root))
    }
}
