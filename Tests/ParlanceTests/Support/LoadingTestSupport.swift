import Testing
@testable import Parlance

/// `key=value` pairs of parsed entries, in file order.
func pairs(_ entries: [ParsedEntry]) -> [String] {
    entries.map { entry in
        switch entry.value {
        case .text(let text): return "\(entry.key)=\(text)"
        default: return "\(entry.key)=<\(entry.value)>"
        }
    }
}

/// Parses `.strings` text given as a Swift string (UTF-8).
func parseStrings(_ text: String, path: String = "t.strings") throws(ParlanceError) -> [ParsedEntry] {
    try StringsFile.parse(Array(text.utf8), path: path)
}

/// The error thrown by `body`, or nil.
func thrownError(_ body: () throws -> Void) -> ParlanceError? {
    do { try body() } catch { return error as? ParlanceError }
    return nil
}

/// The table the entries make: the last duplicate wins, as in CoreFoundation.
func table(_ entries: [ParsedEntry]) -> [String: String] {
    var result: [String: String] = [:]
    for entry in entries {
        if case .text(let text) = entry.value { result[entry.key] = text }
    }
    return result
}

func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
    var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
        let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}

func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]
    for scalar in text.unicodeScalars {
        let v = scalar.value
        let be = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        bytes += bigEndian ? be : be.reversed()
    }
    return bytes
}

/// The loaders' suites (`swift test --filter Loading`).
@Suite enum LoadingTests {}
