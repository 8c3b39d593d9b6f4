import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// Every kind of file the tools write, from every writer, read back by the
/// reference readers: msgfmt --check for `.po` and `.pot`, Foundation's
/// property-list reader for `.strings` and `.stringsdict`, Foundation's JSON
/// reader for `.json`. The inputs are the repository's own: the extraction
/// fixtures (C, C++, Objective-C, Swift, Python) and the example catalog.
@Suite struct WrittenFilesTests {
    static func outputs() throws -> [String] {
        let root = try temporaryDirectory("written")
        let tree = ExtractFixtures.tree
        var runs: [[String]] = []
        for format in ["strings", "po", "pot", "json"] {
            runs.append(["extract", "--format", format, "--locale", "fr", "--locale", "ru", "--locale", "ar", "--quiet",
                         "-o", "\(root)/extract-\(format)", tree])
        }
        runs.append(["extract", "--sp-plurals", "--locale", "ru", "--quiet", "-o", "\(root)/extract-sp", tree])
        for format in ["strings", "po", "json"] {
            runs.append(["merge", "--format", format, "--locale", "de", "--quiet",
                         "--from", "\(root)/extract-pot/messages.pot", "-o", "\(root)/merge-\(format)"])
            for locale in ["en-XA", "ar-XB"] {
                runs.append(["pseudo", "--locale", locale, "--format", format, "--quiet", "-o",
                             "\(root)/pseudo-\(format)", Fixtures.examples])
            }
        }
        // A second extraction into what the first wrote: merging into existing files.
        runs.append(["extract", "--format", "po", "--locale", "fr", "--quiet", "-o", "\(root)/extract-po", tree])
        for arguments in runs {
            let result = runTool(arguments)
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.err)")
        }
        return try FileManager.default.subpathsOfDirectory(atPath: root).map { root + "/" + $0 }
            .filter { !FileSystem.isDirectory($0) }
    }

    @Test func everyWrittenFileIsReadByTheReference() throws {
        let files = try Self.outputs()
        var checked: [String: Int] = [:]
        for path in files {
            let kind = (path as NSString).pathExtension
            switch kind {
            case "po", "pot":
                // msgfmt wants .po for a template too; --check also tests format strings and headers.
                let copy = path + ".check.po"
                try FileManager.default.copyItem(atPath: path, toPath: copy)
                let result = try run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", copy])
                #expect(result.status == 0, "\(path): \(result.err)")
            case "strings", "stringsdict":
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
                #expect(plist is [String: Any], "\(path): Foundation cannot read it")
            case "json":
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                #expect((try? JSONSerialization.jsonObject(with: data)) is [String: Any], "\(path)")
            default:
                continue
            }
            checked[kind, default: 0] += 1
        }
        for kind in ["po", "pot", "strings", "stringsdict", "json"] {
            #expect(checked[kind, default: 0] > 0, "no .\(kind) written: \(checked)")
        }
    }
}
