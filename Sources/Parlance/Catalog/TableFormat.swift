/// The table formats Parlance reads.
public enum TableFormat: Int32, Sendable, CaseIterable {
    case strings = 1
    case stringsdict = 2
    case json = 3

    /// The file extension of the format.
    public var fileExtension: String {
        switch self {
        case .strings: "strings"
        case .stringsdict: "stringsdict"
        case .json: "json"
        }
    }

    /// The format a file extension names, or nil.
    public init?(fileExtension: some StringProtocol) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension.lowercased() }) else {
            return nil
        }
        self = format
    }

    /// The format a name such as "strings" or "json" names, or nil.
    public init?(name: some StringProtocol) { self.init(fileExtension: name) }

    /// Within one locale and table, later formats override earlier ones on
    /// the same key: `.stringsdict` entries override `.strings` ones, as in
    /// Apple's bundles.
    var precedence: Int {
        switch self {
        case .strings: 0
        case .json: 1
        case .stringsdict: 2
        }
    }

    /// Reads a table file's bytes into entries.
    package func parse(_ bytes: [UInt8], path: String?) throws(ParlanceError) -> [ParsedEntry] {
        switch self {
        case .strings: return try StringsFile.parse(bytes, path: path)
        case .stringsdict: return try StringsdictFile.parse(bytes, path: path)
        case .json: return try JSONTableFile.parse(bytes, path: path)
        }
    }
}
