import Foundation
import Parlance

/* A block comment /* with a nested one */ and "quotes" that are not strings */
struct Settings {
    let localizer: Localizer

    func titles(name: String, count: Int) -> [String] {
        // TRANSLATORS: the settings screen's title
        let title = localizer.text("settings.title")
        let login = localizer.text("Name", context: "Name label in login screen", table: "Menu")
        let maybe = localizer.lookup("maybe.missing", table: "Menu")
        let files = localizer.plural("files.count", count: .integer(Int64(count)))
        let welcome = try? localizer.format("welcome.user", [.string(name)], context: "greeting")
        let marked = localizer.localizeMarked("^Print")
        let escapes = localizer.text("Escapes: \"q\" \\ \t \u{e9} \u{1F600} \'")
        let nul = localizer.text("NUL \0 in a key")
        let url = localizer.text("A string with // and # inside")
        let joined = localizer.text("Joined " + "with plus")
        let hello = localizer.text("Hello, \(name)!")
        let key = name
        let variable = localizer.text(key)
        return [title, login, maybe ?? "", files, welcome ?? "", marked ?? "", escapes, nul, url, joined, hello, variable]
    }

    func literals() -> [String] {
        let multi = localizer.text("""
            Multi-line text
              keeps relative indentation
            and joins \
            continued lines
            """)
        let raw = localizer.text(#"Raw "quoted" with \n kept"#)
        let raw2 = localizer.text(##"Two hashes: "# still inside"##)
        let rawEscape = localizer.text(#"Raw escape:\#ttab"#)
        let rawInterpolation = localizer.text(#"Raw \#(raw) interpolation"#)
        let rawMulti = localizer.text(#"""
            Raw multi-line "with quotes"
            """#)
        return [multi, raw, raw2, rawEscape, rawInterpolation, rawMulti]
    }

    func foundation() -> [String] {
        // TRANSLATORS: Foundation's macro
        let a = NSLocalizedString("Done", comment: "Button that closes the sheet")
        let b = NSLocalizedString("Cancel", tableName: "Buttons", bundle: .main, value: "Cancel", comment: "Cancel button")
        let c = String(localized: "Localized initializer", table: "Modern", comment: "String(localized:)")
        let d = String(describing: a)
        return [a, b, c, d]
    }

    func text(_ key: String) -> String { key }
}
