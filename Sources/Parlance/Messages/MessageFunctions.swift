/// The functions added to a catalog, read lock-free by each formatting
/// call until one is added (`RunTimeAdditions`, the registries' rule).
final class MessageFunctions: Sendable {
    private let functions = RunTimeAdditions<[String: MF2Function]>([:])

    func set(_ name: String, _ function: MF2Function?) {
        functions.update { $0[name] = function }
    }

    var current: [String: MF2Function] { functions.ifAny { $0 } ?? [:] }
}
