import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// Nothing outside a format's folders names it: each built-in format's
/// extensions, folder conventions and types — read from the registries,
/// not written here — appear in `Sources/` and `bindings/python/parlance`
/// only in the format's own folders (`Formats/<F>/` in the core and the
/// tools; a convention's, in the folders of every format that declares it),
/// the registry files, and the places on `allowed`, each with its reason.
@Suite struct FormatNamesStayHomeTests {
    /// (file or folder prefix, token) → why the file may spell it: `Tests/Fixtures/format-names-stay-home.allowed`,
    /// one `PATH<TAB>TOKEN<TAB>REASON` a line.
    static let allowed: [String: [String: String]] = {
        var allowed: [String: [String: String]] = [:]
        let path = Fixtures.repository + "/Tests/Fixtures/format-names-stay-home.allowed"
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard fields.count == 3, !fields[2].isEmpty else { continue }
            allowed[fields[0], default: [:]][fields[1]] = fields[2]
        }
        return allowed
    }()

    /// Files where the public format enums are written by hand; `FormatRegistryTests` checks them against the registry.
    static let publicEnums: Set<String> = ["bindings/python/parlance/_ffi.py", "bindings/python/parlance/catalog.py"]

    struct Token: Hashable { let text: String; let kind: String }

    /// A format's tokens and the folders (relative to the repository) where they are at home.
    static func formats() throws -> [(name: String, tokens: [Token], home: [String])] {
        let root = Fixtures.repository
        var result: [(String, [Token], [String])] = []
        for plugin in TableFormat.registry.builtIn {
            let folder = try #require(try declaringFolder(of: String(describing: type(of: plugin)), under: root + "/Sources/Parlance/Formats"),
                                      "\(plugin) is declared in a Formats/<F>/ folder")
            var homes = ["Sources/Parlance/Formats/\(folder)/", "Sources/ParlanceTools/Formats/\(folder)/"]
            var tokens = ([plugin.fileExtension] + plugin.extensionAliases).map { Token(text: $0, kind: "extension") }
            for convention in plugin.folderConventions {
                tokens.append(Token(text: convention, kind: "convention"))
            }
            var names = try declaredTypes(in: root + "/Sources/Parlance/Formats/" + folder)
            if let tools = OutputFormat.owner(of: plugin.format).map({ String(describing: type(of: $0.tools)) }),
               let toolsFolder = try declaringFolder(of: tools, under: root + "/Sources/ParlanceTools/Formats") {
                homes.append("Sources/ParlanceTools/Formats/\(toolsFolder)/")
                names += try declaredTypes(in: root + "/Sources/ParlanceTools/Formats/" + toolsFolder)
            }
            tokens += names.map { Token(text: $0, kind: "type") }
            result.append((plugin.name, tokens, homes))
        }
        return result
    }

    @Test func noFormatIsNamedOutsideItsFolders() throws {
        let root = Fixtures.repository
        let formats = try Self.formats()
        // A convention is at home in every folder of the formats that declare it; a type only in its own.
        var homes: [Token: Set<String>] = [:]
        for format in formats { for token in format.tokens { homes[token, default: []].formUnion(format.home) } }
        let registries = ["Sources/Parlance/Formats/Registry.swift", "Sources/ParlanceTools/Layout/OutputFormat+Registry.swift",
                          "Sources/Parlance/Messages/SyntaxRegistry.swift"]
        var found: [String] = []
        for file in try Self.sourceFiles(root) where !registries.contains(file) && !Self.publicEnums.contains(file) {
            let text = Self.withoutComments(try String(contentsOfFile: root + "/" + file, encoding: .utf8), python: file.hasSuffix(".py"))
            let literals = Self.stringLiterals(text)
            for (token, home) in homes where !home.contains(where: { file.hasPrefix($0) }) {
                let allowedHere = Self.allowed.contains { (file == $0.key || $0.key.hasSuffix("/") && file.hasPrefix($0.key)) && $0.value[token.text] != nil }
                guard !allowedHere else { continue }
                let hit: Bool
                switch token.kind {
                // As an extension (`.po`, `fr.po`); the bare word is also a format's name or an output (`--format json`).
                case "extension": hit = literals.contains { $0.hasSuffix("." + token.text) }
                case "convention": hit = literals.contains { $0.contains(token.text) }
                default: hit = Self.mentions(text, word: token.text)
                }
                if hit { found.append("\(file): \(token.kind) \(token.text)") }
            }
        }
        #expect(Set(found).sorted() == [], "\(Set(found).sorted().joined(separator: "\n"))")
    }

    /// The check itself finds a name where it does not belong.
    @Test func theCheckFindsAStrayName() {
        #expect(Self.stringLiterals(#"let a = "fr.lproj"; let b = "x""#) == ["fr.lproj", "x"])
        #expect(Self.mentions("let d = PODocument(path: p)", word: "PODocument"))
        #expect(!Self.mentions("let d = MyPODocumentX()", word: "PODocument"))
        #expect(Self.withoutComments("a // PODocument\n/* PODocument */ b", python: false) == "a \n b")
    }

    // MARK: Reading the sources

    static func sourceFiles(_ root: String) throws -> [String] {
        var files: [String] = []
        for (folder, ext) in [("Sources", "swift"), ("bindings/python/parlance", "py")] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix("." + ext) { files.append(folder + "/" + path) }
            }
        }
        return files.sorted()
    }

    /// The `Formats/<F>` folder under `base` whose files declare `type`.
    static func declaringFolder(of type: String, under base: String) throws -> String? {
        for folder in try FileManager.default.contentsOfDirectory(atPath: base).sorted() {
            if try declaredTypes(in: base + "/" + folder).contains(type) { return folder }
        }
        return nil
    }

    /// The types a folder's files declare at their top level.
    static func declaredTypes(in folder: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?m)^(?:(?:package|public|private|fileprivate|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)/) {
                names.append(String(match.1))
            }
        }
        return names
    }

    static func withoutComments(_ text: String, python: Bool) -> String {
        if python { return text.replacing(/(?m)#.*$/, with: "") }
        return text.replacing(/\/\*[\s\S]*?\*\//, with: "").replacing(/\/\/[^\n]*/, with: "")
    }

    static func stringLiterals(_ text: String) -> [String] {
        text.matches(of: /"([^"\n\\]*(?:\\.[^"\n\\]*)*)"/).map { String($0.1) }
    }

    static func mentions(_ text: String, word: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            func identifier(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !identifier(before) && !identifier(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }
}
