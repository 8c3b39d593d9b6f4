/// The syntax tree of a Fluent resource (Fluent Syntax 1.0, `syntax/ast.js`
/// of the specification): what `FluentParser` reads and `FluentBundle`
/// formats. Names follow the specification's nodes; spans count Unicode
/// scalars from the start of the resource.
package struct FluentResource: Sendable {
    package var entries: [FluentEntry]

    /// The errors of the resource's Junk entries, in file order.
    package var errors: [ParlanceError] {
        entries.compactMap { if case .junk(let junk) = $0 { return junk.error } else { return nil } }
    }
}

package enum FluentEntry: Sendable {
    case message(FluentMessage)
    case term(FluentMessage)
    case comment(FluentComment)
    case junk(FluentJunk)
}

/// A message or a term (`-id`): a term's value is never nil.
package struct FluentMessage: Sendable {
    package var id: String
    package var value: FluentPattern?
    package var attributes: [FluentAttribute]
    /// The `#` comment directly above, attached as the specification says.
    package var comment: FluentComment?
    package var span: Range<Int>
    /// The value's source as written after `=` (for a table's stored text).
    package var valueSource: String? = nil
    /// Where the id begins: 1-based line and column.
    package var line = 0
    package var column = 0
}

package struct FluentAttribute: Sendable {
    package var id: String
    package var value: FluentPattern
    /// The value's source as written after `=`.
    package var source: String = ""
}

/// `#` (level 1, attached to the entry below when no blank line separates
/// them), `##` (group) or `###` (resource) comment; `content` has the lines
/// joined by `\n`, without their `# ` prefixes.
package struct FluentComment: Sendable {
    package var level: Int
    package var content: String
    package var span: Range<Int>
}

/// An entry the parser could not read: its text, and the located error that
/// ended it.
package struct FluentJunk: Sendable {
    package var content: String
    package var span: Range<Int>
    package var code: String
    package var error: ParlanceError
}

package struct FluentPattern: Sendable {
    package var elements: [FluentPatternElement]
}

package enum FluentPatternElement: Sendable {
    case text(String)
    case placeable(FluentExpression)
}

package indirect enum FluentExpression: Sendable {
    /// The literal as written: escapes are kept (`FluentEscapes.unescape` reads them).
    case string(raw: String)
    case number(String)
    case variable(String)
    case message(id: String, attribute: String?)
    case term(id: String, attribute: String?, arguments: FluentCallArguments?)
    case function(name: String, arguments: FluentCallArguments)
    case select(selector: FluentExpression, variants: [FluentVariant])
    /// A placeable inside a placeable (`{{"x"}}`).
    case placeable(FluentExpression)
}

package struct FluentCallArguments: Sendable {
    package var positional: [FluentExpression]
    /// Named arguments' values are literals (`.string` or `.number`).
    package var named: [(name: String, value: FluentExpression)]
}

package struct FluentVariant: Sendable {
    package enum Key: Sendable, Equatable {
        case identifier(String)
        case number(String)
    }
    package var key: Key
    package var value: FluentPattern
    package var isDefault: Bool
}
