import Testing
import Parlance

/// The public MessageFormat 2 function API from Swift (`import Parlance`,
/// not `@testable`): functions on a message and on a catalog, text given
/// with its errors, booleans.
@Suite struct MessageFunctionTests {
    /// `:app:twice`: doubles a number; selects `four` or `even`; keeps the
    /// original in a field a second call reads back.
    static let twice: MessageFunction = { call, errors in
        let number: String
        switch call.operand {
        case .number(let text)?: number = text
        case .custom(function: "app:twice", value: let value?, fields: let fields)? where fields["original"] != nil:
            number = value
        default:
            errors.append(MessageFormat2Error(.badOperand, ":app:twice needs a number"))
            return nil
        }
        let doubled = (Int(number) ?? 0) * 2
        return MessageFunctionResult(value: String(doubled), fields: ["original": number], text: String(doubled),
                                     keys: [doubled % 4 == 0 ? "four" : "even"])
    }

    @Test func aMessageCallsItsFunctions() throws {
        let message = try MessageFormat2(".local $d = {$n :app:twice} .local $q = {$d :app:twice} .match $q "
                                         + "four {{{$q} is four times}} * {{other}}", functions: ["app:twice": Self.twice])
        #expect(message.format(["n": .int(3)], locale: "en") == ("12 is four times", []))
    }

    @Test func aCatalogsFunctionsServeItsTablesAndItsMessages() throws {
        let catalog = Catalog()
        try catalog.load(bytes: Array("\"m\" = \"{$n :app:twice} or {$x :app:twice}\";".utf8), locale: "en", table: "M")
        catalog.setMessageSyntax(.messageFormat2, table: "M")
        catalog.setMessageFunction("app:twice", Self.twice)
        let localizer = try Localizer(catalog: catalog, locales: ["en"])
        let (text, errors) = try localizer.formatReportingErrors("m", named: ["n": .int(2), "x": .string("a")], table: "M")
        #expect(text == "4 or {$x}")
        #expect(errors.map(\.kind) == [.badOperand])
        #expect(throws: ParlanceError.self) { try localizer.format("m", named: ["n": .int(2)], table: "M") }
        #expect(catalog.formatMessage("{$n :app:twice}", locale: "en", arguments: ["n": .int(5)]) == ("10", []))
        catalog.setMessageFunction("app:twice", nil)
        #expect(catalog.formatMessage("{$n :app:twice}", locale: "en", arguments: ["n": .int(5)]).errors.map(\.kind)
                == [.unknownFunction])
    }

    /// The same registration serves Fluent's calls: positional arguments
    /// in `arguments` (the first also the operand), named ones as options,
    /// the result's text as the call's value; a function that fails is
    /// `{NAME()}` with its errors, as fluent.js writes a function that threw.
    @Test func aCatalogsFunctionsServeFluentCalls() throws {
        let catalog = Catalog()
        let source = "joined = { JOIN($a, \"b\", 3, sep: \"+\") }\nfailing = x { JOIN() }\nunknown = { NOPE() }\n"
        try catalog.load(bytes: Array(source.utf8), locale: "en", table: "F", format: .fluent)
        catalog.setMessageFunction("JOIN") { call, errors in
            guard !call.arguments.isEmpty else {
                errors.append(MessageFormat2Error(.badOperand, "JOIN needs arguments"))
                return nil
            }
            guard case .string(let separator)? = call.options["sep"], call.operand == call.arguments.first else { return nil }
            let texts = call.arguments.map { value -> String in
                switch value {
                case .string(let text): text
                case .number(let text): "#" + text
                default: "?"
                }
            }
            return MessageFunctionResult(text: texts.joined(separator: separator))
        }
        let localizer = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try localizer.format("joined", named: ["a": .string("a")], table: "F") == "a+b+#3")
        let (failed, errors) = try localizer.formatReportingErrors("failing", named: [:], table: "F")
        #expect(failed == "x \u{2068}{JOIN()}\u{2069}")
        #expect(errors.map(\.message) == ["JOIN(): JOIN needs arguments"])
        let (unknown, unknownErrors) = try localizer.formatReportingErrors("unknown", named: [:], table: "F")
        #expect(unknown == "{NOPE()}")
        #expect(unknownErrors.map(\.message) == ["Unknown function: NOPE()"])
    }

    @Test func aMessageThatDoesNotParseGivesItsFallbackAndItsError() {
        let (text, errors) = Catalog().formatMessage("{{oops", locale: "en", arguments: [:])
        #expect(text == "{\u{FFFD}}")
        #expect(errors.map(\.kind) == [.syntax])
    }

    @Test func booleansAreTextToMessagesAndIntegersToPrintf() throws {
        let catalog = Catalog()
        #expect(catalog.formatMessage("{$on}", locale: "en", arguments: ["on": .bool(true)]) == ("true", []))
        try catalog.load(bytes: Array("\"n\" = \"%d on\";".utf8), locale: "en")
        let localizer = try Localizer(catalog: catalog, locales: ["en"])
        #expect(try localizer.format("n", [.bool(true)]) == "1 on")
    }
}
