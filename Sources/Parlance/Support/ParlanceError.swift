/// Every failure Parlance reports: a status code that the C ABI returns as is,
/// a message, and the place in a file when the failure came from one.
public struct ParlanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Status codes, identical to `parlance_status` in `include/parlance.h`.
    public enum Code: Int32, Sendable {
        /// A caller's argument is unusable: NULL, an unknown format name, a bad option.
        case invalidArgument = 1
        /// A file, directory, key or resource does not exist.
        case notFound = 2
        /// Reading a file failed.
        case io = 3
        /// A table's text does not follow its format's grammar.
        case syntax = 4
        /// Bytes that are not valid in the table's encoding, or an unknown charset.
        case encoding = 5
        /// A translation's placeholders do not match the arguments given.
        case format = 6
        /// A locale name that cannot be parsed.
        case locale = 7
        /// A `{key.path}` reference cycle or nesting past the depth limit.
        case reference = 8
        /// Memory could not be allocated or a size limit was exceeded.
        case resource = 9
    }

    public var code: Code
    public var message: String
    /// The file the error is about, when there is one.
    public var path: String?
    /// 1-based line and column in that file; 0 when unknown.
    public var line: Int
    public var column: Int

    public init(_ code: Code, _ message: String, path: String? = nil, line: Int = 0, column: Int = 0) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:col: message`, with the parts that are known.
    public var description: String {
        guard let path else { return line > 0 ? "\(line):\(column): \(message)" : message }
        if line > 0 { return "\(path):\(line):\(column): \(message)" }
        return "\(path): \(message)"
    }
}

extension ParlanceError {
    static func syntax(_ message: String, path: String?, line: Int, column: Int) -> ParlanceError {
        ParlanceError(.syntax, message, path: path, line: line, column: column)
    }
}
