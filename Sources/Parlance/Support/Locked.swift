#if canImport(Glibc)
import Glibc
#endif

/// State guarded by a pthread mutex.
///
/// Writers (loads, locale switches, caches) serialize on it; readers on the
/// lookup paths never take it. A pthread mutex rather than the standard
/// library's `Mutex`: ThreadSanitizer understands pthread's, so `make
/// sanitize` checks every guarded access.
///
/// `@unchecked Sendable`: the state is only reached under the mutex.
package final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ initial: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        state = initial
    }

    static func make(_ initial: State) -> Locked<State> { Locked(initial) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, the mutex held.
    @inline(__always)
    package func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
