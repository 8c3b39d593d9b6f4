import Parlance

/// Every syntax error of a `.po`, as msgfmt reports them: the reader stops
/// at the first, so lint reads on from the next entry (the first blank
/// line after the error) with the file's header before it (its charset),
/// and again after each further error, up to `errorLimit` errors. Each
/// error is located in the whole file.
extension GettextFormat {
    /// Errors reported per file before lint stops reading it.
    static let errorLimit = 100

    package func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        let first: ParlanceError
        do throws(ParlanceError) {
            return (try format.readTables(bytes, path: path), [])
        } catch {
            guard error.code == .syntax, error.line > 0 else { throw error }
            first = error
        }
        let lines = Self.lineStarts(bytes)
        // The header entry (from the start to its blank line), read before each rest for its charset.
        let headerEnd = Self.entryEnd(after: 1, lines: lines, bytes: bytes)
        var findings = [Self.finding(first, line: first.line, path: path)]
        var failedLine = first.line
        while findings.count < Self.errorLimit, failedLine <= lines.count {
            let start = Self.entryEnd(after: failedLine, lines: lines, bytes: bytes)
            guard start < bytes.count else { break }
            let prefix = headerEnd <= lines[failedLine - 1] ? Array(bytes[..<headerEnd]) : []
            let prefixLines = prefix.isEmpty ? 0 : Self.lineNumber(of: headerEnd, lines: lines) - 1
            do throws(ParlanceError) {
                _ = try format.readTables(prefix + bytes[start...], path: path)
                break
            } catch {
                guard error.code == .syntax, error.line > prefixLines else { break }
                let line = error.line - prefixLines + Self.lineNumber(of: start, lines: lines) - 1
                guard line > failedLine else { break }
                findings.append(Self.finding(error, line: line, path: path))
                failedLine = line
            }
        }
        return ([], findings)
    }

    static func finding(_ error: ParlanceError, line: Int, path: String) -> LintFinding {
        LintFinding(path: path, line: line, column: error.column, severity: .error, message: error.message)
    }

    /// The byte offset at which each line starts.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    /// The 1-based line holding byte `offset`.
    static func lineNumber(of offset: Int, lines: [Int]) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The offset of the first line at or after `line` (1-based) that
    /// follows a blank line: where the next entry begins; the end when none does.
    static func entryEnd(after line: Int, lines: [Int], bytes: [UInt8]) -> Int {
        var sawBlank = false
        var index = max(line - 1, 0)
        while index < lines.count {
            let start = lines[index], end = index + 1 < lines.count ? lines[index + 1] : bytes.count
            if bytes[start..<end].allSatisfy(isSpace) { sawBlank = true } else if sawBlank { return start }
            index += 1
        }
        return bytes.count
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
