extension JSONTableFile {
    /// How many references may nest: `a` → `b` → … counts one per arrow.
    static let maximumReferenceDepth = 32
    /// Size limits on expanded text, in UTF-8 bytes: per string, and for all
    /// expansions together `expansionBudget` plus 8 times the texts' own size
    /// (`{a}{a}` doubling 32 times must fail quickly, not exhaust memory).
    static let maximumExpandedLength = 1 << 20
    static let expansionBudget = 64 << 20

    /// Replaces `{key.path}` references in every text and plural form.
    ///
    /// - A reference is `{` + one or more of `[A-Za-z0-9_.-]` + `}`. It is
    ///   replaced by the expanded text of the entry with that key when that
    ///   entry (the last of its name) is plain text. References to plural
    ///   entries or to keys the file lacks stay as written: they may be the
    ///   app's placeholders, and lint reports them.
    /// - `{{` … `}}` (i18next interpolation) is copied as is, never searched.
    /// - A cycle is a `.reference` error "reference cycle: a → b → a" located
    ///   at the string of the first entry of the cycle; references nesting
    ///   deeper than `maximumReferenceDepth` are a `.reference` error located
    ///   at the string whose expansion goes too deep (the first in file order).
    /// - Each entry is expanded once and remembered, with its nesting height,
    ///   so the result and errors do not depend on the order of entries.
    static func expandReferences(_ items: inout [Item], path: String?) throws(ParlanceError) {
        var expander = ReferenceExpander(items: items, path: path)
        for i in items.indices {
            switch items[i].entry.value {
            case .text(let text):
                let position = (items[i].textLine, items[i].textColumn)
                if expander.targets[items[i].entry.key] == i {
                    items[i].entry.value = .text(try expander.resolve(i, depth: 0, root: position).text)
                } else {
                    items[i].entry.value = .text(try expander.expand(text, depth: 0, root: position).text)
                }
            case .plural(var forms):
                for (category, line, column) in items[i].formPositions {
                    guard let text = forms[category] else { continue }
                    forms[category] = try expander.expand(text, depth: 0, root: (line, column)).text
                }
                items[i].entry.value = .plural(forms)
            default:
                continue
            }
        }
    }
}

/// The memo and the chain of entries being expanded.
private struct ReferenceExpander {
    enum State {
        case pending
        case active
        /// Expanded text and height: the longest chain of references below it.
        case done(String, height: Int)
    }

    let items: [JSONTableFile.Item]
    let path: String?
    /// Key → index of the last entry with that key, for plain-text entries only.
    var targets: [String: Int] = [:]
    var states: [State]
    var chain: [Int] = []
    var budget: Int

    init(items: [JSONTableFile.Item], path: String?) {
        self.items = items
        self.path = path
        states = Array(repeating: .pending, count: items.count)
        var total = 0
        for (i, item) in items.enumerated() {
            if case .text(let text) = item.entry.value {
                targets[item.entry.key] = i
                total += text.utf8.count
            } else {
                targets[item.entry.key] = nil
            }
        }
        budget = JSONTableFile.expansionBudget + 8 * total
    }

    /// The expanded text of target `i`, reached `depth` references below a root at `root`.
    mutating func resolve(_ i: Int, depth: Int, root: (Int, Int)) throws(ParlanceError) -> (text: String, height: Int) {
        switch states[i] {
        case .done(let text, let height):
            return (text, height)
        case .active:
            let start = chain.lastIndex(of: i) ?? 0
            let names = (chain[start...] + [i]).map { items[$0].entry.key }
            throw ParlanceError(.reference, "reference cycle: " + names.joined(separator: " → "),
                                path: path, line: items[i].textLine, column: items[i].textColumn)
        case .pending:
            guard case .text(let text) = items[i].entry.value else { return ("", 0) }
            states[i] = .active
            chain.append(i)
            let result = try expand(text, depth: depth, root: root)
            chain.removeLast()
            states[i] = .done(result.text, height: result.height)
            return result
        }
    }

    /// Expands the references in `text`, which sits `depth` references below the root.
    mutating func expand(_ text: String, depth: Int, root: (Int, Int)) throws(ParlanceError) -> (text: String, height: Int) {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return (text, 0) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var copied = 0
        var height = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{") else { i += 1; continue }
            if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
                i = Self.endOfInterpolation(bytes, from: i + 2)
                continue
            }
            var end = i + 1
            while end < bytes.count, Self.isPathByte(bytes[end]) { end += 1 }
            guard end > i + 1, end < bytes.count, bytes[end] == UInt8(ascii: "}") else { i += 1; continue }
            let name = String(decoding: bytes[i + 1..<end], as: UTF8.self)
            if let target = targets[name] {
                guard depth < JSONTableFile.maximumReferenceDepth else { throw tooDeep(root) }
                let (expanded, below) = try resolve(target, depth: depth + 1, root: root)
                guard depth + 1 + below <= JSONTableFile.maximumReferenceDepth else { throw tooDeep(root) }
                height = max(height, 1 + below)
                out.append(contentsOf: bytes[copied..<i])
                out.append(contentsOf: expanded.utf8)
                copied = end + 1
                guard out.count <= JSONTableFile.maximumExpandedLength else { throw tooLong(root) }
            }
            i = end + 1
        }
        guard copied > 0 else { return (text, height) }
        out.append(contentsOf: bytes[copied...])
        budget -= out.count
        guard out.count <= JSONTableFile.maximumExpandedLength, budget >= 0 else { throw tooLong(root) }
        return (String(decoding: out, as: UTF8.self), height)
    }

    /// Index just past the `}}` closing an interpolation, or the end of the text.
    private static func endOfInterpolation(_ bytes: [UInt8], from start: Int) -> Int {
        var j = start
        while j + 1 < bytes.count {
            if bytes[j] == UInt8(ascii: "}"), bytes[j + 1] == UInt8(ascii: "}") { return j + 2 }
            j += 1
        }
        return bytes.count
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private func tooDeep(_ root: (Int, Int)) -> ParlanceError {
        ParlanceError(.reference, "references nest deeper than \(JSONTableFile.maximumReferenceDepth) levels",
                      path: path, line: root.0, column: root.1)
    }

    private func tooLong(_ root: (Int, Int)) -> ParlanceError {
        ParlanceError(.resource, "expanding references makes the text longer than the limit",
                      path: path, line: root.0, column: root.1)
    }
}
