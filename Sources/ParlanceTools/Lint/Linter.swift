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
    /// `messages`: the table's messages are ICU MessageFormat or MessageFormat 2, each parsed.
    public static func lint(path: String, messages: MessageSyntax? = nil) -> [LintFinding] {
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        guard var format = TableFormat(fileExtension: ext) else {
            return [LintFinding(path: path, line: 0, column: 0, severity: .error,
                                message: "unknown table format '.\(ext)' (strings, stringsdict, json, po, mo, xcstrings, xml, xliff)")]
        }
        if format == .json, isI18nextPath(path) { format = .i18next }
        var tables: [[ParsedEntry]] = []
        var findings: [LintFinding] = []
        do {
            let bytes = try FileSystem.read(path)
            switch format {
            case .xcstrings, .xliff:
                tables = try format.readTables(bytes, path: path)
            case .i18next:
                tables = [try format.parse(bytes, path: path)]
                findings += i18nextVersion3Keys(tables[0], path: path)
            case .strings:
                let (parsed, ignored, tolerated) = try StringsFile.parseReportingIgnoredText(bytes, path: path)
                for damage in tolerated {
                    findings.append(LintFinding(path: path, line: damage.line, column: damage.column, severity: .error,
                                                message: damage.message))
                }
                if let ignored {
                    findings.append(LintFinding(path: path, line: ignored.line, column: ignored.column,
                                                severity: .warning, message: ignored.message))
                }
                tables = [parsed]
            default:
                tables = [try format.parse(bytes, path: path)]
            }
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

    /// The table a file holds: its name without the extension (`Localizable`, an i18next namespace).
    static func tableName(_ path: String) -> String {
        let base = FileSystem.baseName(path)
        guard let dot = base.lastIndex(of: ".") else { return base }
        return String(base[..<dot])
    }

    /// Plural variables without `other`, and duplicate keys, in one table's entries.
    private static func entryFindings(_ entries: [ParsedEntry], path: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        seen.reserveCapacity(entries.count)
        for entry in entries {
            if case .stringsdict(let format) = entry.value {
                for variable in format.variables.values.sorted(by: { $0.name < $1.name }) {
                    guard case .plural(let forms) = variable.rule, forms[.other] == nil else { continue }
                    findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .error,
                                                message: "'\(entry.key)': plural variable '\(variable.name)' has no 'other' text;"
                                                    + " counts of a missing category get an empty text"))
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

    /// i18next's layout: `LNG/NS.json` in a folder named for a language (a
    /// `.json` in an `.lproj` folder is Parlance's hierarchical JSON).
    static func isI18nextPath(_ path: String) -> Bool {
        CatalogLayout.i18nextNamespace(path) != nil
    }

    /// i18next v3 keys that v4 (Parlance, i18next 21 and later) never looks
    /// up: `key_plural`, and `key_0`…`key_5` index suffixes.
    static func i18nextVersion3Keys(_ entries: [ParsedEntry], path: String) -> [LintFinding] {
        let keys = Set(entries.map(\.key))
        var findings: [LintFinding] = []
        for entry in entries {
            let hint: String
            if entry.key.hasSuffix("_plural") {
                let base = entry.key.dropLast(7)
                hint = "i18next v3 plural key '\(entry.key)': v4 reads '\(base)_one' and '\(base)_other' (the CLDR categories);"
                    + " rename the keys (i18next-v4-format-converter does it)"
            } else if let last = entry.key.last, ("0"..."5").contains(last), entry.key.dropLast().hasSuffix("_"),
                      keys.contains(entry.key.dropLast() + (last == "0" ? "1" : "0")) {
                hint = "i18next v3 plural index key '\(entry.key)': v4 reads CLDR category suffixes ('_one', '_few', '_many',"
                    + " '_other'); rename the keys (i18next-v4-format-converter does it)"
            } else {
                continue
            }
            findings.append(LintFinding(path: path, line: entry.line, column: entry.column, severity: .warning, message: hint))
        }
        return findings
    }
}
