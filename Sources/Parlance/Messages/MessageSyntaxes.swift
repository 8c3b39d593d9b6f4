/// Declared syntaxes, by table name (`Catalog.setMessageSyntax`): read
/// without a lock while none was ever declared (`RunTimeAdditions`, the
/// registries' rule).
final class MessageSyntaxes: Sendable {
    private let declared = RunTimeAdditions<[String: MessageSyntax]>([:])

    func set(_ syntax: MessageSyntax?, table: String) {
        declared.update { $0[table] = syntax }
    }

    func declared(table: String) -> MessageSyntax? {
        declared.ifAny { $0[table] } ?? nil
    }
}
