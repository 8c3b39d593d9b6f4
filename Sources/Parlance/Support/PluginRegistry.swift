import Synchronization

/// A registry of plug-ins: the built-in list, given once, and those a host
/// (or a test) registers at run time. Registering is thread-safe; a plug-in
/// registered after a catalog loaded serves the loads after it. While none
/// is registered (the common case) reading the list takes no lock.
package final class PluginRegistry<Plugin: Sendable>: Sendable {
    /// The plug-ins the library itself registers (those its public enums list).
    package let builtIn: [Plugin]
    private let added = Locked<[Plugin]>([])
    private let any = Atomic<Bool>(false)

    package init(_ builtIn: [Plugin]) { self.builtIn = builtIn }

    /// The built-in plug-ins, then the registered ones in the order they came.
    package var all: [Plugin] {
        guard any.load(ordering: .acquiring) else { return builtIn }
        return builtIn + added.withLock { $0 }
    }

    /// Adds `plugin` unless `clashes` says it clashes with one already
    /// there (a number or a name taken); returns whether it was added.
    package func register(_ plugin: Plugin, clashes: (Plugin) -> Bool) -> Bool {
        added.withLock { list in
            guard !builtIn.contains(where: clashes), !list.contains(where: clashes) else { return false }
            list.append(plugin)
            any.store(true, ordering: .releasing)
            return true
        }
    }
}
