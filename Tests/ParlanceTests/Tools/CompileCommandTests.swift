import Foundation
import Testing
@testable import Parlance
@testable import ParlanceTools

/// `parlance compile` and `parlance compile --verify`.
@Suite struct CompileCommandTests {
    @Test func compilesVerifiesAndServesLookups() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/examples.parlance"
        let compiled = runTool(["compile", "-o", output, Fixtures.examples])
        #expect(compiled.status == 0, "\(compiled.err)")
        #expect(compiled.out.hasPrefix("wrote \(output): 8 tables, "))
        let verified = runTool(["compile", "--verify", output])
        #expect(verified.status == 0)
        #expect(verified.out.hasPrefix("\(output): ok, 8 tables"))
        #expect(runTool(["get", "--catalog", output, "--locale", "ru", "--count", "21", "files.count"]).out == "21 файл\n")
        #expect(runTool(["get", "--catalog", output, "--locale", "fr", "--table", "Menu", "login.subtitle"]).out
                == "Se connecter à Parlance Notes\n")
    }

    @Test func verifyReportsDamage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/examples.parlance"
        #expect(runTool(["compile", "-o", output, Fixtures.examples]).status == 0)
        var bytes = try readBytes(output)
        bytes[bytes.count - 20] ^= 0x55  // in the string pool
        try writeBytes(output, bytes)
        let result = runTool(["compile", "--verify", output])
        #expect(result.status == 1)
        #expect(result.err.contains("checksum mismatch"))
        #expect(runTool(["compile", "--verify", directory + "/missing.parlance"]).status == 1)
    }

    @Test func usage() {
        #expect(runTool(["compile"]).status == 2)
        #expect(runTool(["compile", "--verify"]).status == 2)
        #expect(runTool(["compile", "--verify", "a", "b"]).status == 2)
        #expect(runTool(["compile", "--help"]).out.contains("Example: parlance compile"))
        #expect(CompileCommand.defaultOutput("Examples/catalog/") == "catalog.parlance")
        #expect(CompileCommand.defaultOutput("fr.lproj/Menu.strings") == "Menu.parlance")
    }
}
