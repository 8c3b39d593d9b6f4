/// A JSON value as `JSONParser` reads it (RFC 8259).
///
/// Numbers keep their spelling (`"1.50"`, `"-0"`, `"1e400"`): a table never
/// needs their value, and a later stage can decide how to read them. Objects
/// keep their members in file order, duplicates included.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number exactly as written; it follows RFC 8259's grammar.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// "null", "a boolean", "a number", "a string", "an array", "an object":
    /// for messages such as "value of 'a.b' is a number".
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A value and the 1-based line and column of its first character.
///
/// Lines end at LF, CR LF or a lone CR; columns count Unicode scalars from 1
/// (a byte order mark is not counted).
package struct JSONNode: Sendable, Equatable {
    package var value: JSONValue
    package var line: Int
    package var column: Int

    package init(_ value: JSONValue, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }
}

/// One `"key": value` member of an object; `line` and `column` locate the key's
/// opening quote, `value` carries its own position.
package struct JSONMember: Sendable, Equatable {
    package var key: String
    package var value: JSONNode
    package var line: Int
    package var column: Int

    package init(key: String, value: JSONNode, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}
