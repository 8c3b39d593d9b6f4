import Foundation
import Testing
@testable import Parlance

/// Every message and attribute of every real `.ftl` of corpus3 (`fluent/`:
/// Thunderbird, mozilla.org, Monitor, Ruffle, COSMIC, uutils) formatted by
/// Parlance and by `fluent.runtime` (PyPI, Tests/reference/fluent/judge.py),
/// without arguments and with every variable set to 3, isolation off.
/// Where fluent.runtime reports an error its text differs from fluent.js
/// and fluent-rs by design (`n` for a missing `{$n}`, `???` for a cycle),
/// so those results are counted apart (docs/formats.md, Fluent).
@Suite struct FluentRuntimeJudgeTests {
    @Test func realFilesFormatAsFluentRuntime() throws {
        let root = try #require(FluentReferenceData.corpus3) + "/fluent"
        let files = Fixtures.files(under: root, extension: "ftl")
        #expect(files.count > 1000)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: Fixtures.repository + "/build/venv/bin/python")
        python.arguments = [Fixtures.repository + "/Tests/reference/fluent/judge.py"]
        let input = Pipe(), output = Pipe()
        python.standardInput = input
        python.standardOutput = output
        try python.run()
        input.fileHandleForWriting.write(Data(files.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        let judged = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])

        var same = 0, compared = 0, withErrors = 0, differences: [String] = []
        for path in files {
            guard let entry = judged[path], let locale = entry["locale"] as? String,
                  let results = entry["results"] as? [[Any]] else { continue }
            let resource = FluentParser.parse(bytes: try FileSystem.read(path), path: path)
            let bundle = FluentBundle(locale: locale)
            bundle.useIsolating = false
            bundle.add(resource)
            for result in results {
                guard let id = result[0] as? String, let index = result[2] as? Int, let want = result[3] as? String,
                      let message = bundle.message(id) else { continue }
                let attribute = result[1] as? String
                var arguments: [String: FluentValue] = [:]
                if index == 1 { for name in Self.variables(message) { arguments[name] = .number(FluentNumber(3)) } }
                let got = bundle.format(id, attribute: attribute, arguments: arguments)?.text
                if (result[4] as? Int) != 0 { withErrors += 1; continue }
                compared += 1
                // Listed: differences other than the digits of Arabic-script locales.
                if got == want { same += 1 } else if differences.count < 40, Self.latinDigits(got ?? "") != want {
                    let name: String = attribute.map { id + "." + $0 } ?? id
                    let text: String = got ?? "(none)"
                    differences.append(path + " " + name + " #\(index): " + text.debugDescription + " vs " + want.debugDescription)
                }
            }
        }
        print("Fluent real files: \(same) of \(compared) formatted as fluent.runtime; \(withErrors) with errors not compared")
        for difference in differences { print("  differs: \(difference)") }
        // Test-side counts (docs/formats.md, Fluent): 517 numbers in Arabic-script locales, as through the
        // binding, and 2 values starting with U+FEFF, one of which JSONSerialization drops from the judge's text.
        #expect(compared == 145_773 && same == 145_254, "\(differences.joined(separator: "\n"))")
    }

    /// `text` with Arabic-Indic and extended Arabic-Indic digits as ASCII ones.
    static func latinDigits(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x660...0x669: return Unicode.Scalar(scalar.value - 0x660 + 0x30)!
            case 0x6F0...0x6F9: return Unicode.Scalar(scalar.value - 0x6F0 + 0x30)!
            default: return scalar
            }
        }))
    }

    /// The variables a message names, in its value and attributes.
    static func variables(_ message: FluentMessage) -> Set<String> {
        var names: Set<String> = []
        func visit(_ pattern: FluentPattern) {
            for case .placeable(let expression) in pattern.elements { visit(expression) }
        }
        func visit(_ expression: FluentExpression) {
            switch expression {
            case .variable(let name): names.insert(name)
            case .placeable(let inner): visit(inner)
            case .select(let selector, let variants): visit(selector); variants.forEach { visit($0.value) }
            case .function(_, let arguments), .term(_, _, .some(let arguments)):
                arguments.positional.forEach(visit)
                arguments.named.forEach { visit($0.value) }
            default: break
            }
        }
        message.value.map(visit)
        message.attributes.forEach { visit($0.value) }
        return names
    }
}
