import Parlance

/// The text of a JSON file's values as the file spells them (escapes such as
/// `\u00a0` or `\/`, numbers, an array on one line), so that writing a value
/// back changes none of its bytes.
///
/// Values are asked for in document order: a cursor moves once through the
/// file to each value's position (`JSONNode`'s line and column: lines end
/// at LF, CR LF or a lone CR, columns count Unicode scalars) and past its
/// end, so reading every value of a file is linear in its size.
struct JSONSpelling {
    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The bytes of the value at `node`'s position, which follows the last one asked for.
    mutating func text(of node: JSONNode) -> String {
        seek(line: node.line, column: node.column)
        let start = index
        skipValue()
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func seek(line target: Int, column targetColumn: Int) {
        while line < target, index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                line += 1
                column = 1
            }
        }
        while column < targetColumn, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
    }

    /// Moves past one value (strings can hold no raw line break; arrays and
    /// objects are left on their own lines, so the column is that of their end).
    private mutating func skipValue() {
        var depth = 0
        repeat {
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                step()
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { step() }
                    step()
                }
                step()
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                step()
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                step()
            case 0x0A, 0x0D:
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                line += 1
                column = 1
            default:
                step()
            }
        } while depth > 0 || (index < bytes.count && !Self.ends(bytes[index]))
    }

    /// Whether a byte ends a number or literal at the top of the value.
    private static func ends(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Moves past one scalar on the current line.
    private mutating func step() {
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        column += 1
    }
}
