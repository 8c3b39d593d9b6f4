import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// The `.pot` files against GNU gettext: msgfmt accepts them, Parlance's
/// own reader reads the same messages back, and xgettext finds the same
/// messages in the C and Python fixtures when given the same keywords.
@Suite struct ExtractGettextTests {
    let tree = ExtractFixtures.tree

    /// Runs a program; nil when it is not installed.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, err: String)? {
        guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    typealias Identity = Set<[String?]>

    static func identities(_ entries: [POEntry]) -> Identity {
        Set(entries.filter { !$0.isHeader && !$0.isObsolete }.map { [$0.context, $0.msgid, $0.msgidPlural] })
    }

    static func identities(_ messages: [SourceMessage]) -> Identity {
        Set(messages.map { [$0.context, $0.key, $0.plural] })
    }

    /// A translator note of several lines (a blank one among them) stays a
    /// comment on every line, in the `.pot` and in the `.po` files that
    /// merging writes; msgfmt --check accepts them all.
    @Test func multiLineNotesStayComments() throws {
        let dir = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = dir + "/src/notes.c"
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        try writeFile(source, """
            /* TRANSLATORS: The first line.
               The second line.

               After a blank line. */
            puts(_("Hello"));
            // TRANSLATORS: one line\r
            printf(ngettext("%d file", "%d files", n), n);

            """)
        #expect(runTool(["extract", "--format", "pot", "--quiet", "--relative-to", dir, "-o", dir + "/pot", source]).status == 0)
        #expect(runTool(["extract", "--format", "po", "--quiet", "--locale", "de", "--relative-to", dir, "-o", dir + "/po",
                         source]).status == 0)
        var checked = 0
        for folder in [dir + "/pot", dir + "/po", dir + "/po/de/LC_MESSAGES", dir + "/po/de"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasSuffix(".pot") || name.hasSuffix(".po") {
                let path = folder + "/" + name
                let text = try ExtractFixtures.read(path)
                #expect(text.contains("#. TRANSLATORS: The first line.\n#. The second line.\n#.\n#. After a blank line.\n"), "\(path)")
                #expect(!text.contains("\r"), "\(path)")
                let copy = dir + "/check-\(checked).po"
                try FileManager.default.copyItem(atPath: path, toPath: copy)
                let result = try #require(try Self.run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", copy]))
                #expect(result.status == 0, "\(path): \(result.err)")
                checked += 1
            }
        }
        #expect(checked >= 2)
    }

    @Test func msgfmtAcceptsEveryPot() throws {
        let dir = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(runTool(["extract", "--format", "pot", "--quiet", "--relative-to", tree, "-o", dir, tree]).status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            let po = dir + "/" + name.replacingOccurrences(of: ".pot", with: ".po")
            try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: po)
            guard let result = try Self.run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", po]) else { return }
            #expect(result.status == 0, "\(name): \(result.err)")
            let lines = result.err.split(separator: "\n")
            #expect(lines.allSatisfy { $0.contains("warning: header field") }, "\(name): \(result.err)")
        }
    }

    @Test func parlanceReadsThePotBack() throws {
        let result = try Extractor.extract(paths: [tree], options: ExtractOptions())
        for (name, text) in TemplateFiles.files(result.messages, defaultTable: "Localizable", format: GettextFormat()) {
            let entries = try POFile.parse(Array(text.utf8), path: name).entries
            let table = name == "Localizable.pot" ? nil : String(name.dropLast(4))
            let messages = result.messages.filter { $0.table == table }
            #expect(Self.identities(entries) == Self.identities(messages), "\(name)")
            #expect(entries.filter { !$0.isHeader }.count == messages.count)
            // Notes and references survive.
            for (entry, message) in zip(entries.filter { !$0.isHeader }, messages) {
                #expect(entry.extractedComments == message.notes.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) })
                #expect(entry.references == message.references.map { "\($0.path):\($0.line)" })
            }
        }
        // Filled in like `msgen` does, the runtime's reader gives back every message.
        let pot = PotWriter.pot(result.messages.filter { $0.table == nil })
        var lines = pot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for i in lines.indices where (lines[i] == "msgstr \"\"" || lines[i] == "msgstr[0] \"\"")
            && !(i + 1 < lines.count && lines[i + 1].hasPrefix("\"")) {
            lines[i] = lines[i].replacingOccurrences(of: "\"\"", with: "\"x\"")
        }
        let filled = lines.filter { $0 != "#, fuzzy" }.joined(separator: "\n")
        let table = try GettextFile.parsePO(Array(filled.utf8), path: nil)
        let defaultTable = result.messages.filter { $0.table == nil }
        #expect(Set(table.entries.map { [$0.context, $0.key] }) == Set(defaultTable.map { [$0.context, $0.key] }))
        #expect(table.pluralIDs.count == defaultTable.filter { $0.plural != nil }.count)
    }

    static let gettextKeywords = ["_", "N_", "gettext_noop", "gettext", "dgettext:2", "dcgettext:2", "ngettext:1,2",
                                  "dngettext:2,3", "dcngettext:2,3", "pgettext:1c,2", "dpgettext:2c,3",
                                  "npgettext:1c,2,3", "dnpgettext:2c,3,4"]

    /// xgettext and Parlance, same keywords, same files: same messages.
    @Test(arguments: [("C", ["c/main.c", "c/util/api.c"]), ("Python", ["python/app.py"])])
    func sameMessagesAsXgettext(_ language: String, _ files: [String]) throws {
        let dir = ExtractFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let pot = dir + "/x.pot"
        let keywordArguments = ["-k"] + Self.gettextKeywords.map { "--keyword=" + $0 }
        guard let result = try Self.run("/usr/bin/xgettext", keywordArguments + [
            "-L", language, "--from-code=UTF-8", "--force-po", "-o", pot, "-D", tree] + files) else { return }
        #expect(result.status == 0, "\(result.err)")
        var theirs = Self.identities(try POFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: pot))), path: pot).entries)

        var options = ExtractOptions()
        options.useBuiltinKeywords = false
        options.keywords = try Self.gettextKeywords.map(KeywordSpec.parse)
        let ours = try Extractor.extract(paths: files.map { tree + "/" + $0 }, options: options)
        var mine = Self.identities(ours.messages)
        if language == "Python" {
            // Known differences: xgettext 0.21 reads Python 2 rules for `\u`/`\U` in str literals
            // and extracts byte strings, which Parlance reports instead.
            let escapes = { (id: [String?]) in (id[1] ?? "").hasPrefix("Escapes:") }
            #expect(mine.contains { escapes($0) && ($0[1] ?? "").contains("\u{e9}") })
            mine = mine.filter { !escapes($0) }
            theirs = theirs.filter { !escapes($0) && $0[1] != "bytes are not text" }
        }
        // Both take the first literal of `cond ? "many" : "one"`, as xgettext reads C.
        #expect(language != "C" || mine.contains { $0[1] == "many" })
        #expect(theirs == mine)
        #expect(theirs.count > 10)
    }
}
