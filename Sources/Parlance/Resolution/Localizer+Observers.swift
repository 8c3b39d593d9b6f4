#if canImport(Glibc)
import Glibc
#endif

/// What changed for a localizer: told to its change handlers.
public enum LocalizerChange: Int32, Sendable {
    /// `setLocales` replaced the fallback chain by a different one.
    case locales = 1
    /// A load into the catalog published new tables; what the localizer
    /// serves may have changed (the handler is not told whether it did).
    case catalog = 2
}

/// Identifies an installed change handler, to remove it.
public struct ChangeHandlerID: Hashable, Sendable {
    let value: Int
}

/// The change handlers of one localizer.
///
/// Handlers are called on the thread that made the change, after the change
/// is published and with no Parlance lock held: a handler may look strings
/// up, switch languages (which calls the handlers again), install or remove
/// handlers. The list is copied before the calls, so a handler removed
/// during a round may still be called in that round.
final class ChangeHandlers: Sendable {
    struct Entry: Sendable {
        let id: Int
        /// The C API's (callback, user data) pair, to remove by it.
        let tag: [UInt]?
        let handler: @Sendable (Localizer, LocalizerChange) -> Void
    }

    private let state = Locked<(next: Int, entries: [Entry])>.make((1, []))

    /// True while any handler is installed.
    var isEmpty: Bool { state.withLock { $0.entries.isEmpty } }

    func add(tag: [UInt]?, _ handler: @escaping @Sendable (Localizer, LocalizerChange) -> Void) -> Int {
        state.withLock { state in
            if let tag, let found = state.entries.first(where: { $0.tag == tag }) { return found.id }
            let id = state.next
            state.next += 1
            state.entries.append(Entry(id: id, tag: tag, handler: handler))
            return id
        }
    }

    /// Removes the handler with id, or the one tagged tag; true when found.
    @discardableResult
    func remove(id: Int? = nil, tag: [UInt]? = nil) -> Bool {
        state.withLock { state in
            let before = state.entries.count
            state.entries.removeAll { entry in (id != nil && entry.id == id) || (tag != nil && entry.tag == tag) }
            return state.entries.count != before
        }
    }

    func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }

    func call(_ localizer: Localizer, _ change: LocalizerChange) {
        let entries = state.withLock { $0.entries }
        for entry in entries { entry.handler(localizer, change) }
    }
}

extension Localizer: CatalogObserver {
    func catalogChanged() { changeHandlers.call(self, .catalog) }
}

extension Localizer {
    /// Installs a handler called after the localizer's languages change
    /// (`setLocales` to a different chain) or a load into its catalog
    /// publishes new tables. It runs on the thread that made the change,
    /// after the change is visible to lookups, with no Parlance lock held;
    /// it may call back into the localizer, including `setLocales` (which
    /// calls the handlers again: guard against loops). Returns an id for
    /// `removeChangeHandler`.
    @discardableResult
    public func onChange(_ handler: @escaping @Sendable (Localizer, LocalizerChange) -> Void) -> ChangeHandlerID {
        ChangeHandlerID(value: addChangeHandler(tag: nil, handler))
    }

    /// Removes a handler installed by `onChange`; false when it was not installed.
    @discardableResult
    public func removeChangeHandler(_ id: ChangeHandlerID) -> Bool {
        removeChangeHandler(id: id.value, tag: nil)
    }

    /// `onChange` for the C API: a handler tagged with its (callback, user
    /// data) pair is installed once and removed by the pair.
    package func addChangeHandler(tag: [UInt]?, _ handler: @escaping @Sendable (Localizer, LocalizerChange) -> Void) -> Int {
        let id = changeHandlers.add(tag: tag, handler)
        catalog.observers.add(self)
        return id
    }

    package func removeChangeHandler(id: Int?, tag: [UInt]?) -> Bool {
        let found = changeHandlers.remove(id: id, tag: tag)
        if changeHandlers.isEmpty { catalog.observers.remove(self) }
        return found
    }

    /// Removes every change handler, and the localizer from its catalog's
    /// observers: what a handle's owner does when it lets the localizer go
    /// (`parlance_localizer_free`), so that no later load calls its handlers.
    package func detach() {
        changeHandlers.removeAll()
        catalog.observers.remove(self)
    }

    /// The chain before a locale switch, when anyone will be told about it.
    func chainBeforeChange() -> [String]? {
        changeHandlers.isEmpty ? nil : locales
    }

    /// Tells the handlers after a locale switch that changed the chain.
    func localesChanged(from before: [String]?) {
        guard let before, before != locales else { return }
        changeHandlers.call(self, .locales)
    }
}
