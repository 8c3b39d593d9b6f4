import Parlance

/// One lint result, located in its file.
public struct LintFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var path: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public var description: String {
        line > 0 ? "\(path):\(line):\(column): \(severity.rawValue): \(message)"
            : "\(path): \(severity.rawValue): \(message)"
    }

    static func json(_ findings: [LintFinding]) -> String {
        let items = findings.map { f in
            "{\"path\":\(quote(f.path)),\"line\":\(f.line),\"column\":\(f.column),"
                + "\"severity\":\"\(f.severity.rawValue)\",\"message\":\(quote(f.message))}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    static func quote(_ text: String) -> String { JSONWriter.quote(text) }
}
