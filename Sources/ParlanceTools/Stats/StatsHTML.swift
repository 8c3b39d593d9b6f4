import Parlance

/// `parlance stats --html`: one self-contained page (no scripts, no network)
/// that shows translation coverage per table and locale as bars, the
/// missing, fuzzy and stale counts, and each locale's missing keys with where
/// the development table defines them.
///
/// Every figure row carries its numbers as `data-*` attributes as well as
/// text, so that scripts (and the tests) can read the page back. The bars
/// use three colors found nowhere else on the page: translated
/// `#2e7d32`, fuzzy `#f9a825` and the rest of the track `#dddddd`.
public enum StatsHTML {
    public static func page(_ rows: [TableStats], catalog: String, development developmentLocale: String) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Translation coverage: \(escape(catalog))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
            h1 { font-size: 20px; margin: 0 0 4px; }
            h2 { font-size: 16px; margin: 28px 0 8px; }
            p.summary { margin: 0 0 12px; color: #555; }
            table.coverage { border-collapse: collapse; }
            table.coverage th, table.coverage td { padding: 4px 10px 4px 0; text-align: right; white-space: nowrap; }
            table.coverage th[scope=row], table.coverage thead th:first-child { text-align: left; }
            .bar { display: flex; width: 300px; height: 14px; background: #dddddd; }
            .bar .done { background: #2e7d32; }
            .bar .fuzzy { background: #f9a825; }
            details { margin: 4px 0; }
            summary { cursor: pointer; }
            ul.missing { margin: 4px 0 8px; padding-left: 20px; }
            .location { color: #555; font-family: ui-monospace, monospace; font-size: 12px; }
            .context { color: #555; }
            .legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
            .legend span:first-child { margin-left: 0; }
            </style>
            </head>
            <body>
            <h1>Translation coverage</h1>

            """
        let tables = orderedUnique(rows.map(\.table))
        let locales = orderedUnique(rows.map(\.locale))
        out += "<p class=\"summary\">\(escape(catalog)): \(tables.count) \(tables.count == 1 ? "table" : "tables"), "
            + "\(locales.count) \(locales.count == 1 ? "locale" : "locales"); development locale "
            + "\(escape(developmentLocale)).</p>\n"
        out += "<p class=\"legend\"><span style=\"background:#2e7d32\"></span>translated"
            + "<span style=\"background:#f9a825\"></span>fuzzy (to review)"
            + "<span style=\"background:#dddddd\"></span>missing · "
            + "<em>stale</em>: keys a locale has and the development table no longer does.</p>\n"
        for table in tables {
            let tableRows = rows.filter { $0.table == table }
            out += "<section class=\"table\" data-table=\"\(escape(table))\">\n<h2>\(escape(table))</h2>\n"
            out += "<table class=\"coverage\">\n<thead><tr><th>Locale</th><th>Coverage</th><th>%</th><th>Translated</th>"
                + "<th>Missing</th><th>Fuzzy</th><th>Stale</th><th>Words missing</th></tr></thead>\n<tbody>\n"
            for row in tableRows {
                let coverage = CatalogStats.percent(row.coverage)
                let fuzzyShare = row.entries == 0 ? "0.0%" : CatalogStats.percent(Double(row.fuzzy) * 100 / Double(row.entries))
                out += "<tr class=\"row\" data-locale=\"\(escape(row.locale))\" data-table=\"\(escape(table))\" "
                    + "data-entries=\"\(row.entries)\" data-translated=\"\(row.translated)\" data-missing=\"\(row.missing)\" "
                    + "data-fuzzy=\"\(row.fuzzy)\" data-stale=\"\(row.unused)\" data-coverage=\"\(coverage.dropLast())\">"
                    + "<th scope=\"row\">\(escape(row.locale))</th>"
                    + "<td><div class=\"bar\" role=\"img\" aria-label=\"\(coverage) translated\">"
                    + "<div class=\"done\" style=\"width:\(coverage)\"></div><div class=\"fuzzy\" style=\"width:\(fuzzyShare)\"></div>"
                    + "</div></td>"
                    + "<td class=\"coverage\">\(coverage)</td><td class=\"translated\">\(row.translated) / \(row.entries)</td>"
                    + "<td class=\"missing\">\(row.missing)</td><td class=\"fuzzy\">\(row.fuzzy)</td>"
                    + "<td class=\"stale\">\(row.unused)</td><td class=\"words\">\(row.missingWords)</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
            for row in tableRows where !row.missingKeys.isEmpty {
                out += "<details class=\"missing\" data-locale=\"\(escape(row.locale))\" data-count=\"\(row.missingKeys.count)\">"
                    + "<summary>\(escape(row.locale)): \(row.missingKeys.count) missing</summary>\n<ul class=\"missing\">\n"
                for missing in row.missingKeys {
                    out += "<li><code class=\"key\">\(escape(missing.key))</code>"
                        + (missing.context.map { " <span class=\"context\">(\(escape($0)))</span>" } ?? "")
                        + " <span class=\"location\">\(escape(missing.location))</span></li>\n"
                }
                out += "</ul>\n</details>\n"
            }
            out += "</section>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// Text and attribute values: `&`, `<`, `>`, `"` and `'` as references.
    static func escape(_ text: String) -> String { XMLReference.escape(text) }

    private static func orderedUnique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
