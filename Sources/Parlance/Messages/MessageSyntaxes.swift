import Synchronization

/// Declared syntaxes, by table name, under a lock; a flag lets formatting
/// skip the lock while nothing is declared (the common case).
final class MessageSyntaxes: Sendable {
    private let declared = Locked<[String: MessageSyntax]>.make([:])
    private let any = Atomic<Bool>(false)

    func set(_ syntax: MessageSyntax?, table: String) {
        declared.withLock { map in
            map[table] = syntax
            any.store(!map.isEmpty, ordering: .releasing)
        }
    }

    func declared(table: String) -> MessageSyntax? {
        guard any.load(ordering: .acquiring) else { return nil }
        return declared.withLock { $0[table] }
    }
}
