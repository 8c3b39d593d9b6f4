/// 1-based line and column of a position in decoded text.
///
/// Lines end at `\n`, `\r` or `\r\n` (as CoreFoundation counts them for its
/// plist errors); columns count Unicode scalars from the start of the line.
package struct TextLocator: Sendable {
    /// Scalar index at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    package init(_ text: [Unicode.Scalar]) {
        var starts = [0]
        var index = 0
        while index < text.count {
            let scalar = text[index]
            index += 1
            if scalar == "\r" {
                if index < text.count, text[index] == "\n" { index += 1 }
                starts.append(index)
            } else if scalar == "\n" {
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// The line and column of the scalar at `index` (or of the end, when `index == text.count`).
    package func location(of index: Int) -> (line: Int, column: Int) {
        // The last line start that is <= index.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return (low + 1, index - lineStarts[low] + 1)
    }
}
