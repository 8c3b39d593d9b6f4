import Parlance

/// What lint finds in an Android resource file beyond the runtime's
/// reading, which stays tolerant and serves the file: text directly inside
/// `<resources>` (`<string name="a">A</string>en`), which aapt2 refuses
/// ("plain text not allowed here"), so the app does not build.
extension AndroidFormat {
    package func lintRead(_ format: TableFormat, _ bytes: [UInt8], path: String) throws(ParlanceError)
        -> (tables: [[ParsedEntry]], findings: [LintFinding]) {
        let tables = try format.readTables(bytes, path: path)
        return (tables, Self.strayText(bytes, path: path))
    }

    /// Each run of text that is not white space between the children of the
    /// root element, located at its first character; comments split runs, as
    /// aapt2 reports them. Reads a well-formed document (the runtime's
    /// reading comes first), in one pass.
    static func strayText(_ bytes: [UInt8], path: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1, lineStart = 0, depth = 0
        var inRun = false
        func starts(_ text: String) -> Bool { bytes[i...].starts(with: text.utf8) }
        func step() {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        /// Moves past `end`, counting lines.
        func skip(past end: String) {
            let marker = Array(end.utf8)
            while i < bytes.count && !bytes[i...].starts(with: marker) { step() }
            i = min(bytes.count, i + marker.count)
        }
        func report() {
            findings.append(LintFinding(path: path, line: line, column: i - lineStart + 1, severity: .error,
                                        message: "text outside any element of <resources>; aapt2 refuses the file (plain text not allowed here)"))
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") {
                inRun = false
                if starts("<!--") { skip(past: "-->"); continue }
                if starts("<![CDATA[") {
                    if depth == 1 { report() }
                    skip(past: "]]>")
                    continue
                }
                if starts("<?") { skip(past: "?>"); continue }
                if starts("<!") { skip(past: ">"); continue }
                let closing = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")
                var quote: UInt8? = nil
                var selfClosing = false
                while i < bytes.count {
                    let c = bytes[i]
                    if let q = quote {
                        if c == q { quote = nil }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        selfClosing = i > 0 && bytes[i - 1] == UInt8(ascii: "/")
                        break
                    }
                    step()
                }
                i += 1
                if closing { depth -= 1 } else if !selfClosing { depth += 1 }
                continue
            }
            if depth == 1 && !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) && !inRun {
                report()
                inRun = true
            }
            step()
        }
        return findings
    }
}
