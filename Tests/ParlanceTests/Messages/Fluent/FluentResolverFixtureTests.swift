import Foundation
import Testing
@testable import Parlance

/// The resolver against fluent-rs's language-neutral resolver fixtures
/// (corpus3 `fluent-fixtures/projectfluent__fluent-rs/fluent-bundle/tests/fixtures/*.yaml`,
/// read through PyYAML by Tests/reference/fluent/yaml_to_json.py): every
/// assert not marked `skip` formats to the expected value with the
/// expected errors.
@Suite struct FluentResolverFixtureTests {
    /// The test functions of fluent-rs's fixture harness.
    static let functions: [String: FluentFunction] = [
        "IDENTITY": { positional, _, _ in positional.first ?? .error },
        "CONCAT": { positional, _, locale in .string(positional.map { FluentFormatting.text(of: $0, locale: locale) }.joined()) },
        "SUM": { positional, _, _ in
            var sum = 0.0
            for case .number(let n) in positional { sum += n.value }
            return .number(FluentNumber(sum))
        },
        "NUMBER": FluentBuiltins.number,
    ]

    static func fixtures() throws -> [String: Any] {
        let root = try #require(FluentReferenceData.fixtures) + "/projectfluent__fluent-rs/fluent-bundle/tests/fixtures"
        let files = Fixtures.files(under: root, extension: "yaml").filter { !$0.hasSuffix("/defaults.yaml") }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: Fixtures.repository + "/build/venv/bin/python")
        python.arguments = [Fixtures.repository + "/Tests/reference/fluent/yaml_to_json.py"] + files
        let pipe = Pipe()
        python.standardOutput = pipe
        try python.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    struct Outcome { var passed = 0, total = 0, failures: [String] = [] }

    @Test func resolverFixtures() throws {
        var outcome = Outcome()
        for (path, fixture) in try Self.fixtures().sorted(by: { $0.key < $1.key }) {
            guard let fixture = fixture as? [String: Any] else { continue }
            Self.run(suite: fixture, name: (path as NSString).lastPathComponent, resources: [], bundle: [:], into: &outcome)
        }
        print("Fluent resolver fixtures: \(outcome.passed) of \(outcome.total)")
        for failure in outcome.failures { print("  differs: \(failure)") }
        #expect(outcome.total >= 100)
        #expect(outcome.passed * 10 >= outcome.total * 8, "\(outcome.failures.joined(separator: "\n"))")
    }

    static func run(suite: [String: Any], name: String, resources: [String], bundle: [String: Any], into outcome: inout Outcome) {
        let resources = resources + ((suite["resources"] as? [[String: Any]]) ?? []).compactMap { $0["source"] as? String }
        let bundle = ((suite["bundles"] as? [[String: Any]])?.first).map { bundle.merging($0) { $1 } } ?? bundle
        for child in (suite["suites"] as? [[String: Any]]) ?? [] {
            run(suite: child, name: name + " / " + ((child["name"] as? String) ?? ""), resources: resources, bundle: bundle, into: &outcome)
        }
        for test in (suite["tests"] as? [[String: Any]]) ?? [] where (test["skip"] as? Bool) != true {
            let testName = name + " / " + ((test["name"] as? String) ?? "")
            let sources = resources + ((test["resources"] as? [[String: Any]]) ?? []).compactMap { $0["source"] as? String }
            let options = ((test["bundles"] as? [[String: Any]])?.first).map { bundle.merging($0) { $1 } } ?? bundle
            let fluent = FluentBundle(locale: ((options["locales"] as? [String])?.first) ?? "en-US")
            fluent.useIsolating = (options["useIsolating"] as? Bool) ?? false
            for function in (options["functions"] as? [String]) ?? [] { if let f = functions[function] { fluent.addFunction(function, f) } }
            for source in sources { fluent.add(FluentParser.parse(source)) }
            for case let check as [String: Any] in (test["asserts"] as? [Any]) ?? [] {
                outcome.total += 1
                let id = (check["id"] as? String) ?? ""
                var arguments: [String: FluentValue] = [:]
                for (key, value) in (check["args"] as? [String: Any]) ?? [:] {
                    if let number = value as? NSNumber, !(value is String) {
                        arguments[key] = .number(FluentNumber(parsing: number.stringValue) ?? FluentNumber(number.doubleValue))
                    } else {
                        arguments[key] = .string("\(value)")
                    }
                }
                let result = fluent.format(id, attribute: check["attribute"] as? String, arguments: arguments)
                let label = "\(testName) [\(id)]"
                if (check["missing"] as? Bool) == true {
                    if result == nil { outcome.passed += 1 } else { outcome.failures.append("\(label): expected missing") }
                    continue
                }
                guard let result else { outcome.failures.append("\(label): missing"); continue }
                let want: String = check["value"].map { "\($0)" } ?? ""
                let expected: [[String: Any]] = (check["errors"] as? [[String: Any]]) ?? []
                let wantErrors: [String] = expected.map { error in
                    let type: String = (error["type"] as? String) ?? ""
                    let desc: String = (error["desc"] as? String) ?? ""
                    return type + ": " + desc
                }
                let gotErrors: [String] = result.errors.map { $0.kind.rawValue + ": " + $0.description }
                let errorsMatch: Bool = check["errors"] == nil || gotErrors == wantErrors
                if result.text == want && errorsMatch {
                    outcome.passed += 1
                } else {
                    outcome.failures.append(label + ": " + result.text.debugDescription + " \(gotErrors) want " + want.debugDescription + " \(wantErrors)")
                }
            }
        }
    }
}
