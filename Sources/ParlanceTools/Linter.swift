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

/// Checks one table file: syntax (through the runtime's own parsers) and
/// duplicate keys.
public enum Linter {
    public static func lint(path: String) -> [LintFinding] {
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        guard let format = TableFormat(fileExtension: ext) else {
            return [LintFinding(path: path, line: 0, column: 0, severity: .error,
                                message: "unknown table format '.\(ext)' (strings, stringsdict or json)")]
        }
        let entries: [ParsedEntry]
        var findings: [LintFinding] = []
        do {
            let bytes = try FileSystem.read(path)
            if format == .strings {
                let (parsed, ignored, tolerated) = try StringsFile.parseReportingIgnoredText(bytes, path: path)
                entries = parsed
                for damage in tolerated {
                    findings.append(LintFinding(path: path, line: damage.line, column: damage.column, severity: .error,
                                                message: damage.message))
                }
                if let ignored {
                    findings.append(LintFinding(path: path, line: ignored.line, column: ignored.column,
                                                severity: .warning, message: ignored.message))
                }
            } else {
                entries = try format.parse(bytes, path: path)
            }
        } catch {
            return [LintFinding(path: path, line: error.line, column: error.column, severity: .error, message: error.message)]
        }
        var seen: [String: ParsedEntry] = [:]
        for entry in entries {
            if case .stringsdict(let format) = entry.value {
                for variable in format.variables.values.sorted(by: { $0.name < $1.name }) {
                    guard case .plural(let forms) = variable.rule, forms[.other] == nil else { continue }
                    findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .error,
                                                message: "'\(entry.key)': plural variable '\(variable.name)' has no 'other' text;"
                                                    + " counts of a missing category get an empty text"))
                }
            }
            let id = (entry.context.map { $0 + "\u{4}" } ?? "") + entry.key
            if let first = seen[id] {
                findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .warning,
                                            message: "duplicate key '\(entry.key)' (first at \(first.line):\(first.column)); the later one wins"))
            } else {
                seen[id] = entry
            }
        }
        return findings
    }
}
