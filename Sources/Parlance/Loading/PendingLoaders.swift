// Temporary stand-ins until the full parsers land.
enum StringsFile {
    static func parse(_ bytes: [UInt8], path: String?) throws -> [ParsedEntry] {
        var out: [ParsedEntry] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            if parts.count >= 5 { out.append(ParsedEntry(key: String(parts[1]), value: .text(String(parts[3])))) }
        }
        return out
    }
}
enum StringsdictFile {
    static func parse(_ bytes: [UInt8], path: String?) throws -> [ParsedEntry] { throw ParlanceError(.syntax, "pending", path: path) }
}
enum JSONTableFile {
    static func parse(_ bytes: [UInt8], path: String?) throws -> [ParsedEntry] { throw ParlanceError(.syntax, "pending", path: path) }
}
public enum FormatArgument: Sendable, Equatable { case int(Int64), double(Double), string(String) }
enum PrintfFormatter {
    static func format(_ format: String, _ args: [FormatArgument]) -> (text: String, errors: [ParlanceError]) { (format, []) }
}
enum StringsdictFormatting {
    static func format(_ entry: StringsdictFormat, _ args: [FormatArgument], category: (PluralOperand) -> PluralCategory) -> (text: String, errors: [ParlanceError]) { (entry.format, []) }
}
