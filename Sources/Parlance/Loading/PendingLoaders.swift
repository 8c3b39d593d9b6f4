// Temporary stand-ins until the full parsers land.
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
