/// The functions added to a catalog, read lock-free by each formatting
/// call until one is added (`RunTimeAdditions`, the registries' rule):
/// as MessageFormat 2 calls them, and as given, for Fluent's calls.
final class MessageFunctions: Sendable {
    private struct Added: Sendable {
        var mf2: [String: MF2Function] = [:]
        var given: [String: MessageFunction] = [:]
    }
    private let functions = RunTimeAdditions<Added>(Added())

    func set(_ name: String, _ function: MessageFunction?) {
        functions.update {
            $0.mf2[name] = function.map(MF2Functions.custom)
            $0.given[name] = function
        }
    }

    /// The functions as MessageFormat 2 calls them.
    var current: [String: MF2Function] { functions.ifAny { $0.mf2 } ?? [:] }
    /// The functions as the application gave them (Fluent's calls).
    var given: [String: MessageFunction] { functions.ifAny { $0.given } ?? [:] }
}
