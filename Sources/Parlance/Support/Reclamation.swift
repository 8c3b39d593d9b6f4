internal import CParlanceShim
import Synchronization

/// Read sections and reclamation (epoch-based, in `reclaim.c`).
///
/// Every read of published state happens inside a read section: a thread's
/// announcement that it may hold objects published now. A writer that
/// replaces an object retires it; it is released once every section that
/// began before the replacement has ended. Sections nest, cost a
/// thread-local store on entry and exit, and never wait.
package enum ReadSection {
    /// Runs `body` inside a read section.
    @inline(__always)
    package static func run<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        parlance_shim_read_enter()
        defer { parlance_shim_read_exit() }
        return try body()
    }

    @inline(__always) package static func enter() { parlance_shim_read_enter() }
    @inline(__always) package static func exit() { parlance_shim_read_exit() }

    /// Whether this thread is inside a section.
    package static var isInside: Bool { parlance_shim_read_depth() > 0 }

    /// Releases what no section holds any more; returns how many objects
    /// wait for sections still open.
    @discardableResult
    package static func collect() -> Int { parlance_shim_collect() }
}

/// Hands one retain of `object` to the reclaimer: released once no read
/// section that began before this call remains.
func retire(_ object: Unmanaged<AnyObject>) {
    parlance_shim_retire(object.toOpaque()) { pointer in
        Unmanaged<AnyObject>.fromOpaque(pointer!).release()
    }
}

/// A published object that readers load without locks and writers replace
/// atomically. A replaced object is retired: released once no reader that
/// could have loaded it is still inside its read section. Readers must be
/// inside a read section (`ReadSection`) from the load to their last use of
/// anything reached through the object without retaining it.
///
/// A noncopyable value stored in its owner: publishing costs no allocation
/// of its own. When the owner goes, the last object is retired too (a
/// reader may still use what it loaded), or released at once with
/// `releasesAtEnd` when no reader can be using the owner any more.
struct Published<Object: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
    private let current: Atomic<UInt>
    private let releasesAtEnd: Bool

    init(_ object: Object) {
        self.init(retained: .passRetained(object))
    }

    /// Publishes an object whose retain the caller hands over.
    init(retained object: Unmanaged<Object>, releasesAtEnd: Bool = false) {
        current = Atomic(UInt(bitPattern: object.toOpaque()))
        self.releasesAtEnd = releasesAtEnd
    }

    deinit {
        let last = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!)
        if releasesAtEnd { last.release() } else { retire(last) }
    }

    /// The current object; call inside a read section.
    @inline(__always)
    func load() -> Object {
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .sequentiallyConsistent))!)
            .takeUnretainedValue()
    }

    /// Runs `body` with the current object, without retaining it; call
    /// inside a read section.
    @inline(__always)
    func withCurrent<R>(_ body: (Object) -> R) -> R {
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .sequentiallyConsistent))!)
            ._withUnsafeGuaranteedRef(body)
    }

    /// Publishes `object` and retires the one it replaces.
    func store(_ object: Object) {
        store(retained: Unmanaged.passRetained(object))
    }

    /// Publishes an object whose retain the caller hands over, and retires
    /// the one it replaces.
    func store(retained object: Unmanaged<Object>) {
        let new = UInt(bitPattern: object.toOpaque())
        let old = current.exchange(new, ordering: .sequentiallyConsistent)
        if old != new {
            retire(Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: old)!))
        } else {
            Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: old)!).release()
        }
    }
}
