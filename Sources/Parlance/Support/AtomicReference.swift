import Synchronization

/// A reference that readers load without locks and writers replace
/// atomically. Replaced objects are not released until the holder is
/// deinitialized: a reader that loaded one a moment before a swap can use it
/// safely, and the C API's pointers into it stay valid.
///
/// `@unchecked Sendable`: `current` is only read and written atomically;
/// `retired` is guarded by its mutex.
final class AtomicReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    private let current: Atomic<UInt>
    private let retired = Mutex<[Unmanaged<Object>]>([])

    init(_ object: Object) {
        current = Atomic(UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()))
    }

    deinit {
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!).release()
        retired.withLock { for object in $0 { object.release() } }
    }

    /// The current object.
    @inline(__always)
    func load() -> Object {
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!)
            .takeUnretainedValue()
    }

    /// Runs `body` with the current object, without retaining it: safe
    /// because replaced objects live as long as `self`.
    @inline(__always)
    func withCurrent<R>(_ body: (Object) -> R) -> R {
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!)
            ._withUnsafeGuaranteedRef(body)
    }

    /// Publishes `object`; the previous one is kept alive until `self` goes.
    func store(_ object: Object) {
        let new = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
        let old = current.exchange(new, ordering: .acquiringAndReleasing)
        retired.withLock { $0.append(Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: old)!)) }
    }
}
