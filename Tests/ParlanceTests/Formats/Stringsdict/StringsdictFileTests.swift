import Foundation
import Testing
@testable import Parlance

struct StringsdictErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var body: String
    var message: String
    var testDescription: String { name }
}

extension LoadingTests {
    @Suite struct StringsdictFileTests {
        /// A stringsdict whose only entry, `entry` (key at line 4, column 5), has `body` as its dict content.
        static func document(_ body: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>entry</key>
                <dict>\(body)</dict>
            </dict>
            </plist>
            """
        }

        static func plural(_ name: String, _ forms: String, valueType: String = "d") -> String {
            "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>\(forms)</dict>"
        }

        static func parse(_ source: String) throws(ParlanceError) -> [ParsedEntry] {
            try StringsdictFile.parse(Array(source.utf8), path: "t.stringsdict")
        }

        @Test func pluralEntry() throws {
            let entries = try Self.parse(Self.document(
                "<key>NSStringLocalizedFormatKey</key><string>%1$#@files@ in %2$#@folders@</string>"
                + Self.plural("files", "<key>zero</key><string>no files</string><key>one</key><string>%d file</string>"
                              + "<key>other</key><string>%d files</string>")
                + Self.plural("folders", "<key>other</key><string>%d folders</string>", valueType: "ld")))
            var files = PluralForms()
            files[.zero] = "no files"
            files[.one] = "%d file"
            files[.other] = "%d files"
            let expected = StringsdictFormat(format: "%1$#@files@ in %2$#@folders@", variables: [
                "files": .init(name: "files", valueType: "d", rule: .plural(files)),
                "folders": .init(name: "folders", valueType: "ld", rule: .plural(PluralForms([.other: "%d folders"]))),
            ])
            #expect(entries == [ParsedEntry(key: "entry", value: .stringsdict(expected), line: 4, column: 5)])
        }

        @Test func widthAndDeviceVariables() throws {
            let entries = try Self.parse(Self.document(
                "<key>NSStringLocalizedFormatKey</key><string>%#@w@ %#@d@</string>"
                + "<key>w</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringVariableWidthRuleType</string>"
                + "<key>50</key><string>Welcome to the app</string><key>20</key><string>Welcome</string></dict>"
                + "<key>d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string>"
                + "<key>mac</key><string>Click</string><key>iphone</key><string>Tap</string></dict>"))
            guard case .stringsdict(let format) = entries.first?.value else { Issue.record("not a stringsdict entry"); return }
            #expect(format.variables["w"]?.rule == .width([(20, "Welcome"), (50, "Welcome to the app")]))
            #expect(format.variables["d"]?.rule == .device(["mac": "Click", "iphone": "Tap"]))
            #expect(format.variables["w"]?.valueType == "")
        }

        @Test func entryLevelVariations() throws {
            let entries = try Self.parse(Self.document(
                "<key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>Hi</string><key>10</key><string>Hello</string></dict>"))
            let expected = StringsdictFormat(format: "%#@NSStringVariableWidthRuleType@", variables: [
                "NSStringVariableWidthRuleType": .init(name: "NSStringVariableWidthRuleType", valueType: "",
                                                        rule: .width([(1, "Hi"), (10, "Hello")]))])
            #expect(entries.first?.value == .stringsdict(expected))
        }

        @Test func plainStringValueIsText() throws {
            let entries = try Self.parse("<plist><dict><key>a</key><string>b</string></dict></plist>")
            #expect(entries == [ParsedEntry(key: "a", value: .text("b"), line: 1, column: 14)])
        }

        @Test func nestedReferencesInTexts() throws {
            _ = try Self.parse(Self.document(
                "<key>NSStringLocalizedFormatKey</key><string>%#@a@ 100%%</string>"
                + Self.plural("a", "<key>other</key><string>%d and %#@b@</string>")
                + Self.plural("b", "<key>other</key><string>%d</string>")))
        }

        /// A reference to no variable, or a malformed one, keeps its entry
        /// (Foundation looks variables up only when formatting): the entry is
        /// served as read, and `unresolvedReferences` names each for lint.
        @Test func unresolvedReferencesLoad() throws {
            let cases: [(body: String, problems: [String])] = [
                ("<key>NSStringLocalizedFormatKey</key><string>%#@n@ %#@m@</string>" + Self.plural("n", "<key>other</key><string>x</string>"),
                 ["%#@m@ names no variable"]),
                ("<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>" + Self.plural("n", "<key>other</key><string>%#@q@</string>"),
                 ["%#@q@ names no variable"]),
                ("<key>NSStringLocalizedFormatKey</key><string>%#@n</string>", ["malformed variable reference %#@n in \"%#@n\""]),
                ("<key>NSStringLocalizedFormatKey</key><string>%1$#@@arg1@ %2$#@arg2@</string>" + Self.plural("arg2", "<key>other</key><string>%d</string>"),
                 ["malformed variable reference %1$#@@ in \"%1$#@@arg1@ %2$#@arg2@\""]),
            ]
            for c in cases {
                let entries = try Self.parse(Self.document(c.body))
                guard case .stringsdict(let format) = entries.first?.value else { Issue.record("not kept: \(c.body)"); continue }
                #expect(format.unresolvedReferences == c.problems)
            }
        }

        static let errors: [StringsdictErrorCase] = [
            .init(name: "missing format key", body: plural("n", "<key>other</key><string>x</string>"),
                  message: "missing NSStringLocalizedFormatKey"),
            .init(name: "unknown spec type",
                  body: "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
                      + "<key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string></dict>",
                  message: "unknown NSStringFormatSpecTypeKey \"NSStringGenderRuleType\" in variable \"n\""),
            .init(name: "no spec type",
                  body: "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>other</key><string>x</string></dict>",
                  message: "variable \"n\" has no NSStringFormatSpecTypeKey"),
            .init(name: "unknown category",
                  body: "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                      + plural("n", "<key>foo</key><string>x</string><key>other</key><string>y</string>"),
                  message: "unknown plural category \"foo\" in variable \"n\" (expected zero, one, two, few, many or other)"),
            .init(name: "bad width",
                  body: "<key>NSStringLocalizedFormatKey</key><string>%#@w@</string><key>w</key><dict>"
                      + "<key>NSStringFormatSpecTypeKey</key><string>NSStringVariableWidthRuleType</string><key>wide</key><string>x</string></dict>",
                  message: "width \"wide\" in variable \"w\" is not a decimal number"),
            .init(name: "unknown device",
                  body: "<key>NSStringLocalizedFormatKey</key><string>%#@d@</string><key>d</key><dict>"
                      + "<key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string><key>pager</key><string>x</string></dict>",
                  message: "unknown device \"pager\" in variable \"d\" (expected one of appletv, applevision, applewatch, ipad, iphone, ipod, mac, other)"),
            .init(name: "format key not a string", body: "<key>NSStringLocalizedFormatKey</key><integer>1</integer>",
                  message: "NSStringLocalizedFormatKey must be a string, found integer"),
            .init(name: "variable not a dict",
                  body: "<key>NSStringLocalizedFormatKey</key><string>x</string><key>n</key><string>y</string>",
                  message: "variable \"n\" must be a dict, found string"),
            .init(name: "category not a string",
                  body: "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>" + plural("n", "<key>other</key><array/>"),
                  message: "\"other\" in variable \"n\" must be a string, found array"),
        ]

        @Test(arguments: errors)
        func errorsAreLocatedAtTheEntryKey(_ c: StringsdictErrorCase) {
            let error = thrownError { _ = try Self.parse(Self.document(c.body)) }
            #expect(error == ParlanceError(.syntax, "\"entry\": \(c.message)", path: "t.stringsdict", line: 4, column: 5))
        }

        @Test func topLevelShapes() {
            #expect(thrownError { _ = try Self.parse("<plist><array/></plist>") }?.message == "the top level must be a dict, found array")
            #expect(thrownError { _ = try Self.parse("<plist><dict><key>a</key><true/></dict></plist>") }?.message
                    == "the value of \"a\" must be a dict or a string, found boolean")
            #expect(thrownError { _ = try Self.parse("\"a\" = \"b\";") }?.message == "not an XML or binary property list")
        }

        /// The same stringsdict written by Foundation as XML and as binary reads identically.
        @Test func foundationWrittenStringsdict() throws {
            let plist: [String: Any] = [
                "files": [
                    "NSStringLocalizedFormatKey": "%#@n@ — %#@w@",
                    "n": ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld",
                          "zero": "none", "one": "%lld file", "few": "%lld súbory", "other": "%lld files"],
                    "w": ["NSStringFormatSpecTypeKey": "NSStringVariableWidthRuleType", "10": "short", "100": "much longer"],
                ],
                "plain": "text & <markup>",
            ]
            var forms = PluralForms()
            forms[.zero] = "none"; forms[.one] = "%lld file"; forms[.few] = "%lld súbory"; forms[.other] = "%lld files"
            let expected: [String: EntryValue] = [
                "files": .stringsdict(StringsdictFormat(format: "%#@n@ — %#@w@", variables: [
                    "n": .init(name: "n", valueType: "lld", rule: .plural(forms)),
                    "w": .init(name: "w", valueType: "", rule: .width([(10, "short"), (100, "much longer")])),
                ])),
                "plain": .text("text & <markup>"),
            ]
            for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                let entries = try StringsdictFile.parse(try FoundationReference.serialize(plist, format), path: nil)
                #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }) == expected, "\(format)")
            }
        }
    }
}
