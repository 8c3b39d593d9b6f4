import Synchronization

/// A registry of plug-ins: the built-in list, given once, and those a host
/// (or a test) registers at run time. Registering is thread-safe; a plug-in
/// registered after a catalog loaded serves the loads after it. While none
/// is registered (the common case) reading the list takes no lock.
package final class PluginRegistry<Plugin: Sendable>: Sendable {
    /// The plug-ins the library itself registers (those its public enums list).
    package let builtIn: [Plugin]
    private let added = RunTimeAdditions<[Plugin]>([])

    package init(_ builtIn: [Plugin]) { self.builtIn = builtIn }

    /// The built-in plug-ins, then the registered ones in the order they came.
    package var all: [Plugin] {
        added.ifAny { builtIn + $0 } ?? builtIn
    }

    /// Adds `plugin` unless `clashes` says it clashes with one already
    /// there (a number or a name taken); returns whether it was added.
    package func register(_ plugin: Plugin, clashes: (Plugin) -> Bool) -> Bool {
        added.update { list in
            guard !builtIn.contains(where: clashes), !list.contains(where: clashes) else { return false }
            list.append(plugin)
            return true
        }
    }
}

/// What a host adds at run time to what the library has (plug-ins, a
/// catalog's message functions): changed under a lock, read without one
/// while nothing was ever added — the rule of every registry, in one place.
package final class RunTimeAdditions<Value: Sendable>: Sendable {
    private let value: Locked<Value>
    private let any = Atomic<Bool>(false)

    package init(_ empty: Value) { value = Locked<Value>.make(empty) }

    /// `body` of what was added, or nil (without a lock) while nothing ever was.
    @inline(__always)
    package func ifAny<R>(_ body: (Value) -> R) -> R? {
        guard any.load(ordering: .acquiring) else { return nil }
        return body(value.withLock { $0 })
    }

    /// Changes what was added; readers see it from then on.
    package func update<R>(_ body: (inout Value) -> R) -> R {
        value.withLock { current in
            defer { any.store(true, ordering: .releasing) }
            return body(&current)
        }
    }
}
