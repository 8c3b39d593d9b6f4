import Synchronization
import Testing
@testable import Parlance

@Suite struct LocalizerTests {
    let catalog: Catalog

    init() throws { catalog = try Fixtures.exampleCatalog() }

    func localizer(_ locales: [String]) throws -> Localizer {
        try Localizer(catalog: catalog, locales: locales, development: "en")
    }

    @Test func loadsEveryLocaleAndTable() {
        #expect(catalog.locales == ["ar", "en", "fr", "ja", "ru"])
        #expect(catalog.tables == ["Localizable", "Menu"])
    }

    @Test func plainLookupsFollowTheChain() throws {
        let fr = try localizer(["fr-CA"])
        #expect(fr.locales == ["fr-CA", "fr", "en"])
        #expect(fr.text("greeting") == "Bonjour !")
        #expect(fr.text("Save") == "Save")  // only in English
        #expect(fr.text("no such key") == "no such key")
        #expect(fr.lookup("no such key") == nil)
        #expect(try localizer(["ru"]).text("greeting") == "Привет!")  // UTF-16 file
    }

    @Test func contextsAreSeparateKeys() throws {
        let fr = try localizer(["fr"])
        #expect(fr.text("Name", context: "Name label in login screen") == "Nom")
        #expect(fr.text("Name", context: "Name label in registration screen") == "Full name")
        #expect(fr.text("Name") == "Name")
        let ja = try localizer(["ja"])
        #expect(ja.text("Name", context: "Name label in registration screen") == "氏名")
    }

    @Test func pluralsUseTheSupplyingLocalesRules() throws {
        let ru = try localizer(["ru"])
        let key = "You have %d followers.", context = "Number of followers label"
        #expect(ru.plural(key, count: .int(1), context: context) == "У вас %d подписчик.")
        #expect(ru.plural(key, count: .int(3), context: context) == "У вас %d подписчика.")
        #expect(ru.plural(key, count: .int(11), context: context) == "У вас %d подписчиков.")
        #expect(ru.plural(key, count: .decimal("1.5"), context: context) == "У вас %d подписчика.")
        // Japanese has only `other`.
        #expect(try localizer(["ja"]).plural(key, count: .int(1), context: context) == "フォロワーは%d人です。")
        // Polish is not in the catalog: English supplies the string with English rules.
        let pl = try localizer(["pl"])
        let explanation = pl.explain(key, count: .int(2), context: context)
        #expect(explanation.locale == "en")
        #expect(explanation.category == .other)
        #expect(explanation.text == "You have %d followers.")
        #expect(pl.explain(key, count: .int(1), context: context).category == .one)
    }

    @Test func stringsdictExplicitZeroAndFallbackToOther() throws {
        let en = try localizer(["en"])
        #expect(try en.format("files.count", [.int(0)]) == "No files")
        #expect(try en.format("files.count", [.int(1)]) == "1 file")
        #expect(try en.format("files.count", [.int(7)]) == "7 files")
        #expect(en.plural("files.count", count: .double(0)) == "%d files")
        let ru = try localizer(["ru"])
        #expect(try ru.format("files.count", [.int(21)]) == "21 файл")
        #expect(try ru.format("files.count", [.int(24)]) == "24 файла")
        #expect(try ru.format("files.count", [.int(25)]) == "25 файлов")
        let ar = try localizer(["ar"])
        #expect(try ar.format("files.count", [.int(2)]) == "ملفان")
        // Arguments in a right-to-left message are isolated unless asked otherwise.
        #expect(try ar.format("files.count", [.int(11)]) == "11 ملفًا")
        #expect(try ar.format("files.count", [.int(11)], options: FormatOptions(isolation: .automatic)) == "\u{2068}11\u{2069} ملفًا")
    }

    @Test func jsonKeyPathsAndPluralObjects() throws {
        let fr = try localizer(["fr"])
        #expect(fr.text("login.subtitle", table: "Menu") == "Se connecter à Parlance Notes")
        #expect(fr.plural("items", count: .int(1), table: "Menu") == "%d élément")
        #expect(try fr.format("items", [.int(3)], table: "Menu") == "3 éléments")
        #expect(try localizer(["ja"]).text("login.subtitle", table: "Menu") == "Parlance ノートにサインイン")
    }

    @Test func caretMarkedText() throws {
        let fr = try localizer(["fr"])
        #expect(fr.localizeMarked("^Print") == "Imprimer")
        #expect(fr.localizeMarked("^Not translated") == "Not translated")
        #expect(fr.localizeMarked("Print") == nil)
        let catalog = Catalog()
        try catalog.load(bytes: Array("\"Menu\" = \"^Menu\";".utf8), locale: "de")
        #expect(try Localizer(catalog: catalog, locales: ["de"]).localizeMarked("^Menu") == "^Menu")
    }

    @Test func explainReportsOrigin() throws {
        let fr = try localizer(["fr-CA"])
        let hit = fr.explain("Name", context: "Name label in login screen")
        #expect(hit == Explanation(text: "Nom", found: true, locale: "fr", table: "Localizable",
                                   storedKey: "(Name label in login screen)Name", category: nil, fallback: true))
        let plural = fr.explain("You have %d followers.", count: .int(1), context: "Number of followers label")
        #expect(plural.storedKey == "(Number of followers label##one)You have %d followers.")
        #expect(plural.category == .one)
        let miss = fr.explain("nothing")
        #expect(!miss.found && miss.locale == nil && miss.text == "nothing")
    }

    @Test func missesAreReportedAlsoOnFallback() throws {
        let fr = try localizer(["fr-CA"])
        let seen = Mutex<[Miss]>([])
        fr.onMiss { miss in seen.withLock { $0.append(miss) } }
        _ = fr.text("nothing", context: "ctx", table: "Menu")
        _ = fr.text("Name", context: "Name label in registration screen")
        _ = fr.text("greeting")
        let misses = seen.withLock { $0 }
        #expect(misses == [
            Miss(key: "nothing", context: "ctx", table: "Menu", locales: ["fr-CA", "fr", "en"], suppliedBy: nil),
            Miss(key: "Name", context: "Name label in registration screen", table: "Localizable",
                 locales: ["fr"], suppliedBy: "en"),
        ])
    }

    @Test func resourcePathsFollowTheChain() throws {
        #expect(try localizer(["fr-CA"]).resourcePath("help", ext: "html")?.hasSuffix("fr.lproj/help.html") == true)
        #expect(try localizer(["ja"]).resourcePath("help.html")?.hasSuffix("en.lproj/help.html") == true)
        #expect(try localizer(["ja"]).resourcePath("missing", ext: "png") == nil)
        #expect(try localizer(["fr"]).resourcePath("../en.lproj/help", ext: "html") == nil)
        #expect(try localizer(["fr"]).resourcePath("/etc/passwd") == nil)
    }

    @Test func switchingLocalesAtRuntime() throws {
        let localizer = try localizer(["en"])
        #expect(localizer.text("button.back") == "Back")
        try localizer.setLocales(["ar", "en"])
        #expect(localizer.text("button.back") == "رجوع")
        // A name that names no language costs that name only.
        try localizer.setLocales(["!!", "ar"])
        #expect(localizer.text("button.back") == "رجوع")
        try localizer.setLocales(["!!"])
        #expect(localizer.locales == ["en"])
    }

    @Test func formatTypeMismatchIsAnErrorNotUndefinedBehaviour() throws {
        let fr = try localizer(["fr"])
        #expect(try fr.format("welcome.user", [.string("Ada")]) == "Bienvenue, Ada !")
        #expect(throws: ParlanceError.self) { try fr.format("%d files", [.string("three")]) }
        let (text, errors) = fr.formatReportingErrors("%d files", [.string("three")])
        #expect(text == "%d files")
        #expect(errors.first?.code == .format)
    }

    @Test func concurrentLookupsWhileSwitching() async throws {
        let localizer = try localizer(["fr"])
        let valid: Set<String> = ["Bonjour !", "Hello!", "مرحبًا!"]
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
                group.addTask { (0..<3000).allSatisfy { _ in valid.contains(localizer.text("greeting")) } }
            }
            group.addTask {
                for i in 0..<600 { try? localizer.setLocales([["fr"], ["en"], ["ar"]][i % 3]) }
                return true
            }
            for await ok in group { #expect(ok) }
        }
    }

    /// Requests are cached by their spelling: names holding any byte (POSIX
    /// names allow almost anything after '.' and '@') never share a key with
    /// another request, and the cached chain is the one resolved.
    @Test func requestsWithAnyBytesKeepTheirOwnChains() throws {
        let requests: [([String]?, String)] = [
            (["pt_BR.U@e\u{2}kro"], "pt_BR.U@e\u{2}kro"), (["pt_BR.U@e"], "kro"), (["fr", "en"], "en"),
            (["fr"], "en"), (["fr\u{1}"], "en"), (nil, "en"), ([], "en"), (["en"], "fr"), (["ar", "ja"], "ru"),
        ]
        var keys = Set<String>()
        for (names, development) in requests {
            let request = ChainRequest(names, development: development)
            #expect(keys.insert(request.key).inserted, "\(String(describing: names)) \(development)")
            #expect(request.names == names)
            #expect(request.development == development)
            request.withDevelopmentBytes { #expect(String(decoding: $0, as: UTF8.self) == development) }
        }
        let catalog = try Fixtures.exampleCatalog()
        let odd = try Localizer(catalog: catalog, locales: ["pt_BR.U@e\u{2}kro"], development: "fr")
        let plain = try Localizer(catalog: catalog, locales: ["pt_BR.U@e"], development: "kro")
        #expect(odd.locales == ["pt-BR", "pt", "fr"])
        // An unknown modifier keeps the locale apart (private use), then goes, as libintl's search drops it.
        #expect(plain.locales == ["pt-BR-x-e", "pt-x-e", "pt-BR", "pt", "kro"])
        #expect(odd.text("greeting") == "Bonjour !")
    }
}
