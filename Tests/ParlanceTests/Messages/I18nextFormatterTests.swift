import Testing
@testable import Parlance

/// i18next's built-in formatters, through a localizer (the language asked
/// for formats) and on their own.
@Suite struct I18nextFormatterTests {
    @Test func optionsAreReadAsI18nextReadsThem() {
        #expect(I18nextFormatter.parse("currency(USD)").options == ["currency": "USD"])
        #expect(I18nextFormatter.parse(" Number(minimumFractionDigits: 2; useGrouping: 'false')").name == "number")
        #expect(I18nextFormatter.parse("number(minimumFractionDigits: 2; useGrouping: 'false')").options
                == ["minimumFractionDigits": "2", "useGrouping": "false"])
        #expect(I18nextFormatter.parse("relativetime(quarter)").options == ["range": "quarter"])
    }

    @Test func valuesFormatInTheLanguageAskedFor() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array(#"{"total": "{{n, number}} · {{n, currency(EUR)}} · {{n, unknown}}", "raw": "{{n}}"}"#.utf8),
                         locale: "en", table: "translation", format: .i18next)
        let de = try Localizer(catalog: catalog, locales: ["de"], development: "en")
        #expect(try de.format("total", named: ["n": .double(1234.5678)], table: "translation") == "1.234,568 · 1.234,57\u{A0}€ · 1234.5678")
        #expect(try de.format("raw", named: ["n": .double(1234.5678)], table: "translation") == "1234.5678")
        #expect(I18nextFormatter.apply(.double(0.25), formats: "number(maximumFractionDigits: 1)", locale: "en") == "0.3")
        #expect(I18nextFormatter.apply(.string("abc"), formats: "number", locale: "en") == nil)
    }
}
