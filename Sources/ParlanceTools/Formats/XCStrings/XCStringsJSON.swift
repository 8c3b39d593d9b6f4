import Parlance

/// The JSON of a String Catalog, written as Xcode writes it: Foundation's
/// pretty-printing JSON writer with sorted keys and unescaped slashes.
///
/// - `{`, a line break, each member on its own line indented two spaces per
///   level as `"key" : value`, members separated by `,` and a line break,
///   a line break and the closing `}` at the object's own indentation;
///   arrays likewise with `[` and `]`.
/// - An empty object is `{`, two line breaks, the indentation and `}`
///   (`"" : {\n\n    }`); an empty array the same with brackets.
/// - Strings: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`; other characters below
///   U+0020 as `\u00xx` with lowercase hex digits; everything else, `/`,
///   DEL and all non-ASCII text included, as is (`Quoting.json`).
/// - Numbers as they were spelled; `true`, `false`, `null`.
/// - Members in `KeyCollation` order (Foundation's sorted keys on Apple
///   platforms); this writer keeps the order it is given, and
///   `insert(_:into:)` places new members.
/// - No line break after the final `}` unless the file had one.
///
/// The rules are those of swift-foundation's `JSONWriter`
/// (Sources/FoundationEssentials/JSON/JSONWriter.swift) and hold for every
/// catalog under Tests/Fixtures/real/xcstrings: reading and writing one back
/// gives the same bytes.
enum XCStringsJSON {
    typealias Member = JSONMember

    static func render(_ value: JSONValue, finalNewline: Bool) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        if finalNewline { out.append(UInt8(ascii: "\n")) }
        return out
    }

    static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .number(let spelling): out += spelling.utf8
        case .string(let text): out += Quoting.quote(text, Quoting.json).utf8
        case .array(let elements):
            container("[", "]", count: elements.count, indent: indent, into: &out) { index, out in
                write(elements[index].value, indent: indent + 1, into: &out)
            }
        case .object(let members):
            container("{", "}", count: members.count, indent: indent, into: &out) { index, out in
                out += Quoting.quote(members[index].key, Quoting.json).utf8
                out += " : ".utf8
                write(members[index].value.value, indent: indent + 1, into: &out)
            }
        }
    }

    private static func container(_ open: Character, _ close: Character, count: Int, indent: Int, into out: inout [UInt8],
                                  _ element: (Int, inout [UInt8]) -> Void) {
        out += String(open).utf8
        out.append(UInt8(ascii: "\n"))
        for index in 0..<count {
            if index > 0 { out += ",\n".utf8 }
            pad(indent + 1, &out)
            element(index, &out)
        }
        out.append(UInt8(ascii: "\n"))
        pad(indent, &out)
        out += String(close).utf8
    }

    private static func pad(_ level: Int, _ out: inout [UInt8]) {
        out += repeatElement(UInt8(ascii: " "), count: 2 * level)
    }

    // MARK: Members

    /// A member made for writing (no position in a file).
    static func member(_ key: String, _ value: JSONValue) -> Member {
        Member(key: key, value: JSONNode(value, line: 0, column: 0), line: 0, column: 0)
    }

    /// The value of the last member named `key` (as Foundation reads duplicates).
    static func value(_ key: String, in members: [Member]) -> JSONValue? {
        members.last { $0.key == key }?.value.value
    }

    static func string(_ key: String, in members: [Member]) -> String? {
        if case .string(let text)? = value(key, in: members) { return text }
        return nil
    }

    static func object(_ key: String, in members: [Member]) -> [Member]? {
        if case .object(let inner)? = value(key, in: members) { return inner }
        return nil
    }

    /// Sets the member named `key` (nil removes it): replaced where it is, or
    /// inserted in `KeyCollation` order. True when the members changed.
    @discardableResult
    static func set(_ key: String, _ value: JSONValue?, in members: inout [Member]) -> Bool {
        guard let value else {
            let count = members.count
            members.removeAll { $0.key == key }
            return members.count != count
        }
        if let index = members.lastIndex(where: { $0.key == key }) {
            guard members[index].value.value != value else { return false }
            members[index].value.value = value
            return true
        }
        insert(member(key, value), into: &members)
        return true
    }

    /// Puts a new member before the first one it sorts before, as Xcode
    /// would place it; an object in Xcode's order stays in it.
    static func insert(_ member: Member, into members: inout [Member]) {
        let index = members.firstIndex { KeyCollation.precedes(member.key, $0.key) } ?? members.count
        members.insert(member, at: index)
    }

    /// `members` with `additions` placed as `insert` would place each one,
    /// in one pass: the additions are sorted, then merged with the members.
    static func merged(_ members: [Member], _ additions: [Member]) -> [Member] {
        guard !additions.isEmpty else { return members }
        let sorted = additions.sorted { KeyCollation.precedes($0.key, $1.key) }
        var out: [Member] = []
        out.reserveCapacity(members.count + sorted.count)
        var next = 0
        for member in members {
            while next < sorted.count, KeyCollation.precedes(sorted[next].key, member.key) {
                out.append(sorted[next])
                next += 1
            }
            out.append(member)
        }
        out += sorted[next...]
        return out
    }
}
