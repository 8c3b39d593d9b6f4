import Parlance

/// Checks one table file: syntax (through the runtime's own parsers) and
/// duplicate keys.
public enum Linter {
    /// `messages`: the table's messages are ICU MessageFormat or MessageFormat 2, each parsed.
    public static func lint(path: String, messages: MessageSyntax? = nil) -> [LintFinding] {
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        guard let format = OutputFormat.tableFormat(path) else {
            return [LintFinding(path: path, line: 0, column: 0, severity: .error,
                                message: "unknown table format '.\(ext)' (\(knownExtensions))")]
        }
        var tables: [[ParsedEntry]] = []
        var findings: [LintFinding] = []
        do {
            let bytes = try FileSystem.read(path)
            let read = try OutputFormat.lintRead(format, bytes, path: path)
            tables = read.tables
            findings = read.findings
        } catch {
            return [LintFinding(path: path, line: error.line, column: error.column, severity: .error, message: error.message)]
        }
        for entries in tables { findings += entryFindings(entries, path: path) }
        if let messages {
            for entries in tables {
                for entry in entries {
                    for text in entry.value.texts {
                        guard case .failure(let error) = MessageCheck.shape(text, syntax: messages) else { continue }
                        findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .error,
                                                    message: "'\(entry.key)': message \(error.message)"))
                    }
                }
            }
        }
        return findings
    }

    /// The extensions of the table files the runtime reads, each once.
    static var knownExtensions: String {
        var seen = Set<String>()
        return TableFormat.allCases.map(\.fileExtension).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// The table a file holds: its name without the extension (`Localizable`, an i18next namespace).
    static func tableName(_ path: String) -> String {
        let base = FileSystem.baseName(path)
        guard let dot = base.lastIndex(of: ".") else { return base }
        return String(base[..<dot])
    }

    /// References to no variable, plural variables and device texts without
    /// `other`, and duplicate keys, in one table's entries.
    private static func entryFindings(_ entries: [ParsedEntry], path: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        seen.reserveCapacity(entries.count)
        for entry in entries {
            if case .stringsdict(let format) = entry.value {
                for problem in format.unresolvedReferences {
                    findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .error,
                                                message: "'\(entry.key)': \(problem); formatting leaves it as written"))
                }
                for variable in format.variables.values.sorted(by: { $0.name < $1.name }) {
                    switch variable.rule {
                    case .plural(let forms) where forms[.other] == nil:
                        findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .error,
                                                    message: "'\(entry.key)': plural variable '\(variable.name)' has no 'other' text;"
                                                        + " counts of a missing category get an empty text"))
                    case .device(let texts) where texts["other"] == nil:
                        findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .error,
                                                    message: "'\(entry.key)': device texts (\(texts.keys.sorted().joined(separator: ", ")))"
                                                        + " have no 'other' text; a device they do not name gets an empty text"))
                    default:
                        continue
                    }
                }
            }
            let id = ContextKey.gettext(entry.key, context: entry.context)
            if let first = seen[id] {
                findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .warning,
                                            message: "duplicate key '\(entry.key)' (first at \(first.line):\(first.column)); the later one wins"))
            } else {
                seen[id] = (entry.line, entry.column)
            }
        }
        return findings
    }

}
