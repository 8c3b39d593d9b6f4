/// Told after a load into a catalog publishes new tables: a localizer with
/// change handlers (`Localizer.onChange`).
protocol CatalogObserver: AnyObject, Sendable {
    func catalogChanged()
}

/// The observers of a catalog, held weakly, so that a load can tell them
/// (`Catalog.commit`) and a localizer that is gone is not kept.
final class CatalogObservers: Sendable {
    /// `@unchecked Sendable`: `value` is only read and written under the lock
    /// of `CatalogObservers.list`.
    private final class Weak: @unchecked Sendable {
        #if hasFeature(Embedded)
        // Embedded Swift has no weak references: the list holds an observer
        // until it is removed, which the C library's only observer, a
        // localizer, is when its handle is freed (`Localizer.detach`).
        var value: (any CatalogObserver)?
        #else
        weak var value: (any CatalogObserver)?
        #endif
        init(_ value: any CatalogObserver) { self.value = value }
    }

    private let list = Locked<[Weak]>.make([])

    func add(_ observer: any CatalogObserver) {
        list.withLock { list in
            list.removeAll { $0.value == nil }
            if !list.contains(where: { $0.value === observer }) { list.append(Weak(observer)) }
        }
    }

    func remove(_ observer: any CatalogObserver) {
        list.withLock { list in list.removeAll { $0.value == nil || $0.value === observer } }
    }

    /// Tells every live observer that the catalog changed; call with no
    /// lock held (after the load's lock is released).
    func catalogChanged() {
        let live: [any CatalogObserver] = list.withLock { list in
            list.removeAll { $0.value == nil }
            return list.compactMap { $0.value }
        }
        for observer in live { observer.catalogChanged() }
    }
}
