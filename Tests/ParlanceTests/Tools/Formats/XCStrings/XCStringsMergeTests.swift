import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// `merge` and `extract --format xcstrings`: catalogs updated as Xcode's
/// extraction updates them, with the smallest diff.
@Suite struct XCStringsMergeTests {
    static let real = XCStringsDocumentTests.realDirectory

    /// `DIR/Localizable.xcstrings`, a copy of a real catalog.
    static func copy(_ name: String, into directory: String) throws -> String {
        let path = directory + "/Localizable.xcstrings"
        try writeBytes(path, try readBytes(real + "/" + name))
        return path
    }

    /// The messages a catalog holds, as `merge --from` reads them, without its stale keys.
    static func liveMessages(_ path: String) throws -> [SourceMessage] {
        let document = try XCStringsDocument(path: path, sourceLanguage: "en")
        return try TableMessages.read(path).filter {
            XCStringsJSON.string("extractionState", in: document.entry($0.key) ?? []) != "stale"
        }.map { message in
            var message = message
            message.table = "Localizable"
            return message
        }
    }

    @Test(arguments: XCStringsDocumentTests.catalogs.dropLast().map { FileSystem.baseName($0) })
    func mergingWhatACatalogHoldsChangesNothing(_ name: String) throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy(name, into: directory)
        let before = try readBytes(path)
        let messages = try Self.liveMessages(path)
        let report = try Merger.merge(messages: messages, into: directory, format: .xcstrings,
                                      locales: ["fr"], developmentLocale: "en", options: MergeOptions())
        // A catalog of stale keys alone is a table no message uses.
        #expect(report.files.map(\.status) == [messages.isEmpty ? .unusedTable : .unchanged], "\(report.summary)")
        #expect(try readBytes(path) == before)
    }

    @Test func newAndVanishedKeysChangeOnlyTheirLines() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("NetNewsWire-ErrorLogWindow.xcstrings", into: directory)
        let original = try readText(path)
        var messages = try Self.liveMessages(path).filter { $0.key != "QvC-M9-y7g.title" }
        messages.append(SourceMessage(key: "m1.title", table: "Localizable", notes: ["Menu title"], defaultValue: "Errors"))
        let report = try Merger.merge(messages: messages, into: directory, format: .xcstrings, locales: [],
                                      developmentLocale: "en", options: MergeOptions())
        #expect(report.file(path)?.added == ["m1.title"] && report.file(path)?.unused == ["QvC-M9-y7g.title"])
        let staled = original.replacingOccurrences(
            of: "\"comment\" : \"Class = \\\"NSWindow\\\"; title = \\\"Error Log\\\"; ObjectID = \\\"QvC-M9-y7g\\\";\",\n      \"extractionState\" : \"extracted_with_value\"",
            with: "\"comment\" : \"Class = \\\"NSWindow\\\"; title = \\\"Error Log\\\"; ObjectID = \\\"QvC-M9-y7g\\\";\",\n      \"extractionState\" : \"stale\"")
        #expect(staled != original)
        let added = """
                "m1.title" : {
                  "comment" : "Menu title",
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "Errors"
                      }
                    }
                  }
                },

            """
        // "m1.title" sorts after "lKl-03-8bv.title" and before "QvC-M9-y7g.title".
        let expected = staled.replacingOccurrences(of: "    \"QvC-M9-y7g.title\" : {", with: added + "    \"QvC-M9-y7g.title\" : {")
        #expect(try readText(path) == expected)

        // The same merge again changes nothing; the key coming back loses its stale mark.
        let again = try Merger.merge(messages: messages, into: directory, format: .xcstrings, locales: [],
                                     developmentLocale: "en", options: MergeOptions())
        #expect(again.files.map(\.status) == [.unchanged])
        #expect(try readText(path) == expected)
        messages.append(SourceMessage(key: "QvC-M9-y7g.title", table: "Localizable", defaultValue: "Error Log"))
        _ = try Merger.merge(messages: messages, into: directory, format: .xcstrings, locales: [], developmentLocale: "en",
                             options: MergeOptions())
        #expect(try readText(path) == original.replacingOccurrences(of: "    \"QvC-M9-y7g.title\" : {",
                                                                    with: added + "    \"QvC-M9-y7g.title\" : {"))
    }

    @Test func manualEntriesAreLeftAloneAndUnusedOnesDeletedOnRequest() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("xcstrings-tool-Localizable.xcstrings", into: directory)
        let original = try readBytes(path)
        // Every entry is "manual": nothing is staled, deleted or refreshed.
        let report = try Merger.merge(messages: [SourceMessage(key: "Key", table: "Localizable", notes: ["Other note"])],
                                      into: directory, format: .xcstrings, locales: [], developmentLocale: "en",
                                      options: MergeOptions(deleteUnusedEntries: true))
        #expect(report.files.map(\.status) == [.unchanged])
        #expect(try readBytes(path) == original)

        let other = try Self.copy("NetNewsWire-ErrorLogWindow.xcstrings", into: try temporaryDirectory())
        let removed = try Merger.merge(messages: [], into: FileSystem.directoryName(other), format: .xcstrings, locales: [],
                                       developmentLocale: "en", options: MergeOptions(deleteUnusedEntries: true))
        #expect(removed.files.map(\.status) == [.unusedTable])
        let kept = try Merger.merge(messages: [SourceMessage(key: "k75-bg-mhK.title", table: "Localizable", defaultValue: "Copy Contents")],
                                    into: FileSystem.directoryName(other), format: .xcstrings, locales: [],
                                    developmentLocale: "en", options: MergeOptions(deleteUnusedEntries: true))
        #expect(kept.file(other)?.removed.count == 2)
        let document = try XCStringsDocument(path: other, sourceLanguage: "en")
        #expect(document.keys == ["k75-bg-mhK.title"])
        // Translations stay.
        let entries = try XCStringsLocalization.entries(path: other)
        #expect(entries.tables.first { $0.locale == "es" }?.entries.map(\.value) == [.text("Copiar contenido")])
    }

    @Test func newCatalogsCommentsAndPlurals() throws {
        let directory = try temporaryDirectory()
        let messages = [
            SourceMessage(key: "%lld file", plural: "%lld files", table: "Localizable", notes: ["File count"]),
            SourceMessage(key: "Cancel", table: "Localizable"),
            SourceMessage(key: "Name", context: "Login screen", table: "Localizable", defaultValue: "Name"),
        ]
        _ = try Merger.merge(messages: messages, into: directory, format: .xcstrings, locales: ["fr", "ru"],
                             developmentLocale: "en", options: MergeOptions())
        let path = directory + "/Localizable.xcstrings"
        #expect(try readText(path) == """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "(Login screen)Name" : {
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "Name"
                      }
                    }
                  }
                },
                "%lld file" : {
                  "comment" : "File count",
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : {
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "new",
                              "value" : "%lld file"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "new",
                              "value" : "%lld files"
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "Cancel" : {

                }
              },
              "version" : "1.0"
            }
            """)
        // A new note replaces the comment and its auto-generated mark.
        var document = try XCStringsDocument(path: path, sourceLanguage: "en")
        document.modifyEntry("Cancel") {
            XCStringsJSON.set("comment", .string("Generated"), in: &$0)
            XCStringsJSON.set("isCommentAutoGenerated", .bool(true), in: &$0)
        }
        try AtomicFile.write(document.render(), to: path)
        let report = try Merger.merge(messages: messages.map { message in
            var message = message
            if message.key == "Cancel" { message.notes = ["Button"] }
            return message
        }, into: directory, format: .xcstrings, locales: [], developmentLocale: "en", options: MergeOptions())
        #expect(report.file(path)?.updated == ["Cancel"])
        let cancel = try XCStringsDocument(path: path, sourceLanguage: "en").entry("Cancel") ?? []
        #expect(cancel.map(\.key) == ["comment"] && XCStringsJSON.string("comment", in: cancel) == "Button")
        // The runtime serves what merge wrote.
        let catalog = Catalog()
        try catalog.load(path: directory)
        let english = try Localizer(catalog: catalog, locales: ["en"], development: "en")
        #expect(english.text("Cancel") == "Cancel")
        #expect(english.plural("%lld file", count: .int(1)) == "%lld file")
        #expect(english.plural("%lld file", count: .int(3)) == "%lld files")
        #expect(english.text("Name", context: "Login screen") == "Name")
    }

    @Test func extractWritesACatalogFromSwiftSources() throws {
        let directory = try temporaryDirectory()
        try writeBytes(directory + "/src/Settings.swift", Array("""
            import Foundation

            func titles() -> [String] {
                // TRANSLATORS: the settings screen's title
                let title = String(localized: "settings.title", defaultValue: "Settings")
                let cancel = NSLocalizedString("Cancel", comment: "Button that closes the sheet")
                return [title, cancel]
            }

            """.utf8))
        let out = directory + "/Resources"
        let first = runTool(["extract", "--format", "xcstrings", "--quiet", "-o", out, directory + "/src"])
        #expect(first.status == 0, "\(first.err)")
        let path = out + "/Localizable.xcstrings"
        #expect(try readText(path) == """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Cancel" : {
                  "comment" : "Button that closes the sheet"
                },
                "settings.title" : {
                  "comment" : "TRANSLATORS: the settings screen's title",
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "Settings"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        // The call goes away: its key is marked stale, nothing else moves.
        try writeBytes(directory + "/src/Settings.swift", Array("""
            import Foundation
            let cancel = NSLocalizedString("Cancel", comment: "Button that closes the sheet")

            """.utf8))
        let second = runTool(["extract", "--format", "xcstrings", "--verbose", "-o", out, directory + "/src"])
        #expect(second.status == 0 && second.out.contains("? settings.title (unused, kept)"), "\(second.out)")
        #expect(try readText(path).contains("\"settings.title\" : {\n      \"comment\" : \"TRANSLATORS: the settings screen's title\",\n      \"extractionState\" : \"stale\","))
    }

    @Test func pseudoWritesItsLocaleIntoTheCatalog() throws {
        let directory = try temporaryDirectory()
        let path = try Self.copy("NetNewsWire-ErrorLogWindow.xcstrings", into: directory)
        let original = try readText(path)
        let run = runTool(["pseudo", "--locale", "en-XA", "--quiet", "-o", directory, directory])
        #expect(run.status == 0, "\(run.err)")
        let first = try readText(path)
        // Every other line stays; each key gains its en-XA localization.
        #expect(first.components(separatedBy: "\n").count == original.components(separatedBy: "\n").count + 3 * 6)
        let pseudo = try localizer(directory, locales: ["en-XA"])
        #expect(pseudo.text("k75-bg-mhK.title") != "Copy Contents" && pseudo.text("k75-bg-mhK.title").contains("Ç"))
        #expect(try localizer(directory, locales: ["es"]).text("k75-bg-mhK.title") == "Copiar contenido")
        // Again: the same bytes.
        _ = runTool(["pseudo", "--locale", "en-XA", "--quiet", "-o", directory, directory])
        #expect(try readText(path) == first)
    }

    @Test(arguments: [("%@ of %@", "%1$@ of %2$@"), ("%d of %d", "%1$d of %2$d"), ("%.0f×%.0f px", "%1$.0f×%2$.0f px"),
                      ("é %lld%% of %5.2f", "é %1$lld%% of %2$5.2f")])
    func severalPlaceholdersAreNumberedAsXcodeNumbersThem(_ key: String, _ text: String) {
        #expect(XCStringsMerge.numbered(key) == text)
    }

    @Test(arguments: ["%@", "%1$@ of %2$@", "%@ of %1$@", "100% %d", "%#@n@ %d", "plain"])
    func otherKeysAreNotNumbered(_ key: String) {
        #expect(XCStringsMerge.numbered(key) == nil)
    }

    @Test func aStoryboardCatalogInMulLprojIsMergedWhereItIs() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/mul.lproj/ErrorLogWindow.xcstrings"
        try writeBytes(path, try readBytes(Self.real + "/NetNewsWire-ErrorLogWindow.xcstrings"))
        var messages = try Self.liveMessages(path).map { message in
            var message = message
            message.table = "ErrorLogWindow"
            return message
        }
        messages.append(SourceMessage(key: "new.title", table: "ErrorLogWindow"))
        let report = try Merger.merge(messages: messages, into: directory, format: .xcstrings, locales: [],
                                      developmentLocale: "en", options: MergeOptions())
        #expect(report.files.map(\.path) == [path] && report.file(path)?.added == ["new.title"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/ErrorLogWindow.xcstrings"))
    }

    /// A catalog pseudo starts beside `.lproj` tables serves the same development texts as they do.
    @Test func aNewPseudoCatalogCarriesTheDevelopmentTexts() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.examples + "/en.lproj", toPath: directory + "/en.lproj")
        let before = try localizer(directory, locales: ["en"]).text("greeting")
        let run = runTool(["pseudo", "--format", "xcstrings", "--quiet", "-o", directory, directory])
        #expect(run.status == 0, "\(run.err)")
        #expect(try localizer(directory, locales: ["en"]).text("greeting") == before && before != "greeting")
        #expect(try localizer(directory, locales: ["en-XA"]).text("greeting") != before)
    }
}
