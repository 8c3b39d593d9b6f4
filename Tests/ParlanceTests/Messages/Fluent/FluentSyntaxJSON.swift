import Foundation
@testable import Parlance

/// A parsed resource in the JSON shape of the reference fixtures
/// (fluent.js `fluent-syntax` without spans), as values `JSONSerialization`
/// writes. Every literal is typed: `[String: Any]` literals with `??` make
/// the type checker search too long.
enum FluentSyntaxJSON {
    typealias Node = [String: Any]

    static func orNull(_ value: Node?) -> Any {
        if let value { return value }
        return NSNull()
    }

    static func resource(_ resource: FluentResource) -> Node {
        let body: [Node] = resource.entries.map(entry)
        return ["type": "Resource", "body": body]
    }

    static func entry(_ entry: FluentEntry) -> Node {
        switch entry {
        case .message(let message): return node(message, type: "Message")
        case .term(let term): return node(term, type: "Term")
        case .comment(let comment): return self.comment(comment)
        case .junk(let junk):
            let annotations: [Any] = []
            return ["type": "Junk", "annotations": annotations, "content": junk.content]
        }
    }

    private static func node(_ message: FluentMessage, type: String) -> Node {
        var node: Node = ["type": type, "id": identifier(message.id)]
        node["value"] = orNull(message.value.map(pattern))
        let attributes: [Node] = message.attributes.map { attribute in
            let result: Node = ["type": "Attribute", "id": identifier(attribute.id), "value": pattern(attribute.value)]
            return result
        }
        node["attributes"] = attributes
        node["comment"] = orNull(message.comment.map(comment))
        return node
    }

    private static func comment(_ comment: FluentComment) -> Node {
        let types = ["Comment", "GroupComment", "ResourceComment"]
        return ["type": types[comment.level - 1], "content": comment.content]
    }

    private static func identifier(_ name: String) -> Node { ["type": "Identifier", "name": name] }

    private static func pattern(_ pattern: FluentPattern) -> Node {
        let elements: [Node] = pattern.elements.map(element)
        return ["type": "Pattern", "elements": elements]
    }

    private static func element(_ element: FluentPatternElement) -> Node {
        switch element {
        case .text(let text): return ["type": "TextElement", "value": text]
        case .placeable(let expression): return ["type": "Placeable", "expression": self.expression(expression)]
        }
    }

    private static func arguments(_ arguments: FluentCallArguments) -> Node {
        let positional: [Node] = arguments.positional.map(expression)
        let named: [Node] = arguments.named.map { argument in
            let result: Node = ["type": "NamedArgument", "name": identifier(argument.name), "value": expression(argument.value)]
            return result
        }
        return ["type": "CallArguments", "positional": positional, "named": named]
    }

    private static func variant(_ variant: FluentVariant) -> Node {
        let key: Node
        switch variant.key {
        case .identifier(let name): key = identifier(name)
        case .number(let value): key = ["type": "NumberLiteral", "value": value]
        }
        return ["type": "Variant", "key": key, "value": pattern(variant.value), "default": variant.isDefault]
    }

    private static func expression(_ expression: FluentExpression) -> Node {
        var node: Node
        switch expression {
        case .string(let raw):
            node = ["type": "StringLiteral", "value": raw]
        case .number(let value):
            node = ["type": "NumberLiteral", "value": value]
        case .variable(let name):
            node = ["type": "VariableReference", "id": identifier(name)]
        case .message(let id, let attribute):
            node = ["type": "MessageReference", "id": identifier(id)]
            node["attribute"] = orNull(attribute.map(identifier))
        case .term(let id, let attribute, let callArguments):
            node = ["type": "TermReference", "id": identifier(id)]
            node["attribute"] = orNull(attribute.map(identifier))
            node["arguments"] = orNull(callArguments.map(arguments))
        case .function(let name, let callArguments):
            node = ["type": "FunctionReference", "id": identifier(name), "arguments": arguments(callArguments)]
        case .select(let selector, let variants):
            let list: [Node] = variants.map(variant)
            node = ["type": "SelectExpression", "selector": self.expression(selector), "variants": list]
        case .placeable(let inner):
            node = ["type": "Placeable", "expression": self.expression(inner)]
        }
        return node
    }
}
