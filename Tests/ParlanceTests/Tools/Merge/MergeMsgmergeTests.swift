import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// `parlance merge --format po` against GNU msgmerge (`--previous`) on the
/// same old `.po` and new template: the same live entries with the same
/// translations, fuzzy marks, previous msgids (`#|`) and translator
/// comments, and the same obsolete entries. (Order is not compared: a `.po`
/// follows its template, and msgmerge's input template here is Parlance's.)
@Suite struct MergeMsgmergeTests {
    static let old = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Language: de\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        # Translator: keep it short
        #: src/a.c:1
        msgid "Open file"
        msgstr "Datei öffnen"

        msgid "Save the document"
        msgstr "Dokument speichern"

        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d Datei"
        msgstr[1] "%d Dateien"

        msgid "%d folder"
        msgid_plural "%d folders"
        msgstr[0] "%d Ordner"
        msgstr[1] "%d Ordner"

        msgid "Quit"
        msgstr "Beenden"

        msgid "Print"
        msgstr "Drucken"

        msgid "Untranslated old"
        msgstr ""

        #, fuzzy
        #| msgid "Old title"
        msgid "Title"
        msgstr "Titel"

        msgctxt "menu"
        msgid "Close window"
        msgstr "Fenster schließen"

        msgid "An entirely different sentence about the weather"
        msgstr "Ein ganz anderer Satz über das Wetter"

        #~ msgid "Export everything now"
        #~ msgstr "Jetzt alles exportieren"

        """

    /// (context, msgid, msgid_plural, notes): what the sources say now.
    static let messages: [SourceMessage] = [
        message("Open a file", note: "toolbar"),      // similar to "Open file": fuzzy
        message("Save the documents"),                 // similar: fuzzy
        message("%d file", plural: "%d files"),        // unchanged
        message("%d folder", plural: "%d directories"), // msgid_plural changed: fuzzy
        message("Print", plural: "Prints"),            // now plural: fuzzy, the text in every form
        message("Title!"),                             // similar to a fuzzy entry: its #| carries over
        message("Close windows", context: "menu"),     // similar, same context
        message("Export everything"),                  // similar to an obsolete entry
        message("Completely new text"),                // nothing similar
        message("X"),                                  // short: nothing similar
    ]

    static func message(_ key: String, context: String? = nil, plural: String? = nil, note: String? = nil) -> SourceMessage {
        var message = SourceMessage(key: key, references: [.init(path: "src/b.c", line: 7)])
        message.context = context
        message.plural = plural
        if let note { message.notes = [note] }
        return message
    }

    struct Live: Equatable, CustomStringConvertible {
        let plural: String?, msgstr: [String], fuzzy: Bool, previous: String?, comments: [String]
        var description: String { "\(plural ?? "-") \(msgstr) fuzzy=\(fuzzy) #|\(previous ?? "-") \(comments)" }
    }

    static func read(_ path: String) throws -> (live: [String: Live], obsolete: Set<String>) {
        let entries = try POFile.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8), path: path).entries
        var live: [String: Live] = [:]
        var obsolete = Set<String>()
        for entry in entries where !entry.isHeader {
            let key = (entry.context.map { $0 + "\u{4}" } ?? "") + entry.msgid
            if entry.isObsolete { obsolete.insert(key); continue }
            live[key] = Live(plural: entry.msgidPlural, msgstr: entry.msgstr, fuzzy: entry.isFuzzy,
                             previous: entry.previousMsgid, comments: entry.translatorComments)
        }
        return (live, obsolete)
    }

    @Test func sameResultAsMsgmerge() throws {
        let directory = try temporaryDirectory("msgmerge")
        let po = directory + "/de/LC_MESSAGES/messages.po"
        try FileManager.default.createDirectory(atPath: directory + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        try writeBytes(po, Array(Self.old.utf8))
        try writeBytes(directory + "/old.po", Array(Self.old.utf8))
        _ = try Merger.merge(messages: Self.messages, into: directory, format: .po, locales: ["de"],
                             developmentLocale: "en", options: MergeOptions())
        let result = try run("/usr/bin/msgmerge", ["--previous", "--quiet", "-o", directory + "/msgmerge.po",
                                                   directory + "/old.po", directory + "/messages.pot"])
        #expect(result.status == 0, "\(result)")
        let ours = try Self.read(po), theirs = try Self.read(directory + "/msgmerge.po")
        #expect(Set(ours.live.keys) == Set(theirs.live.keys))
        for (key, entry) in theirs.live {
            #expect(ours.live[key] == entry, "\(key): Parlance \(ours.live[key].map(String.init(describing:)) ?? "nil"), msgmerge \(entry)")
        }
        #expect(ours.obsolete == theirs.obsolete)
        // What the comparison rests on, in case both got it wrong the same way.
        #expect(theirs.live["Open a file"]?.fuzzy == true && theirs.live["Completely new text"]?.msgstr == [""])
        #expect(theirs.obsolete == ["Quit", "An entirely different sentence about the weather"])
        #expect(try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", po]).status == 0)
    }

    /// Fuzzy matching stays linear: a search reads a bounded part of the
    /// index even when every msgid shares its 4-grams with every other.
    @Test func similarMessagesInBulk() throws {
        var old = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for n in 0..<3000 { old += "\nmsgid \"Message number \(n) of the file\"\nmsgstr \"Nachricht \(n)\"\n" }
        let directory = try temporaryDirectory("bulk")
        try FileManager.default.createDirectory(atPath: directory + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        try writeBytes(directory + "/de/LC_MESSAGES/messages.po", Array(old.utf8))
        let messages = (0..<3000).map { Self.message("Message number \($0) of the file (revised)") }
        _ = try Merger.merge(messages: messages, into: directory, format: .po, locales: ["de"],
                             developmentLocale: "en", options: MergeOptions())
        let merged = try Self.read(directory + "/de/LC_MESSAGES/messages.po")
        #expect(merged.live.count == 3000 && merged.obsolete.isEmpty)
        #expect(merged.live.values.allSatisfy { $0.fuzzy })
        // Each message found its own old translation, not just any similar one.
        #expect(merged.live["Message number 1234 of the file (revised)"]?.msgstr == ["Nachricht 1234"])
        #expect(merged.live["Message number 7 of the file (revised)"]?.previous == "Message number 7 of the file")
    }
}
