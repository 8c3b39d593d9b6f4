import Synchronization

/// The functions added to a catalog, read lock-free by each formatting call.
final class MessageFunctions: Sendable {
    private let functions = Locked<[String: MF2Function]>.make([:])
    private let any = Atomic<Bool>(false)

    func set(_ name: String, _ function: MF2Function?) {
        functions.withLock { map in
            map[name] = function
            any.store(!map.isEmpty, ordering: .releasing)
        }
    }

    var current: [String: MF2Function] {
        guard any.load(ordering: .acquiring) else { return [:] }
        return functions.withLock { $0 }
    }
}
