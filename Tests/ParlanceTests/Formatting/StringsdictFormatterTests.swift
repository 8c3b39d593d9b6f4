import Testing
@testable import Parlance

/// Russian-style cardinal rules for integers (one, few, many); other for fractions.
private func russian(_ operand: PluralOperand) -> PluralCategory {
    guard case .int(let n) = operand else { return .other }
    let units = abs(n) % 10, tens = abs(n) % 100
    if units == 1 && tens != 11 { return .one }
    if (2...4).contains(units) && !(12...14).contains(tens) { return .few }
    return .many
}

/// English-style rules that honour visible fraction digits: only 1 without them is `one`.
private func english(_ operand: PluralOperand) -> PluralCategory {
    switch operand {
    case .int(let n): return n == 1 ? .one : .other
    case .double(let d): return d == 1 ? .one : .other
    case .decimal(let s): return s == "1" ? .one : .other
    }
}

private typealias Variable = StringsdictFormat.Variable

private func plural(_ name: String, _ forms: [PluralCategory: String], valueType: String = "d") -> Variable {
    Variable(name: name, valueType: valueType, rule: .plural(PluralForms(forms)))
}

private func entry(_ format: String, _ variables: Variable...) -> StringsdictFormat {
    StringsdictFormat(format: format, variables: Dictionary(uniqueKeysWithValues: variables.map { ($0.name, $0) }))
}

private let files = plural("files", [.one: "%d файл", .few: "%d файла", .many: "%d файлов", .other: "%d файла"])

@Suite struct StringsdictFormatterTests {
    @Test(arguments: [(1, "1 файл"), (2, "2 файла"), (4, "4 файла"), (5, "5 файлов"), (11, "11 файлов"),
                      (12, "12 файлов"), (21, "21 файл"), (22, "22 файла"), (25, "25 файлов"), (111, "111 файлов"),
                      (0, "0 файлов")])
    func russianCategories(_ example: (Int64, String)) {
        let result = StringsdictFormatter.format(entry("%#@files@", files), [.int(example.0)], category: russian)
        #expect(result.text == example.1)
        #expect(result.errors == [])
    }

    @Test func explicitZeroAppliesToIntegerZeroOnly() {
        let apples = plural("n", [.zero: "no apples", .one: "%d apple", .other: "%@ apples"])
        let format = entry("%#@n@", apples)
        #expect(StringsdictFormatter.format(format, [.int(0)], category: english).text == "no apples")
        #expect(StringsdictFormatter.format(format, [.string("0")], category: english).text == "no apples")
        #expect(StringsdictFormatter.format(format, [.double(0)], category: english).text == "0 apples")
        #expect(StringsdictFormatter.format(format, [.string("0.0")], category: english).text == "0.0 apples")
    }

    @Test func visibleFractionDigitsAndMissingCategories() {
        let format = entry("%#@n@", plural("n", [.one: "%@ mile", .other: "%@ miles"]))
        #expect(StringsdictFormatter.format(format, [.string("1")], category: english).text == "1 mile")
        #expect(StringsdictFormatter.format(format, [.string("1.0")], category: english).text == "1.0 miles")
        #expect(StringsdictFormatter.format(format, [.double(1.5)], category: english).text == "1.5 miles")
        // `few` has no text: `other` is used.
        let onlyOther = entry("%#@n@", plural("n", [.other: "%d things"]))
        #expect(StringsdictFormatter.format(onlyOther, [.int(3)], category: russian).text == "3 things")
    }

    @Test func twoVariablesAndOuterConversions() {
        let folders = plural("folders", [.one: "%d папке", .other: "%d папках"])
        let format = entry("%@: %#@files@ в %#@folders@, %d%% done", files, folders)
        let result = StringsdictFormatter.format(format, [.string("Ann"), .int(3), .int(1), .int(40)], category: russian)
        #expect(result.text == "Ann: 3 файла в 1 папке, 40% done")
        #expect(result.errors == [])
    }

    @Test func positionalVariables() {
        let folders = plural("folders", [.one: "%d folder", .other: "%d folders"])
        let items = plural("files", [.one: "%d file", .other: "%d files"])
        let format = entry("%2$#@folders@ hold %1$#@files@ (%1$d)", items, folders)
        let result = StringsdictFormatter.format(format, [.int(5), .int(1)], category: english)
        #expect(result.text == "1 folder hold 5 files (5)")
        #expect(result.errors == [])
        // A numbered conversion inside a text keeps its number.
        let owner = entry("%2$#@n@", plural("n", [.one: "%1$@ has %2$d file", .other: "%1$@ has %d files"]))
        #expect(StringsdictFormatter.format(owner, [.string("Bo"), .int(1)], category: english).text == "Bo has 1 file")
        #expect(StringsdictFormatter.format(owner, [.string("Bo"), .int(7)], category: english).text == "Bo has 7 files")
    }

    @Test func doubleArgumentsWithFloatingPointTexts() {
        let format = entry("%#@km@", plural("km", [.one: "%.1f kilometre", .other: "%.1f kilometres"], valueType: "f"))
        #expect(StringsdictFormatter.format(format, [.double(1)], category: english).text == "1.0 kilometre")
        #expect(StringsdictFormatter.format(format, [.double(2.25)], category: english).text == "2.2 kilometres")
    }

    @Test func widthRule() {
        let title = Variable(name: "title", valueType: "d",
                             rule: .width([(50, "Medium title"), (20, "Short"), (100, "A long title, %d wide")]))
        let format = entry("[%#@title@]", title)
        #expect(StringsdictFormatter.format(format, [.int(60)], category: english).text == "[Medium title]")
        #expect(StringsdictFormatter.format(format, [.int(100)], category: english).text == "[A long title, 100 wide]")
        #expect(StringsdictFormatter.format(format, [.int(5)], category: english).text == "[Short]")
        let wrong = StringsdictFormatter.format(format, [.double(60)], category: english)
        #expect(wrong.text == "[%#@title@]")
        #expect(wrong.errors.map(\.message) == ["argument 1 is a floating-point number; '%#@title@' needs an integer width"])
    }

    @Test func deviceRuleTakesTheDevicesTextElseOther() {
        func device(_ texts: [String: String], _ device: Device? = nil) -> (text: String, errors: [ParlanceError]) {
            StringsdictFormatter.format(entry("%#@d@ to open", Variable(name: "d", valueType: "", rule: .device(texts))),
                                        [], category: english, device: device)
        }
        let texts = ["iphone": "Tap", "mac": "Click", "other": "Select"]
        #expect(device(texts).text == "Select to open")
        #expect(device(texts, .mac).text == "Click to open")
        #expect(device(texts, .iphone).text == "Tap to open")
        #expect(device(texts, .appletv).text == "Select to open")
        // Neither the device's text nor `other`: nothing, as a plural variable without its category.
        let none = device(["iphone": "Tap"], .mac)
        #expect(none.text == " to open")
        #expect(none.errors.isEmpty)
        #expect(device(["iphone": "Tap"]).text == " to open")
        #expect(device(["iphone": "Tap"], .iphone).text == "Tap to open")
    }

    /// A device's text reads in its place: its conversions go on with the
    /// format's numbering, and a plural variable in it takes its own argument.
    @Test func deviceTextsReadInPlace() {
        let format = StringsdictFormat(format: "%#@d@ (%@)", variables: [
            "d": Variable(name: "d", valueType: "", rule: .device(["other": "%@ has %#@n@", "mac": "%@ keeps %#@n@ on a Mac"])),
            "n": Variable(name: "n", valueType: "d", rule: .plural(PluralForms([.one: "%d file", .other: "%d files"]))),
        ])
        let args: [FormatArgument] = [.string("Ana"), .int(1), .string("home")]
        #expect(StringsdictFormatter.format(format, args, category: english).text == "Ana has 1 file (home)")
        #expect(StringsdictFormatter.format(format, args, category: english, device: .mac).text == "Ana keeps 1 file on a Mac (home)")
        #expect(format.render(device: .mac) { _ in .other } == "%@ keeps %d files on a Mac (%@)")
    }

    @Test func literalPercentSignsSurviveSplicing() {
        let format = entry("100%% %#@n@ 50%", plural("n", [.other: "%d%% of %@"]))
        let result = StringsdictFormatter.format(format, [.int(3)], category: english)
        // A trailing lone `%` is dropped, as CoreFoundation drops it.
        #expect(result.text == "100% 3% of 3 50")
        #expect(result.errors.isEmpty)
    }

    /// A variable without `other` (shipped by real apps): the categories
    /// present serve, a missing one substitutes nothing, without an error.
    @Test func variableWithoutOtherSubstitutesNothingForMissingCategories() {
        let few = entry("%#@n@ left", plural("n", [.one: "%d файл", .few: "%d файла"]))
        let russian = PluralRules.forLocale("ru")
        for (count, text) in [(1, "1 файл left"), (3, "3 файла left"), (5, " left"), (11, " left"), (22, "22 файла left")] {
            let result = StringsdictFormatter.format(few, [.int(Int64(count))], category: russian.category)
            #expect(result.text == text, "\(count)")
            #expect(result.errors.isEmpty, "\(count)")
        }
    }

    static let failures: [(StringsdictFormat, [FormatArgument], String, [String])] = [
        (entry("%#@nope@ left", files), [.int(1)], "%#@nope@ left", ["no variable 'nope' for '%#@nope@'"]),
        (entry("a %#@files@", files), [], "a %#@files@", ["no argument 1 for '%#@files@'"]),
        (entry("%2$#@files@", files), [.int(1)], "%2$#@files@", ["no argument 2 for '%2$#@files@'"]),
        (entry("%#@files@", files), [.string("many")], "%#@files@",
         ["argument 1 is a string that is not a decimal number; '%#@files@' needs a number"]),
        (entry("%#@files@", files), [.double(2.5)], "%1$d файла", ["argument 1 is a floating-point number; '%1$d' needs an integer"]),
        // An unknown conversion renders as CoreFoundation renders it, with no error.
        (entry("%#@n@ %d", plural("n", [.other: "%k"])), [.int(5), .int(6)], "k 6", []),
        (entry("%d %#@files@", files), [.string("x"), .int(2)], "%1$d 2 файла",
         ["argument 1 is a string; '%1$d' needs an integer"]),
    ]

    @Test(arguments: failures)
    func errorsLeaveVariablesVerbatim(_ example: (StringsdictFormat, [FormatArgument], String, [String])) {
        let result = StringsdictFormatter.format(example.0, example.1, category: russian)
        #expect(result.text == example.2)
        #expect(result.errors.map(\.message) == example.3)
    }

    @Test func selfReferencingVariablesStop() {
        let loop = plural("a", [.other: "<%#@a@>"])
        let result = StringsdictFormatter.format(entry("%#@a@", loop), [.int(1)], category: english)
        #expect(result.text == String(repeating: "<", count: 8) + "%#@a@" + String(repeating: ">", count: 8))
        #expect(result.errors.map(\.message) == ["variables nest deeper than 8 levels at '%#@a@'"])
    }

    @Test func nestedVariablesShareTheArgument() {
        let unit = plural("unit", [.one: "file", .other: "files"])
        let count = plural("count", [.other: "%d %#@unit@"])
        let result = StringsdictFormatter.format(entry("%#@count@", count, unit), [.int(1)], category: english)
        #expect(result.text == "1 file")
    }
}
