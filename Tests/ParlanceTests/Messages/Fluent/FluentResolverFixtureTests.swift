import Foundation
import Testing
@testable import Parlance

/// The resolver against fluent-rs's language-neutral resolver fixtures
/// (corpus3 `fluent-fixtures/projectfluent__fluent-rs/fluent-bundle/tests/fixtures/*.yaml`,
/// read through PyYAML by Tests/reference/fluent/yaml_to_json.py), run as
/// fluent-rs's harness (`tests/resolver_fixtures.rs`) runs them: its test
/// functions, its `transform: example` (each `a` of a text element `A`),
/// `missing` as `has_message`, an error's description compared for
/// `Reference` errors only (the others by type), a resource's `Parser` and
/// a bundle's `Overriding` errors checked. Every assert not marked `skip`
/// passes.
@Suite struct FluentResolverFixtureTests {
    /// The test functions of fluent-rs's fixture harness.
    static let functions: [String: FluentFunction] = [
        "IDENTITY": { positional, _, _ in positional.first ?? .error },
        // Strings and numbers (a number as Rust writes an f64: `1`, `1.5`), anything else left out.
        "CONCAT": { positional, _, _ in
            .string(positional.map { value -> String in
                switch value {
                case .string(let text): return text
                case .number(let n): return n.value == n.value.rounded() && abs(n.value) < 1e15 ? String(Int64(n.value)) : String(n.value)
                default: return ""
                }
            }.joined())
        },
        "SUM": { positional, _, _ in
            var sum = 0.0
            for case .number(let n) in positional { sum += n.value }
            return .number(FluentNumber(sum))
        },
        // The harness's NUMBER gives its first argument back.
        "NUMBER": { positional, _, _ in positional.first ?? .error },
    ]

    /// The harness's `transform_example`.
    static let transforms: [String: @Sendable (String) -> String] = ["example": { $0.replacingOccurrences(of: "a", with: "A") }]

    /// The fixture asserts Parlance answers differently, by name (none: a
    /// message whose second attribute is broken, `err4`, keeps its first
    /// as the specification's grammar and fluent-rs keep it).
    static let documented: Set<String> = []

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

    struct Outcome { var passed = 0, total = 0, failures: [String] = [], documented: [String] = [] }

    @Test func resolverFixtures() throws {
        var outcome = Outcome()
        for (path, fixture) in try Self.fixtures().sorted(by: { $0.key < $1.key }) {
            guard let fixture = fixture as? [String: Any] else { continue }
            for case let suite as [String: Any] in (fixture["suites"] as? [Any]) ?? [] {
                Self.run(suite: suite, name: (path as NSString).lastPathComponent, resources: [], bundle: [:], into: &outcome)
            }
        }
        print("Fluent resolver fixtures: \(outcome.passed) of \(outcome.total); documented: \(outcome.documented)")
        for failure in outcome.failures { print("  differs: \(failure)") }
        #expect(outcome.total == 179)
        #expect(outcome.passed == 179)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
        #expect(outcome.documented == Self.documented.sorted())
    }

    static func run(suite: [String: Any], name: String, resources: [[String: Any]], bundle: [String: Any], into outcome: inout Outcome) {
        guard (suite["skip"] as? Bool) != true else { return }
        let name = name + " / " + ((suite["name"] as? String) ?? "")
        let resources = resources + ((suite["resources"] as? [[String: Any]]) ?? [])
        let bundle = ((suite["bundles"] as? [[String: Any]])?.first).map { bundle.merging($0) { $1 } } ?? bundle
        for test in (suite["tests"] as? [[String: Any]]) ?? [] where (test["skip"] as? Bool) != true {
            runTest(test, name: name + " / " + ((test["name"] as? String) ?? ""), resources: resources, bundle: bundle, into: &outcome)
        }
        for child in (suite["suites"] as? [[String: Any]]) ?? [] {
            run(suite: child, name: name, resources: resources, bundle: bundle, into: &outcome)
        }
    }

    static func record(_ label: String, _ passed: Bool, _ detail: @autoclosure () -> String, into outcome: inout Outcome) {
        outcome.total += 1
        if passed { outcome.passed += 1 } else if documented.contains(label) { outcome.documented.append(label) } else {
            outcome.failures.append(label + ": " + detail())
        }
    }

    /// The harness's `test_errors`: as many errors, of the same types, a `Reference` error's description equal.
    static func errorsMatch(_ got: [FluentError], _ expected: [[String: Any]]) -> Bool {
        got.count == expected.count && zip(got, expected).allSatisfy { error, want in
            error.kind.rawValue == (want["type"] as? String) && (error.kind != .reference || error.description == (want["desc"] as? String))
        }
    }

    static func runTest(_ test: [String: Any], name testName: String, resources: [[String: Any]], bundle: [String: Any],
                        into outcome: inout Outcome) {
        let resources = resources + ((test["resources"] as? [[String: Any]]) ?? [])
        let options = ((test["bundles"] as? [[String: Any]])?.first).map { bundle.merging($0) { $1 } } ?? bundle
        let fluent = FluentBundle(locale: ((options["locales"] as? [String])?.first) ?? "en-US")
        fluent.useIsolating = (options["useIsolating"] as? Bool) ?? false
        fluent.transform = (options["transform"] as? String).flatMap { transforms[$0] }
        for function in (options["functions"] as? [String]) ?? [] { if let f = functions[function] { fluent.addFunction(function, f) } }
        var bundleErrors: [FluentError] = []
        for resource in resources {
            let parsed = FluentParser.parse((resource["source"] as? String) ?? "")
            if let expected = resource["errors"] as? [[String: Any]] {
                record("\(testName) [resource errors]", parsed.errors.count == expected.count
                       && expected.allSatisfy { ($0["type"] as? String) == "Parser" }, "\(parsed.errors.count) Junk entries",
                       into: &outcome)
            }
            bundleErrors += fluent.add(parsed)
        }
        if let expected = (test["bundles"] as? [[String: Any]])?.first?["errors"] as? [[String: Any]] {
            record("\(testName) [bundle errors]", errorsMatch(bundleErrors, expected), "\(bundleErrors)", into: &outcome)
        }
        for case let check as [String: Any] in (test["asserts"] as? [Any]) ?? [] {
            let id = (check["id"] as? String) ?? ""
            let label = "\(testName) [\(id)]"
            if let missing = check["missing"] as? Bool {
                let found = fluent.message(id).map { message in
                    (check["attribute"] as? String).map { attribute in message.attributes.contains { $0.id == attribute } } ?? true
                } ?? false
                record(label, found != missing, "missing: \(!found)", into: &outcome)
                continue
            }
            var arguments: [String: FluentValue] = [:]
            for (key, value) in (check["args"] as? [String: Any]) ?? [:] {
                if let number = value as? NSNumber, !(value is String) {
                    arguments[key] = .number(FluentNumber(parsing: number.stringValue) ?? FluentNumber(number.doubleValue))
                } else {
                    arguments[key] = .string("\(value)")
                }
            }
            guard let result = fluent.format(id, attribute: check["attribute"] as? String, arguments: arguments) else {
                record(label, false, "missing", into: &outcome)
                continue
            }
            let want: String = check["value"].map { "\($0)" } ?? ""
            let expected: [[String: Any]] = (check["errors"] as? [[String: Any]]) ?? []
            let gotErrors: [String] = result.errors.map { $0.kind.rawValue + ": " + $0.description }
            record(label, result.text == want && errorsMatch(result.errors, expected),
                   result.text.debugDescription + " \(gotErrors) want " + want.debugDescription + " \(expected)", into: &outcome)
        }
    }
}
