import Testing
@testable import ParlanceTools

/// Runs `parlance` in-process and captures what it prints.
func runTool(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    final class Buffer: @unchecked Sendable { var out = "", err = "" }
    let buffer = Buffer()
    let status = ParlanceTool.main(arguments, console: Console(out: { buffer.out += $0 }, err: { buffer.err += $0 }))
    return (status, buffer.out, buffer.err)
}

@Suite struct CommandLineTests {
    let catalog = Fixtures.examples

    @Test func getPrintsTranslations() {
        #expect(runTool(["get", "--catalog", catalog, "--locale", "fr-CA,en", "greeting"]).out == "Bonjour !\n")
        #expect(runTool(["get", "--catalog", catalog, "--locale", "ru", "--count", "21", "files.count"]).out == "21 файл\n")
        #expect(runTool(["get", "--catalog", catalog, "--locale", "fr", "--context", "Name label in login screen", "Name"]).out == "Nom\n")
        #expect(runTool(["get", "--catalog", catalog, "--locale", "fr", "--arg", "Ada", "welcome.user"]).out == "Bienvenue, Ada !\n")
        #expect(runTool(["get", "--catalog", catalog, "--locale", "fr", "--table", "Menu", "login.title"]).out == "Se connecter\n")
    }

    @Test func getExplainsAndIsStrictOnRequest() {
        let result = runTool(["get", "--catalog", catalog, "--locale", "fr-CA", "--explain", "--context",
                              "Name label in registration screen", "Name"])
        #expect(result.out.hasPrefix("Full name\n"))
        #expect(result.out.contains("locale: en (fallback)"))
        #expect(runTool(["get", "--catalog", catalog, "missing key"]).status == 0)
        #expect(runTool(["get", "--catalog", catalog, "--strict", "missing key"]).status == 1)
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(runTool(["get", "greeting"]).status == 2)
        #expect(runTool(["get", "--catalog"]).status == 2)
        #expect(runTool(["frobnicate"]).status == 2)
        #expect(runTool(["get", "--bogus", "x"]).status == 2)
        #expect(runTool([]).status == 2)
    }

    @Test func helpForEveryCommand() {
        #expect(runTool(["--help"]).out.contains("get"))
        for command in ParlanceTool.commands {
            let result = runTool([command.name, "--help"])
            #expect(result.status == 0)
            #expect(result.out.contains("Example:"))
        }
    }

    @Test func lintReportsOkAndLocatedErrors() throws {
        let good = catalog + "/fr.lproj/Localizable.strings"
        let ok = runTool(["lint", good])
        #expect(ok.status == 0 && ok.out == "\(good): OK\n" && ok.err.isEmpty)
        let dir = "/tmp/parlance-lint-\(UInt32.random(in: 0...UInt32.max))"
        let bad = dir + "/Bad.strings"
        try writeFile(bad, "\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";\n")
        let result = runTool(["lint", good, bad])
        #expect(result.status == 1)
        #expect(result.out.contains("\(good): OK\n"))
        #expect(result.out.contains("\(bad):3:1: error:") || result.out.contains("\(bad):2:"))
        let dup = dir + "/Dup.strings"
        try writeFile(dup, "\"a\" = \"1\";\n\"a\" = \"2\";\n")
        let warned = runTool(["lint", dup])
        #expect(warned.status == 0)
        #expect(warned.out.contains("\(dup):2:1: warning: duplicate key 'a' (first at 1:1)"))
        #expect(runTool(["lint", "--format", "json", dup]).out.contains("\"severity\":\"warning\""))
    }
}


import Foundation

func writeFile(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}
